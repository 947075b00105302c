//! A creature lived in process: `turn::tick::tick` with the test mind (a policy: a closure that
//! reads the prompt and the action schema's tool names and answers), a pinned clock advanced
//! one minute per tick, and direct access to the store between ticks.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;
use wis::creature::heartbeat::Turn;

use wis::base::clock::{Clock, Millis};
use wis::base::config::Config;
use wis::base::home::Home;
use wis::base::store::{Read, Rx, Store, Tx};
use wis::creature::Persona;
use wis::turn::tick::{TickOptions, TickOutcome, TurnReport, tick};

pub use crate::support::EPOCH_MS;
pub use crate::support::mind::{Policy, policy};

/// The thought every rumination returns: a plan whose steps stay open, so turns are work.
pub const THOUGHT: &str =
    r#"{"thought": "I am here", "plan": ["look around", "make something", "keep going"]}"#;

/// A creature and its clock.
pub struct Life {
    _dir: tempfile::TempDir,
    pub home: Home,
    pub config: Config,
    pub now: Millis,
    pub policy: Policy,
}

/// A configuration for tests: quick timeouts.
pub fn config() -> Config {
    let mut config = Config::default();
    config.llm.url = Some("http://127.0.0.1:9/v1".into());
    config.organs.bash_timeout_secs = 5;
    config.organs.probe_timeout_secs = 1;
    config.llm.timeout_secs = 5;
    config
}

impl Life {
    /// A creature born from seed 1 that answers with `policy`.
    pub fn born(config: Config, policy: Policy) -> Life {
        // A day of ticks is two durable commits a minute: on a memory file system when there
        // is one, so the test measures wis and not the disk's fsync.
        let shm = std::path::Path::new("/dev/shm");
        let dir = if shm.is_dir() {
            tempfile::tempdir_in(shm).unwrap()
        } else {
            tempfile::tempdir().unwrap()
        };
        let home = crate::support::store::born(&dir.path().join("home"), EPOCH_MS);
        Life {
            _dir: dir,
            home,
            config,
            now: EPOCH_MS,
            policy,
        }
    }

    /// Lives one tick, one minute after the last.
    pub fn tick(&mut self) -> TurnReport {
        self.now += 60_000;
        let opts = TickOptions {
            wait: Duration::from_secs(5),
            dry_run: false,
            ..Default::default()
        };
        let policy = self.policy.clone();
        let out = tick(
            &self.home,
            &self.config,
            &Clock::pinned(self.now),
            &opts,
            &mut || crate::support::mind::open(&policy),
        )
        .unwrap_or_else(|e| panic!("tick failed: {e}"));
        match out {
            TickOutcome::Turn(report) => report,
            other => panic!("not a turn: {other:?}"),
        }
    }

    /// Puts the creature to sleep at its next tick.
    pub fn make_sleepy(&self) {
        self.write(|tx| {
            let mut p: Persona = tx.singleton().unwrap();
            p.sleep_pressure = p.nap_threshold();
            tx.set(&p).unwrap();
        });
    }

    pub fn store(&self) -> Store {
        self.home
            .open(Duration::from_secs(5), "test", &Clock::pinned(self.now))
            .unwrap()
    }

    pub fn read<T>(&self, f: impl FnOnce(&Rx) -> T) -> T {
        let store = self.store();
        let rx = store.read().unwrap();
        f(&rx)
    }

    pub fn write(&self, f: impl FnOnce(&mut Tx<'_>)) {
        let store = self.store();
        let mut tx = store.write().unwrap();
        f(&mut tx);
        tx.commit().unwrap();
    }

    pub fn persona(&self) -> Persona {
        self.read(|rx| rx.singleton().unwrap())
    }
}

/// A work call in the action channel's form.
pub fn call(tool: &str, args: serde_json::Value) -> String {
    serde_json::json!({"tool": tool, "args": args}).to_string()
}

/// A creature that does exactly what the test says, one call per work turn.
pub struct Puppet {
    pub life: Life,
    script: Rc<RefCell<std::collections::VecDeque<String>>>,
    /// The tool names the last work turn's schema offered.
    pub offered: Rc<RefCell<Vec<String>>>,
}

impl Puppet {
    pub fn born(config: Config) -> Puppet {
        let script: Rc<RefCell<std::collections::VecDeque<String>>> = Rc::default();
        let offered: Rc<RefCell<Vec<String>>> = Rc::default();
        let (queue, seen) = (script.clone(), offered.clone());
        let life = Life::born(
            config,
            policy(move |_, names| match names {
                None => THOUGHT.to_string(),
                Some(names) => {
                    *seen.borrow_mut() = names;
                    queue
                        .borrow_mut()
                        .pop_front()
                        .unwrap_or_else(|| call("note_list", serde_json::json!({})))
                }
            }),
        );
        Puppet {
            life,
            script,
            offered,
        }
    }

    /// Makes one call and returns the report of the work turn that made it.
    pub fn act(&mut self, tool: &str, args: serde_json::Value) -> TurnReport {
        self.script.borrow_mut().push_back(call(tool, args));
        for _ in 0..4 {
            let report = self.life.tick();
            if report.turn == Turn::Work && self.script.borrow().is_empty() {
                return report;
            }
        }
        panic!("{tool} was never called");
    }

    /// What the world answered to the last turn, as the creature reads it.
    pub fn observed(&self) -> String {
        self.life.read(|rx| {
            rx.ring::<wis::creature::stream::StreamLine>(None)
                .unwrap()
                .into_iter()
                .rev()
                .find(|(_, l)| l.voice == wis::creature::stream::Voice::Observe)
                .map(|(_, l)| l.text)
                .unwrap_or_default()
        })
    }

    /// Grants units on the operator's authority, through the milestone adjudicator.
    pub fn grant(&self, units: &[wis::creature::UnitId]) {
        let store = self.life.store();
        for id in units {
            let unit = wis::world::units::unit(*id).unwrap();
            wis::turn::progression::unlock::adjudicate(
                &store,
                &self.life.config,
                &Clock::pinned(self.life.now),
                Some(unit),
            )
            .unwrap();
        }
    }
}
