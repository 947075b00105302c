//! The appraiser's work: which of each member's turns on stage an appraisal covers (a window
//! of the receipt ring after the member's last appraisal), what the receipts alone say of
//! them, what the member's own store says (its episodes: did the tick succeed, did it advance
//! a goal), and the writing of the `appraisal` engram into the member's memory.
//!
//! A member's window starts after the last receipt its previous appraisal covered and ends at
//! the newest receipt, or earlier: at its `turns`-th turn on stage, and before anything that
//! happened after someone last spoke to it while that window is still open (so an answer is
//! never counted apart from what it answers). A member with fewer than `min_turns` turns there
//! is left for a later turn, its window still open.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use super::appraisal::{Appraisal, Tally, text};
use crate::base::clock::{Clock, Millis};
use crate::base::exit::Result;
use crate::base::home::Home;
use crate::base::store::Read;
use crate::memory::{EngramId, Filter, Kind, Memory, NewEngram, Provenance};
use crate::turn::cast::record::{Ending, Receipt};
use crate::turn::cast::schedule::TurnKind;
use crate::wisdom::episodes::Episode;
use crate::world::scene::{Arena, SceneAct};

/// Most of a member's newest episodes read for evidence: a turn whose episode is older counts
/// as neither succeeded nor advanced.
pub const EPISODE_LOOKBACK: usize = 2000;

/// A member as the appraiser finds it in the schedule.
#[derive(Debug, Clone, PartialEq)]
pub struct Seat {
    pub id: String,
    pub home: PathBuf,
    /// The last receipt its last appraisal covered; `None`: never appraised.
    pub through: Option<u64>,
    /// When its reaction window opened, if one is open now.
    pub open_since: Option<Millis>,
}

/// The turns one appraisal of one member covers, and what the receipts say of them.
#[derive(Debug, Clone, PartialEq)]
pub struct Window {
    pub member: String,
    pub home: PathBuf,
    /// The last receipt it covers.
    pub through: u64,
    pub from_tick: u64,
    pub to_tick: u64,
    /// Counted from the receipts: everything but `succeeded` and `advanced`.
    pub tally: Tally,
    /// The member's ticks whose episodes decide `succeeded` and `advanced`: its completed turns
    /// that did not let the turn pass.
    pub ticks: Vec<u64>,
}

/// A turn of the member's own, played on stage.
fn own_turn(r: &Receipt, id: &str) -> bool {
    r.id == id
        && r.arena == Arena::Scene
        && matches!(r.kind, TurnKind::Scene | TurnKind::Reaction)
        && matches!(r.ending, Ending::Completed | Ending::Failed)
}

/// The scene action a receipt's turn took, when it happened.
fn done(r: &Receipt) -> Option<&SceneAct> {
    r.act.as_ref().filter(|d| d.ok).map(|d| &d.act)
}

/// The window of `seat`'s next appraisal among `receipts` (sequence order), or `None` while
/// it has had fewer than `min_turns` turns on stage since its last one.
pub fn window(
    receipts: &[(u64, Receipt)],
    seat: &Seat,
    turns: u32,
    min_turns: u32,
) -> Option<Window> {
    let considered: Vec<&(u64, Receipt)> = receipts
        .iter()
        .filter(|(seq, _)| seat.through.is_none_or(|t| *seq > t))
        .take_while(|(_, r)| seat.open_since.is_none_or(|t| r.completed_at < t))
        .collect();
    let own: Vec<&(u64, Receipt)> = considered
        .iter()
        .copied()
        .filter(|(_, r)| own_turn(r, &seat.id))
        .collect();
    if own.len() < min_turns.max(1) as usize {
        return None;
    }
    let through = if own.len() > turns as usize {
        own[turns as usize - 1].0
    } else {
        considered.last()?.0
    };
    let own = &own[..own.len().min(turns as usize)];
    let mut tally = Tally {
        turns: own.len() as u32,
        ..Tally::default()
    };
    let mut reactions = 0;
    let mut ticks = Vec::new();
    for (_, r) in own {
        let act = done(r);
        let passed = act.is_some_and(SceneAct::passes);
        tally.passed += u32::from(passed);
        if r.kind == TurnKind::Reaction {
            reactions += 1;
            match act {
                Some(SceneAct::Refuse { .. } | SceneAct::Withhold { .. }) => tally.refused += 1,
                _ if passed => {}
                // A scene action that failed (a `say` to no one here) answered nobody.
                _ if r.ending == Ending::Completed && r.act.as_ref().is_none_or(|d| d.ok) => {
                    tally.answered += 1
                }
                _ => {}
            }
        }
        if r.ending == Ending::Completed
            && !passed
            && let Some(tick) = r.tick
        {
            ticks.push(tick);
        }
    }
    let says = considered
        .iter()
        .filter(|(seq, _)| *seq <= through)
        .filter(|(_, r)| {
            r.id != seat.id
                && r.kind == TurnKind::Scene
                && r.ending == Ending::Completed
                && matches!(done(r), Some(SceneAct::Say { to, .. }) if *to == seat.id)
        })
        .count() as u32;
    tally.spoken_to = says.max(reactions);
    tally.lapsed = tally
        .spoken_to
        .saturating_sub(tally.answered + tally.refused);
    let cast_ticks = own.iter().map(|(_, r)| r.cast_tick);
    Some(Window {
        member: seat.id.clone(),
        home: seat.home.clone(),
        through,
        from_tick: cast_ticks.clone().min().unwrap_or(0),
        to_tick: cast_ticks.max().unwrap_or(0),
        tally,
        ticks,
    })
}

