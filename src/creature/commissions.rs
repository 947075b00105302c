//! The keeper's channel: commissions (work the keeper gives the creature, with an optional
//! mechanical check) and the inbox (what the creature said back). Both are capped rings; a
//! small desk document lists the commissions still open, so a tick never scans the ring.
//!
//! A commission is the creature's next step, ahead of its own plan, until it ends. With a
//! check it ends `done` the moment wis sees the check hold after one of the creature's actions
//! (WIS1: the world, not the creature's word). Without one, the creature's answer (a reply, or
//! the action the words name) makes it `waiting` for the keeper, who confirms or rejects it; a
//! rejection goes back to the creature as the keeper's words and the commission is worked again.

use serde::{Deserialize, Serialize};

use crate::base::clock::Millis;
use crate::base::exit::Result;
use crate::base::store::{Layout, Read, Tx};
use crate::creature::Check;
use crate::doc;

/// Commissions kept.
pub const COMMISSION_CAP: u64 = 1_000;
/// Replies kept in the inbox.
pub const INBOX_CAP: u64 = 2_000;
/// Most characters of a commission's text, a keeper's reason, or a reply kept.
pub const MAX_TEXT_CHARS: usize = 500;
/// Most episodes remembered on one commission.
pub const MAX_EPISODES: usize = 64;
/// Most rejections remembered on one commission.
pub const MAX_REJECTIONS: usize = 8;
/// Work turns in a row on one commission without finishing it, after which it is set aside
/// and the next one (or the creature's own plan) is worked: a step the creature cannot do yet
/// does not hold its whole life.
pub const PATIENCE: u32 = 5;
/// The same action this many times in a row on one commission, without finishing it, is a
/// rut: the commission is set aside at once.
pub const SAME_TRIES: u32 = 3;
/// Ticks a commission set aside the first time waits before it is the step again; each later
/// time twice as long, up to 8 times as long.
pub const ASIDE_TICKS: u64 = 15;

