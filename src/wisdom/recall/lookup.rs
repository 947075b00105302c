//! Situational recall: for the current situation key, what the ledger and memory offer.
//!
//! The situation itself (similarity 1) and the most similar other situations by vector give
//! the cases (each situation's best verified track: a fix before a plain success) and the
//! dead ends (signatures that failed repeatedly and have not worked since); the strategy
//! engrams most similar to the situation give the guardrails; the creature's own skills whose
//! running version has worked, by how near their name and description are to the situation,
//! give the offers. Nothing here is gated: the block ([`super::block`]) decides what speaks.

use serde::Serialize;

use super::ledger::Pending;
use super::situation::{SituationVectorRef, Track, situation_text};
use crate::base::exit::Result;
use crate::base::store::{Doc, Read};
use crate::memory::{Filter, Hit, Kind, Memory, vector};
use crate::world::skills::{SKILL_PREFIX, Skill};

/// Similar situations looked at besides the current one.
pub const SIMILAR_SITUATIONS: usize = 4;
/// Strategy engrams recalled.
pub const GUARDRAILS: usize = 3;
/// Skills offered at most (the block shows the first).
pub const OFFERS: usize = 3;

/// A verified track of a situation like this one.
#[derive(Debug, Clone, Serialize)]
pub struct Case {
    pub situation: String,
    /// Similarity of its situation to the current one (1 for the same key).
    pub sim: f32,
    pub track: Track,
}

/// A signature that failed repeatedly in a situation like this one.
#[derive(Debug, Clone, Serialize)]
pub struct DeadEnd {
    pub situation: String,
    pub sim: f32,
    pub signature: String,
    pub failures_in_row: u32,
}

/// A skill of the creature's own that could serve this situation: its running version has
/// worked (it is LIVE), and its name and description are near the situation's words.
#[derive(Debug, Clone, Serialize)]
pub struct Offer {
    /// The skill's name; its tool is `skill_<name>`.
    pub skill: String,
    pub about: String,
    pub sim: f32,
    /// The version that runs.
    pub version: u32,
    pub runs: u64,
    pub successes: u64,
}

impl Offer {
    /// The tool that invokes it.
    pub fn tool(&self) -> String {
        format!("{SKILL_PREFIX}{}", self.skill)
    }
}

/// What recall found for one situation, best first in each list.
#[derive(Debug, Clone, Serialize)]
pub struct Lookup {
    pub situation: String,
    /// Other situations by similarity, with theirs.
    pub similar: Vec<(String, f32)>,
    pub cases: Vec<Case>,
    pub dead_ends: Vec<DeadEnd>,
    pub guardrails: Vec<Hit>,
    /// The creature's working skills nearest the situation.
    pub offers: Vec<Offer>,
    /// Whether the situation could be embedded (else only the same key was looked at).
    pub embedded: bool,
}

/// Looks the situation up. With `thorough` off (a tick), similar situations are scanned only
/// when the situation itself has no verified case, since none could outrank it.
pub fn lookup(
    rx: &impl Read,
    pending: &Pending,
    memory: &Memory,
    key: &str,
    thorough: bool,
) -> Result<Lookup> {
    let exact = pending.situation(rx, key)?;
    let query = match memory.embed(&situation_text(key)) {
        Ok(q) if q.iter().any(|x| *x != 0.0) => Some(q),
        Ok(_) => None,
        Err(e) => {
            super::warn_once(&format!(
                "recall: the embedder did not answer ({}); only this exact situation is \
                 recalled",
                e.message
            ));
            None
        }
    };
    let mut out = Lookup {
        situation: key.to_string(),
        similar: Vec::new(),
        cases: Vec::new(),
        dead_ends: Vec::new(),
        guardrails: Vec::new(),
        offers: Vec::new(),
        embedded: query.is_some(),
    };
    let mut situations = Vec::new();
    let has_case = exact.as_ref().is_some_and(|s| s.best_case().is_some());
    if let Some(s) = exact {
        situations.push((s, 1.0));
    }
    if let Some(q) = &query {
        if thorough || !has_case {
            out.similar = similar(rx, pending, memory, q, key)?;
            for (other, sim) in &out.similar {
                if let Some(s) = pending.situation(rx, other)? {
                    situations.push((s, *sim));
                }
            }
        }
        let filter = Filter::active().kind(Kind::Strategy);
        out.guardrails = memory.recall_vector(rx, q, &filter, GUARDRAILS)?.hits;
        out.offers = offers(rx, memory, q)?;
    }
    for (s, sim) in &situations {
        if let Some(track) = s.best_case() {
            out.cases.push(Case {
                situation: s.key.clone(),
                sim: *sim,
                track: track.clone(),
            });
        }
        out.dead_ends.extend(s.dead_ends().map(|t| DeadEnd {
            situation: s.key.clone(),
            sim: *sim,
            signature: t.signature.clone(),
            failures_in_row: t.failures_in_row,
        }));
    }
    out.cases.sort_by(|a, b| {
        b.sim
            .total_cmp(&a.sim)
            .then(b.track.closed_something().cmp(&a.track.closed_something()))
            .then(b.track.is_fix().cmp(&a.track.is_fix()))
            .then(b.track.last_success_tick.cmp(&a.track.last_success_tick))
    });
    Ok(out)
}

/// The skills whose running version is LIVE, by the similarity of their name and description
/// to `q`, best first. A skill that cannot be embedded is left out (the situation was, so the
/// embedder answers; a failure here is one skill's text).
fn offers(rx: &impl Read, memory: &Memory, q: &[f32]) -> Result<Vec<Offer>> {
    let mut out = Vec::new();
    for (name, skill) in rx.all::<Skill>()? {
        if skill.live != Some(skill.current) {
            continue;
        }
        let text = format!("{} {}", name.replace('_', " "), skill.about);
        let Ok(v) = memory.embed(&text) else {
            continue;
        };
        if v.len() != q.len() {
            continue;
        }
        let sim: f32 = v.iter().zip(q).map(|(a, b)| a * b).sum();
        out.push(Offer {
            skill: name,
            about: skill.about,
            sim,
            version: skill.current,
            runs: skill.runs,
            successes: skill.successes,
        });
    }
    out.sort_by(|a, b| b.sim.total_cmp(&a.sim).then(a.skill.cmp(&b.skill)));
    out.truncate(OFFERS);
    Ok(out)
}

/// The situations most similar to `q` (of this memory's embedding space), the current key
/// left out, best first.
fn similar(
    rx: &impl Read,
    pending: &Pending,
    memory: &Memory,
    q: &[f32],
    key: &str,
) -> Result<Vec<(String, f32)>> {
    let space = memory.space_for(q.len());
    let mut scored: Vec<(String, f32)> = Vec::new();
    let mut consider = |k: &str, row_space: u64, bytes: &[u8]| {
        if k == key || row_space != space || bytes.len() != q.len() * 4 {
            return;
        }
        let sim: f32 = vector::from_bytes(bytes).zip(q).map(|(a, b)| a * b).sum();
        scored.push((k.to_string(), sim));
    };
    for (k, bytes) in rx.keyed_all_raw(super::SituationVector::SCHEMA)? {
        if pending.vectors.contains_key(&k) || pending.evicted.contains(&k) {
            continue;
        }
        if let Ok(row) = rmp_serde::from_slice::<SituationVectorRef>(&bytes) {
            consider(row.key, row.space, row.f32le);
        }
    }
    for row in pending.vectors.values() {
        consider(&row.key, row.space, &row.f32le);
    }
    scored.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    scored.truncate(SIMILAR_SITUATIONS);
    Ok(scored)
}
