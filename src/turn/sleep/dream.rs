//! Sleep's dream job (design §3.3): at most one dream a sleep, made from a resonance cluster
//! by one grammar-constrained model call ([`crate::wisdom::dream`]), and kept only when it
//! passes the mechanical checks. Off (`[wisdom] dreams_enabled = false`): no line, no read,
//! no write, no call.
//!
//! As replay's, the call is never made inside the sleep's transaction: the cluster is drawn in
//! the sleep's first transaction ([`Reverie::draw`]), asked with the store closed
//! ([`Reverie::ask`]), and judged and recorded by this job in its place in the order. No model
//! configured or reachable: the job says so and the rest of sleep runs. A member that left the
//! active tier between the draw and the record (this sleep's consolidation merged it) is left
//! out of the judgement; fewer than the least members left, the dream is not judged.

use std::time::Instant;

use super::job::{Budget, Job, JobCtx};
use super::receipt::JobReport;
use crate::base::clock::Millis;
use crate::base::config::Config;
use crate::base::exit::{Error, Result};
use crate::base::store::{Read, SINGLETON_KEY, Tx};
use crate::memory::{Engram, Kind, NewEngram, Provenance, Tier};
use crate::mind::Sampling;
use crate::wisdom::dream::{
    DREAM_MEMBERS_MAX, DREAM_MIN_MEMBERS, Draft, DreamRecord, SleepCycle, Theme, draw, judge,
    read_reply, schema,
};

/// The dream job: one model call, the members read twice and the kept dreams searched once.
pub const JOB: Job = Job {
    name: "dream",
    budget: Budget {
        engrams: 4 * DREAM_MEMBERS_MAX as u64,
        model_calls: 1,
        wall_ms: 10_000,
    },
    run,
};

/// Most tokens of the answer: a line of at most 200 characters and its braces.
const MAX_TOKENS: u32 = 96;

/// What the model said, or why it was not asked.
#[derive(Debug, Clone, PartialEq)]
pub enum DreamAnswer {
    Line {
        line: String,
        model: Option<String>,
        elapsed_ms: u64,
    },
    Skipped(String),
}

/// A sleep's dream between its phases.
#[derive(Debug, Default)]
pub enum Reverie {
    /// Dreams are off, nothing qualifies, or this sleep does not dream (a dry run).
    #[default]
    Off,
    /// The draw failed: the job reports it and the sleep goes on.
    Failed(Error),
    Drawn {
        draft: Box<Draft>,
        answer: Option<DreamAnswer>,
    },
}

impl Reverie {
    /// Draws the sleep's dream in its first transaction (reads only).
    pub fn draw(rx: &impl Read, config: &Config) -> Reverie {
        if !config.wisdom.dreams_enabled {
            return Reverie::Off;
        }
        match draw(rx) {
            Ok(None) => Reverie::Off,
            Ok(Some(draft)) => Reverie::Drawn {
                draft: Box::new(draft),
                answer: None,
            },
            Err(e) => Reverie::Failed(e),
        }
    }

    /// Model calls still to make, with the store closed.
    pub fn calls(&self) -> usize {
        usize::from(matches!(self, Reverie::Drawn { answer: None, .. }))
    }

    /// How much longer than a turn the lease must live to cover the call.
    pub fn lease_ms(&self, config: &Config) -> Millis {
        (self.calls() as u64 * config.llm.timeout_secs * 1000) as Millis
    }

    /// Asks the model (the store must be closed); nothing when there is nothing to ask.
    pub fn ask(&mut self, config: &Config) {
        if let Reverie::Drawn { draft, answer } = self
            && answer.is_none()
        {
            *answer = Some(ask(draft, config));
        }
    }
}

fn ask(draft: &Draft, config: &Config) -> DreamAnswer {
    let mut mind = match crate::mind::open::open_mind(config) {
        Ok(mind) => mind,
        Err(e) => return DreamAnswer::Skipped(format!("no model: {}", e.message)),
    };
    let sampling = Sampling {
        temperature: 0.0,
        seed: config.llm.seed,
        max_tokens: MAX_TOKENS,
        cache_prompt: false,
    };
    let started = Instant::now();
    match mind.complete(&draft.prompt, &schema(), &sampling) {
        Ok(reply) => DreamAnswer::Line {
            line: read_reply(&reply.text),
            model: reply.model,
            elapsed_ms: started.elapsed().as_millis() as u64,
        },
        Err(e) => DreamAnswer::Skipped(format!("the model did not answer: {}", e.message)),
    }
}

