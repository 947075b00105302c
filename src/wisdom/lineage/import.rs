//! Importing an inheritance, planned whole before anything is written (design §4.6).
//!
//! [`plan`] reads what the store already holds (the volumes imported before, the memories it
//! has), merges the new volumes ([`super::merge`]) and says what each item will become. [`apply`]
//! writes the plan in the caller's one transaction, so an import lands whole or not at all:
//! every heirloom item becomes an engram stamped `inherited` at [`INHERIT_DISCOUNT`] of its
//! ancestor's strength (a letter's nugget, `told`, at the told strength), decaying as a rumour
//! until this creature's own settlements verify it (`wisdom::curation`); every inherited
//! reflex arrives `inherited`: never armed until a fresh streak of this body's own successes
//! proposes it again (`wisdom::reflex::scan`). A volume imported before is passed over.

use std::collections::HashSet;

use serde::Serialize;

use super::format::{Evidence, ItemKind};
use super::letter::Letter;
use super::merge::{Merge, Merged, merge};
use super::read::Volume;
use super::{Ancestor, Lineage};
use crate::base::clock::Millis;
use crate::base::exit::{Error, Result};
use crate::base::store::{Read, SINGLETON_KEY, Tx};
use crate::creature::Persona;
use crate::memory::engram::text_sha256;
use crate::memory::{Engram, Kind, Memory, NewEngram, Provenance};
use crate::wisdom::curation::STRENGTH_FLOOR;
use crate::wisdom::reflex::{
    Inheritance, Provenance as ReflexProvenance, REFLEX_CAP, Reflex, ReflexAction, ReflexState,
    Status, Trigger, registry,
};

/// An inherited item starts at this fraction of its ancestor's strength (never below the
/// curation floor).
pub const INHERIT_DISCOUNT: f32 = 0.5;
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

/// What an import wrote.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Imported {
    pub volumes: Vec<String>,
    pub engrams: u64,
    pub reflexes: Vec<String>,
    pub told: u64,
    /// Reflexes left out because the registry is full.
    pub registry_full: u64,
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

/// Writes `plan` in `tx` at this creature's `tick`. The caller commits.
pub fn apply(
    tx: &mut Tx<'_>,
    plan: &Plan,
    memory: &Memory,
    tick: u64,
    now: Millis,
) -> Result<Imported> {
    let mut done = Imported::default();
    let (mut state, _) = tx.singleton_or_default::<ReflexState>()?;
    let mut registered = registry::all(tx)?.len();
    for item in plan.items.iter().filter(|i| !i.known) {
        let r = &item.merged.record;
        let Some(x) = &r.reflex else {
            let kind = engram_kind(r.kind).expect("a non-reflex item is an engram kind");
            let mut new = NewEngram::new(kind, &r.text, Provenance::Inherited)
                .strength(item.strength)
                .source(format!("item:{}", r.id));
            for v in r
                .provenance
                .volumes
                .iter()
                .rev()
                .take(crate::memory::MAX_SOURCES - 1)
            {
                new = new.source(format!("{HEIRLOOM_SOURCE}{v}"));
            }
            memory.remember(tx, new, now)?;
            done.engrams += 1;
            continue;
        };
        if registered >= REFLEX_CAP {
            done.registry_full += 1;
            continue;
        }
        state.next_id += 1;
        registered += 1;
        let reflex = Reflex {
            id: format!("r{}", state.next_id),
            trigger: Trigger {
                situation_key: x.situation_key.clone(),
                guard: None,
            },
            action: ReflexAction {
                tool: x.tool.clone(),
                args: x.args.clone(),
                signature: x.signature.clone(),
            },
            provenance: ReflexProvenance {
                episode_ids: Vec::new(),
                successes: 0,
                last_adjudicated: now,
            },
            status: Status::Inherited,
            fired: 0,
            failed: 0,
            armed_by: None,
            armed_at: None,
            proposed_tick: tick,
            last_fired: None,
            demoted_tick: Some(tick),
            last_failure: None,
            inherited: Some(Inheritance {
                volumes: r.provenance.volumes.clone(),
                item: r.id.clone(),
                successes: r.evidence.successes,
                contradicted: !item.contradicts.is_empty(),
            }),
        };
        tx.put(&reflex.id, &reflex)?;
        done.reflexes.push(reflex.id);
    }
    tx.set(&state)?;
    for n in plan.nuggets.iter().filter(|n| !n.known) {
        let kind = engram_kind(n.kind).expect("a nugget is never a reflex");
        memory.remember(
            tx,
            NewEngram::new(kind, &n.text, Provenance::Told).source("letter"),
            now,
        )?;
        done.told += 1;
    }
    let (mut lineage, _) = tx.singleton_or_default::<Lineage>()?;
    for v in plan.volumes.iter().filter(|v| !v.imported_before) {
        if lineage.find(&v.volume).is_some() {
            continue;
        }
        let items = plan
            .items
            .iter()
            .filter(|i| i.ancestors.contains(&v.volume))
            .count() as u64;
        lineage.push(Ancestor {
            volume: v.volume.clone(),
            sha256: v.sha256.clone(),
            header: v.header.clone(),
            imported_at: now,
            tick,
            items,
        });
        done.volumes.push(v.volume.clone());
    }
    tx.set(&lineage)?;
    Ok(done)
}
