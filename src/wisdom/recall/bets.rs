//! Bets: every item the "Before you act" block shows is a bet that it helps, recorded as a
//! `wis.bet.v1` and settled by the tick's adjudicated outcome (WIS1).
//!
//! An item recommends an action signature: a case its track's, a guardrail the one its
//! engram names in a source (`signature:…`, or `action:{…}` in the channel's JSON form). The
//! tick's episode settles it: the same signature and a success is followed into success, the
//! same signature and a failure is into failure, another action is ignored. The settlement
//! goes into the item's utility record: the engram's (through [`crate::memory::settle`]) or
//! the situation track's. An automated (reflex) outcome settles nothing (WIS2), and neither
//! does an item that recommends no signature: the bet is kept, marked why, and counts for
//! nothing.
//!
//! What the world closed is evidence too ([`super::witness`]): what was followed into an action
//! that closed a step or a commission is witnessed on its engram.

use serde::{Deserialize, Serialize};

use super::situation::Situation;
use super::witness::{Closure, witness};
use crate::base::clock::Millis;
use crate::base::exit::Result;
use crate::base::store::{Layout, Read, Tx};
use crate::creature::Action;
use crate::doc;
use crate::memory::{self, Engram, EngramId, Provenance, Settlement};
use crate::wisdom::episodes::{Episode, action_signature};
use crate::world::skills::{SKILL_PREFIX, Skill};

/// Bets kept in the ring.
pub const BET_CAP: u64 = 100_000;

/// What an item is, and where its utility record lives.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Item {
    /// A verified track of a situation: the case.
    Case {
        situation: String,
        signature: String,
    },
    /// A strategy engram: the guardrail.
    Guardrail { engram: EngramId },
    /// A memory prose recall stated above the step (a fact, procedure, dream, inherited or
    /// told item): a `Known fact` line.
    Known { engram: EngramId },
    /// One of the creature's own skills, offered as an invocation.
    Offer { skill: String },
}

impl Item {
    /// `e12`, or `situation#signature` for a case.
    pub fn id(&self) -> String {
        match self {
            Item::Case {
                situation,
                signature,
            } => format!("{situation}#{signature}"),
            Item::Guardrail { engram } | Item::Known { engram } => engram.to_string(),
            Item::Offer { skill } => format!("{SKILL_PREFIX}{skill}"),
        }
    }
}

/// One item the block showed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Shown {
    pub item: Item,
    /// The action signature it recommends, when it names one.
    pub recommends: Option<String>,
    pub sim: f32,
    pub provenance: Provenance,
    /// For an item that names no action (a stated fact): its own words, the ones the step
    /// did not already say; the item was followed when the action used one of them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub words: Vec<String>,
}

/// What the block showed in one tick, carried from the first phase to the last.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Injected {
    pub items: Vec<Shown>,
}

/// Why a bet was not settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unsettled {
    /// A reflex acted, not the mind (WIS2).
    Automated,
    /// The item names no action, so following it cannot be told from ignoring it.
    NoRecommendation,
    /// The tick recorded no action.
    NoAction,
    /// A stated fact was used by an action that worked, and the step is not closed yet.
    NotClosed,
}

/// One injected item and how the tick settled it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Bet {
    pub tick: u64,
    pub at: Millis,
    pub item: Item,
    pub recommends: Option<String>,
    pub sim: f32,
    pub provenance: Provenance,
    /// The signature the tick acted with.
    pub acted: Option<String>,
    pub settlement: Option<Settlement>,
    pub unsettled: Option<Unsettled>,
}

doc!(Bet, "wis.bet", 1, Layout::Ring { cap: BET_CAP });

/// How an episode settles an item recommending `recommends`.
pub fn adjudicate(
    recommends: Option<&str>,
    episode: Option<&Episode>,
) -> std::result::Result<Settlement, Unsettled> {
    let ep = episode.ok_or(Unsettled::NoAction)?;
    if ep.automated {
        return Err(Unsettled::Automated);
    }
    let recommended = recommends.ok_or(Unsettled::NoRecommendation)?;
    // A lesson of a kind recommends a shape (`shape:bash cp`): followed whatever paths it named.
    let followed = match recommended.strip_prefix(SHAPE) {
        Some(shape) => serde_json::from_str::<Action>(&ep.action)
            .is_ok_and(|a| crate::wisdom::episodes::action_shape(&a) == shape),
        None => ep.signature == recommended,
    };
    if !followed {
        return Ok(Settlement::Ignored);
    }
    Ok(if ep.success {
        Settlement::FollowedIntoSuccess
    } else {
        Settlement::IntoFailure
    })
}

