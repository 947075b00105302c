//! End-to-end runs of the curve on a real (temporary) home with scripted minds: the harness,
//! and what a run refuses, records, scores and draws.

mod refusals;
mod runs;
mod votes;
pub(crate) mod xml_check;

use std::cell::{Cell, RefCell};
use std::path::PathBuf;
use std::rc::Rc;
use std::time::Duration;

use indicatif::ProgressBar;
use serde_json::json;
use wis::base::clock::Clock;
use wis::base::config::{ArmMemory, Curve, Llm};
use wis::base::exit::{Error, Result};
use wis::base::home::Home;
use wis::base::store::{Read, Rx};
use wis::creature::Persona;
use wis::mind::{Mind, Prompt, Sampling};
use wis::turn::birth::{BirthOptions, birth};
use wis::wisdom::curve::*;

use crate::support::mind::scripted;

pub const BATTERY: &str = r#"{"id":"store","domain":"ops","prompt":"Which file holds your state?","scorer":{"type":"exact","answer":"wis.redb"}}
{"id":"cap","domain":"subsystems","prompt":"How many reflexes can be armed at once?","scorer":{"type":"regex","pattern":"\\b12\\b"}}
{"id":"woke","domain":"recall","prompt":"Which tools did you wake with after your first sleep?","scorer":{"type":"claim","must_include":["memorize","recall"],"must_exclude":["delegate"]}}
{"id":"plan","domain":"procedure","prompt":"Read your current step.","scorer":{"type":"action_signature","tool":"note_read","args_pattern":"\"notebook\":\"plan\""}}
"#;

pub fn say(text: &str) -> String {
    json!({"tool": "reply", "args": {"text": text}}).to_string()
}

pub fn act(tool: &str, args: serde_json::Value) -> String {
    json!({"tool": tool, "args": args}).to_string()
}

/// What each default arm answers, by task id.
fn script(arm: &str, task: &str) -> String {
    match (arm, task) {
        ("naive-small", "store") => say("wis.toml"),
        ("naive-small", "cap") => say("ten"),
        ("naive-small", "woke") => say("recall"),
        ("naive-small", "plan") => say("note_read plan"),
        ("wise-small", "store") => say("`wis.redb`"),
        ("wise-small", "cap") => say("12 armed reflexes"),
        ("wise-small", "woke") => say("memorize and recall"),
        ("wise-small", "plan") => act("note_read", json!({"notebook": "plan"})),
        ("naive-large", "store") => say("WIS.REDB."),
        ("naive-large", "cap") => say("twelve"),
        ("naive-large", "woke") => say("memorize, recall, delegate"),
        ("naive-large", "plan") => act("note_read", json!({"notebook": "plan"})),
        _ => "not an action".into(),
    }
}

/// One model call as a scripted mind saw it.
#[derive(Debug, Clone)]
pub struct Seen {
    pub arm: String,
    pub prompt: Prompt,
    pub schema: serde_json::Value,
    pub sampling: Sampling,
}

pub struct Bench {
    pub _dir: tempfile::TempDir,
    pub home: Home,
    pub battery_path: PathBuf,
    pub clock: Clock,
    pub seen: Rc<RefCell<Vec<Seen>>>,
    pub minds_built: Cell<usize>,
    pub restores: Cell<usize>,
    pub in_flight: bool,
    pub fail_on: Option<&'static str>,
    /// Stop before this many tasks have been asked (in the whole run).
    pub stop_after: Option<usize>,
    pub results_cap: u64,
    pub out: Option<PathBuf>,
    /// The arms come from here (the default arms unless a test adds some).
    pub curve: Curve,
}

impl Bench {
    pub fn new() -> Bench {
        let dir = tempfile::tempdir().unwrap();
        let home = Home::new(dir.path().join("home"));
        let clock = Clock::pinned(1_767_225_600_000);
        let opts = BirthOptions {
            seed: Some(3),
            name: Some("Pim".into()),
            force: false,
            dark: true,
            wait: Duration::from_secs(1),
        };
        birth(&home, &opts, &clock).unwrap();
        let battery_path = dir.path().join("v1.jsonl");
        std::fs::write(&battery_path, BATTERY).unwrap();
        let bench = Bench {
            _dir: dir,
            home,
            battery_path,
            clock,
            seen: Rc::default(),
            minds_built: Cell::new(0),
            restores: Cell::new(0),
            in_flight: false,
            fail_on: None,
            stop_after: None,
            results_cap: 1000,
            out: None,
            curve: three_arms(),
        };
        bench.live(false, 120, 3);
        bench
    }

