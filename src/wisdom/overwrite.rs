//! Overwrite scars (design §3.7, `[wisdom] overwrite_scars_enabled`): a file the creature wrote
//! over or deleted without reading it first (no `read_file` of it, no command naming it, since
//! it last changed) is a scar it can learn from. Each becomes a `scar` engram of provenance
//! `experienced`, naming the episode, the tick and the file, and a System line in the stream.
//! The workspace's history kept the earlier words, so the line says they are kept.

use crate::base::clock::Millis;
use crate::base::exit::Result;
use crate::base::store::Tx;
use crate::creature::stream::{StreamLine, Voice};
use crate::memory::{Kind, LazyMemory, NewEngram, Provenance};
use crate::world::history::{Changed, What, shown};

/// Most scars one action leaves (a command that deletes a folder leaves one line for the rest).
pub const SCARS_PER_ACTION: usize = 3;
/// Longest path a scar names.
const PATH_CHARS: usize = 120;

/// The changes that are scars: the creature's own, destroying what it had not read.
pub fn scars(changes: &[Changed]) -> Vec<&Changed> {
    changes
        .iter()
        .filter(|c| c.unread && c.version.by.creature() && c.version.what.destroys())
        .collect()
}

fn path_of(c: &Changed) -> String {
    let path = shown(&c.version.path);
    if path.chars().count() <= PATH_CHARS {
        return path;
    }
    let cut: String = path.chars().take(PATH_CHARS - 1).collect();
    format!("{cut}…")
}

/// Writes the scars of `changes` (an action of tick `tick`, recorded as `episode`) into memory
/// and the stream; returns the stream's lines.
pub fn record(
    tx: &mut Tx<'_>,
    memory: &LazyMemory<'_>,
    changes: &[Changed],
    episode: Option<u64>,
    tick: u64,
    now: Millis,
) -> Result<Vec<String>> {
    let scars = scars(changes);
    let mut lines = Vec::new();
    for c in scars.iter().take(SCARS_PER_ACTION) {
        let path = path_of(c);
        let (did, verb) = match c.version.what {
            What::Deleted => ("deleted", "deleting"),
            _ => ("wrote over", "writing over"),
        };
        let body = format!(
            "At tick {tick} I {did} {path} ({} bytes, with {}) without reading it first. Its \
             earlier words are kept in the workspace's history; read a file before {verb} it.",
            c.version.size,
            c.version.by.shown()
        );
        let mut scar = NewEngram::new(Kind::Scar, body, Provenance::Experienced)
            .source(format!("tick:{tick}"))
            .source(format!("file:{path}"));
        if let Some(n) = episode {
            scar = scar.source(format!("episode:{n}"));
        }
        let id = memory.get()?.remember(tx, scar, now)?;
        let line = format!(
            "{path} was {} without being read first; its earlier words are kept ({id})",
            match c.version.what {
                What::Deleted => "deleted",
                _ => "written over",
            }
        );
        lines.push(line);
    }
    if scars.len() > SCARS_PER_ACTION {
        lines.push(format!(
            "{} more files were changed without being read first; their earlier words are kept",
            scars.len() - SCARS_PER_ACTION
        ));
    }
    for line in &lines {
        tx.push(&StreamLine::new(tick, now, Voice::System, line.clone()))?;
    }
    Ok(lines)
}