/// How an episode settles a shown item. An offer was followed when the action called its
/// skill, whatever the input; any other item that names an action settles as [`adjudicate`]
/// says; a stated fact with words of its own settles on whether the action
/// used them: used and the step or commission `closed` is followed into success, used and
/// failed is into failure, unused is ignored, used by a success that closed nothing waits
/// ([`Unsettled::NotClosed`]).
pub fn adjudicate_shown(
    shown: &Shown,
    episode: Option<&Episode>,
    closed: bool,
) -> std::result::Result<Settlement, Unsettled> {
    if let Item::Offer { skill } = &shown.item {
        let ep = episode.ok_or(Unsettled::NoAction)?;
        if ep.automated {
            return Err(Unsettled::Automated);
        }
        return Ok(if ep.tool != format!("{SKILL_PREFIX}{skill}") {
            Settlement::Ignored
        } else if ep.success {
            Settlement::FollowedIntoSuccess
        } else {
            Settlement::IntoFailure
        });
    }
    if shown.recommends.is_some() || shown.words.is_empty() {
        return adjudicate(shown.recommends.as_deref(), episode);
    }
    let ep = episode.ok_or(Unsettled::NoAction)?;
    if ep.automated {
        return Err(Unsettled::Automated);
    }
    let acted = ep.action.to_lowercase();
    if !shown.words.iter().any(|w| acted.contains(w.as_str())) {
        return Ok(Settlement::Ignored);
    }
    match (ep.success, closed) {
        (false, _) => Ok(Settlement::IntoFailure),
        (true, true) => Ok(Settlement::FollowedIntoSuccess),
        (true, false) => Err(Unsettled::NotClosed),
    }
}

/// The words of a stated memory that can tell it was used: lowercase, three or more
/// characters, not common words and not words of the step it answers.
pub fn own_words(body: &str, step: &str) -> Vec<String> {
    const COMMON: &[&str] = &[
        "the", "and", "for", "you", "your", "are", "was", "were", "with", "that", "this", "from",
        "says", "shows", "what", "when", "then", "not", "but", "has", "have", "had", "its", "tick",
        "into", "out", "all", "any", "can", "did", "does", "here", "there", "file", "files",
    ];
    let split = |t: &str| -> Vec<String> {
        t.to_lowercase()
            .split(|c: char| !(c.is_alphanumeric() || c == '.' || c == '_' || c == '-'))
            .map(|w| w.trim_matches(|c: char| c == '.' || c == '-').to_string())
            .filter(|w| w.chars().count() >= 3)
            .collect()
    };
    let step_words = split(step);
    let mut out: Vec<String> = Vec::new();
    for w in split(body) {
        if !COMMON.contains(&w.as_str()) && !step_words.contains(&w) && !out.contains(&w) {
            out.push(w);
        }
    }
    out.truncate(16);
    out
}

/// Records one bet per injected item, settled by this tick's episode (if it recorded one)
/// and what its action closed (the step or a commission), settles each into its item's
/// utility record, and witnesses what the world closed on the engrams followed into it
/// ([`witness`]).
pub fn settle(
    tx: &mut Tx<'_>,
    injected: &Injected,
    episode: Option<&Episode>,
    closure: &Closure,
    tick: u64,
    now: Millis,
) -> Result<Vec<Bet>> {
    let mut bets = Vec::new();
    for shown in &injected.items {
        let verdict = adjudicate_shown(shown, episode, closure.closed());
        if let Ok(settlement) = verdict {
            settle_item(tx, &shown.item, settlement, now)?;
            if settlement == Settlement::FollowedIntoSuccess
                && let Item::Guardrail { engram } | Item::Known { engram } = &shown.item
            {
                witness(tx, *engram, closure, tick, now)?;
            }
        }
        let bet = Bet {
            tick,
            at: now,
            item: shown.item.clone(),
            recommends: shown.recommends.clone(),
            sim: shown.sim,
            provenance: shown.provenance,
            acted: episode.map(|e| e.signature.clone()),
            settlement: verdict.ok(),
            unsettled: verdict.err(),
        };
        tx.push(&bet)?;
        bets.push(bet);
    }
    Ok(bets)
}

