//! The milestone adjudicator: grants the units whose evidence holds now (U1 after the first
//! sleep whose consolidation report is non-empty; the senses after a passed quest and two
//! sleeps, once their organ answers), and units held pending whose organ now answers. It runs after every outcome and at every sleep, and
//! `wis unlock grant` runs it on its own. The operator's authority goes through it too, so the
//! operator is recorded as the grantor and the organ is still asked.

use std::collections::BTreeMap;

use super::grant::{OrganCheck, grant};
use crate::base::config::Organs;
use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::creature::{By, Persona, UnitState, Unlocks};
use crate::turn::ctx::TurnCtx;
use crate::world::organs::{self, Organ, Probe};
use crate::world::stats;
use crate::world::units::{Earning, UNITS, Unit};

/// On whose word the adjudicator grants.
#[derive(Debug, Clone, Copy)]
pub enum Authority {
    /// What the evidence has earned.
    Evidence,
    /// One unit, on the operator's word.
    Operator(&'static Unit),
}

/// Organ probes at one boundary: those taken with the store closed, and, where the caller
/// allows it, probes taken when first needed (bounded by `[organs] probe_timeout_secs`).
#[derive(Debug, Default)]
pub struct Probes<'a> {
    taken: BTreeMap<Organ, Probe>,
    live: Option<&'a Organs>,
}

impl<'a> Probes<'a> {
    /// Probes already taken; an organ not among them is not asked at this boundary.
    pub fn taken(taken: BTreeMap<Organ, Probe>) -> Probes<'static> {
        Probes { taken, live: None }
    }

    /// Probes taken when first needed.
    pub fn live(organs: &'a Organs) -> Probes<'a> {
        Probes {
            taken: BTreeMap::new(),
            live: Some(organs),
        }
    }

    /// What the organ said at this boundary, if it was asked.
    pub fn get(&mut self, organ: Organ) -> Option<Probe> {
        if let Some(p) = self.taken.get(&organ) {
            return Some(p.clone());
        }
        let probe = organs::probe(organ, self.live?);
        self.taken.insert(organ, probe.clone());
        Some(probe)
    }
}

/// Grants what is due, in ladder order; with `before`, only units before that ladder position.
/// Returns one line per change.
pub fn adjudicate(
    tx: &mut Tx<'_>,
    b: &TurnCtx<'_>,
    persona: &Persona,
    probes: &mut Probes<'_>,
    authority: Authority,
    before: Option<usize>,
) -> Result<Vec<String>> {
    let unlocks: Unlocks = tx.singleton()?;
    let mut due: Vec<(&'static Unit, By, String)> = Vec::new();
    match authority {
        Authority::Operator(unit) if !unlocks.has(unit.id) => due.push((
            unit,
            By::Operator,
            "granted on the operator's authority".into(),
        )),
        Authority::Operator(_) => {}
        Authority::Evidence => {
            for unit in UNITS.iter().take(before.unwrap_or(UNITS.len())) {
                if let Some((by, evidence)) = earned(tx, persona, &unlocks, unit)? {
                    due.push((unit, by, evidence));
                }
            }
        }
    }
    let mut events = Vec::new();
    for (unit, by, evidence) in due {
        let organ = match unit.organ() {
            None => OrganCheck::NotNeeded,
            Some(organ) => match probes.get(organ) {
                Some(Probe::Answers) => OrganCheck::Answers,
                Some(Probe::Silent(why)) => {
                    OrganCheck::Silent(format!("the {} organ is silent ({why})", organ.name()))
                }
                None => continue,
            },
        };
        events.extend(grant(tx, b, unit, by, &evidence, organ)?.event(unit));
    }
    Ok(events)
}

/// Whether the evidence has earned `unit` and it is not granted yet: its milestone holds, or
/// it was earned before and is held pending. The grantor and the evidence, when it is due.
fn earned(
    rx: &impl Read,
    persona: &Persona,
    unlocks: &Unlocks,
    unit: &Unit,
) -> Result<Option<(By, String)>> {
    match unlocks.units.get(&unit.id) {
        Some(r) if r.state == UnitState::Granted => return Ok(None),
        Some(r) => return Ok(Some((r.by, r.evidence.clone()))),
        None => {}
    }
    let Earning::Milestone { criterion, .. } = &unit.earning else {
        return Ok(None);
    };
    if !criterion.holds(&mut |p| stats::value(rx, persona, p))? {
        return Ok(None);
    }
    Ok(Some((
        By::Milestone,
        format!(
            "{}: {}",
            criterion.describe(),
            stats::shown(rx, persona, criterion)?
        ),
    )))
}

/// The organs this boundary should probe: those of units earned (or held) and not granted.
pub fn wanted_probes(rx: &impl Read, persona: &Persona, unlocks: &Unlocks) -> Result<Vec<Organ>> {
    let mut out = Vec::new();
    for unit in UNITS {
        let Some(organ) = unit.organ() else { continue };
        if !out.contains(&organ) && earned(rx, persona, unlocks, unit)?.is_some() {
            out.push(organ);
        }
    }
    Ok(out)
}
