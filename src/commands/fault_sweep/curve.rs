//! The fault sweep over a curve run: three arms on four tasks, each arm recorded in its own
//! commit. After a fault at any point the store passes its check, holds whole results of the
//! arms recorded before it (never a part of one), and a run that succeeded has all three.

use std::path::Path;
use std::time::Duration;

use indicatif::ProgressBar;
use serde_json::json;

use super::tick::report;
use super::{BORN, copy_home, open, sweep};
use crate::base::clock::Clock;
use crate::base::config::{Arm, ArmMemory, Curve, Llm};
use crate::base::exit::Result;
use crate::base::home::Home;
use crate::base::store::{Read, Rx};
use crate::creature::Persona;
use crate::mind::testing::scripted;
use crate::mind::{Mind, Prompt};
use crate::turn::birth::{BirthOptions, birth};
use crate::wisdom::curve::{
    ArmSpec, Battery, Hooks, RunOptions, Task, TaskPrompt, battery_schema, results, run, sampling,
    select,
};

const BATTERY: &str = r#"{"id":"store","domain":"ops","prompt":"Which file holds your state?","scorer":{"type":"exact","answer":"wis.redb"}}
{"id":"cap","domain":"subsystems","prompt":"How many reflexes can be armed at once?","scorer":{"type":"regex","pattern":"\\b12\\b"}}
{"id":"woke","domain":"recall","prompt":"Which tools did you wake with after your first sleep?","scorer":{"type":"claim","must_include":["memorize","recall"],"must_exclude":["delegate"]}}
{"id":"plan","domain":"procedure","prompt":"Read your current step.","scorer":{"type":"action_signature","tool":"note_read","args_pattern":"\"notebook\":\"plan\""}}
"#;

/// The small model with and without memory, and a larger one without.
fn three_arms() -> Curve {
    let mut curve = Curve::default();
    curve.arms.remove("vote-small");
    curve.arms.insert(
        "naive-large".into(),
        Arm {
            url: None,
            model: Some("large".into()),
            memory: ArmMemory::None,
            samples: 1,
            temperature: None,
        },
    );
    curve
}

/// A paused creature with some life behind it, born in `dir`.
fn paused_creature(dir: &Path) -> Home {
    let home = Home::new(dir.join("home"));
    let clock = Clock::pinned(BORN);
    let opts = BirthOptions {
        seed: Some(3),
        name: Some("Pim".into()),
        force: false,
        dark: true,
        wait: Duration::from_secs(1),
    };
    birth(&home, &opts, &clock).unwrap();
    let store = open(&home);
    let mut tx = store.write().unwrap();
    let mut p: Persona = tx.singleton().unwrap();
    (p.paused, p.ticks, p.sleeps) = (true, 120, 3);
    tx.set(&p).unwrap();
    tx.commit().unwrap();
    home
}

/// One curve run on `home`: every arm answers each task with the same reply.
fn curve_run(home: &Home, battery: &Path) -> Result<()> {
    let battery = Battery::load(battery)?;
    let arms = select(&three_arms(), &Llm::default(), None)?;
    let schema = battery_schema();
    let clock = Clock::pinned(BORN);
    let opts = RunOptions {
        home,
        wait: Duration::from_secs(1),
        clock: &clock,
        battery: &battery,
        arms: &arms,
        schema: &schema,
        sampling: sampling(&Curve::default(), &Llm::default()),
        results_cap: 1000,
        out: None,
    };
    let turn_in_flight = |_: &Rx| -> Result<bool> { Ok(false) };
    let mut mind = |arm: &ArmSpec| -> Result<Box<dyn Mind>> {
        let reply = json!({"tool": "reply", "args": {"text": "wis.redb"}}).to_string();
        Ok(scripted(arm.name.clone(), move |_, _, _| Ok(reply.clone())))
    };
    let mut prompt = |task: &Task, _: &ArmSpec| -> Result<TaskPrompt> {
        Ok(TaskPrompt::bare(Prompt {
            stable: "You answer.\n".into(),
            volatile: format!("{}\n{}", task.id, task.prompt),
        }))
    };
    let mut hooks = Hooks {
        turn_in_flight: &turn_in_flight,
        mind: &mut mind,
        prompt: &mut prompt,
        restore: &mut || Ok(()),
        stop: &|| false,
    };
    run(&opts, &mut hooks, &ProgressBar::hidden()).map(|_| ())
}

fn recorded(home: &Home) -> usize {
    let store = open(home);
    let rx = store.read().unwrap();
    results(&rx).unwrap().len()
}

#[test]
fn a_curve_run_records_whole_arms_at_every_fault_point() {
    let dir = tempfile::tempdir().unwrap();
    let template = paused_creature(dir.path());
    let battery = dir.path().join("v1.jsonl");
    std::fs::write(&battery, BATTERY).unwrap();
    let run = |home: &Home| curve_run(home, &battery);
    let arms = {
        let (_dir, home) = copy_home(&template);
        run(&home).unwrap();
        recorded(&home)
    };
    assert_eq!(arms, 4);
    let figures = sweep("curve run", &template, Some(0), &run, &|_, after, ok| {
        let n = recorded(after);
        assert!(n <= arms, "{n} results of a {arms}-arm run");
        if ok {
            assert_eq!(n, arms, "a curve run that succeeded lost results");
        }
    });
    report("curve run", &figures);
    assert!(figures.power > 0);
}
