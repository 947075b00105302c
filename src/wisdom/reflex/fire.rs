//! Firing (WIS2, WIS3): which armed reflex matches the situation a tick finds (its guards
//! holding; one held back is named), and what its outcome leaves behind. The tick runs the action through the one dispatch chokepoint; this
//! records it as a reflex: the `[REFLEX]` line and the observation in the stream, the episode
//! marked automated, the reflex's counters and the metric, and on a failure the demotion, a
//! scar engram and a news item, all in the tick's transaction.

use std::path::Path;

use crate::base::clock::Millis;
use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::creature::news::{self, NewsKind};
use crate::creature::stream::{StreamLine, Voice};
use crate::creature::{Outcome, Persona, cut_middle};
use crate::memory::{Kind, LazyMemory, NewEngram, Provenance};
use crate::wisdom::episodes::{Episode, SUMMARY_CHARS};
use crate::world::sandbox::Limits;

use super::guard;
use super::metric::Handled;
use super::registry::all;
use super::{Reflex, ReflexState, Status};

/// What matching found: the reflex that fires, and the first one its guard held back.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Matched {
    pub reflex: Option<Reflex>,
    pub held_back: Option<HeldBack>,
}

/// An armed reflex whose situation matched but whose guard did not hold.
#[derive(Debug, Clone, PartialEq)]
pub struct HeldBack {
    pub id: String,
    /// Why, as [`guard::held_back`] says it.
    pub why: String,
    /// `held back r1 (read_file `notes/pump.txt`): its guard …`, as the stream has it.
    pub line: String,
}

/// The armed reflex whose trigger matches `situation` now, the first in id order whose guards
/// hold (over the stats as `persona` and the store have them, and the world in `workspace`;
/// a command guard runs with `limits`); at most one fires a tick. One held back by its guard
/// is named.
pub fn matching(
    rx: &impl Read,
    persona: &Persona,
    situation: &str,
    workspace: &Path,
    limits: &Limits,
) -> Result<Matched> {
    let mut out = Matched::default();
    for reflex in all(rx)? {
        if reflex.status != Status::Armed || reflex.trigger.situation_key != situation {
            continue;
        }
        match guard::held_back(&reflex, rx, persona, workspace, limits)? {
            None => {
                out.reflex = Some(reflex);
                return Ok(out);
            }
            Some(why) if out.held_back.is_none() => {
                let line = format!("held back {} ({}): {why}", reflex.id, reflex.action.brief());
                out.held_back = Some(HeldBack {
                    id: reflex.id.clone(),
                    why,
                    line,
                });
            }
            Some(_) => {}
        }
    }
    Ok(out)
}

/// What a firing came to.
#[derive(Debug, Clone, PartialEq)]
pub struct Fired {
    pub id: String,
    /// `[REFLEX] handled … via …`, as the stream has it.
    pub line: String,
    pub success: bool,
    pub demoted: bool,
    /// The episode it was recorded as.
    pub episode: u64,
}

/// Records `reflex`'s firing in `situation` at `tick` with its adjudicated `outcome` (already
/// marked automated). The caller counts the tick in the metric once it knows what the firing
/// advanced.
#[allow(clippy::too_many_arguments)]
pub fn record(
    tx: &mut Tx<'_>,
    memory: &LazyMemory<'_>,
    mut reflex: Reflex,
    situation: &str,
    outcome: &Outcome,
    obs_max_chars: usize,
    tick: u64,
    now: Millis,
) -> Result<Fired> {
    let brief = reflex.action.brief();
    let line = format!("handled {situation} via {brief}");
    tx.push(&StreamLine::new(tick, now, Voice::Reflex, line.clone()))?;
    let observed = crate::creature::outcome::observation(outcome, obs_max_chars);
    tx.push(&StreamLine::new(
        tick,
        now,
        Voice::Observe,
        observed.clone(),
    ))?;
    let episode = tx.push(&Episode {
        tick,
        at: now,
        situation: situation.to_string(),
        tool: reflex.action.tool.clone(),
        signature: reflex.action.signature.clone(),
        action: reflex
            .action
            .call()
            .map(|a| a.to_json())
            .unwrap_or_default(),
        fail_kind: outcome.fail_kind,
        success: outcome.success,
        automated: true,
        summary: cut_middle(
            &format!(
                "reflex {}: {brief} -> {}",
                reflex.id,
                observed.replace('\n', " ")
            ),
            SUMMARY_CHARS,
        ),
        duration_ms: outcome.duration_ms,
        advanced: Default::default(),
        step: step_of(situation),
    })?;
    reflex.fired += 1;
    reflex.last_fired = Some(tick);
    let demoted = !outcome.success;
    if demoted {
        reflex.failed += 1;
        reflex.status = Status::Demoted;
        reflex.demoted_tick = Some(tick);
        let failure = cut_middle(&observed.replace('\n', " "), 200);
        reflex.last_failure = Some(failure.clone());
        let text = format!(
            "reflex {} stopped working in situation {situation}: {failure}",
            reflex.id
        );
        let scar = NewEngram::new(Kind::Scar, text.clone(), Provenance::Experienced);
        memory.get()?.remember(tx, scar, now)?;
        tx.push(&StreamLine::new(
            tick,
            now,
            Voice::System,
            format!("{text}; it is demoted and will not fire again"),
        ))?;
        news::post(tx, tick, now, NewsKind::ReflexDemoted, &reflex.id, text)?;
    }
    tx.put(&reflex.id.clone(), &reflex)?;
    Ok(Fired {
        id: reflex.id,
        line: format!("[REFLEX] {line}"),
        success: outcome.success,
        demoted,
        episode,
    })
}

/// The step of a situation key, as the episode keeps it (normalized: the reflex's trigger).
fn step_of(situation: &str) -> Option<String> {
    situation
        .split_once('|')
        .map(|(_, step)| step.to_string())
        .filter(|s| !s.is_empty())
}

/// Counts one tick in the metric.
pub fn count(tx: &mut Tx<'_>, now: Millis, handled: Handled, success: bool) -> Result<()> {
    let (mut state, _) = tx.singleton_or_default::<ReflexState>()?;
    state.metric.count(now, handled, success);
    tx.set(&state)
}