/// Where a commission stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Being worked: the creature's current step while it is the first such.
    Open,
    /// The keeper rejected the answer; worked again, with the keeper's words.
    Rejected,
    /// Answered, with no check: waiting for the keeper's confirmation.
    Waiting,
    /// Its check held.
    Done,
    /// The keeper confirmed it.
    Confirmed,
    /// The keeper took it back.
    Dropped,
    /// Not done within its due ticks.
    Expired,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Open => "open",
            Status::Rejected => "rejected",
            Status::Waiting => "waiting",
            Status::Done => "done",
            Status::Confirmed => "confirmed",
            Status::Dropped => "dropped",
            Status::Expired => "expired",
        }
    }

    /// Still on the desk: open, rejected or waiting.
    pub fn live(self) -> bool {
        matches!(self, Status::Open | Status::Rejected | Status::Waiting)
    }

    /// Being worked by the creature: open or rejected.
    pub fn worked(self) -> bool {
        matches!(self, Status::Open | Status::Rejected)
    }

    /// Finished to the world's or the keeper's satisfaction (a commission done by a reflex is
    /// done, but no figure counts it: [`Commission::counted`]).
    pub fn succeeded(self) -> bool {
        matches!(self, Status::Done | Status::Confirmed)
    }
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One commission.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Commission {
    pub text: String,
    #[serde(default)]
    pub check: Option<Check>,
    /// The kind of errand, as the keeper names it (`value`, `write`, …; [`valid_kind`]):
    /// what the keeper's figures group by, and what a lesson learned on one commission is
    /// recalled for on the next of its kind. None: not named.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// Ticks it may take from when it was given; past them it expires.
    #[serde(default)]
    pub due_ticks: Option<u64>,
    pub status: Status,
    /// The creature's age (ticks lived) when it was given.
    pub given_tick: u64,
    pub given_at: Millis,
    /// Work turns the creature spent on it.
    #[serde(default)]
    pub ticks_spent: u64,
    /// The ticks of the episodes that worked on it, oldest first (at most [`MAX_EPISODES`]).
    #[serde(default)]
    pub episodes: Vec<u64>,
    /// The creature's latest reply to it.
    #[serde(default)]
    pub reply: Option<String>,
    #[serde(default)]
    pub reply_tick: Option<u64>,
    /// When it ended (done, confirmed, dropped, expired) or began waiting.
    #[serde(default)]
    pub ended_tick: Option<u64>,
    #[serde(default)]
    pub ended_at: Option<Millis>,
    /// What ended it: what the check showed, or the keeper's word.
    #[serde(default)]
    pub verdict: Option<String>,
    /// The keeper's rejections, oldest first (at most [`MAX_REJECTIONS`]).
    #[serde(default)]
    pub rejections: Vec<String>,
    /// The memories shown while it was worked, by id, for settlement when it ends.
    #[serde(default)]
    pub shown: Vec<String>,
    /// Work turns on it since it was given or last set aside.
    #[serde(default)]
    pub tries: u32,
    /// Set aside until the creature's age reaches this tick ([`PATIENCE`]).
    #[serde(default)]
    pub aside_until: Option<u64>,
    /// The signature of the latest try and how many tries in a row had it.
    #[serde(default)]
    pub last_try: Option<String>,
    #[serde(default)]
    pub same_tries: u32,
    /// Times it was set aside.
    #[serde(default)]
    pub asides: u32,
    /// The steps before its own words that the world can close one by one (`read FILE`, `run
    /// CMD`, …), read from its words when it was given with `[wisdom] errands_enabled`; empty:
    /// the commission is one step, as it always was.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stages: Vec<String>,
    /// How many of `stages` are done: the step now is `stages[stage]`, or, past the last, the
    /// commission's own words.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub stage: u32,
    /// What the action that did the last stage showed (bounded): what the commission's own step
    /// is answered from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seen: Option<String>,
    /// The action that did the last stage, in the action channel's JSON form (bounded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub looked: Option<String>,
    /// Replies to it that its check did not find what was asked in.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub missed_replies: u32,
    /// Done by a reflex, below the model (WIS2): its check held, but after an action no model
    /// chose, so it moved no commission statistic and no lineage mark, paid nothing, and
    /// counts as done in no figure.
    #[serde(default, skip_serializing_if = "is_false")]
    pub below: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// Most characters of what a stage showed kept on its commission.
pub const SEEN_MAX_CHARS: usize = 2_000;

doc!(
    Commission,
    "wis.commission",
    1,
    Layout::Ring {
        cap: COMMISSION_CAP
    }
);

/// The commissions still on the desk (open, rejected or waiting), oldest first.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Desk {
    pub live: Vec<u64>,
    /// Commissions finished: their check held, or the keeper confirmed them (the
    /// `commissions.confirmed` stat).
    #[serde(default)]
    pub finished: u64,
    /// The creature's age when the first one finished.
    #[serde(default)]
    pub first_finished_tick: Option<u64>,
}

doc!(Desk, "wis.keeper_desk", 1, Layout::Singleton);

/// One thing the creature said to the keeper.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Said {
    pub tick: u64,
    pub at: Millis,
    pub text: String,
    /// The commission it answers: the one being worked when it was said.
    #[serde(default)]
    pub commission: Option<u64>,
}

doc!(Said, "wis.inbox", 1, Layout::Ring { cap: INBOX_CAP });

impl Commission {
    /// A new commission given at the creature's age `tick`.
    pub fn new(
        text: &str,
        check: Option<Check>,
        due_ticks: Option<u64>,
        tick: u64,
        at: Millis,
    ) -> Commission {
        Commission {
            text: bounded(text),
            check,
            kind: None,
            due_ticks,
            status: Status::Open,
            given_tick: tick,
            given_at: at,
            ticks_spent: 0,
            episodes: Vec::new(),
            reply: None,
            reply_tick: None,
            ended_tick: None,
            ended_at: None,
            verdict: None,
            rejections: Vec::new(),
            shown: Vec::new(),
            tries: 0,
            aside_until: None,
            last_try: None,
            same_tries: 0,
            asides: 0,
            stages: Vec::new(),
            stage: 0,
            seen: None,
            looked: None,
            missed_replies: 0,
            below: false,
        }
    }

    /// The stage being worked, when the commission has stages left.
    pub fn current_stage(&self) -> Option<&str> {
        self.stages.get(self.stage as usize).map(String::as_str)
    }

    /// Whether its stages are done (or it has none) and its own words are the step.
    pub fn answering(&self) -> bool {
        self.current_stage().is_none()
    }

    /// Whether it counts as done in the keeper's figures: it succeeded, and not below the
    /// model (WIS2).
    pub fn counted(&self) -> bool {
        self.status.succeeded() && !self.below
    }

