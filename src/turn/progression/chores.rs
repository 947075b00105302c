//! Work a tick boundary needs done with the store closed: the organ probes for units earned
//! and not yet granted, the shell checks of predictions that are due, and the one delegated
//! job that is out. The first phase plans them from its snapshot; the second runs them while
//! the model is asked; the last settles them.

use std::collections::BTreeMap;
use std::path::Path;

use super::milestone::wanted_probes;
use crate::base::config::Config;
use crate::base::exit::Result;
use crate::base::store::Read;
use crate::creature::Outcome;
use crate::creature::expectations::{self, CHECKS_PER_TICK, Check};
use crate::creature::{Persona, Unlocks};
use crate::world::delegate::{self, Worked};
use crate::world::organs::{self, Organ, Probe};
use crate::world::sandbox::{self, Limits};

/// What to do with the store closed.
#[derive(Debug, Clone, Default)]
pub struct Chores {
    pub probes: Vec<Organ>,
    /// Due shell checks: (ledger number, command).
    pub checks: Vec<(u64, String)>,
    /// The delegated job that is out: (job number, task).
    pub job: Option<(u64, String)>,
}

/// What they came to.
#[derive(Debug, Default)]
pub struct ChoresDone {
    pub probes: BTreeMap<Organ, Probe>,
    pub checks: Vec<(u64, Outcome)>,
    pub job: Option<(u64, Worked)>,
}

impl Chores {
    /// Plans the chores of tick `tick` from the first phase's snapshot.
    pub fn plan(rx: &impl Read, persona: &Persona, unlocks: &Unlocks, tick: u64) -> Result<Chores> {
        let checks = expectations::due(rx, tick)?
            .into_iter()
            .filter_map(|(seq, e)| match e.check {
                Check::Shell { command } => Some((seq, command)),
                _ => None,
            })
            .take(CHECKS_PER_TICK)
            .collect();
        Ok(Chores {
            probes: wanted_probes(rx, persona, unlocks)?,
            checks,
            job: delegate::out(rx)?.map(|(seq, d)| (seq, d.task)),
        })
    }

    /// Runs them; bounded by the probe timeout, the sandbox timeout and the model timeout.
    pub fn run(&self, config: &Config, workspace: &Path) -> ChoresDone {
        let limits = Limits::from_organs(&config.organs);
        ChoresDone {
            probes: self
                .probes
                .iter()
                .map(|o| (*o, organs::probe(*o, &config.organs)))
                .collect(),
            checks: self
                .checks
                .iter()
                .map(|(seq, command)| (*seq, sandbox::run_command(command, workspace, &limits)))
                .collect(),
            job: self
                .job
                .as_ref()
                .map(|(seq, task)| (*seq, delegate::work(task, config))),
        }
    }
}
