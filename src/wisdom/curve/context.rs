//! What one battery task is shown on one arm. The arms share the creature's body (its morph
//! and granted units, so the stable prefix is the same) and differ only in memory: `none` is
//! an empty fixture creature (a newborn's counters, no plan, no recall); `live` is a
//! read-only copy of the live store, taken once per run, whose plan is shown and whose
//! situational recall renders the "Before you act" block for each task (the task's question
//! is the current step). Nothing is written to the live store.

use std::path::PathBuf;

use super::arms::ArmSpec;
use super::battery::Task;
use crate::base::clock::Clock;
use crate::base::config::{ArmMemory, Config};
use crate::base::exit::{Error, Result};
use crate::base::home::Home;
use crate::base::store::{OpenOptions, Read, Store};
use crate::creature::{Genome, Persona, Unlocks, notebooks};
use crate::mind::Prompt;
use crate::wisdom::episodes::situation_key;
use crate::wisdom::recall;
use crate::world::prompt::{self, Tail};

/// The cue that closes every battery prompt.
pub fn cue(task: &Task) -> String {
    format!(
        "## Question\n{}\n\n## Your answer (one JSON object)\n",
        task.prompt.trim()
    )
}

/// A creature as an arm sees it.
struct Seen {
    persona: Persona,
    genome: Genome,
    unlocks: Unlocks,
    plan: Option<String>,
}

/// Builds the prompts of a run, taking the live copy on first use.
pub struct ArmContexts<'a> {
    home: &'a Home,
    config: &'a Config,
    clock: &'a Clock,
    wait: std::time::Duration,
    fixture: Option<Seen>,
    live: Option<Live>,
}

/// The live copy: its directory (removed on drop), the open copy, and what it holds.
struct Live {
    _dir: tempfile::TempDir,
    store: Store,
    seen: Seen,
}

impl<'a> ArmContexts<'a> {
    pub fn new(
        home: &'a Home,
        config: &'a Config,
        clock: &'a Clock,
        wait: std::time::Duration,
    ) -> Self {
        ArmContexts {
            home,
            config,
            clock,
            wait,
            fixture: None,
            live: None,
        }
    }

    /// The prompt of `task` on `arm`.
    pub fn prompt(&mut self, task: &Task, arm: &ArmSpec) -> Result<Prompt> {
        let cue = cue(task);
        let (seen, before_you_act) = match arm.memory {
            ArmMemory::None => {
                if self.fixture.is_none() {
                    self.fixture = Some(self.read_fixture()?);
                }
                (self.fixture.as_ref(), None)
            }
            ArmMemory::Live => {
                if self.live.is_none() {
                    self.live = Some(self.copy_live()?);
                }
                let block = match &self.live {
                    Some(live) => self.recall(live, task)?,
                    None => None,
                };
                (self.live.as_ref().map(|l| &l.seen), block)
            }
        };
        let seen = seen.ok_or_else(|| Error::internal("curve context missing"))?;
        let tail = Tail {
            tick: seen.persona.ticks + 1,
            plan: seen.plan.clone(),
            stream: &[],
            before_you_act,
            cue: &cue,
            ..Default::default()
        };
        Ok(prompt::build(
            &seen.persona,
            seen.genome.morph,
            &seen.unlocks,
            &tail,
            &self.config.context,
        ))
    }

    /// The fixture: this creature's body with a newborn's empty memory.
    fn read_fixture(&self) -> Result<Seen> {
        let store = self.home.open(self.wait, "curve run", self.clock)?;
        let rx = store.read()?;
        let genome: Genome = rx.singleton()?;
        let (unlocks, _) = rx.singleton_or_default::<Unlocks>()?;
        let persona = Persona::newborn(&genome.name, genome.born_at);
        Ok(Seen {
            persona,
            genome,
            unlocks,
            plan: None,
        })
    }

    /// Copies the live store (holding its lock, so no writer is mid-commit) and reads the
    /// copy. Recall against the copy can record its bets there; the live store never changes.
    /// The "Before you act" block of the live copy for a task, recall on whatever the flag.
    fn recall(&self, live: &Live, task: &Task) -> Result<Option<String>> {
        let mut config = self.config.clone();
        config.wisdom.recall_enabled = true;
        let situation = situation_key(None, Some(&task.prompt));
        let memory = crate::memory::Memory::from_config(&config.embed)?;
        let view = recall::view(&live.store.read()?, &config, &memory, &situation)?;
        Ok(view.block.map(|b| b.text))
    }

    fn copy_live(&self) -> Result<Live> {
        let dir = tempfile::tempdir()
            .map_err(|e| Error::io(format!("making a temporary directory: {e}")))?;
        let copy: PathBuf = dir.path().join("wis.redb");
        {
            let _held =
                self.home
                    .open(self.wait, "curve run (copying the live store)", self.clock)?;
            std::fs::copy(self.home.store_path(), &copy).map_err(|e| Error::io_at(&copy, e))?;
        }
        let opts = OpenOptions {
            wait: self.wait,
            command: "curve run".into(),
            now: self.clock.now(),
        };
        let store = Store::open(&copy, &opts)?;
        let rx = store.read()?;
        let seen = Seen {
            persona: rx.singleton()?,
            genome: rx.singleton()?,
            unlocks: rx.singleton_or_default::<Unlocks>()?.0,
            plan: rx
                .get::<notebooks::Notebook>(notebooks::PLAN)?
                .map(|b| b.render()),
        };
        drop(rx);
        Ok(Live {
            _dir: dir,
            store,
            seen,
        })
    }
}
