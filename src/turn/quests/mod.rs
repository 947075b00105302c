//! The quest engine: one active quest at a time, issued by the System at a sleep, passed when
//! its criterion holds at a tick boundary, closed as failed when its criterion does not move
//! across [`STALL_SLEEPS`] sleeps. At least one sleep lies between a close and the next issue.
//!
//! Criteria ([`criterion`]) are typed predicates over settled facts ([`stats`]), never attempt
//! counts. The quest line is the genesis line ([`genesis`]); a failed quest is issued again at
//! a later sleep. Every payment a quest makes (XP, and the units an issue or a pass pays) goes
//! through one reward sink, `pay`, one of the three callers of the unit grant.

pub mod genesis;

use crate::creature::quest_book::{Active, Closed, QuestBook, Verdict};
use crate::world::stats;
use genesis::{GENESIS, QuestDef};

use super::ctx::TurnCtx;
use super::progression::{OrganCheck, grant, window};
use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::creature::news::{self, NewsKind};
use crate::creature::{By, Persona};
use crate::world::units;

/// Sleeps without any movement of its criterion after which a quest closes as failed.
pub const STALL_SLEEPS: u32 = 5;

/// When a quest pays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Payday {
    Issue,
    Pass,
}

/// After an outcome and at sleep: passes the active quest when its criterion holds now.
pub fn check_pass(tx: &mut Tx<'_>, persona: &mut Persona, b: &TurnCtx<'_>) -> Result<Vec<String>> {
    let (mut book, _) = tx.singleton_or_default::<QuestBook>()?;
    let Some(active) = book.active.clone() else {
        return Ok(Vec::new());
    };
    let Some(def) = genesis::quest(&active.id) else {
        return Ok(Vec::new());
    };
    if !def.criterion.holds(&mut |p| stats::value(tx, persona, p))? {
        return Ok(Vec::new());
    }
    let evidence = evidence(tx, persona, def)?;
    book.close(Closed {
        id: active.id.clone(),
        issued_tick: active.issued_tick,
        closed_tick: b.tick,
        closed_sleep: persona.sleeps,
        verdict: Verdict::Passed,
        evidence: evidence.clone(),
    });
    tx.set(&book)?;
    window(tx, b, &format!("Quest {} passed: {}.", def.id, def.title))?;
    let line = format!("quest {} passed ({evidence})", def.id);
    news::post(tx, b.tick, b.now, NewsKind::QuestPassed, def.id, &line)?;
    let mut events = vec![line];
    events.extend(pay(tx, persona, def, Payday::Pass, b)?);
    Ok(events)
}

/// At sleep: counts a sleep without movement, and closes the quest as failed at the limit.
pub fn stall_step(tx: &mut Tx<'_>, persona: &Persona, b: &TurnCtx<'_>) -> Result<Vec<String>> {
    let (mut book, _) = tx.singleton_or_default::<QuestBook>()?;
    let Some(mut active) = book.active.clone() else {
        return Ok(Vec::new());
    };
    let Some(def) = genesis::quest(&active.id) else {
        return Ok(Vec::new());
    };
    let now = stats::snapshot(tx, persona, &def.criterion.paths())?;
    if now != active.snapshot {
        active.snapshot = now;
        active.still_sleeps = 0;
    } else {
        active.still_sleeps += 1;
    }
    if active.still_sleeps < STALL_SLEEPS {
        book.active = Some(active);
        tx.set(&book)?;
        return Ok(Vec::new());
    }
    let evidence = format!(
        "{} did not move across {STALL_SLEEPS} sleeps",
        def.criterion.paths().join(", ")
    );
    book.close(Closed {
        id: active.id.clone(),
        issued_tick: active.issued_tick,
        closed_tick: b.tick,
        closed_sleep: persona.sleeps,
        verdict: Verdict::Failed,
        evidence: evidence.clone(),
    });
    tx.set(&book)?;
    window(
        tx,
        b,
        &format!("Quest {} closed as failed: {}.", def.id, def.title),
    )?;
    let line = format!("quest {} failed ({evidence})", def.id);
    news::post(tx, b.tick, b.now, NewsKind::QuestFailed, def.id, &line)?;
    Ok(vec![line])
}

