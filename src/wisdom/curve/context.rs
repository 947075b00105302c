//! What one battery task is shown on one arm. Every arm sees the same layout
//! ([`super::layout`]) and differs only in memory: `none` remembers nothing; `live` is a
//! read-only copy of the live store, taken once per run, from which each task gets its
//! verified precedents (situational recall, with the task's question as the current step)
//! and the memories that answer it (recall by the question's text); `raw` is the same copy's
//! most recent episodes, verbatim, newest nearest the question. Both take at most
//! [`MEMORY_CHARS`] characters of remembered lines. Nothing is written to the live store.
//!
//! Every line shown is named in the result ([`ShownMemory`]), so a reader can see which
//! memory, of which provenance, a scored answer came from.

use std::path::PathBuf;

use super::arms::ArmSpec;
use super::battery::Task;
use super::layout::{self, MEMORY_CHARS, Remembered};
use super::result::ShownMemory;
use crate::base::clock::Clock;
use crate::base::config::{ArmMemory, Config};
use crate::base::exit::{Error, Result};
use crate::base::home::Home;
use crate::base::store::{OpenOptions, Read, Store};
use crate::memory::Memory;
use crate::mind::Prompt;
use crate::wisdom::episodes::{Episode, situation_key};
use crate::wisdom::recall;
use crate::wisdom::recall::situation::situation_text;

/// Most verified precedents shown above one question.
pub const PRECEDENTS: usize = 1;

/// A task's prompt on one arm, and the memories it shows (in the prompt's order).
#[derive(Debug, Clone)]
pub struct TaskPrompt {
    pub prompt: Prompt,
    pub shown: Vec<ShownMemory>,
}

impl TaskPrompt {
    /// A prompt that shows nothing remembered.
    pub fn bare(prompt: Prompt) -> TaskPrompt {
        TaskPrompt {
            prompt,
            shown: Vec::new(),
        }
    }
}

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

    /// The prompt of `task` on `arm`, and what it shows remembered.
    pub fn prompt(&mut self, task: &Task, arm: &ArmSpec) -> Result<TaskPrompt> {
        let (remembered, shown) = match arm.memory {
            ArmMemory::None => (Remembered::default(), Vec::new()),
            ArmMemory::Live | ArmMemory::Raw => {
                if self.live.is_none() {
                    self.live = Some(self.copy_live()?);
                }
                let Some(live) = &self.live else {
                    return Err(Error::internal("curve: the live copy is missing"));
                };
                if arm.memory == ArmMemory::Raw {
                    raw(live)?
                } else {
                    self.remembered(live, task)?
                }
            }
        };
        Ok(TaskPrompt {
            prompt: layout::prompt(&task.prompt, &remembered),
            shown,
        })
    }

    /// What the live copy remembers for a task: recall on whatever the flag.
    fn remembered(&self, live: &Live, task: &Task) -> Result<(Remembered, Vec<ShownMemory>)> {
        let mut config = self.config.clone();
        config.wisdom.recall_enabled = true;
        let rx = live.store.read()?;
        let situation = situation_key(None, Some(&task.prompt));
        let view = recall::view(&rx, &config, &live.memory, &situation)?;
        let mut shown = Vec::new();
        let mut precedents = Vec::new();
        for case in view
            .lookup
            .cases
            .iter()
            .filter(|c| c.sim >= config.wisdom.recall_min_sim)
        {
            if precedents.len() == PRECEDENTS {
                break;
            }
            let Some(action) = case.track.action.clone() else {
                continue;
            };
            let asked = situation_text(&case.situation);
            shown.push(ShownMemory::new(
                "precedent",
                case.track.last_success_tick.unwrap_or(case.track.last_tick),
                "case",
                "experienced",
                &format!("Q: {asked} A: {action}"),
            ));
            precedents.push((asked, action));
        }
        let used: usize = precedents
            .iter()
            .map(|(q, a)| q.chars().count() + a.chars().count() + 10)
            .sum();
        let known = recall::prose::known(
            &rx,
            &live.memory,
            &task.prompt,
            MEMORY_CHARS.saturating_sub(used),
        )?;
        // Rendered best last, nearest the question.
        for k in known.iter().rev() {
            shown.push(ShownMemory::new(
                "engram",
                k.engram.0,
                k.kind.as_str(),
                k.provenance.as_str(),
                &k.line(),
            ));
        }
        let facts = known.iter().map(|k| k.line()).collect();
        Ok((Remembered { precedents, facts }, shown))
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

/// The raw arm's memory: the newest episodes of the live copy, each its summary verbatim (what
/// was done and what the world showed), as many as fit in [`MEMORY_CHARS`], newest nearest
/// the question.
fn raw(live: &Live) -> Result<(Remembered, Vec<ShownMemory>)> {
    let rx = live.store.read()?;
    let mut facts = Vec::new();
    let mut ids = Vec::new();
    let mut used = 0;
    for (seq, episode) in rx.ring::<Episode>(Some(256))?.into_iter().rev() {
        let line = episode
            .summary
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let cost = crate::world::prompt::known_line(&line).chars().count();
        if used + cost > MEMORY_CHARS {
            break;
        }
        used += cost;
        facts.push(line);
        ids.push(seq);
    }
    // `facts` is newest first, which the layout renders newest last.
    let shown = facts
        .iter()
        .zip(&ids)
        .rev()
        .map(|(line, seq)| ShownMemory::new("episode", *seq, "episode", "experienced", line))
        .collect();
    Ok((
        Remembered {
            precedents: Vec::new(),
            facts,
        },
        shown,
    ))
}
