//! Writing an import's plan ([`super::import::plan`]) in the caller's one transaction: the
//! inherited engrams (discounted, stamped `inherited`, their ancestor volumes as sources; an
//! errand's lesson with its precedent's own sources, so the heir's errands of its kind are
//! shown it), the
//! inherited reflexes (status `inherited`, a fresh streak required after the import's tick),
//! the letter's told nuggets, and the lineage document's record of each new volume.

use serde::Serialize;

use super::format::Lesson;
use super::import::{HEIRLOOM_SOURCE, Plan, engram_kind};
use super::{Ancestor, Lineage};
use crate::base::clock::Millis;
use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::memory::{Memory, NewEngram, Provenance};
use crate::wisdom::errands;
use crate::wisdom::reflex::{
    Inheritance, Provenance as ReflexProvenance, REFLEX_CAP, Reflex, ReflexAction, ReflexState,
    Status, Trigger, registry,
};

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

/// The sources of an heir's precedent made from a record's lesson: the same as its ancestor's
/// (`errand:`, `role:`, `task:`, `example:`, `shape:`, `known:`), so
/// [`crate::wisdom::errands::recall`] finds it for the heir's errands of that kind; none when
/// a part is off the precedent's bounds.
fn lesson_sources(l: &Lesson) -> Option<Vec<String>> {
    errands::sources(&errands::Parts {
        kind: l.errand.clone(),
        role: errands::Role::parse(&l.role)?,
        task: l.task.clone(),
        example: l.example.clone(),
        shape: l.shape.clone(),
        known: l.known.clone(),
    })
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
            let mut sources = vec![format!("item:{}", r.id)];
            if let Some(sig) = &r.signature {
                sources.push(format!("signature:{sig}"));
            }
            // An errand's lesson arrives whole: the heir's errands of its kind are shown it.
            sources.extend(
                r.lesson
                    .as_ref()
                    .and_then(lesson_sources)
                    .unwrap_or_default(),
            );
            let room = crate::memory::MAX_SOURCES.saturating_sub(sources.len());
            sources.extend(
                r.provenance
                    .volumes
                    .iter()
                    .rev()
                    .take(room)
                    .map(|v| format!("{HEIRLOOM_SOURCE}{v}")),
            );
            let mut new =
                NewEngram::new(kind, &r.text, Provenance::Inherited).strength(item.strength);
            for s in sources {
                new = new.source(s);
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
                world: None,
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
