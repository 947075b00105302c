//! Sleep's catch-up after an embedder change: engrams whose vectors another embedder made (an
//! older built-in feature set, another dimension) are not found by recall until re-embedded.
//! Each sleep re-embeds up to its budget of them, so a creature whose embedder changed finds
//! its whole memory again within a few sleeps without an operator (`wis memory reembed` does
//! it all at once). It works in chunks of [`CHUNK`] and looks at its wall budget between
//! them: the built-in embedder does a sleep's 5,000 in a few milliseconds, the local model in
//! about a minute, so with it a sleep stops at 20 s and leaves the rest to the next. No line
//! when there is nothing to catch up.

use super::job::{Budget, Job, JobCtx};
use super::receipt::JobReport;
use crate::base::exit::Result;
use crate::base::store::Tx;
use crate::memory::maintain::reembed_other_space;

/// Engrams re-embedded per sleep at most.
pub const PER_SLEEP: u64 = 5_000;
/// Engrams re-embedded between two looks at the wall budget.
pub const CHUNK: u64 = 500;

/// The re-embedding job.
pub const JOB: Job = Job {
    name: "reembed",
    budget: Budget {
        engrams: PER_SLEEP,
        model_calls: 0,
        wall_ms: 20_000,
    },
    run,
};

fn run(tx: &mut Tx<'_>, ctx: &mut JobCtx<'_, '_>) -> Result<Vec<JobReport>> {
    let memory = ctx.turn.memory()?;
    let (mut done, mut left) = (0, 0);
    while done < PER_SLEEP {
        let chunk = CHUNK.min(PER_SLEEP - done) as usize;
        let caught = reembed_other_space(tx, memory, chunk, ctx.turn.now)?;
        done += caught.reembedded;
        left = caught.left;
        // Counts what was spent; false once the wall budget is spent.
        let more = ctx.meter.engrams(caught.reembedded);
        if caught.reembedded == 0 || left == 0 || !more {
            break;
        }
    }
    if done == 0 {
        return Ok(Vec::new());
    }
    let model = memory.embedder().model().to_string();
    let left = if left == 0 {
        String::new()
    } else {
        format!(", {left} left for the next sleeps")
    };
    Ok(vec![JobReport::new(
        "reembed",
        format!("{done} memories made by another embedder re-embedded with {model}{left}"),
    )])
}

#[cfg(test)]
mod tests {
    use super::super::job::{Budget, JobCtx, Meter};
    use super::super::{Night, Rehearsal, sleep_turn};
    use crate::base::config::Config;
    use crate::base::store::testing::temp_store;
    use crate::creature::{Morph, Persona};
    use crate::memory::{Kind, NewEngram, Provenance};
    use crate::turn::ctx::TurnCtx;

    /// 1,100 engrams embedded at another dimension, then a sleep at the configured one.
    fn changed_embedder() -> (tempfile::TempDir, crate::base::store::Store, Config) {
        let (dir, store) = temp_store();
        let mut small = Config::default();
        small.embed.dim = 64;
        let ctx = TurnCtx::new(&small, 0, 0, Morph::Otter);
        let mut tx = store.write().unwrap();
        tx.set(&Persona::newborn("Ba", 0)).unwrap();
        for i in 0..1_100 {
            let new = NewEngram::new(Kind::Fact, format!("fact number {i}"), Provenance::Told);
            ctx.memory().unwrap().remember(&mut tx, new, 0).unwrap();
        }
        tx.commit().unwrap();
        (dir, store, Config::default())
    }

    #[test]
    fn a_sleep_catches_up_in_chunks() {
        let (_dir, store, config) = changed_embedder();
        let ctx = TurnCtx::new(&config, 0, 0, Morph::Otter);
        let mut tx = store.write().unwrap();
        let mut persona = Persona::newborn("Ba", 0);
        let receipt = sleep_turn(&mut tx, &ctx, &mut persona, Night::OFF).unwrap();
        let line = receipt.jobs.iter().find(|j| j.job == "reembed").unwrap();
        assert_eq!(
            line.summary,
            "1100 memories made by another embedder re-embedded with ngram-v2"
        );
    }

    #[test]
    fn a_spent_wall_budget_leaves_the_rest_to_the_next_sleep() {
        let (_dir, store, config) = changed_embedder();
        let ctx = TurnCtx::new(&config, 0, 0, Morph::Otter);
        let mut tx = store.write().unwrap();
        let mut persona = Persona::newborn("Ba", 0);
        let mut jc = JobCtx {
            turn: &ctx,
            persona: &mut persona,
            sleep: 1,
            dry_run: false,
            meter: Meter::new(Budget {
                wall_ms: 0,
                ..super::JOB.budget
            }),
            rehearsal: Rehearsal::Off,
            reverie: Default::default(),
            dreamt: None,
        };
        let lines = (super::JOB.run)(&mut tx, &mut jc).unwrap();
        assert_eq!(
            lines[0].summary,
            "500 memories made by another embedder re-embedded with ngram-v2, 600 left for \
             the next sleeps"
        );
    }
}
