//! The curation job: [`crate::wisdom::curation`] at sleep, behind `[wisdom]
//! curation_enabled` (off: it does not run and its line is absent); and `wis curate`, the same
//! judgement on its own.

use super::job::{Budget, Job, JobCtx};
use super::receipt::JobReport;
use crate::base::clock::Millis;
use crate::base::config::Config;
use crate::base::exit::{Error, Result};
use crate::base::store::{Store, Tx};
use crate::turn::between::between;
use crate::wisdom::curation;

/// Curation judges every active engram once; the store's cap bounds it.
pub const JOB: Job = Job {
    name: "curation",
    budget: Budget {
        engrams: crate::memory::ACTIVE_CAP,
        model_calls: 0,
        wall_ms: 20_000,
    },
    run,
};

fn run(tx: &mut Tx<'_>, ctx: &mut JobCtx<'_, '_>) -> Result<Vec<JobReport>> {
    let wisdom = &ctx.config().wisdom;
    if !wisdom.curation_enabled {
        return Ok(Vec::new());
    }
    let grace = wisdom.curation_grace_sleeps;
    let (sleep, now) = (ctx.sleep, ctx.turn.now);
    let memory = ctx.turn.memory()?;
    let meter = &mut ctx.meter;
    let done = curation::curate(tx, memory, sleep, grace, now, &mut || meter.engrams(1))?;
    if done.judged == 0 {
        return Ok(Vec::new());
    }
    Ok(vec![
        JobReport::new(JOB.name, done.line()).naming(done.memories()),
    ])
}

/// `wis curate`: the same judgement now, between turns, as of the last sleep (an engram it
/// judged already is not judged twice). With `dry_run` nothing is written and the Qdrant
/// mirror is left alone. Refused (78) while `[wisdom] curation_enabled` is off.
pub fn curate_now(
    store: &Store,
    config: &Config,
    now: Millis,
    dry_run: bool,
) -> Result<(String, curation::Curation)> {
    if !config.wisdom.curation_enabled {
        return Err(
            Error::config("curation is off: `[wisdom] curation_enabled = false`")
                .hint("set `curation_enabled = true` under [wisdom] in wis.toml to let it run"),
        );
    }
    let mut config = config.clone();
    if dry_run {
        config.embed.qdrant_url = None;
    }
    let mut tx = store.write()?;
    let b = between(&mut tx, &config, now, "curation comes between turns")?;
    let grace = config.wisdom.curation_grace_sleeps;
    let memory = b.ctx.memory()?;
    let sleep = b.persona.sleeps;
    let done = curation::curate(&mut tx, memory, sleep, grace, now, &mut || true)?;
    if !dry_run {
        b.report(&mut tx)?;
        tx.commit()?;
    }
    Ok((b.persona.name.clone(), done))
}