fn run(tx: &mut Tx<'_>, ctx: &mut JobCtx<'_, '_>) -> Result<Vec<JobReport>> {
    if !ctx.config().wisdom.dreams_enabled {
        return Ok(Vec::new());
    }
    if ctx.dry_run {
        return Ok(draw(&*tx)?
            .map(|d| {
                let ids: Vec<String> = d.ids().iter().map(|id| id.to_string()).collect();
                vec![
                    JobReport::new(
                        JOB.name,
                        format!(
                            "would ask the model to compress a cluster of {} into one line",
                            d.members.len()
                        ),
                    )
                    .naming(ids),
                ]
            })
            .unwrap_or_default());
    }
    let (draft, answer) = match std::mem::take(&mut ctx.reverie) {
        Reverie::Off => return Ok(Vec::new()),
        Reverie::Failed(e) => return Err(e),
        Reverie::Drawn { draft, answer } => (draft, answer),
    };
    let (line, model) = match answer {
        None => return Ok(vec![JobReport::new(JOB.name, "skipped: not asked")]),
        Some(DreamAnswer::Skipped(why)) => {
            return Ok(vec![JobReport::new(JOB.name, format!("skipped: {why}"))]);
        }
        Some(DreamAnswer::Line { line, model, .. }) => (line, model),
    };
    ctx.meter.model_call();
    let mut members: Vec<Engram> = Vec::new();
    for id in draft.ids() {
        if !ctx.meter.engrams(2) {
            return Ok(vec![JobReport::new(JOB.name, "nothing judged")]);
        }
        if let Some(e) = crate::memory::get(&*tx, id)?
            && e.tier == Tier::Active
        {
            members.push(e);
        }
    }
    let ids: Vec<_> = members.iter().map(|e| e.id).collect();
    let named: Vec<String> = ids.iter().map(|id| id.to_string()).collect();
    if members.len() < DREAM_MIN_MEMBERS {
        return Ok(vec![JobReport::new(
            JOB.name,
            format!(
                "not judged: {} of its {} members are still active",
                members.len(),
                draft.members.len()
            ),
        )]);
    }
    let memory = ctx.memory()?;
    let verdict = judge(&*tx, memory, &line, &members)?;
    let (now, sleep) = (ctx.turn.now, ctx.sleep);
    let mut record = DreamRecord {
        sleep,
        at: now,
        members: ids.clone(),
        line: line.clone(),
        verdict: verdict.word(),
        dream: None,
        sims: verdict.sims.clone(),
        model,
    };
    let report = if verdict.kept() {
        let mut new = NewEngram::new(Kind::Dream, line.clone(), provenance(&members))
            .strength(members.iter().map(|e| e.strength).sum::<f32>() / members.len() as f32)
            .source(format!("sleep:{sleep}"));
        for id in &ids {
            new = new.source(format!("engram:{id}"));
        }
        let id = memory.remember(tx, new, now)?;
        record.dream = Some(id);
        let mut cycle: SleepCycle = tx.get(SINGLETON_KEY)?.unwrap_or_default();
        let theme = Theme {
            dream: id,
            line: line.clone(),
            members: ids,
            sleep,
        };
        cycle.keep(theme, now);
        tx.set(&cycle)?;
        ctx.dreamt = Some(format!("{id}: {line}"));
        let mut all = vec![id.to_string()];
        all.extend(named);
        JobReport::new(
            JOB.name,
            format!("dreamt {id} from {} memories: \"{line}\"", members.len()),
        )
        .naming(all)
    } else {
        JobReport::new(JOB.name, format!("not kept: \"{line}\" {}", verdict.word())).naming(named)
    };
    tx.push(&record)?;
    Ok(vec![report])
}

/// A dream is trusted as its least trusted member: lived only when all of them were.
fn provenance(members: &[Engram]) -> Provenance {
    members
        .iter()
        .map(|e| e.provenance)
        .min_by_key(|p| p.trust())
        .unwrap_or(Provenance::Experienced)
}

/// Jobs whose lines make the sleep cycle's `last_distillation_summary`.
const DISTILLING: &[&str] = &["consolidation", "resonance", "dream", "curation"];
/// Most characters of that summary.
const SUMMARY_CHARS: usize = 600;

/// Keeps the sleep's memory work in the sleep cycle document, one line, and forgets the
/// themes whose dream left the active tier.
pub fn distil(tx: &mut Tx<'_>, receipt: &super::receipt::SleepReceipt) -> Result<()> {
    let mut cycle: SleepCycle = tx.get(SINGLETON_KEY)?.unwrap_or_default();
    let mut gone = Vec::new();
    for t in &cycle.active_dream_themes {
        if crate::memory::get(&*tx, t.dream)?.is_none_or(|e| e.tier != Tier::Active) {
            gone.push(t.dream);
        }
    }
    cycle.forget(|id| gone.contains(&id));
    let work: Vec<String> = receipt
        .jobs
        .iter()
        .filter(|j| DISTILLING.contains(&j.job.as_str()))
        .map(|j| format!("{}: {}", j.job, j.summary))
        .collect();
    let line = if work.is_empty() {
        format!("sleep {}: no memory work", receipt.sleep)
    } else {
        format!("sleep {}: {}", receipt.sleep, work.join("; "))
    };
    cycle.last_distillation_summary = Some(line.chars().take(SUMMARY_CHARS).collect());
    tx.set(&cycle)
}
