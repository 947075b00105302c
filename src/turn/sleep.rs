//! The sleep turn: pressure is reset, a sleep is counted, and a receipt names what was done.
//!
//! Sleep's bounded jobs (consolidation, resonance, dream, replay, curation, reflex proposals,
//! milestone unlocks, quest stall checks) each add a line to the receipt when they run; a job
//! that did not run is not mentioned. The quests and milestone unlocks are
//! [`crate::turn::progression::boundary::at_sleep`].

use serde::{Deserialize, Serialize};

use crate::base::clock::Millis;
use crate::base::config::Config;
use crate::base::exit::Result;
use crate::base::store::{Layout, Store, Tx};
use crate::creature::Persona;
use crate::creature::stream::{StreamLine, Voice};
use crate::doc;
use crate::turn::between::between;
use crate::turn::ctx::TurnCtx;
use crate::turn::progression::boundary::at_sleep;
use crate::turn::progression::seed;
use crate::wisdom::reflex::scan;

/// Sleep receipts kept.
pub const RECEIPT_CAP: u64 = 1_000;

/// One job's account of itself.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JobReport {
    pub job: String,
    pub summary: String,
}

/// What one sleep did.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SleepReceipt {
    /// The sleep's number (1 for the first).
    pub sleep: u64,
    pub tick: u64,
    pub at: Millis,
    pub pressure_before: f64,
    pub threshold: f64,
    pub jobs: Vec<JobReport>,
    /// One line for the dream log, when a dream was made.
    #[serde(default)]
    pub dream: Option<String>,
}

doc!(
    SleepReceipt,
    "wis.sleep_receipt",
    1,
    Layout::Ring { cap: RECEIPT_CAP }
);

/// `wis sleep`: the sleep turn now, between ticks (refused with 75 while a turn is in flight),
/// in one durable commit. Returns the creature's name and the receipt.
pub fn sleep_now(store: &Store, config: &Config, now: Millis) -> Result<(String, SleepReceipt)> {
    let mut tx = store.write()?;
    let mut b = between(&mut tx, config, now, "sleep comes between turns")?;
    let receipt = sleep_turn(&mut tx, &b.ctx, &mut b.persona)?;
    tx.set(&b.persona)?;
    b.report(&mut tx)?;
    let persona = b.persona;
    tx.commit()?;
    Ok((persona.name, receipt))
}

/// Runs the sleep turn on `persona` inside `tx`; the caller saves `persona` and commits.
pub fn sleep_turn(
    tx: &mut Tx<'_>,
    ctx: &TurnCtx<'_>,
    persona: &mut Persona,
) -> Result<SleepReceipt> {
    let (tick, now) = (ctx.tick, ctx.now);
    let mut receipt = SleepReceipt {
        sleep: persona.sleeps + 1,
        tick,
        at: now,
        pressure_before: persona.sleep_pressure,
        threshold: persona.nap_threshold(),
        jobs: Vec::new(),
        dream: None,
    };
    persona.sleeps += 1;
    persona.sleep_pressure = 0.0;
    tx.push(&StreamLine::new(
        tick,
        now,
        Voice::Sleep,
        format!("slept (sleep {})", receipt.sleep),
    ))?;
    seed::load_or_seed(tx, ctx, persona)?;
    receipt.jobs.extend(at_sleep(tx, ctx, persona)?);
    receipt.jobs.extend(
        scan::at_sleep(tx, &ctx.config.wisdom, tick, now)?.map(|summary| JobReport {
            job: "reflexes".into(),
            summary,
        }),
    );
    tx.push(&receipt)?;
    Ok(receipt)
}

impl SleepReceipt {
    /// One line for people.
    pub fn line(&self) -> String {
        let jobs = if self.jobs.is_empty() {
            String::new()
        } else {
            format!(
                "; {}",
                self.jobs
                    .iter()
                    .map(|j| format!("{}: {}", j.job, j.summary))
                    .collect::<Vec<_>>()
                    .join("; ")
            )
        };
        format!(
            "sleep {}: pressure {:.0}/{:.0} reset{jobs}",
            self.sleep, self.pressure_before, self.threshold
        )
    }
}
