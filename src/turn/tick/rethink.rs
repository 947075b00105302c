//! A second thought (`[wisdom] second_thought_enabled`, design §6): when the model answers a
//! step with the very action that, on the same step at the previous work turn, advanced nothing,
//! it is asked once more before anything runs, with that action's tool out of its grammar and
//! what the action showed stated right above the step.
//!
//! Measured on the embedded 270M, a line of words alone does not move it: asked again with the
//! same tools it read the file it had read, or wrote the file it had written, 12 times of 12.
//! Out of its grammar, the tool cannot come back, and the model takes another way. A step done
//! by telling the keeper is asked again with the reply channel alone ([`asks_a_reply`]).
//! The rut it breaks is the one `wis status` counts as a repeat: the same action and
//! observation as the previous work turn.

use serde_json::Value;

use crate::base::exit::Result;
use crate::base::store::Read;
use crate::creature::heartbeat::Turn;
use crate::creature::tool::ToolSpec;
use crate::creature::turns::TurnRecord;
use crate::creature::{Action, Check, REPLY};
use crate::mind::Prompt;
use crate::mind::schema::action_schema;
use crate::turn::steps::StepRef;
use crate::turn::steps::asks::{Asks, asks};
use crate::wisdom::episodes::Episode;
use crate::world::scene;
use crate::world::units::Example;

use super::finish::Decision;

/// The recent idle actions on this step, should the model choose one of them again.
#[derive(Debug, Clone)]
pub struct Rethink {
    /// The signatures that advanced nothing on this step at the last work turns.
    pub signatures: Vec<String>,
    /// The prompt of the second asking (the first one's, with what they showed above the step).
    pub prompt: Prompt,
    /// The action grammar without their tools.
    pub schema: Value,
}

/// Most characters of an observation stated above the step.
const SHOWN_CHARS: usize = 160;

/// How many of the last work turns are looked at: a creature that alternates two idle actions
/// (write a file, read it back, write it again) is in a rut too.
pub const IDLE_LOOKBACK: usize = 3;

/// The episodes of the last work turns, newest first, while each was on `situation`, acted
/// (not a reply or a scene's speech), and advanced nothing the world can check (at most
/// [`IDLE_LOOKBACK`], one per signature).
pub fn idle_before(rx: &impl Read, situation: &str) -> Result<Vec<Episode>> {
    let records: Vec<TurnRecord> = rx
        .ring::<TurnRecord>(Some(24))?
        .into_iter()
        .rev()
        .map(|(_, r)| r)
        .filter(|r| r.turn == Turn::Work && r.signature.is_some())
        .take(IDLE_LOOKBACK)
        .collect();
    let episodes: Vec<Episode> = rx
        .ring::<Episode>(Some(16))?
        .into_iter()
        .rev()
        .map(|(_, e)| e)
        .collect();
    let mut out: Vec<Episode> = Vec::new();
    for record in records {
        if record.advanced.any() || record.automated {
            break;
        }
        let Some(episode) = episodes
            .iter()
            .find(|e| e.tick == record.tick && Some(&e.signature) == record.signature.as_ref())
        else {
            break;
        };
        if episode.situation != situation
            || episode.tool == REPLY
            || scene::is_scene_action(&episode.tool)
        {
            break;
        }
        if !out.iter().any(|e| e.signature == episode.signature) {
            out.push(episode.clone());
        }
    }
    Ok(out)
}

/// The line stated right above the step on the second asking, in the `Known fact` form the
/// small model answers from.
pub fn known_line(episode: &Episode) -> String {
    let shown = episode
        .summary
        .split_once(" -> ")
        .map_or(episode.summary.as_str(), |(_, s)| s)
        .trim();
    let shown: String = shown.chars().take(SHOWN_CHARS).collect();
    let brief = brief_of(episode);
    format!(
        "you just did {brief} for this step and it showed: {shown}. Doing it again changes nothing."
    )
}

/// `read_file `todo.txt``: the action as a stream line names it.
pub fn brief_of(episode: &Episode) -> String {
    serde_json::from_str::<Action>(&episode.action)
        .map(|a| a.brief(60))
        .unwrap_or_else(|_| episode.tool.clone())
}

/// The grammar of the second asking: every visible tool but `tools` (the reply channel stays).
pub fn schema_without(visible: &[&ToolSpec], tools: &[&str]) -> Value {
    let rest: Vec<&ToolSpec> = visible
        .iter()
        .copied()
        .filter(|t| !tools.contains(&t.name))
        .collect();
    action_schema(&rest)
}

/// Whether the step is done by telling the keeper (its words ask a reply, or its commission's
/// check reads the reply). Its second asking offers the reply channel alone: the reads that
/// came before are what the reply is made of, and any other tool (measured in a life: a write
/// over the very file it had read, a made-up command) takes it further away.
pub fn asks_a_reply(step: &str, step_ref: Option<&StepRef>, pool: &[&Example]) -> bool {
    matches!(
        step_ref.and_then(|s| s.check.as_ref()),
        Some(Check::ReplyContains { .. })
    ) || asks(step, pool) == Asks::Reply
}

/// Whether `decision` acts with one of `signatures` again.
pub fn again(decision: &Decision, signatures: &[String]) -> bool {
    match decision {
        Decision::Act { action, .. } | Decision::Say { action } => {
            let signature = crate::wisdom::episodes::action_signature(action);
            signatures.contains(&signature)
        }
        _ => false,
    }
}
