//! Memory's own bookkeeping (`wis.memory.v1`): the next engram id, the counts per tier that
//! the caps are checked against, and what the Qdrant mirror is known to hold.
//!
//! The counts are kept so a write never has to count; they are rebuilt from the vector rows
//! when the document is missing or damaged (failing open, WIS8), so they can always be
//! trusted to match the store.

use serde::{Deserialize, Serialize};

use super::engram::{EngramId, Kind, Tier};
use super::vector::Vector;
use crate::base::clock::Millis;
use crate::base::exit::{Error, Result};
use crate::base::store::{Doc, Layout, Read, SINGLETON_KEY, Tx};
use crate::doc;

/// Most active engrams. Recall scans every active vector each time it is asked (exact
/// top-k), so this bounds the cost of a tick's recall: at the default 256 dimensions,
/// 100,000 vectors are 100 MB of floats and one scan measures in tens of milliseconds (see
/// `benches/recall.rs`). At the cap the weakest are archived, never deleted.
pub const ACTIVE_CAP: u64 = 100_000;

/// Most engrams in all (active and archive): the bound on the store (WIS8). At one new
/// engram a minute it takes about two years to reach; past it, new engrams are refused
/// with an error that says so, and nothing already remembered is lost.
pub const TOTAL_CAP: u64 = 1_000_000;

/// The caps a write checks against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Caps {
    pub active: u64,
    pub total: u64,
}

impl Caps {
    pub const DEFAULT: Caps = Caps {
        active: ACTIVE_CAP,
        total: TOTAL_CAP,
    };

    /// How many engrams go to the archive when the active tier is full: the weakest 1%
    /// (at least one), so that the scan that finds them is paid once per hundredth of the
    /// cap rather than on every write.
    pub fn archive_batch(&self) -> u64 {
        (self.active / 100).max(1)
    }
}

impl Default for Caps {
    fn default() -> Self {
        Caps::DEFAULT
    }
}

/// What the Qdrant mirror is known to hold.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MirrorMark {
    pub collection: String,
    /// The embedding space whose vectors it holds.
    pub space: u64,
    /// True while every vector of that space in the store is in the collection, with its
    /// current payload. Any write that could not reach Qdrant clears it; only
    /// `wis memory mirror --rebuild` (or a first write into an empty store) sets it.
    pub synced: bool,
    pub at: Millis,
}

/// Memory's bookkeeping.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct MemoryState {
    pub next_id: u64,
    pub active: u64,
    pub archived: u64,
    #[serde(default)]
    pub mirror: Option<MirrorMark>,
    /// Sleeps whose consolidation reported on this memory (U1 is earned by the first).
    #[serde(default)]
    pub consolidations: u64,
    /// The ids of the newest value engrams (at most [`VALUES_KEPT`], oldest first), kept so a
    /// tick finds the creature's standing values without scanning memory
    /// ([`super::standing`]). `None` in a store from before it was kept: a reader scans the
    /// vector rows instead, and the next write of memory fills it in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub values: Option<Vec<EngramId>>,
}

/// Most value engram ids [`MemoryState::values`] keeps (the newest).
pub const VALUES_KEPT: usize = 64;

doc!(MemoryState, "wis.memory", 1, Layout::Singleton);

impl MemoryState {
    /// The state, rebuilt from the vector rows when missing or damaged.
    pub fn load(rx: &impl Read) -> Result<MemoryState> {
        match rx.get::<MemoryState>(SINGLETON_KEY) {
            Ok(Some(state)) => Ok(state),
            Ok(None) | Err(_) => MemoryState::recount(rx),
        }
    }

    /// Counts from the vector rows (every engram has one), and the value engrams among them.
    pub fn recount(rx: &impl Read) -> Result<MemoryState> {
        let mut state = MemoryState::default();
        let mut values = Vec::new();
        for (key, bytes) in rx.keyed_all_raw(Vector::SCHEMA)? {
            let row: Vector = crate::base::store::decode(&bytes).map_err(|e| {
                Error::data(format!("store document {} `{key}`: {e}", Vector::SCHEMA))
            })?;
            match row.tier {
                Tier::Active => state.active += 1,
                Tier::Archive => state.archived += 1,
            }
            if row.kind == Kind::Value {
                values.push(row.id);
            }
            state.next_id = state.next_id.max(row.id.0 + 1);
        }
        state.values = Some(newest(values));
        Ok(state)
    }

    /// The value engram ids, oldest first: as kept, or (in a store from before they were
    /// kept) from the vector rows.
    pub fn value_ids(&self, rx: &impl Read) -> Result<Vec<EngramId>> {
        match &self.values {
            Some(ids) => Ok(ids.clone()),
            None => Ok(MemoryState::recount(rx)?.values.unwrap_or_default()),
        }
    }

    /// Keeps `id`, a new value engram, among [`MemoryState::values`] (filling the list in
    /// first if this store did not keep it yet).
    pub fn keep_value(&mut self, rx: &impl Read, id: EngramId) -> Result<()> {
        let mut ids = self.value_ids(rx)?;
        ids.push(id);
        self.values = Some(newest(ids));
        Ok(())
    }

    pub fn save(&self, tx: &mut Tx) -> Result<()> {
        if self.values.is_none() {
            // Filled in on the first write, so a reader never scans again.
            let mut state = self.clone();
            state.values = Some(state.value_ids(tx)?);
            return tx.set(&state);
        }
        tx.set(self)
    }

    pub fn total(&self) -> u64 {
        self.active + self.archived
    }

    /// Takes the next id (ids start at 1).
    pub fn take_id(&mut self) -> EngramId {
        self.next_id = self.next_id.max(1);
        let id = EngramId(self.next_id);
        self.next_id += 1;
        id
    }

    /// Whether the mirror holds every vector of `space` in `collection`.
    pub fn mirror_synced(&self, collection: &str, space: u64) -> bool {
        self.mirror
            .as_ref()
            .is_some_and(|m| m.synced && m.collection == collection && m.space == space)
    }

    /// Records that a write did not reach the mirror.
    pub fn mirror_behind(&mut self) {
        if let Some(m) = &mut self.mirror {
            m.synced = false;
        }
    }
}

/// The newest [`VALUES_KEPT`] of `ids`, oldest first, each once.
fn newest(mut ids: Vec<EngramId>) -> Vec<EngramId> {
    ids.sort();
    ids.dedup();
    let cut = ids.len().saturating_sub(VALUES_KEPT);
    ids.split_off(cut)
}