/// What a member's episodes say of one tick: whether it succeeded, and whether it advanced a
/// goal (closed its plan step, finished a commission, moved its quest's criterion).
pub fn evidence(rx: &impl Read, ticks: &[u64]) -> Result<BTreeMap<u64, (bool, bool)>> {
    let mut found = BTreeMap::new();
    if ticks.is_empty() {
        return Ok(found);
    }
    for (_, e) in rx.ring::<Episode>(Some(EPISODE_LOOKBACK))? {
        if ticks.contains(&e.tick) {
            let a = &e.advanced;
            let advanced = a.step_closed || a.commission_closed || a.criterion_moved;
            found.insert(e.tick, (e.success, advanced));
        }
    }
    Ok(found)
}

impl Window {
    /// The whole tally, with what the member's episodes say of its ticks.
    pub fn settle(&self, evidence: &BTreeMap<u64, (bool, bool)>) -> Tally {
        let mut t = self.tally;
        for tick in &self.ticks {
            if let Some((succeeded, advanced)) = evidence.get(tick) {
                t.succeeded += u32::from(*succeeded);
                t.advanced += u32::from(*advanced);
            }
        }
        t
    }

    /// What the appraisal would cover, in words (a dry run, a receipt).
    pub fn describe(&self) -> String {
        format!(
            "{} (cast ticks {}\u{2013}{}, {} turns)",
            self.member, self.from_tick, self.to_tick, self.tally.turns
        )
    }
}

/// How the appraiser reaches the members' stores.
#[derive(Debug, Clone)]
pub struct Reach<'a> {
    pub wait: Duration,
    /// `section.key=value` flags every member's configuration gets.
    pub config_flags: &'a [String],
    pub clock: &'a Clock,
    /// The appraiser's cast tick.
    pub cast_tick: u64,
}

/// Appraises one member: reads its episodes, scores the window, and writes the `appraisal`
/// engram (provenance experienced) into its memory, in one commit of its store. A busy store is
/// a busy error (75), and nothing was written.
pub fn appraise(w: &Window, reach: &Reach<'_>) -> Result<Appraisal> {
    let home = Home::new(&w.home);
    let config = home.config(reach.config_flags)?;
    let store = home.open(reach.wait, "cast appraise", reach.clock)?;
    let found = evidence(&store.read()?, &w.ticks)?;
    let tally = w.settle(&found);
    let components = tally.components();
    let score = components.score();
    let words = text(w.from_tick, w.to_tick, &tally, score);
    let memory = Memory::from_config(&config.embed)?;
    let now = reach.clock.now();
    let source = format!("cast-ticks:{}-{}", w.from_tick, w.to_tick);
    let mut tx = store.write()?;
    // A turn killed after this commit and before the cast recorded the appraisal appraises the
    // same window again: the engram it wrote then is this one, not a second.
    let engram = match written(&tx, &source, &words)? {
        Some(id) => id,
        None => {
            let new = NewEngram::new(Kind::Appraisal, words.clone(), Provenance::Experienced)
                .source(source);
            let id = memory.remember(&mut tx, new, now)?;
            tx.commit()?;
            id
        }
    };
    Ok(Appraisal {
        member: w.member.clone(),
        cast_tick: reach.cast_tick,
        at: now,
        from_tick: w.from_tick,
        to_tick: w.to_tick,
        through: w.through,
        tally,
        components,
        score,
        engram,
        text: words,
    })
}

/// The appraisal engram already written for this window (same source, same words), if any.
fn written(rx: &impl Read, source: &str, words: &str) -> Result<Option<EngramId>> {
    let filter = Filter::default().kind(Kind::Appraisal);
    Ok(crate::memory::list(rx, &filter, usize::MAX)?
        .into_iter()
        .find(|e| e.body == words && e.sources.iter().any(|s| s == source))
        .map(|e| e.id))
}
