//! A life in brief, as a volume's header tells it: the stats (ticks, successes, sleeps, units,
//! the fraction of ticks below the model, ticks to U2, to the first passed quest, to the first
//! confirmed commission and to level 2, the keeper's figures, the curve points) and the generational marks: the creature's own and every ancestor's it knows of,
//! which `wis legacy lineage` reads.

use super::Lineage;
use super::export::own_volume_id;
use super::format::{Commissions, CurvePoint, Header, MAX_LIST, Mark, Stats};
use crate::base::clock::Millis;
use crate::base::exit::Result;
use crate::base::store::{Read, SINGLETON_KEY};
use crate::creature::commission_figures::Figures;
use crate::creature::quest_book::{QuestBook, Verdict};
use crate::creature::unlocks::{UnitId, UnitState};
use crate::creature::{Persona, Unlocks};
use crate::wisdom::curve::CurveResult;
use crate::wisdom::episodes::Episode;
use crate::wisdom::reflex::ReflexState;

/// This creature's own generational marks, as its volume would carry them.
pub fn own_mark(rx: &impl Read, persona: &Persona, now: Millis) -> Result<Mark> {
    let parents = rx
        .get::<Lineage>(SINGLETON_KEY)?
        .unwrap_or_default()
        .headers();
    // The marks only: no need to count the whole ledger's successes, as a volume's stats do.
    let m = milestones(rx, persona)?;
    let generation = 1 + parents.iter().map(|h| h.generation).max().unwrap_or(0);
    Ok(Mark {
        volume: own_volume_id(&persona.name, now, &parents, generation),
        creature: persona.name.clone(),
        generation,
        ticks_to_u2: m.ticks_to_u2,
        ticks_to_first_quest: m.ticks_to_first_quest,
        ticks_to_first_confirmed_commission: m.ticks_to_first_confirmed_commission,
        curve: m.curve,
        ticks_to_level_2: m.ticks_to_level_2,
        commissions: m.commissions,
    })
}

/// Every ancestor the creature in `rx` knows of: its parents' marks and what they carried.
pub fn known_ancestry(rx: &impl Read) -> Result<Vec<Mark>> {
    let parents = rx
        .get::<Lineage>(SINGLETON_KEY)?
        .unwrap_or_default()
        .headers();
    Ok(ancestry(&parents))
}

/// Every ancestor's marks: each parent's own, then what it carried, once per volume.
pub(super) fn ancestry(parents: &[Header]) -> Vec<Mark> {
    let mut out: Vec<Mark> = Vec::new();
    let marks = parents.iter().flat_map(|h| {
        std::iter::once(Mark {
            volume: h.volume.clone(),
            creature: h.creature.clone(),
            generation: h.generation,
            ticks_to_u2: h.stats.ticks_to_u2,
            ticks_to_first_quest: h.stats.ticks_to_first_quest,
            ticks_to_first_confirmed_commission: h.stats.ticks_to_first_confirmed_commission,
            curve: h.stats.curve.clone(),
            ticks_to_level_2: h.stats.ticks_to_level_2,
            commissions: h.stats.commissions.clone(),
        })
        .chain(h.ancestry.iter().cloned())
    });
    for m in marks {
        if out.len() < MAX_LIST && !out.iter().any(|o| o.volume == m.volume) {
            out.push(m);
        }
    }
    out
}

/// What a life reached and when: the units granted, the ticks to U2, to the first passed
/// quest, to the first confirmed commission and to level 2, the keeper's figures, and the
/// curve's points.
struct Milestones {
    units: Vec<String>,
    ticks_to_u2: Option<u64>,
    ticks_to_first_quest: Option<u64>,
    ticks_to_first_confirmed_commission: Option<u64>,
    ticks_to_level_2: Option<u64>,
    commissions: Option<Commissions>,
    curve: Vec<CurvePoint>,
}

fn milestones(rx: &impl Read, persona: &Persona) -> Result<Milestones> {
    let unlocks = rx.get::<Unlocks>(SINGLETON_KEY)?.unwrap_or_default();
    let granted = |id: UnitId| {
        unlocks
            .units
            .get(&id)
            .filter(|r| r.state == UnitState::Granted)
            .map(|r| r.tick)
    };
    let quests = rx.get::<QuestBook>(SINGLETON_KEY)?.unwrap_or_default();
    let first_quest = quests
        .closed
        .iter()
        .filter(|c| c.verdict == Verdict::Passed)
        .map(|c| c.closed_tick)
        .min();
    let mut curve: Vec<CurvePoint> = rx
        .ring::<CurveResult>(None)?
        .into_iter()
        .map(|(_, r)| CurvePoint {
            score: r.score(),
            arm: r.arm,
            ticks: r.age.ticks,
        })
        .collect();
    if curve.len() > MAX_LIST {
        curve.drain(..curve.len() - MAX_LIST);
    }
    let given = crate::creature::commissions::all(rx)?;
    let figures = Figures::of(given.iter().map(|(_, c)| c));
    Ok(Milestones {
        units: UnitId::ALL
            .iter()
            .filter(|u| granted(**u).is_some())
            .map(|u| u.to_string())
            .collect(),
        ticks_to_u2: granted(UnitId::U2),
        ticks_to_first_quest: first_quest,
        ticks_to_first_confirmed_commission: crate::creature::commissions::desk(rx)?
            .first_finished_tick,
        ticks_to_level_2: persona.ticks_to_level_2(),
        commissions: Some(Commissions::of(&figures)),
        curve,
    })
}

pub(super) fn stats(rx: &impl Read, persona: &Persona) -> Result<Stats> {
    let m = milestones(rx, persona)?;
    let successes = rx
        .ring::<Episode>(None)?
        .iter()
        .filter(|(_, e)| e.success && !e.automated)
        .count() as u64;
    let metric = rx
        .get::<ReflexState>(SINGLETON_KEY)?
        .map(|s| s.metric)
        .unwrap_or_default();
    let (below, model) = metric
        .days
        .iter()
        .fold((0u64, 0u64), |(b, m), d| (b + d.below, m + d.model));
    Ok(Stats {
        ticks: persona.ticks,
        successes,
        sleeps: persona.sleeps,
        units: m.units,
        below_model_fraction: (below + model > 0).then(|| below as f64 / (below + model) as f64),
        ticks_to_u2: m.ticks_to_u2,
        ticks_to_first_quest: m.ticks_to_first_quest,
        ticks_to_first_confirmed_commission: m.ticks_to_first_confirmed_commission,
        curve: m.curve,
        ticks_to_level_2: m.ticks_to_level_2,
        commissions: m.commissions,
    })
}