/// Settles one item into its utility record: the engram's, the situation track's, or the
/// skill's. An item whose record is gone (an engram, situation or skill dropped since)
/// settles nowhere.
pub fn settle_item(
    tx: &mut Tx<'_>,
    item: &Item,
    settlement: Settlement,
    now: Millis,
) -> Result<()> {
    match item {
        Item::Guardrail { engram } | Item::Known { engram } => {
            if memory::get(tx, *engram)?.is_some() {
                memory::settle(tx, *engram, settlement, now)?;
            }
        }
        Item::Case {
            situation,
            signature,
        } => {
            // A situation dropped at the cap since has no record left to settle into.
            if let Some(mut s) = tx.get::<Situation>(situation)?
                && let Some(track) = s.track_mut(signature)
            {
                track.bets.record(settlement, now);
                tx.put(situation, &s)?;
            }
        }
        Item::Offer { skill } => {
            if let Some(mut s) = tx.get::<Skill>(skill)? {
                s.offers.record(settlement, now);
                tx.put(skill, &s)?;
            }
        }
    }
    Ok(())
}

/// The prefix of a recommendation that names an action's shape, not its signature.
pub const SHAPE: &str = "shape:";

/// The signature a guardrail engram recommends: the first source naming one; a lesson of a
/// kind (a `shape:` source) recommends its shape.
pub fn recommends(engram: &Engram) -> Option<String> {
    if let Some(shape) = engram.sources.iter().find(|s| s.starts_with(SHAPE)) {
        return Some(shape.clone());
    }
    engram.sources.iter().find_map(|source| {
        if let Some(sig) = source.strip_prefix("signature:") {
            return Some(sig.trim().to_string()).filter(|s| !s.is_empty());
        }
        let json = source.strip_prefix("action:")?;
        let action: Action = serde_json::from_str(json.trim()).ok()?;
        Some(action_signature(&action))
    })
}

/// How the memories recall has shown stand: of the distinct items the bet ring holds, how
/// many were shown at least twice, and how many of those hold a non-empty utility record
/// (a settlement on the engram, the situation track or the skill). An item whose record is
/// gone (archived away, dropped at a cap) counts as shown and unsettled.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct ShownRecords {
    pub bets: u64,
    pub items: u64,
    pub shown_twice: u64,
    pub shown_twice_settled: u64,
    /// The same, per item kind (`case`, `guardrail`, `known`, `offer`).
    pub by_kind: std::collections::BTreeMap<&'static str, ShownKind>,
}

/// One kind's share of [`ShownRecords`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct ShownKind {
    pub items: u64,
    pub shown_twice: u64,
    pub shown_twice_settled: u64,
}

impl Item {
    fn kind_name(&self) -> &'static str {
        match self {
            Item::Case { .. } => "case",
            Item::Guardrail { .. } => "guardrail",
            Item::Known { .. } => "known",
            Item::Offer { .. } => "offer",
        }
    }

    /// Whether the item's utility record holds a settlement.
    fn settled(&self, rx: &impl Read) -> Result<bool> {
        Ok(match self {
            Item::Guardrail { engram } | Item::Known { engram } => {
                memory::get(rx, *engram)?.is_some_and(|e| !e.utility.is_empty())
            }
            Item::Case {
                situation,
                signature,
            } => rx
                .get::<Situation>(situation)?
                .and_then(|s| s.track(signature).map(|t| !t.bets.is_empty()))
                .unwrap_or(false),
            Item::Offer { skill } => rx
                .get::<Skill>(skill)?
                .is_some_and(|s| !s.offers.is_empty()),
        })
    }
}

/// Counts [`ShownRecords`] over every bet kept.
pub fn shown_records(rx: &impl Read) -> Result<ShownRecords> {
    let mut times: std::collections::BTreeMap<String, (Item, u64)> = Default::default();
    let mut out = ShownRecords::default();
    for (_, bet) in rx.ring::<Bet>(None)? {
        out.bets += 1;
        times
            .entry(bet.item.id())
            .or_insert_with(|| (bet.item.clone(), 0))
            .1 += 1;
    }
    for (item, n) in times.into_values() {
        let kind = out.by_kind.entry(item.kind_name()).or_default();
        out.items += 1;
        kind.items += 1;
        if n >= 2 {
            out.shown_twice += 1;
            kind.shown_twice += 1;
            if item.settled(rx)? {
                out.shown_twice_settled += 1;
                kind.shown_twice_settled += 1;
            }
        }
    }
    Ok(out)
}
