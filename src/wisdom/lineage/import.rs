//! Importing an inheritance, planned whole before anything is written (design §4.6).
//!
//! [`plan`] reads what the store already holds (the volumes imported before, the memories it
//! has), merges the new volumes ([`super::merge`]) and says what each item will become;
//! [`apply`] (in [`super::inherit`]) writes the plan in the caller's one transaction, so an
//! import lands whole or not at all: every heirloom item becomes an engram stamped `inherited` at [`INHERIT_DISCOUNT`] of its
//! ancestor's strength (a letter's nugget, `told`, at the told strength), decaying as a rumour
//! until this creature's own settlements verify it (`wisdom::curation`); every inherited
//! reflex arrives `inherited`: never armed until a fresh streak of this body's own successes
//! proposes it again (`wisdom::reflex::scan`). A volume imported before is passed over.

use std::collections::HashSet;

use serde::Serialize;

use super::Lineage;
use super::format::{Evidence, ItemKind};
use super::letter::Letter;
use super::merge::{Merge, Merged, merge};
use super::read::Volume;
use crate::base::exit::{Error, Result};
use crate::base::store::{Read, SINGLETON_KEY};
use crate::creature::Persona;
use crate::memory::engram::text_sha256;
use crate::memory::{Engram, Kind, Memory};
use crate::wisdom::curation::STRENGTH_FLOOR;
use crate::wisdom::reflex::registry;

/// An inherited item starts at this fraction of its ancestor's strength (never below the
/// curation floor).
pub const INHERIT_DISCOUNT: f32 = 0.5;
pub use super::inherit::{Imported, apply};
pub use crate::memory::engram::HEIRLOOM_SOURCE;

/// One volume in a plan.
#[derive(Debug, Clone, Serialize)]
pub struct PlanVolume {
    pub volume: String,
    pub file: String,
    pub creature: String,
    pub generation: u32,
    pub records: u64,
    pub sha256: String,
    /// Imported before: passed over.
    pub imported_before: bool,
    /// The header line, as the lineage document keeps it.
    #[serde(skip)]
    pub header: String,
}

/// One item in a plan.
#[derive(Debug, Clone, Serialize)]
pub struct PlanItem {
    pub id: String,
    pub kind: ItemKind,
    pub text: String,
    pub ancestors: Vec<String>,
    /// Records merged into it.
    pub records: usize,
    pub evidence: Evidence,
    pub replay_validated: bool,
    /// The strength it starts at here.
    pub strength: f32,
    pub contradicts: Vec<String>,
    /// Already in this creature's memory (or registry): passed over.
    pub known: bool,
    #[serde(skip)]
    pub merged: Merged,
}

/// One letter nugget in a plan.
#[derive(Debug, Clone, Serialize)]
pub struct PlanNugget {
    pub kind: ItemKind,
    pub text: String,
    pub known: bool,
}

/// Everything an import will do.
#[derive(Debug, Clone, Serialize)]
pub struct Plan {
    pub volumes: Vec<PlanVolume>,
    pub items: Vec<PlanItem>,
    pub nuggets: Vec<PlanNugget>,
    /// Records read from the new volumes.
    pub input: usize,
    pub duplicates: usize,
    pub contradictions: usize,
    pub comparisons: u64,
}

impl Plan {
    /// Items and nuggets that will be written.
    pub fn new_items(&self) -> usize {
        self.items.iter().filter(|i| !i.known).count()
            + self.nuggets.iter().filter(|n| !n.known).count()
    }
}

/// Refuses (64) an import into a creature that has lived, unless `into_living`.
pub fn check_newborn(persona: &Persona, into_living: bool) -> Result<()> {
    if persona.ticks > 0 && !into_living {
        return Err(Error::usage(format!(
            "{} has lived {} ticks; an inheritance goes to a newborn",
            persona.name, persona.ticks
        ))
        .hint("add --into-living to import into a living creature anyway"));
    }
    Ok(())
}

/// Plans the import of `volumes` and `letter` into the creature in `rx`.
pub fn plan(
    rx: &impl Read,
    volumes: Vec<Volume>,
    letter: Option<&Letter>,
    memory: &Memory,
) -> Result<Plan> {
    let lineage = rx.get::<Lineage>(SINGLETON_KEY)?.unwrap_or_default();
    let mut fresh: Vec<Volume> = Vec::new();
    let mut listed = Vec::new();
    for v in volumes {
        let h = &v.header;
        let before = match lineage.find(&h.volume) {
            Some(a) if a.sha256 == v.sha256 => true,
            Some(_) => {
                return Err(Error::data(format!(
                    "{}: volume {} was imported before with other contents",
                    v.file, h.volume
                ))
                .hint("a volume id names one volume; export again under a new day"));
            }
            None => fresh.iter().any(|f| f.header.volume == h.volume),
        };
        listed.push(PlanVolume {
            volume: h.volume.clone(),
            file: v.file.clone(),
            creature: h.creature.clone(),
            generation: h.generation,
            records: h.records,
            sha256: v.sha256.clone(),
            imported_before: before,
            header: serde_json::to_string(h).expect("a header serializes"),
        });
        if !before {
            fresh.push(v);
        }
    }
    let Merge {
        items,
        input,
        duplicates,
        contradictions,
        comparisons,
    } = merge(&fresh, memory.embedder())?;
    let known_texts: HashSet<(Kind, String)> = rx
        .all::<Engram>()?
        .into_iter()
        .map(|(_, e)| (e.kind, e.vector.text_sha256))
        .collect();
    let known_reflexes: HashSet<(String, String)> = registry::all(rx)?
        .into_iter()
        .map(|r| (r.trigger.situation_key, r.action.signature))
        .collect();
    let items = items
        .into_iter()
        .map(|m| {
            let r = &m.record;
            let known = match (&r.reflex, engram_kind(r.kind)) {
                (Some(x), _) => {
                    known_reflexes.contains(&(x.situation_key.clone(), x.signature.clone()))
                }
                (None, Some(k)) => known_texts.contains(&(k, text_sha256(&r.text))),
                (None, None) => true,
            };
            PlanItem {
                id: r.id.clone(),
                kind: r.kind,
                text: r.text.clone(),
                ancestors: m.ancestors.clone(),
                records: m.records,
                evidence: r.evidence,
                replay_validated: r.replay_validated,
                strength: (r.strength * INHERIT_DISCOUNT).max(STRENGTH_FLOOR),
                contradicts: m.contradicts.clone(),
                known,
                merged: m,
            }
        })
        .collect();
    let nuggets = letter
        .map(|l| {
            l.nugget
                .iter()
                .map(|n| PlanNugget {
                    kind: n.kind,
                    text: n.text.clone(),
                    known: engram_kind(n.kind)
                        .is_none_or(|k| known_texts.contains(&(k, text_sha256(&n.text)))),
                })
                .collect()
        })
        .unwrap_or_default();
    Ok(Plan {
        volumes: listed,
        items,
        nuggets,
        input,
        duplicates,
        contradictions,
        comparisons,
    })
}

/// The engram kind an item becomes (a reflex becomes a reflex).
pub fn engram_kind(kind: ItemKind) -> Option<Kind> {
    match kind {
        ItemKind::Guardrail => Some(Kind::Strategy),
        ItemKind::Procedure => Some(Kind::Procedure),
        ItemKind::Fact => Some(Kind::Fact),
        ItemKind::Scar => Some(Kind::Scar),
        ItemKind::Reflex => None,
    }
}
