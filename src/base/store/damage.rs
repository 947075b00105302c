//! Reads fail open (WIS8): a document that does not decode never stops the creature.
//!
//! Every read in a transaction that meets undecodable bytes treats them as absent (a ring or
//! keyed read skips the entry, a `get` finds nothing) and notes a [`Damage`] on the
//! transaction. When a write transaction commits, each damaged entry is set aside: its bytes go
//! to the quarantine table with the decode error, and the entry leaves its own table (unless
//! the transaction already wrote a good value in its place), so the damage is met once, not on
//! every read. Singletons also keep a second copy, written with every `set`, that a reader can
//! fall back to ([`super::Read::last_good`]). `wis check` reports what is quarantined and
//! `wis check --repair` moves it out of the store into files.

use redb::{ReadableTable, TableDefinition};
use serde::{Deserialize, Serialize};

use crate::base::clock::Millis;

/// Quarantined bytes, by a sequence key.
pub(crate) const QUARANTINE: TableDefinition<&str, &[u8]> = TableDefinition::new("wis.quarantine");
/// The last copy of each singleton written, by schema id.
pub(crate) const LAST_GOOD: TableDefinition<&str, &[u8]> = TableDefinition::new("wis.last_good");

/// Where a damaged entry was.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    /// A singleton or keyed document, by key.
    Key(String),
    /// A ring entry, by sequence number.
    Seq(u64),
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Place::Key(k) => write!(f, "{k}"),
            Place::Seq(s) => write!(f, "#{s}"),
        }
    }
}

/// A document a read could not decode.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Damage {
    pub schema: &'static str,
    pub place: Place,
    /// Why it does not decode.
    pub error: String,
    pub(crate) bytes: Vec<u8>,
}

/// One quarantined document, as the quarantine table keeps it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Quarantined {
    pub schema: String,
    pub place: Place,
    pub error: String,
    /// When it was set aside.
    pub at: Millis,
    #[serde(with = "serde_bytes")]
    pub bytes: Vec<u8>,
}

/// Keeps one note per damaged entry (a transaction may read the same entry twice).
pub(crate) fn note(list: &mut Vec<Damage>, damage: Damage) {
    if !list
        .iter()
        .any(|d| d.schema == damage.schema && d.place == damage.place)
    {
        list.push(damage);
    }
}

/// The quarantine table's entries, oldest first.
pub(crate) fn read_all(
    t: &impl ReadableTable<&'static str, &'static [u8]>,
) -> crate::base::exit::Result<Vec<(String, Quarantined)>> {
    let mut out = Vec::new();
    let iter = t
        .iter()
        .map_err(|e| crate::base::exit::Error::io(format!("store read: {e}")))?;
    for item in iter {
        let (k, v) = item.map_err(|e| crate::base::exit::Error::io(format!("store read: {e}")))?;
        let q = super::decode::<Quarantined>(v.value()).map_err(|e| {
            crate::base::exit::Error::data(format!(
                "quarantine entry {} does not decode: {e}",
                k.value()
            ))
        })?;
        out.push((k.value().to_string(), q));
    }
    Ok(out)
}
