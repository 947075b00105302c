//! The creature at a glance: what `wis status` shows, gathered from one read snapshot.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::base::clock::Millis;
use crate::base::exit::Result;
use crate::base::store::{Read, SINGLETON_KEY};
use crate::creature::commission_figures::{Desk, RECENT_COMMISSIONS};
use crate::creature::commissions::{self, Commission};
use crate::creature::{By, Genome, LastTick, Persona, UnitId, UnitState, Unlocks};
use crate::mind::calls::{CallSummary, RECENT_CALLS};
use crate::turn::documents::registry;
use crate::wisdom::reflex::ReflexState;
use crate::wisdom::reflex::metric::Summary;

/// A unit as shown in the report.
#[derive(Debug, Clone, Serialize)]
pub struct UnitLine {
    pub unit: UnitId,
    pub state: UnitState,
    pub tick: u64,
    pub by: By,
}

/// Everything `wis status` prints, the keeper's figures first.
#[derive(Debug, Clone, Serialize)]
pub struct StatusReport {
    /// The keeper's figures over the commissions kept: done rate and ticks to done over the
    /// life, the last [`RECENT_COMMISSIONS`] and per kind.
    pub commissions: Desk,
    pub name: String,
    pub morph: String,
    pub seed: u64,
    pub stage: String,
    pub born_at: Millis,
    pub age_ms: Millis,
    pub ticks: u64,
    pub sleeps: u64,
    pub level: u32,
    pub xp: u64,
    pub next_level_xp: Option<u64>,
    pub goals_completed: u64,
    pub sleep_pressure: f64,
    pub nap_threshold: f64,
    pub paused: bool,
    pub units: Vec<UnitLine>,
    /// The active quest: its id and title.
    pub quest: Option<String>,
    /// Documents by schema id.
    pub documents: BTreeMap<String, u64>,
    pub last_tick: Option<LastTick>,
    /// Which mind the creature runs on (or why its configuration does not load).
    pub mind: String,
    /// The newest day of the reflex metric: ticks resolved below the model (none kept yet:
    /// absent).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reflexes: Option<Summary>,
    /// The recent model calls: prompt tokens served from cache, reading and generating time
    /// (no call yet: absent).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model_calls: Option<CallSummary>,
    /// The life in figures over the last turns (no turn yet: absent).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub life: Option<super::life::Life>,
}

impl StatusReport {
    /// The creature now; its life's figures over the last `window` turns.
    pub fn gather(
        rx: &impl Read,
        now: Millis,
        mind: String,
        window: usize,
    ) -> Result<StatusReport> {
        StatusReport::gather_with(rx, now, mind, window, &commissions::all(rx)?)
    }

    /// [`StatusReport::gather`] with the commissions kept (oldest first, with their ids)
    /// already read.
    pub fn gather_with(
        rx: &impl Read,
        now: Millis,
        mind: String,
        window: usize,
        kept: &[(u64, Commission)],
    ) -> Result<StatusReport> {
        let persona: Persona = rx.singleton()?;
        let genome: Genome = rx.singleton()?;
        let (unlocks, _) = rx.singleton_or_default::<Unlocks>()?;
        let mut documents = BTreeMap::new();
        for ty in registry() {
            documents.insert(ty.schema.to_string(), rx.table_len(ty.schema, ty.layout)?);
        }
        let units = unlocks
            .units
            .iter()
            .map(|(u, r)| UnitLine {
                unit: *u,
                state: r.state,
                tick: r.tick,
                by: r.by,
            })
            .collect();
        Ok(StatusReport {
            commissions: Desk::of(
                &kept.iter().map(|(_, c)| c).collect::<Vec<_>>(),
                RECENT_COMMISSIONS,
            ),
            name: persona.name.clone(),
            morph: genome.morph.name().to_string(),
            seed: genome.seed,
            stage: persona.stage().name().to_string(),
            born_at: persona.born_at,
            age_ms: now - persona.born_at,
            ticks: persona.ticks,
            sleeps: persona.sleeps,
            level: persona.level(),
            xp: persona.xp,
            next_level_xp: persona.next_level_xp(),
            goals_completed: persona.goals_completed,
            sleep_pressure: persona.sleep_pressure,
            nap_threshold: persona.nap_threshold(),
            paused: persona.paused,
            units,
            quest: active_quest(rx)?,
            documents,
            last_tick: persona.last_tick.clone(),
            mind,
            reflexes: rx
                .get::<ReflexState>(SINGLETON_KEY)?
                .and_then(|s| s.metric.summaries().into_iter().next()),
            model_calls: CallSummary::recent(rx, RECENT_CALLS)?,
            life: super::life::Life::of(rx, window)?,
        })
    }
}

fn active_quest(rx: &impl Read) -> Result<Option<String>> {
    let (book, _) = rx.singleton_or_default::<crate::creature::quest_book::QuestBook>()?;
    Ok(book
        .active
        .map(|a| match super::quests::genesis::quest(&a.id) {
            Some(def) => format!("{} ({}), since tick {}", def.id, def.title, a.issued_tick),
            None => a.id,
        }))
}
