//! What one battery task is shown on one arm. Every arm sees the same layout
//! ([`super::layout`]) and differs only in memory: `none` remembers nothing; `live` is a
//! read-only copy of the live store, taken once per run, from which each task gets its
//! verified precedents (situational recall, with the task's question as the current step)
//! and the memories that answer it (recall by the question's text). Nothing is written to
//! the live store.

use std::path::PathBuf;

use super::arms::ArmSpec;
use super::battery::Task;
use super::layout::{self, Remembered};
use crate::base::clock::Clock;
use crate::base::config::{ArmMemory, Config};
use crate::base::exit::{Error, Result};
use crate::base::home::Home;
use crate::base::store::{OpenOptions, Store};
use crate::memory::Memory;
use crate::mind::Prompt;
use crate::wisdom::episodes::situation_key;
use crate::wisdom::recall;
use crate::wisdom::recall::situation::situation_text;

/// Most verified precedents shown above one question.
pub const PRECEDENTS: usize = 1;

/// Builds the prompts of a run, taking the live copy on first use.
pub struct ArmContexts<'a> {
    home: &'a Home,
    config: &'a Config,
    clock: &'a Clock,
    wait: std::time::Duration,
    live: Option<Live>,
}

/// The live copy: its directory (removed on drop), the open copy, and its memory.
struct Live {
    _dir: tempfile::TempDir,
    store: Store,
    memory: Memory,
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
            live: None,
        }
    }

    /// The prompt of `task` on `arm`.
    pub fn prompt(&mut self, task: &Task, arm: &ArmSpec) -> Result<Prompt> {
        let remembered = match arm.memory {
            ArmMemory::None => Remembered::default(),
            ArmMemory::Live => {
                if self.live.is_none() {
                    self.live = Some(self.copy_live()?);
                }
                match &self.live {
                    Some(live) => self.remembered(live, task)?,
                    None => return Err(Error::internal("curve: the live copy is missing")),
                }
            }
        };
        Ok(layout::prompt(&task.prompt, &remembered))
    }

    /// What the live copy remembers for a task: recall on whatever the flag.
    fn remembered(&self, live: &Live, task: &Task) -> Result<Remembered> {
        let mut config = self.config.clone();
        config.wisdom.recall_enabled = true;
        let rx = live.store.read()?;
        let situation = situation_key(None, Some(&task.prompt));
        let view = recall::view(&rx, &config, &live.memory, &situation)?;
        let precedents = view
            .lookup
            .cases
            .iter()
            .filter(|c| c.sim >= config.wisdom.recall_min_sim)
            .filter_map(|c| Some((situation_text(&c.situation), c.track.action.clone()?)))
            .take(PRECEDENTS)
            .collect();
        let facts = recall::prose::known(&rx, &live.memory, &task.prompt, usize::MAX)?
            .into_iter()
            .map(|k| k.body)
            .collect();
        Ok(Remembered { precedents, facts })
    }

    /// Copies the live store (holding its lock, so no writer is mid-commit) and opens the
    /// copy. Recall against the copy can record what it reads there; the live store never
    /// changes.
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
        let memory = Memory::from_config(&self.config.embed)?;
        Ok(Live {
            _dir: dir,
            store,
            memory,
        })
    }
}