/// At sleep: the quest to issue now, if one is due: none is active, the creature has slept,
/// a sleep lies between the last close and now, and the genesis line is not all passed.
pub fn due_issue(rx: &impl Read, persona: &Persona) -> Result<Option<&'static QuestDef>> {
    let (book, _) = rx.singleton_or_default::<QuestBook>()?;
    if book.active.is_some() || persona.sleeps == 0 {
        return Ok(None);
    }
    if book.last_close_sleep().is_some_and(|s| persona.sleeps <= s) {
        return Ok(None);
    }
    Ok(GENESIS.iter().find(|q| !book.passed(q.id)))
}

/// Issues a quest: the System speaks it, the news says so, and the issue pays.
pub fn issue(
    tx: &mut Tx<'_>,
    persona: &mut Persona,
    def: &'static QuestDef,
    b: &TurnCtx<'_>,
) -> Result<Vec<String>> {
    let (mut book, _) = tx.singleton_or_default::<QuestBook>()?;
    let snapshot = stats::snapshot(tx, persona, &def.criterion.paths())?;
    book.active = Some(Active {
        id: def.id.to_string(),
        issued_tick: b.tick,
        issued_sleep: persona.sleeps,
        snapshot,
        still_sleeps: 0,
    });
    tx.set(&book)?;
    let text = b.morph.render(def.text);
    window(tx, b, &format!("Quest {}: {}. {text}", def.id, def.title))?;
    let line = format!("quest {} issued: {}", def.id, def.title);
    news::post(tx, b.tick, b.now, NewsKind::QuestIssued, def.id, &line)?;
    let mut events = vec![line];
    events.extend(pay(tx, persona, def, Payday::Issue, b)?);
    Ok(events)
}

/// The reward sink: the one place a quest pays, in XP and in units.
fn pay(
    tx: &mut Tx<'_>,
    persona: &mut Persona,
    def: &QuestDef,
    day: Payday,
    b: &TurnCtx<'_>,
) -> Result<Vec<String>> {
    let (unit, xp, evidence) = match day {
        Payday::Issue => (def.on_issue, 0, format!("quest {} was issued", def.id)),
        Payday::Pass => (
            def.on_pass,
            def.reward_xp,
            format!("quest {} passed", def.id),
        ),
    };
    persona.xp += xp;
    let Some(unit) = unit.and_then(units::unit) else {
        return Ok(Vec::new());
    };
    let granted = grant(tx, b, unit, By::Quest, &evidence, OrganCheck::NotNeeded)?;
    Ok(granted.event(unit).into_iter().collect())
}

/// The criterion with the values that made it hold.
fn evidence(rx: &impl Read, persona: &Persona, def: &QuestDef) -> Result<String> {
    Ok(format!(
        "{}: {}",
        def.criterion.describe(),
        stats::shown(rx, persona, &def.criterion)?
    ))
}

/// The quest for the prompt's tail, in the creature's words: the active one, or, until the
/// next sleep, the one that passed since the last sleep, its line unchanged.
///
/// The quest is listed before the stream, so a line that changes there costs a prompt cache
/// the whole stream. A quest passes mid-day and the next is issued at a sleep, with the unit it
/// brings (which changes the prompt's start anyway); so the passed quest's line stays, word for
/// word, until then, and the stream says it passed ("Quest … passed: …"). One re-read a day
/// instead of two.
pub fn tail_line(
    rx: &impl Read,
    morph: crate::creature::Morph,
    persona: &Persona,
) -> Result<Option<String>> {
    let (book, _) = rx.singleton_or_default::<QuestBook>()?;
    let shown = match (&book.active, book.closed.last()) {
        (Some(a), _) => Some((a.id.clone(), a.issued_tick)),
        (None, Some(c)) if c.verdict == Verdict::Passed && c.closed_sleep >= persona.sleeps => {
            Some((c.id.clone(), c.issued_tick))
        }
        _ => None,
    };
    Ok(shown.and_then(|(id, issued)| {
        let def = genesis::quest(&id)?;
        Some(format!(
            "{}, {} (since tick {}): {}",
            def.id,
            def.title,
            issued,
            morph.render(def.text)
        ))
    }))
}
