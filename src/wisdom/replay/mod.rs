//! Counterfactual replay: deliberate practice during sleep (design §4.2, WIS1, WIS4, WIS8).
//!
//! Failures whose fix was later verified in the same situation, and closed predictions
//! ([`material`], [`claim`]), are drawn with a seeded, recorded draw ([`draw`]), their decision
//! context is rebuilt as the tick built it with the recall the creature gets today
//! ([`context`]), and each is put to the model once through the same action channel and
//! grammar as a tick. The answer is scored against the
//! record and never executed ([`score`]): this module has no path to dispatch, the sandbox or
//! any tool, and a source scan holds it so (`tests`). Each replay leaves one report in the
//! capped history ([`history`]).
//!
//! Three steps, so a caller can keep the store closed while the model thinks: [`plan`] reads
//! (the material, the draw, the prompts), [`ask`] calls the model and touches no store,
//! [`finish`] scores, settles the shown items and records the report in the caller's
//! transaction.

pub mod claim;
pub mod context;
pub mod draw;
pub mod history;
pub mod material;
pub mod score;

use std::time::Instant;

use serde_json::Value;

pub use history::{ReplayRecord, Replayed, Skip};
pub use material::Material;
pub use score::Verdict;

use crate::base::clock::Millis;
use crate::base::config::Config;
use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::creature::expectations::Expectation;
use crate::creature::tool::ToolSpec;
use crate::creature::{Morph, Persona, Unlocks};
use crate::memory::LazyMemory;
use crate::mind::schema::action_schema;
use crate::mind::{Mind, Prompt, Reply, Sampling};
use crate::wisdom::episodes::Episode;
use crate::wisdom::recall::Injected;

/// The creature as it is today: what the replayed prompt's stable prefix, grammar and tail
/// (objectives, quest, skills) are built from, as a tick's snapshot has them.
#[derive(Debug, Clone, Copy)]
pub struct Today<'a> {
    pub persona: &'a Persona,
    pub morph: Morph,
    pub unlocks: &'a Unlocks,
    pub visible: &'a [&'static ToolSpec],
    pub objectives: &'a [crate::world::prompt::Dated],
    pub quest: Option<&'a str>,
    pub skills: &'a [crate::world::prompt::Dated],
}

/// One drawn episode, ready to put to the model.
#[derive(Debug, Clone)]
pub struct Drawn {
    pub material: Material,
    pub prompt: Prompt,
    /// What the prompt's "Before you act" block showed: the items a score settles.
    pub shown: Injected,
}

/// What one replay will ask: the draw and its prompts.
#[derive(Debug, Clone)]
pub struct Plan {
    pub seed: u64,
    pub batch: u32,
    pub replayable: u64,
    /// Failures on record with no verified fix, and closed predictions that cannot be scored.
    pub unreplayable: u64,
    pub drawn: Vec<Drawn>,
    pub skips: Vec<Skip>,
    /// The action schema over today's tools: a tick's grammar.
    pub schema: Value,
    pub visible: Vec<&'static ToolSpec>,
}

/// Reads the material, draws `batch` of it with `seed`, and rebuilds each drawn prompt.
pub fn plan(
    rx: &impl Read,
    config: &Config,
    memory: &LazyMemory<'_>,
    today: &Today<'_>,
    batch: u32,
    seed: u64,
) -> Result<Plan> {
    let predictions = rx.ring::<Expectation>(None)?.into_iter().map(|(_, e)| e);
    let found = material::find(rx.ring::<Episode>(None)?, predictions);
    let past = history::records(rx)?;
    let picks = draw::draw(
        &found.material,
        batch as usize,
        seed,
        &history::replayed(&past),
    );
    let stream = context::Stream::read(rx)?;
    let mut drawn = Vec::new();
    let mut skips = Vec::new();
    for i in picks {
        let m = &found.material[i];
        match context::rebuild(rx, config, memory, today, &stream, m)? {
            Some(rebuilt) => drawn.push(Drawn {
                material: m.clone(),
                prompt: rebuilt.prompt,
                shown: rebuilt.shown,
            }),
            None => skips.push(Skip {
                episode: m.tick,
                why: "its stream is no longer kept".into(),
            }),
        }
    }
    Ok(Plan {
        seed,
        batch,
        replayable: found.material.len() as u64,
        unreplayable: found.unreplayable,
        drawn,
        skips,
        schema: action_schema(today.visible),
        visible: today.visible.to_vec(),
    })
}