    /// Whether it is set aside at the creature's age `tick`.
    pub fn aside(&self, tick: u64) -> bool {
        self.aside_until.is_some_and(|t| tick < t)
    }

    /// Counts a work turn on it, with the action of `signature`, that did not finish it; at
    /// [`PATIENCE`] tries, or [`SAME_TRIES`] of one action in a row, it is set aside until
    /// `tick` + [`ASIDE_TICKS`] (doubled each later time, up to 8 times), and that tick and
    /// the tries it took come back.
    pub fn tried(&mut self, tick: u64, signature: &str) -> Option<(u64, u32)> {
        self.tries += 1;
        if self.last_try.as_deref() == Some(signature) {
            self.same_tries += 1;
        } else {
            self.last_try = Some(signature.chars().take(200).collect());
            self.same_tries = 1;
        }
        if self.tries < PATIENCE && self.same_tries < SAME_TRIES {
            return None;
        }
        let tries = self.tries;
        self.patience_anew();
        let back = tick + (ASIDE_TICKS << self.asides.min(3));
        self.asides = self.asides.saturating_add(1);
        self.aside_until = Some(back);
        Some((back, tries))
    }

    /// Forgets the tries counted toward setting it aside: a step of it was done, or changed.
    pub fn patience_anew(&mut self) {
        self.tries = 0;
        self.same_tries = 0;
        self.last_try = None;
    }

    /// How the creature reads it as a step: its stage being worked, else its own words.
    pub fn step(&self) -> String {
        self.current_stage()
            .map_or_else(|| self.text.clone(), str::to_string)
    }

    /// Whether it is past its due ticks when the turn of tick `tick` begins: given at age
    /// `given_tick` with `due_ticks` = d, the ticks `given_tick + 1` to `given_tick + d` may
    /// work it, and the next one finds it expired.
    pub fn overdue(&self, tick: u64) -> bool {
        self.due_ticks
            .is_some_and(|d| tick > self.given_tick.saturating_add(d))
    }

    /// Records one work turn of episode `tick` on it.
    pub fn worked_at(&mut self, tick: u64) {
        self.ticks_spent += 1;
        if self.episodes.last() != Some(&tick) {
            self.episodes.push(tick);
            if self.episodes.len() > MAX_EPISODES {
                self.episodes.remove(0);
            }
        }
    }

    /// Ends it (or sets it waiting) at `tick`, saying why.
    pub fn end(&mut self, status: Status, tick: u64, at: Millis, verdict: impl Into<String>) {
        self.status = status;
        self.ended_tick = Some(tick);
        self.ended_at = Some(at);
        self.verdict = Some(bounded(&verdict.into()));
    }
}

/// Most characters of a commission's kind.
pub const KIND_MAX_CHARS: usize = 24;

