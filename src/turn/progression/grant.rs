//! The one writer of unit grants, and the felt moment that comes with a grant: a System window
//! in the stream, an experienced engram, a news item for the operator. All of it is written in
//! the caller's transaction, with the grant, so a crash cannot keep the grant and eat the
//! moment. An engram that memory refuses (an embedder that does not answer) is flagged on the
//! unit's record and written at a later boundary by [`retry_engrams`].

use super::window;
use crate::base::exit::{self, Result};
use crate::base::store::{Read, Tx};
use crate::creature::news::{self, NewsKind};
use crate::creature::{By, UnitId, UnitRecord, UnitState, Unlocks};
use crate::memory::{Kind, NewEngram, Provenance};
use crate::turn::ctx::TurnCtx;
use crate::world::units::{self, Unit};

/// What the unit's organ said, for a unit that has one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OrganCheck {
    /// The unit needs no organ.
    NotNeeded,
    Answers,
    /// It did not answer: the grant is held pending, and this says why.
    Silent(String),
}

/// What a grant did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Granted {
    /// Granted now.
    Now,
    /// Earned, held pending until its organ answers.
    Held(String),
    /// Nothing changed: it was granted before, or it is held for the same reason.
    Already,
}

impl Granted {
    /// One line for receipts and reports, when something changed.
    pub fn event(&self, unit: &Unit) -> Option<String> {
        match self {
            Granted::Now => Some(format!("granted {} {}", unit.id, unit.name)),
            Granted::Held(why) => Some(format!("{} {} held pending: {why}", unit.id, unit.name)),
            Granted::Already => None,
        }
    }
}

/// Grants `unit` (or holds it pending when its organ is silent), with the felt moment. The
/// unlock state must exist (the seeder makes sure of it). Idempotent: a granted unit stays as
/// it is, and a unit held for the same reason is not held again.
pub(crate) fn grant(
    tx: &mut Tx<'_>,
    b: &TurnCtx<'_>,
    unit: &'static Unit,
    by: By,
    evidence: &str,
    organ: OrganCheck,
) -> Result<Granted> {
    let mut unlocks: Unlocks = tx.singleton()?;
    let before = unlocks.units.get(&unit.id).cloned();
    if before
        .as_ref()
        .is_some_and(|r| r.state == UnitState::Granted)
    {
        return Ok(Granted::Already);
    }
    let mut record = UnitRecord {
        state: UnitState::Granted,
        tick: b.tick,
        at: b.now,
        by,
        evidence: evidence.to_string(),
        held: None,
        engram_due: false,
    };
    if let OrganCheck::Silent(why) = organ {
        if before
            .as_ref()
            .is_some_and(|r| r.held.as_deref() == Some(why.as_str()))
        {
            return Ok(Granted::Already);
        }
        record.state = UnitState::Pending;
        record.held = Some(why.clone());
        unlocks.units.insert(unit.id, record);
        tx.set(&unlocks)?;
        let text = format!(
            "{} {} is earned ({}: {evidence}) and held: {why}",
            unit.id,
            unit.name,
            by.as_str()
        );
        news::post(tx, b.tick, b.now, NewsKind::Held, unit.id.as_str(), text)?;
        return Ok(Granted::Held(why));
    }
    let words = b.morph.render(unit.grant_text);
    window(tx, b, &words)?;
    record.engram_due = refused(remember(tx, b, b.tick, unit, &words))?;
    unlocks.units.insert(unit.id, record);
    tx.set(&unlocks)?;
    let text = format!(
        "{} {} granted by {}: {evidence}",
        unit.id,
        unit.name,
        by.as_str()
    );
    news::post(tx, b.tick, b.now, NewsKind::Grant, unit.id.as_str(), text)?;
    Ok(Granted::Now)
}

/// The grant as the creature lived it, kept as an experienced engram.
fn remember(tx: &mut Tx<'_>, b: &TurnCtx<'_>, tick: u64, unit: &Unit, words: &str) -> Result<()> {
    let memory = b.memory()?;
    let body = format!("At tick {tick}, something new arrived. {words}");
    let new = NewEngram::new(Kind::Episodic, body, Provenance::Experienced)
        .source(format!("tick:{tick}"))
        .source(format!("unit:{}", unit.id));
    memory.remember(tx, new, b.now)?;
    Ok(())
}

/// Whether the engram memory refused a grant's engram (it is then written later); a failed
/// store read or write (an I/O error: the disk) is no refusal and stops the turn.
fn refused(remembered: Result<()>) -> Result<bool> {
    match remembered {
        Ok(()) => Ok(false),
        Err(e) if e.kind == exit::Kind::Io => Err(e),
        Err(_) => Ok(true),
    }
}

/// Writes the engrams of grants whose engram memory refused at the time.
pub fn retry_engrams(tx: &mut Tx<'_>, b: &TurnCtx<'_>) -> Result<()> {
    let Some(mut unlocks) = tx.get::<Unlocks>(crate::base::store::SINGLETON_KEY)? else {
        return Ok(());
    };
    let due: Vec<UnitId> = unlocks
        .units
        .iter()
        .filter(|(_, r)| r.engram_due)
        .map(|(u, _)| *u)
        .collect();
    if due.is_empty() {
        return Ok(());
    }
    for id in due {
        let Some(unit) = units::unit(id) else {
            continue;
        };
        let granted_at = unlocks.units[&id].tick;
        let words = b.morph.render(unit.grant_text);
        if !refused(remember(tx, b, granted_at, unit, &words))?
            && let Some(r) = unlocks.units.get_mut(&id)
        {
            r.engram_due = false;
        }
    }
    tx.set(&unlocks)
}
