//! Lineage (design §4.6): a retiring creature's validated corpus published as a heirloom
//! volume, and a newborn's inheritance from one volume or many, discounted and re-earned.
//!
//! [`format`] is the volume contract (`wis.heirloom.v2`, reading v1 too) and [`read`] its
//! strict reader; [`export`] distills a creature into a volume ([`group`]: scars of one
//! pattern become one record); [`merge`] joins many ancestors' volumes
//! (near-duplicates become one item with every ancestor's provenance and the summed evidence,
//! contradictions are kept and flagged); [`import`] plans the inheritance whole and
//! [`inherit`] writes it in the caller's one transaction ([`letter`]: the operator's nuggets
//! beside it); [`life`] tells a life in brief for the header; [`generations`] reads the
//! generational metrics; [`heir`] is what the heir's own world makes of what it inherited
//! (re-earned, contradicted, failed here). What was imported is remembered in [`Lineage`], so
//! a volume is imported once.

pub mod export;
pub mod format;
pub mod generations;
pub mod group;
pub mod heir;
pub mod import;
pub mod inherit;
pub mod letter;
pub mod life;
pub mod merge;
pub mod own;
pub mod parts;
pub mod read;

use serde::{Deserialize, Serialize};

use crate::base::clock::Millis;
use crate::base::store::Layout;
use crate::doc;

/// Most imported volumes the lineage document remembers (the oldest go first).
pub const MAX_ANCESTORS: usize = 256;

/// One imported volume.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ancestor {
    pub volume: String,
    /// SHA-256 of the volume's bytes.
    pub sha256: String,
    /// The volume's header line as it was read (JSON text, so the store never sees JSON
    /// values; [`format::Header`] reads it back).
    pub header: String,
    pub imported_at: Millis,
    /// This creature's tick when it was imported.
    pub tick: u64,
    /// Items it contributed (after the merge).
    pub items: u64,
}

/// The volumes this creature imported, oldest first.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Lineage {
    pub ancestors: Vec<Ancestor>,
}

doc!(Lineage, "wis.lineage", 1, Layout::Singleton);

impl Lineage {
    /// The ancestor imported from this volume id.
    pub fn find(&self, volume: &str) -> Option<&Ancestor> {
        self.ancestors.iter().find(|a| a.volume == volume)
    }

    /// Each ancestor's header, read back (one that does not read is left out).
    pub fn headers(&self) -> Vec<format::Header> {
        self.ancestors
            .iter()
            .filter_map(|a| serde_json::from_str(&a.header).ok())
            .collect()
    }

    /// Remembers an import, keeping at most [`MAX_ANCESTORS`].
    pub fn push(&mut self, a: Ancestor) {
        self.ancestors.push(a);
        if self.ancestors.len() > MAX_ANCESTORS {
            let extra = self.ancestors.len() - MAX_ANCESTORS;
            self.ancestors.drain(..extra);
        }
    }
}

#[cfg(test)]
pub(crate) mod tests;
#[cfg(test)]
mod v2_tests;
