//! What the history knows: every watched file as last seen (its stat, the copy of its content,
//! whether the creature has read it since it last changed) and the versions kept, oldest
//! first. Each change is made through a method that also writes it into the pending
//! [`Batch`], the journal's next record, and keeps the count of references to every copy, so
//! a copy nothing refers to any more is known at once.

use std::collections::{BTreeMap, HashMap, VecDeque};

use serde::{Deserialize, Serialize};

pub use super::version::{By, NotKept, Sha, Version, What};

/// A workspace-relative path, as bytes (a name need not be UTF-8).
pub type RelPath = Vec<u8>;

/// A watched file as last seen.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Seen {
    pub size: u64,
    pub mtime_ns: i64,
    pub ino: u64,
    /// The copy of its content, when one is kept.
    pub blob: Option<Sha>,
    pub not_kept: Option<NotKept>,
    /// The creature read it (`read_file`, or a command naming it), or made it, since it last
    /// changed.
    pub known: bool,
}

/// One record of the journal: the changes of one save, applied in order.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Batch {
    pub generation: u64,
    pub changes: Vec<Change>,
}

/// One change to the state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Change {
    Seen(#[serde(with = "serde_bytes")] RelPath, Seen),
    Forget(#[serde(with = "serde_bytes")] RelPath),
    Version(Version),
    Evict(u64),
    /// The last full look stopped at the bound on entries (`None`: it saw everything).
    Bound(Option<Bound>),
}

/// Where a full look stopped.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bound {
    pub tick: u64,
    /// Entries looked at.
    pub looked: u64,
    /// The last path looked at, in name order.
    #[serde(with = "serde_bytes")]
    pub last: RelPath,
}

/// The whole state, as the index file holds it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub generation: u64,
    pub next_id: u64,
    pub seen: BTreeMap<serde_bytes::ByteBuf, Seen>,
    pub versions: VecDeque<Version>,
    pub bound: Option<Bound>,
    /// References to each copy, and its size; rebuilt on load, never stored.
    #[serde(skip)]
    refs: HashMap<Sha, (u64, u32)>,
    /// Bytes of the copies referred to.
    #[serde(skip)]
    bytes: u64,
    #[serde(skip)]
    pending: Vec<Change>,
}

impl State {
    /// Rebuilds the reference counts after decoding.
    pub fn counted(mut self) -> State {
        self.refs.clear();
        self.bytes = 0;
        let seen: Vec<(Sha, u64)> = self
            .seen
            .values()
            .filter_map(|s| s.blob.map(|b| (b, s.size)))
            .collect();
        let kept: Vec<(Sha, u64)> = self
            .versions
            .iter()
            .filter_map(|v| v.blob.map(|b| (b, v.size)))
            .collect();
        for (blob, size) in seen.into_iter().chain(kept) {
            self.hold(blob, size);
        }
        self
    }

    fn hold(&mut self, blob: Sha, size: u64) {
        let r = self.refs.entry(blob).or_insert((size, 0));
        if r.1 == 0 {
            self.bytes += r.0;
        }
        r.1 += 1;
    }

    fn release(&mut self, blob: Sha) {
        if let Some(r) = self.refs.get_mut(&blob)
            && r.1 > 0
        {
            r.1 -= 1;
            if r.1 == 0 {
                self.bytes -= r.0;
            }
        }
    }

    /// Whether a copy is referred to now.
    pub fn holds(&self, blob: &Sha) -> bool {
        self.refs.get(blob).is_some_and(|r| r.1 > 0)
    }

    /// Copies nothing refers to any more (to remove once the state is saved).
    pub fn unreferenced(&self) -> Vec<Sha> {
        self.refs
            .iter()
            .filter(|(_, r)| r.1 == 0)
            .map(|(b, _)| *b)
            .collect()
    }

    /// Forgets the copies [`State::unreferenced`] named (after they were removed).
    pub fn drop_unreferenced(&mut self) {
        self.refs.retain(|_, r| r.1 > 0);
    }

    /// Bytes of the copies referred to.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    pub fn get(&self, path: &[u8]) -> Option<&Seen> {
        self.seen.get(serde_bytes::Bytes::new(path))
    }

    /// The changes made since the last [`State::take_pending`].
    pub fn take_pending(&mut self) -> Vec<Change> {
        std::mem::take(&mut self.pending)
    }

    pub fn dirty(&self) -> bool {
        !self.pending.is_empty()
    }

    /// Applies one change, recording it for the journal.
    pub fn apply(&mut self, change: Change) {
        self.apply_quietly(change.clone());
        self.pending.push(change);
    }

    /// Applies one change read back from the journal.
    pub fn apply_quietly(&mut self, change: Change) {
        match change {
            Change::Seen(path, seen) => {
                if let Some(blob) = seen.blob {
                    self.hold(blob, seen.size);
                }
                let old = self.seen.insert(serde_bytes::ByteBuf::from(path), seen);
                if let Some(blob) = old.and_then(|o| o.blob) {
                    self.release(blob);
                }
            }
            Change::Forget(path) => {
                if let Some(blob) = self
                    .seen
                    .remove(serde_bytes::Bytes::new(&path))
                    .and_then(|o| o.blob)
                {
                    self.release(blob);
                }
            }
            Change::Version(v) => {
                if let Some(blob) = v.blob {
                    self.hold(blob, v.size);
                }
                self.next_id = self.next_id.max(v.id + 1);
                self.versions.push_back(v);
            }
            Change::Evict(id) => {
                if let Some(i) = self.versions.iter().position(|v| v.id == id)
                    && let Some(v) = self.versions.remove(i)
                    && let Some(blob) = v.blob
                {
                    self.release(blob);
                }
            }
            Change::Bound(bound) => self.bound = bound,
        }
    }
}