/// The model's answers, in draw order, and why the rest went unasked.
#[derive(Debug, Clone, Default)]
pub struct Answers {
    pub replies: Vec<Reply>,
    /// The model stopped answering: its error; the rest of the batch is skipped.
    pub failed: Option<String>,
    /// The batch stopped at its deadline: why; the rest is skipped.
    pub stopped: Option<String>,
}

/// Puts each drawn prompt to `mind` (sampled with the replay's seed), stopping at the first
/// call that does not answer. Touches no store.
pub fn ask(plan: &Plan, mind: &mut dyn Mind, config: &Config) -> Answers {
    ask_until(plan, mind, config, None)
}

/// [`ask`], starting no call after `deadline` (the rest of the batch is skipped, saying so).
pub fn ask_until(
    plan: &Plan,
    mind: &mut dyn Mind,
    config: &Config,
    deadline: Option<(Instant, &str)>,
) -> Answers {
    let sampling = Sampling {
        temperature: config.llm.temperature,
        seed: Some(plan.seed),
        max_tokens: config.llm.max_tokens,
        cache_prompt: false,
    };
    let mut answers = Answers::default();
    for d in &plan.drawn {
        if let Some((at, why)) = deadline
            && Instant::now() >= at
        {
            answers.stopped = Some(why.to_string());
            break;
        }
        match mind.complete(&d.prompt, &plan.schema, &sampling) {
            Ok(reply) => answers.replies.push(reply),
            Err(e) => {
                answers.failed = Some(e.message);
                break;
            }
        }
    }
    answers
}

/// Where a replay runs: the tick it closes, the sleep it runs in, now.
#[derive(Debug, Clone, Copy)]
pub struct At {
    pub tick: u64,
    pub sleep: Option<u64>,
    pub now: Millis,
}

/// Scores the answers, settles the shown items of learned and unlearned ones, and records the
/// report, all in `tx`.
pub fn finish(tx: &mut Tx<'_>, plan: &Plan, answers: &Answers, at: At) -> Result<ReplayRecord> {
    let mut record = empty(plan, at);
    record.skips = plan.skips.clone();
    for (d, reply) in plan.drawn.iter().zip(&answers.replies) {
        let scored = score::score(&reply.text, &plan.visible, &d.material);
        let redistill = score::settle(tx, &d.shown, &scored, at.tick, at.now)?;
        record.redistill.extend(redistill);
        record.count(scored.verdict);
        record.items.push(Replayed {
            ground: d.material.ground,
            episode: d.material.tick,
            situation: d.material.situation.clone(),
            failed: d.material.failed.clone(),
            fix: d.material.fix.clone(),
            verdict: scored.verdict,
            acted: scored.acted,
            malformed: scored.malformed,
            shown: d.shown.items.iter().map(|s| s.item.id()).collect(),
        });
    }
    for d in plan.drawn.iter().skip(answers.replies.len()) {
        record.skips.push(Skip {
            episode: d.material.tick,
            why: match &answers.stopped {
                Some(why) => format!("not asked: {why}"),
                None => format!(
                    "no model answered: {}",
                    answers.failed.as_deref().unwrap_or("not asked")
                ),
            },
        });
    }
    record.skipped = record.skips.len() as u32;
    record.redistill.sort();
    record.redistill.dedup();
    if record.items.is_empty() && record.skips.is_empty() {
        record.skipped_why = Some("nothing replayable on record".into());
    } else if record.items.is_empty() && answers.failed.is_some() {
        record.skipped_why = Some("no model answered".into());
    }
    tx.push(&record)?;
    Ok(record)
}

/// Records a replay that did not run at all (`why`), in `tx`.
pub fn skipped(tx: &mut Tx<'_>, plan: &Plan, at: At, why: &str) -> Result<ReplayRecord> {
    let mut record = empty(plan, at);
    record.skipped_why = Some(why.to_string());
    record.skipped = plan.drawn.len() as u32 + plan.skips.len() as u32;
    tx.push(&record)?;
    Ok(record)
}

fn empty(plan: &Plan, at: At) -> ReplayRecord {
    ReplayRecord {
        at: at.now,
        tick: at.tick,
        sleep: at.sleep,
        seed: plan.seed,
        batch: plan.batch,
        replayable: plan.replayable,
        learned: 0,
        unlearned: 0,
        divergent: 0,
        malformed: 0,
        skipped: 0,
        skipped_why: None,
        items: Vec::new(),
        skips: Vec::new(),
        redistill: Vec::new(),
    }
}

#[cfg(test)]
mod tests;
