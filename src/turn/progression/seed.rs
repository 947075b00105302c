//! Load-or-birth: the one-shot seeder for a store without unlock state (an existing creature
//! from before the ladder, or a damaged document). It grants the newborn kit and every unit with
//! prior adjudicated evidence: never to empty, never to full. A sense is seeded pending, so the
//! next adjudication asks its organ before it exists.

use super::grant::{OrganCheck, grant};
use crate::base::exit::Result;
use crate::base::store::{Read, SINGLETON_KEY, Tx};
use crate::creature::expectations::Expectation;
use crate::creature::objectives::Objectives;
use crate::creature::quest_book::QuestBook;
use crate::creature::{By, Persona, UnitId, UnitRecord, UnitState, Unlocks};
use crate::turn::ctx::TurnCtx;
use crate::wisdom::episodes::Episode;
use crate::world::delegate::Delegation;
use crate::world::skills::Skill;
use crate::world::units::{Earning, UNITS, Unit};

/// The unlock state, seeded from evidence first when it is missing or does not decode.
pub fn load_or_seed(tx: &mut Tx<'_>, b: &TurnCtx<'_>, persona: &Persona) -> Result<Unlocks> {
    if let Ok(Some(unlocks)) = tx.get::<Unlocks>(SINGLETON_KEY) {
        return Ok(unlocks);
    }
    let found = evidence(tx, persona)?;
    tx.set(&Unlocks::default())?;
    for (unit, evidence) in found {
        let organ = match unit.organ() {
            Some(o) => OrganCheck::Silent(format!(
                "the {} organ is asked at the next adjudication",
                o.name()
            )),
            None => OrganCheck::NotNeeded,
        };
        grant(tx, b, unit, By::Seeder, &evidence, organ)?;
    }
    tx.singleton()
}

/// What the seeder would write, without writing (a dry run, `wis unlock list`).
pub fn view(rx: &impl Read, persona: &Persona, at: crate::base::clock::Millis) -> Result<Unlocks> {
    if let Ok(Some(unlocks)) = rx.get::<Unlocks>(SINGLETON_KEY) {
        return Ok(unlocks);
    }
    let mut unlocks = Unlocks::default();
    for (unit, evidence) in evidence(rx, persona)? {
        let held = unit.organ().is_some();
        unlocks.units.insert(
            unit.id,
            UnitRecord {
                state: if held {
                    UnitState::Pending
                } else {
                    UnitState::Granted
                },
                tick: persona.ticks,
                at,
                by: By::Seeder,
                evidence,
                held: held.then(|| "its organ is asked at the next adjudication".into()),
                engram_due: false,
            },
        );
    }
    Ok(unlocks)
}

/// Every unit with prior adjudicated evidence, in ladder order, with that evidence.
pub fn evidence(rx: &impl Read, persona: &Persona) -> Result<Vec<(&'static Unit, String)>> {
    let (book, _) = rx.singleton_or_default::<QuestBook>()?;
    let used = |tool: &str| -> Result<bool> {
        Ok(rx
            .ring::<Episode>(None)?
            .iter()
            .any(|(_, e)| e.tool == tool && e.success && !e.automated))
    };
    let mut out = Vec::new();
    for unit in UNITS {
        let found = match unit.id {
            UnitId::U0 => Some("a living creature, seeded from its store".to_string()),
            UnitId::U1 if persona.sleeps > 0 => {
                Some(format!("it has slept {} times", persona.sleeps))
            }
            UnitId::U2 if rx.count::<Skill>()? > 0 => Some("skills in the manifest".into()),
            UnitId::U3 if rx.count::<Expectation>()? > 0 => {
                Some("predictions in the ledger".into())
            }
            UnitId::U4a if used("vision")? => Some("it has seen before".into()),
            UnitId::U4b if used("speak")? => Some("it has spoken before".into()),
            UnitId::U5 if rx.singleton_or_default::<Objectives>()?.0.next > 0 => {
                Some("objectives in its store".into())
            }
            UnitId::U6 if rx.count::<Delegation>()? > 0 => Some("jobs it delegated".into()),
            _ => None,
        };
        let by_quest = match unit.earning {
            Earning::QuestIssued(q) if book.issued(q) => Some(format!("quest {q} was issued")),
            Earning::QuestPassed(q) if book.passed(q) => Some(format!("quest {q} passed")),
            _ => None,
        };
        if let Some(evidence) = found.or(by_quest) {
            out.push((unit, evidence));
        }
    }
    Ok(out)
}
