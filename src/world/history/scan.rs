//! A look at the whole workspace: every regular file with its stat, depth first in name order,
//! never following a symbolic link, stopping after a bounded number of entries. What lies past
//! the bound (in that order), or inside a folder that could not be listed, is out of view: it
//! is neither new nor gone, only not looked at this time.

use std::cmp::Ordering;
use std::collections::{BTreeMap, HashSet};
use std::ffi::OsString;
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

use super::disk::{Disk, Kind, Root, Stat};
use super::state::RelPath;

/// What one look saw.
#[derive(Debug, Default)]
pub struct Look {
    /// Every regular file in view.
    pub files: BTreeMap<RelPath, Stat>,
    /// Names in view that are something else (a folder, a link, a FIFO).
    pub others: HashSet<RelPath>,
    /// Folders that could not be listed.
    pub blind: Vec<RelPath>,
    /// Entries looked at.
    pub looked: u64,
    /// The last entry looked at, when the look stopped at its bound.
    pub stopped_at: Option<RelPath>,
}

impl Look {
    /// Whether `path` was in view: not past the bound, not inside a folder that hid it.
    pub fn sees(&self, path: &[u8]) -> bool {
        let past = self
            .stopped_at
            .as_deref()
            .is_some_and(|last| walk_order(path, last) == Ordering::Greater);
        let hidden = self
            .blind
            .iter()
            .any(|dir| path.starts_with(dir) && path.get(dir.len()) == Some(&b'/'));
        !past && !hidden
    }
}

/// The order a look visits paths in: component by component, each in byte order.
pub fn walk_order(a: &[u8], b: &[u8]) -> Ordering {
    a.split(|&c| c == b'/').cmp(b.split(|&c| c == b'/'))
}

fn join(dir: &[u8], name: &[u8]) -> RelPath {
    let mut path = dir.to_vec();
    if !path.is_empty() {
        path.push(b'/');
    }
    path.extend_from_slice(name);
    path
}

/// Looks at the workspace, at most `max_entries` entries.
pub fn walk(disk: &dyn Disk, max_entries: u64) -> io::Result<Look> {
    let mut look = Look::default();
    // Entries are visited in walk order, so the last one visited is the furthest looked at.
    let mut last: RelPath = Vec::new();
    let mut stack: Vec<(RelPath, std::vec::IntoIter<(OsString, Stat)>)> = Vec::new();
    stack.push((
        Vec::new(),
        sorted(disk.list(Root::Workspace, Path::new(""))?),
    ));
    while let Some((dir, entries)) = stack.last_mut() {
        let Some((name, stat)) = entries.next() else {
            stack.pop();
            continue;
        };
        let path = join(dir, name.as_bytes());
        if look.looked >= max_entries {
            look.stopped_at = Some(last);
            break;
        }
        look.looked += 1;
        last.clone_from(&path);
        match stat.kind {
            Kind::File => {
                look.files.insert(path, stat);
            }
            Kind::Dir => {
                look.others.insert(path.clone());
                match disk.list(
                    Root::Workspace,
                    Path::new(std::ffi::OsStr::from_bytes(&path)),
                ) {
                    Ok(entries) => stack.push((path, sorted(entries))),
                    Err(_) => look.blind.push(path),
                }
            }
            Kind::Other => {
                look.others.insert(path);
            }
        }
    }
    Ok(look)
}

fn sorted(mut entries: Vec<(OsString, Stat)>) -> std::vec::IntoIter<(OsString, Stat)> {
    entries.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    entries.into_iter()
}
