//! The keeper's side of the workspace's history (design §3.7): what is kept, path by path or
//! version by version (`wis workspace history`), and a version put back (`wis workspace
//! restore`), between turns: a restore is refused (75) while a turn is in flight and holds the
//! store while it works, so no turn starts until the file is back.

use std::os::unix::ffi::OsStrExt;
use std::time::Duration;

use serde::Serialize;

use crate::base::clock::{Clock, Millis};
use crate::base::config::Config;
use crate::base::exit::{Error, Result};
use crate::base::home::Home;
use crate::turn::between::between;
use crate::world::history::{Caps, History, Restored, Version, shown};
use crate::world::paths::{self, PathError};

/// One path with versions kept.
#[derive(Debug, Clone, Serialize)]
pub struct PathSummary {
    pub path: String,
    pub versions: usize,
    /// The newest version: its tick, what befell the file, and who did it.
    pub last_tick: u64,
    pub last: String,
    pub by: String,
}

/// One version, as the keeper reads it.
#[derive(Debug, Clone, Serialize)]
pub struct VersionShown {
    pub id: u64,
    pub path: String,
    pub tick: u64,
    pub at: Millis,
    pub what: String,
    pub by: String,
    pub size: u64,
    /// The copy's SHA-256, when one is kept.
    pub sha256: Option<String>,
    pub kept: bool,
    /// Why no copy is kept.
    pub not_kept: Option<String>,
    /// Where a moved file went.
    pub to: Option<String>,
}

impl VersionShown {
    pub fn of(v: &Version) -> VersionShown {
        VersionShown {
            id: v.id,
            path: shown(&v.path),
            tick: v.tick,
            at: v.at,
            what: v.what.as_str().to_string(),
            by: v.by.shown(),
            size: v.size,
            sha256: v.blob.map(|b| b.hex()),
            kept: v.blob.is_some(),
            not_kept: v.not_kept.map(|n| n.as_str().to_string()),
            to: v.to.as_deref().map(shown),
        }
    }
}

/// What the history holds, for the keeper.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Kept {
    /// Every path with versions, or the one asked for, oldest version first.
    pub versions: Vec<VersionShown>,
    /// Bytes of copies kept (earlier versions and the files as last seen).
    pub bytes: u64,
    /// Files watched.
    pub watched: usize,
    /// The last look at the whole workspace stopped at its bound: (entries looked at, the last
    /// path looked at).
    pub bounded: Option<(u64, String)>,
}

impl Kept {
    /// The paths with versions, most recently changed first.
    pub fn paths(&self) -> Vec<PathSummary> {
        let mut by_path: Vec<PathSummary> = Vec::new();
        for v in &self.versions {
            match by_path.iter_mut().find(|p| p.path == v.path) {
                Some(p) => {
                    p.versions += 1;
                    (p.last_tick, p.last, p.by) = (v.tick, v.what.clone(), v.by.clone());
                }
                None => by_path.push(PathSummary {
                    path: v.path.clone(),
                    versions: 1,
                    last_tick: v.tick,
                    last: v.what.clone(),
                    by: v.by.clone(),
                }),
            }
        }
        by_path.sort_by(|a, b| b.last_tick.cmp(&a.last_tick).then(a.path.cmp(&b.path)));
        by_path
    }
}

fn io(e: std::io::Error) -> Error {
    let code = e.kind();
    let err = Error::io(format!("the workspace's history: {e}")).with_source(e);
    match code {
        std::io::ErrorKind::InvalidData => Error::data(err.message)
            .hint("the history's index is damaged: move <home>/history aside to start a new one"),
        _ => err,
    }
}

fn open(home: &Home, config: &Config) -> Result<History> {
    History::open(
        &home.workspace(),
        &home.history_dir(),
        Caps::of(&config.workspace),
    )
    .map_err(io)
}

/// The path the keeper named, as the history keys it.
fn rel_of(home: &Home, path: &str) -> Result<Vec<u8>> {
    match paths::confine(&home.workspace(), path) {
        Ok(c) => Ok(c.rel.as_os_str().as_bytes().to_vec()),
        Err(PathError::Workspace(m)) => Err(Error::no_input(m).hint("is there a creature here?")),
        Err(PathError::Denied(m) | PathError::Invalid(m)) => Err(Error::usage(m)
            .hint("name a path inside the workspace, as `wis workspace history` lists it")),
    }
}

/// What the history holds: every version, or those of `path` (66 when it has none).
pub fn kept(home: &Home, config: &Config, path: Option<&str>) -> Result<Kept> {
    if !home.history_dir().exists() {
        return match path {
            Some(p) => Err(no_history(p)),
            None => Ok(Kept::default()),
        };
    }
    let history = open(home, config)?;
    let state = history.state();
    let versions: Vec<VersionShown> = match path {
        None => state.versions.iter().map(VersionShown::of).collect(),
        Some(p) => {
            let rel = rel_of(home, p)?;
            let mine: Vec<VersionShown> = history
                .versions_of(&rel)
                .into_iter()
                .map(VersionShown::of)
                .collect();
            if mine.is_empty() {
                return Err(no_history(p));
            }
            mine
        }
    };
    Ok(Kept {
        versions,
        bytes: state.bytes(),
        watched: state.seen.len(),
        bounded: state.bound.as_ref().map(|b| (b.looked, shown(&b.last))),
    })
}

fn no_history(path: &str) -> Error {
    Error::no_input(format!("no earlier version of {path} is kept"))
        .hint("`wis workspace history` lists every path with versions")
}

/// Puts `path` back as it was when tick `at` began (or as its latest version held it),
/// between turns.
pub fn restore(
    home: &Home,
    config: &Config,
    clock: &Clock,
    wait: Duration,
    path: &str,
    at: Option<u64>,
) -> Result<Restored> {
    let store = home.open(wait, "workspace restore", clock)?;
    let mut tx = store.write()?;
    let now = clock.now();
    let b = between(&mut tx, config, now, "a restore comes between turns")?;
    if !home.history_dir().exists() {
        return Err(no_history(path));
    }
    let mut history = open(home, config)?;
    // The store stays held until the file is back: no turn starts meanwhile.
    let restored = history.restore(&home.workspace(), path, at, b.persona.ticks, now);
    drop(tx);
    drop(store);
    restored
}