/// Whether `kind` is a kind a keeper may name: 1 to [`KIND_MAX_CHARS`] lowercase letters,
/// digits and dashes, starting with a letter.
pub fn valid_kind(kind: &str) -> bool {
    (1..=KIND_MAX_CHARS).contains(&kind.len())
        && kind.starts_with(|c: char| c.is_ascii_lowercase())
        && kind
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// A text cut to [`MAX_TEXT_CHARS`], trimmed, with no control character but the newline (what
/// the model or the keeper wrote reaches a terminal and a web page).
pub fn bounded(text: &str) -> String {
    text.trim()
        .chars()
        .map(|c| if c == '\t' { ' ' } else { c })
        .filter(|c| *c == '\n' || !c.is_control())
        .take(MAX_TEXT_CHARS)
        .collect()
}

/// The desk, failing open to an empty one (WIS8).
pub fn desk(rx: &impl Read) -> Result<Desk> {
    Ok(rx.singleton_or_default::<Desk>()?.0)
}

/// A commission's id is its place in the ring counted from 1 (`#1` is the first ever given).
fn seq_of(id: u64) -> Option<u64> {
    id.checked_sub(1)
}

/// One commission by id.
pub fn get(rx: &impl Read, id: u64) -> Result<Option<Commission>> {
    let Some(seq) = seq_of(id) else {
        return Ok(None);
    };
    rx.ring_at::<Commission>(seq)
}

/// Every commission kept, oldest first, with its id.
pub fn all(rx: &impl Read) -> Result<Vec<(u64, Commission)>> {
    Ok(rx
        .ring::<Commission>(None)?
        .into_iter()
        .map(|(seq, c)| (seq + 1, c))
        .collect())
}

/// The commissions on the desk, oldest first, with their ids; one that left the ring is
/// dropped from the desk by the next write.
pub fn live(rx: &impl Read) -> Result<Vec<(u64, Commission)>> {
    let mut out = Vec::new();
    for id in desk(rx)?.live {
        if let Some(c) = get(rx, id)? {
            out.push((id, c));
        }
    }
    Ok(out)
}

/// The commission the creature works now: the first open or rejected one not set aside.
pub fn current(rx: &impl Read) -> Result<Option<(u64, Commission)>> {
    let age = rx
        .get::<crate::creature::Persona>(crate::base::store::SINGLETON_KEY)?
        .map_or(0, |p| p.ticks);
    Ok(live(rx)?
        .into_iter()
        .find(|(_, c)| c.status.worked() && !c.aside(age)))
}

/// Gives a commission; returns its id.
pub fn give(tx: &mut Tx<'_>, commission: &Commission) -> Result<u64> {
    let id = tx.push(commission)? + 1;
    let mut d = desk(tx)?;
    d.live.push(id);
    tx.set(&d)?;
    Ok(id)
}

/// Writes a commission back, keeping the desk in step with its status.
pub fn save(tx: &mut Tx<'_>, id: u64, commission: &Commission) -> Result<()> {
    if let Some(seq) = seq_of(id) {
        tx.replace(seq, commission)?;
    }
    let mut d = desk(tx)?;
    let on = d.live.contains(&id);
    if commission.status.live() && !on {
        d.live.push(id);
        d.live.sort_unstable();
    } else if !commission.status.live() && on {
        d.live.retain(|x| *x != id);
    } else {
        return Ok(());
    }
    tx.set(&d)?;
    Ok(())
}

/// Records a reply to the keeper.
pub fn said(
    tx: &mut Tx<'_>,
    tick: u64,
    at: Millis,
    text: &str,
    commission: Option<u64>,
) -> Result<u64> {
    tx.push(&Said {
        tick,
        at,
        text: bounded(text),
        commission,
    })
}

/// What the creature said to commission `id`, oldest first (as far back as the inbox keeps).
pub fn said_to(rx: &impl Read, id: u64) -> Result<Vec<String>> {
    Ok(rx
        .ring::<Said>(None)?
        .into_iter()
        .filter(|(_, s)| s.commission == Some(id))
        .map(|(_, s)| s.text)
        .collect())
}

#[cfg(test)]
mod patience_tests {
    use super::*;

    #[test]
    fn a_commission_due_in_one_tick_may_be_worked_that_tick() {
        // Regression: it expired as the first tick after it was given began, never worked.
        let c = Commission::new("write hi into a.txt", None, Some(1), 10, 0);
        assert!(!c.overdue(11), "tick 11 may work it");
        assert!(c.overdue(12));
    }

    #[test]
    fn a_commission_tried_patience_times_is_set_aside_and_comes_back() {
        let mut c = Commission::new("write hello into greeting.txt", None, None, 0, 0);
        for tick in 1..PATIENCE as u64 {
            assert_eq!(c.tried(tick, &format!("bash try{tick}")), None);
        }
        let (back, tries) = c.tried(PATIENCE as u64, "bash last").unwrap();
        assert_eq!((back, tries), (PATIENCE as u64 + ASIDE_TICKS, PATIENCE));
        assert!(c.aside(back - 1));
        assert!(!c.aside(back), "it is the step again");
        assert_eq!(c.tries, 0, "counted afresh");
    }

    #[test]
    fn the_same_action_three_times_is_a_rut_and_each_aside_lasts_longer() {
        let mut c = Commission::new("write hello into greeting.txt", None, None, 0, 0);
        let rut = "write_file hello.txt";
        assert_eq!(c.tried(1, rut), None);
        assert_eq!(c.tried(2, rut), None);
        assert_eq!(c.tried(3, rut), Some((3 + ASIDE_TICKS, 3)));
        for t in 0..2 {
            assert_eq!(c.tried(20 + t, rut), None);
        }
        assert_eq!(c.tried(22, rut), Some((22 + 2 * ASIDE_TICKS, 3)));
        c.asides = 9;
        let _ = c.tried(100, rut);
        let _ = c.tried(101, rut);
        assert_eq!(
            c.tried(102, rut),
            Some((102 + 8 * ASIDE_TICKS, 3)),
            "at most 8 times"
        );
    }
}
