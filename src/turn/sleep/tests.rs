//! Sleep's job framework: the order, a budget that stops a job and says so, a failing job
//! reported while the rest goes on.

use super::job::{Budget, Job, JobCtx, JobReport, Meter, run_one};
use super::{JOBS, Rehearsal, consolidate, curate, sleep_turn};
use crate::base::config::Config;
use crate::base::exit::{Error, Result};
use crate::base::store::Tx;
use crate::base::store::testing::temp_store;
use crate::creature::{Morph, Persona};
use crate::memory::{Kind, MemoryState, NewEngram, Provenance};
use crate::turn::ctx::TurnCtx;

fn greedy(_: &mut Tx<'_>, ctx: &mut JobCtx<'_, '_>) -> Result<Vec<JobReport>> {
    let mut n = 0;
    while ctx.meter.engrams(1) {
        n += 1;
    }
    Ok(vec![JobReport::new("greedy", format!("{n} touched"))])
}

fn failing(_: &mut Tx<'_>, _: &mut JobCtx<'_, '_>) -> Result<Vec<JobReport>> {
    Err(Error::data("the vector rows are gone"))
}

fn idle(_: &mut Tx<'_>, _: &mut JobCtx<'_, '_>) -> Result<Vec<JobReport>> {
    Ok(Vec::new())
}

fn job(
    name: &'static str,
    run: fn(&mut Tx<'_>, &mut JobCtx<'_, '_>) -> Result<Vec<JobReport>>,
) -> Job {
    Job {
        name,
        budget: Budget {
            engrams: 5,
            model_calls: 0,
            wall_ms: 60_000,
        },
        run,
    }
}

#[test]
fn the_jobs_run_in_the_declared_order() {
    let names: Vec<&str> = JOBS.iter().map(|j| j.name).collect();
    assert_eq!(
        names,
        [
            "seeder",
            "reembed",
            "consolidation",
            "reflexes",
            "replay",
            "curation",
            "quests"
        ]
    );
}

#[test]
fn a_job_over_budget_stops_and_says_so_and_a_failing_job_is_reported() {
    let (_dir, store) = temp_store();
    let config = Config::default();
    let ctx = TurnCtx::new(&config, 0, 0, Morph::Otter);
    let mut persona = Persona::newborn("Ba", 0);
    let mut tx = store.write().unwrap();
    let mut jc = JobCtx {
        turn: &ctx,
        persona: &mut persona,
        sleep: 1,
        dry_run: false,
        meter: Meter::new(Budget::BOOKKEEPING),
        rehearsal: Rehearsal::Off,
    };
    let lines = run_one(&job("greedy", greedy), &mut tx, &mut jc);
    assert_eq!(lines.len(), 1);
    assert_eq!(
        lines[0].summary,
        "5 touched (stopped at its budget of 5 engrams)"
    );
    let lines = run_one(&job("broken", failing), &mut tx, &mut jc);
    assert_eq!(lines[0].job, "broken");
    assert!(
        lines[0]
            .summary
            .starts_with("failed: the vector rows are gone")
    );
    assert!(run_one(&job("idle", idle), &mut tx, &mut jc).is_empty());
}

#[test]
fn consolidation_runs_only_with_something_to_consolidate_and_counts_its_reports() {
    let (_dir, store) = temp_store();
    let config = Config::default();
    let ctx = TurnCtx::new(&config, 0, 0, Morph::Otter);
    let mut persona = Persona::newborn("Ba", 0);
    let mut tx = store.write().unwrap();
    let mut jc = JobCtx {
        turn: &ctx,
        persona: &mut persona,
        sleep: 1,
        dry_run: false,
        meter: Meter::new(Budget::BOOKKEEPING),
        rehearsal: Rehearsal::Off,
    };
    assert!(run_one(&consolidate::JOB, &mut tx, &mut jc).is_empty());
    assert!(
        run_one(&curate::JOB, &mut tx, &mut jc).is_empty(),
        "curation is off"
    );
    let new = NewEngram::new(Kind::Fact, "the kettle is in the kitchen", Provenance::Told);
    ctx.memory().unwrap().remember(&mut tx, new, 0).unwrap();
    let lines = run_one(&consolidate::JOB, &mut tx, &mut jc);
    assert_eq!(
        lines[0].summary,
        "0 episodes lived since the last sleep; 1 engram reviewed, none merged"
    );
    assert_eq!(MemoryState::load(&tx).unwrap().consolidations, 1);
    let receipt = sleep_turn(&mut tx, &ctx, &mut persona, Rehearsal::Off).unwrap();
    assert_eq!(receipt.jobs[0].job, "consolidation");
    assert_eq!(MemoryState::load(&tx).unwrap().consolidations, 2);
}

#[test]
fn a_receipt_line_names_at_most_fifty_memories() {
    let ids: Vec<String> = (1..=120).map(|i| format!("demoted e{i}")).collect();
    let report = JobReport::new("curation", "120 demoted").naming(ids);
    assert_eq!(report.memories.len(), 51);
    assert_eq!(report.memories[49], "demoted e50");
    assert_eq!(report.memories[50], "and 70 more");
}