    /// Sets the creature's state and age.
    pub fn live(&self, live: bool, ticks: u64, sleeps: u64) {
        let store = self
            .home
            .open(Duration::from_secs(1), "test", &self.clock)
            .unwrap();
        let mut tx = store.write().unwrap();
        let mut p: Persona = tx.singleton().unwrap();
        p.paused = !live;
        p.ticks = ticks;
        p.sleeps = sleeps;
        tx.set(&p).unwrap();
        tx.commit().unwrap();
    }

    pub fn arms(&self) -> Vec<ArmSpec> {
        select(&self.curve, &Llm::default(), None).unwrap()
    }

    pub fn run(&self) -> Result<RunReport> {
        let battery = Battery::load(&self.battery_path)?;
        let arms = self.arms();
        let schema = battery_schema();
        let opts = RunOptions {
            home: &self.home,
            wait: Duration::from_secs(1),
            clock: &self.clock,
            battery: &battery,
            arms: &arms,
            schema: &schema,
            sampling: sampling(&Curve::default(), &Llm::default()),
            results_cap: self.results_cap,
            out: self.out.as_deref(),
        };
        let in_flight = self.in_flight;
        let turn_in_flight = move |_: &Rx| -> Result<bool> { Ok(in_flight) };
        let mut mind = |arm: &ArmSpec| -> Result<Box<dyn Mind>> {
            self.minds_built.set(self.minds_built.get() + 1);
            let (name, seen) = (arm.name.clone(), self.seen.clone());
            let fail_on = self.fail_on.filter(|_| arm.name == "wise-small");
            Ok(scripted(
                format!("scripted {name}"),
                move |prompt, schema, s| {
                    seen.borrow_mut().push(Seen {
                        arm: name.clone(),
                        prompt: prompt.clone(),
                        schema: schema.clone(),
                        sampling: s.clone(),
                    });
                    let task = prompt.volatile.lines().next().unwrap_or_default();
                    if fail_on == Some(task) {
                        return Err(Error::unavailable(
                            "http://fake/v1 did not answer: connection refused",
                        ));
                    }
                    if name == "vote-small" {
                        return Ok(votes::sample(task, s.seed.unwrap_or_default()));
                    }
                    Ok(script(&name, task))
                },
            ))
        };
        let mut prompt = |task: &Task, arm: &ArmSpec| -> Result<TaskPrompt> {
            let memory = match arm.memory {
                ArmMemory::None => "an empty fixture",
                ArmMemory::Live => "a copy of the live store",
                ArmMemory::Raw => "a copy of the live store's history",
            };
            Ok(TaskPrompt::bare(Prompt {
                stable: format!("You answer with {memory}.\n"),
                volatile: format!("{}\n{}", task.id, task.prompt),
            }))
        };
        let mut restore = || -> Result<()> {
            self.restores.set(self.restores.get() + 1);
            Ok(())
        };
        let stop = || {
            self.stop_after
                .is_some_and(|n| self.seen.borrow().len() >= n)
        };
        let mut hooks = Hooks {
            turn_in_flight: &turn_in_flight,
            mind: &mut mind,
            prompt: &mut prompt,
            restore: &mut restore,
            stop: &stop,
        };
        run(&opts, &mut hooks, &ProgressBar::hidden())
    }

    pub fn stored(&self) -> Vec<CurveResult> {
        let store = self
            .home
            .open(Duration::from_secs(1), "test", &self.clock)
            .unwrap();
        results(&store.read().unwrap()).unwrap()
    }

    pub fn stored_battery(&self, version: &str) -> Option<BatteryRecord> {
        let store = self
            .home
            .open(Duration::from_secs(1), "test", &self.clock)
            .unwrap();
        store.read().unwrap().get::<BatteryRecord>(version).unwrap()
    }
}

pub fn scores(report: &RunReport) -> Vec<(String, f64)> {
    report
        .results
        .iter()
        .map(|r| (r.arm.clone(), r.score()))
        .collect()
}

/// The arms these tests were written for: the small model with and without memory, and a
/// larger one without.
pub fn three_arms() -> Curve {
    let mut curve = Curve::default();
    curve.arms.remove("vote-small");
    curve.arms.remove("raw-small");
    curve.arms.insert(
        "naive-large".into(),
        wis::base::config::Arm {
            url: None,
            model: Some("large".into()),
            memory: ArmMemory::None,
            samples: 1,
            temperature: None,
        },
    );
    curve
}
