//! Sleep's job framework: the order, a budget that stops a job and says so, a failing job
//! reported while the rest goes on; resonance and incubation across sleeps.

use super::job::{Budget, Job, JobCtx, Meter, run_one};
use super::receipt::JobReport;
use super::{JOBS, Night, Rehearsal, consolidate, curate, sleep_turn};
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

fn disk_failing(_: &mut Tx<'_>, _: &mut JobCtx<'_, '_>) -> Result<Vec<JobReport>> {
    Err(Error::io("store write: no space left on device"))
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
            "distillation",
            "consolidation",
            "resonance",
            "incubation",
            "dream",
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
        reverie: Default::default(),
        dreamt: None,
    };
    let lines = run_one(&job("greedy", greedy), &mut tx, &mut jc).unwrap();
    assert_eq!(lines.len(), 1);
    assert_eq!(
        lines[0].summary,
        "5 touched (stopped at its budget of 5 engrams)"
    );
    let lines = run_one(&job("broken", failing), &mut tx, &mut jc).unwrap();
    assert_eq!(lines[0].job, "broken");
    assert!(
        lines[0]
            .summary
            .starts_with("failed: the vector rows are gone")
    );
    assert!(
        run_one(&job("idle", idle), &mut tx, &mut jc)
            .unwrap()
            .is_empty()
    );
    // The disk failing is not the job failing: the sleep stops with the first error.
    let err = run_one(&job("disk", disk_failing), &mut tx, &mut jc).unwrap_err();
    assert_eq!(err.code(), 74);
    assert!(
        err.message.starts_with("sleep job disk: store write"),
        "{err}"
    );
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
        reverie: Default::default(),
        dreamt: None,
    };
    assert!(
        run_one(&consolidate::JOB, &mut tx, &mut jc)
            .unwrap()
            .is_empty()
    );
    assert!(
        run_one(&curate::JOB, &mut tx, &mut jc).unwrap().is_empty(),
        "curation is off"
    );
    let new = NewEngram::new(Kind::Fact, "the kettle is in the kitchen", Provenance::Told);
    ctx.memory().unwrap().remember(&mut tx, new, 0).unwrap();
    let lines = run_one(&consolidate::JOB, &mut tx, &mut jc).unwrap();
    assert_eq!(
        lines[0].summary,
        "0 episodes lived since the last sleep; 1 engram reviewed, none merged"
    );
    assert_eq!(MemoryState::load(&tx).unwrap().consolidations, 1);
    let receipt = sleep_turn(&mut tx, &ctx, &mut persona, Night::OFF).unwrap();
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

/// Sleeps `n` times in one transaction each; the receipts' lines of job `name`.
fn lines_of(
    store: &crate::base::store::Store,
    config: &Config,
    n: usize,
    name: &str,
) -> Vec<String> {
    (0..n)
        .map(|_| {
            let mut tx = store.write().unwrap();
            let mut persona: Persona = crate::base::store::Read::singleton(&tx).unwrap();
            let ctx = TurnCtx::new(config, persona.ticks, 0, Morph::Otter);
            let receipt = sleep_turn(&mut tx, &ctx, &mut persona, Night::OFF).unwrap();
            tx.set(&persona).unwrap();
            tx.commit().unwrap();
            receipt
                .jobs
                .iter()
                .find(|j| j.job == name)
                .map(|j| j.summary.clone())
                .unwrap_or_default()
        })
        .collect()
}

#[test]
fn resonance_gathers_alike_engrams_into_a_cluster_across_sleeps() {
    use crate::memory::resonance::Resonance;
    let (_dir, store) = temp_store();
    let mut config = Config::default();
    config.wisdom.dreams_enabled = true;
    let mut tx = store.write().unwrap();
    tx.set(&Persona::newborn("Ba", 0)).unwrap();
    let ctx = TurnCtx::new(&config, 0, 0, Morph::Otter);
    let mut ids = Vec::new();
    for place in ["shed", "barn", "yard"] {
        let body = format!("the water pump listens on port 8731 behind the old {place}");
        let new = NewEngram::new(Kind::Fact, body, Provenance::Told);
        ids.push(ctx.memory().unwrap().remember(&mut tx, new, 0).unwrap());
    }
    let new = NewEngram::new(
        Kind::Fact,
        "kettles boil faster with lids",
        Provenance::Told,
    );
    ctx.memory().unwrap().remember(&mut tx, new, 0).unwrap();
    tx.commit().unwrap();
    let lines = lines_of(&store, &config, 6, "resonance");
    let doc: Resonance = crate::base::store::Read::singleton(&store.read().unwrap()).unwrap();
    assert_eq!(doc.clusters.len(), 1, "{lines:?}");
    assert_eq!(doc.clusters[0].members, ids, "{lines:?}");
    assert!(
        lines
            .last()
            .unwrap()
            .contains("1 cluster, the largest of 3"),
        "{lines:?}"
    );
}

#[test]
fn incubation_opens_a_dead_end_revisits_it_and_closes_it_when_fixed() {
    use crate::wisdom::incubation::Incubation;
    use crate::wisdom::recall::tests::{bash, episode};
    let (_dir, store) = temp_store();
    let mut config = Config::default();
    config.wisdom.dreams_enabled = true;
    let mut tx = store.write().unwrap();
    let mut persona = Persona::newborn("Ba", 0);
    persona.ticks = 3;
    tx.set(&persona).unwrap();
    tx.push(&episode(1, "-|fix the pump", &bash("cat pump.conf"), false))
        .unwrap();
    tx.push(&episode(2, "-|fix the pump", &bash("cat pump.ini"), false))
        .unwrap();
    tx.commit().unwrap();
    assert_eq!(
        lines_of(&store, &config, 2, "incubation"),
        [
            "1 open (1 new, 0 revisited), 0 closed",
            "1 open (0 new, 1 revisited), 0 closed"
        ]
    );
    let mut tx = store.write().unwrap();
    tx.push(&episode(
        3,
        "-|fix the pump",
        &bash("cat notes/pump.txt"),
        true,
    ))
    .unwrap();
    tx.commit().unwrap();
    assert_eq!(
        lines_of(&store, &config, 2, "incubation"),
        [
            "0 open (0 new, 0 revisited), 1 closed: -|fix the pump by `bash cat notes/pump.txt`",
            ""
        ],
        "closed once, then nothing to revisit: no line"
    );
    let doc: Incubation = crate::base::store::Read::singleton(&store.read().unwrap()).unwrap();
    assert_eq!(doc.entries[0].revisits, 1);
}
