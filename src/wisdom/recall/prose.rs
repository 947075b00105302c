//! Prose recall: the memories whose words answer the current step, shown to the model as
//! `Known fact: …` lines right above the step's question (design §4.3). The battery's arms
//! with live memory read the same lines above each task ([`crate::wisdom::curve`]).
//!
//! Why this form (measured on the base Gemma 3 270M, grammar on; REFERENCE and the battery
//! probes): a fact rendered "Here before (sim 0.83): …" or inside the block was not used; the
//! same fact as a bare `Known fact:` line next to the question was, after worked examples of
//! answering from such a line ([`KNOWN_EXAMPLES`]: 9 of 12 steps on a real tick prompt, against
//! 0 of 12 with the fact alone). The demonstration is shown only when a fact
//! is, so a tick with nothing to recall reads exactly what it read before.
//!
//! What is recalled: active memories of the kinds that state something (facts, lore,
//! procedures, strategies, general knowledge, dreams), found by the memory's fused recall with the step's
//! text, at the embedder's prose floor or more (`known_min_sim` of its
//! [`Calibration`](crate::memory::embed::Calibration): 0.25 for the built-in embedder, 0.45 for
//! the local model), at most [`KNOWN_MAX`], within the characters
//! `memory_max_chars` leaves beside the "Before you act" block and the worked examples. Lived episodes and passing
//! thoughts are not stated facts and are left to the block.

use super::bets::{self, Item, Shown};
use crate::base::config::Config;
use crate::base::exit::Result;
use crate::base::store::Read;
use crate::memory::{EngramId, Filter, Kind, LazyMemory, Memory, Provenance};
use crate::world::prompt::{KNOWN_EXAMPLES, NO_STEP, known_line};

/// Most memories shown above one question.
pub const KNOWN_MAX: usize = 2;
/// Candidates drawn before the kinds are filtered.
const POOL: usize = 4 * KNOWN_MAX;

/// One recalled memory.
#[derive(Debug, Clone, PartialEq)]
pub struct Known {
    pub engram: EngramId,
    pub kind: Kind,
    pub body: String,
    pub sim: f32,
    pub provenance: Provenance,
    /// The action it recommends, when it names one (a distilled procedure or guardrail).
    pub recommends: Option<String>,
    /// Where it came from, as the line says it ([`frame`]).
    pub frame: String,
}

/// Where a recalled memory came from, as its `Known fact` line says it (WIS5): `lived`, `told`,
/// `the keeper said`, `inherited from VOLUME`; a told or inherited memory the creature's own
/// settlements have borne out adds `verified`, one they have not yet, `not yet verified`.
pub fn frame(e: &crate::memory::Engram) -> String {
    let checked = if e.fate.verified_at.is_some() {
        ", verified"
    } else {
        ", not yet verified"
    };
    match e.provenance {
        Provenance::Experienced => "lived".into(),
        Provenance::Told => format!("told{checked}"),
        Provenance::Keeper => "the keeper said".into(),
        Provenance::Inherited => {
            let from = e
                .sources
                .iter()
                .find_map(|s| s.strip_prefix(crate::memory::engram::HEIRLOOM_SOURCE))
                .map(|v| format!(" from {}", v.chars().take(60).collect::<String>()))
                .unwrap_or_default();
            format!("inherited{from}{checked}")
        }
    }
}

impl Known {
    /// The memory as its line states it, with where it came from: `(lived) notes.txt says: …`.
    pub fn line(&self) -> String {
        format!("({}) {}", self.frame, self.body)
    }

    /// The bet of showing it above `step`: settled by the tick's outcome like the block's.
    pub fn shown(&self, step: &str) -> Shown {
        Shown {
            item: Item::Known {
                engram: self.engram,
            },
            recommends: self.recommends.clone(),
            sim: self.sim,
            provenance: self.provenance,
            words: if self.recommends.is_some() {
                Vec::new()
            } else {
                bets::own_words(&self.body, step)
            },
        }
    }
}

/// Whether a memory of this kind states something a question can be answered from. Lore,
/// the told world, is recalled as facts are; the social kinds (who another is, a goal, a
/// value, an appraisal) are the creature's stance, not the world, and are left out with lived
/// episodes, passing thoughts and scars.
pub fn states_something(kind: Kind) -> bool {
    match kind {
        Kind::Fact
        | Kind::Lore
        | Kind::Semantic
        | Kind::Strategy
        | Kind::Procedure
        | Kind::Dream => true,
        Kind::Episodic
        | Kind::Musing
        | Kind::Scar
        | Kind::Relationship
        | Kind::Goal
        | Kind::Value
        | Kind::Appraisal => false,
    }
}

/// Whether an engram is a lesson of an errand's kind ([`crate::wisdom::errands`]): shown as a
/// worked example above its kind's steps, never as a stated fact.
pub fn is_lesson(engram: &crate::memory::Engram) -> bool {
    engram.sources.iter().any(|s| s.starts_with("errand:"))
}

/// The memories that answer `query`, best first, within `budget` characters of rendered lines.
pub fn known(rx: &impl Read, memory: &Memory, query: &str, budget: usize) -> Result<Vec<Known>> {
    let hits = memory.recall(rx, query, &Filter::active(), POOL)?.hits;
    let floor = memory.embedder().calibration().known_min_sim;
    let mut out = Vec::new();
    let mut used = 0;
    for h in hits {
        if out.len() == KNOWN_MAX {
            break;
        }
        if h.sim < floor || !states_something(h.engram.kind) || is_lesson(&h.engram) {
            continue;
        }
        let body: String = h
            .engram
            .body
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let framed = frame(&h.engram);
        let cost = known_line(&format!("({framed}) {body}")).chars().count();
        if used + cost > budget {
            continue;
        }
        used += cost;
        out.push(Known {
            engram: h.id,
            kind: h.engram.kind,
            body,
            sim: h.sim,
            provenance: h.engram.provenance,
            recommends: bets::recommends(&h.engram),
            frame: framed,
        });
    }
    Ok(out)
}

/// What a work turn shows above `step` (a tick, and replay rebuilding one): nothing, and no
/// store access, unless `[wisdom] prose_recall_enabled`. The step's text (or the default
/// cue's) is the query; the lines fit in what `memory_max_chars` leaves beside `block`.
pub fn for_step(
    rx: &impl Read,
    config: &Config,
    memory: &LazyMemory<'_>,
    step: Option<&str>,
    block: Option<&str>,
) -> Result<Vec<Known>> {
    if !config.wisdom.prose_recall_enabled {
        return Ok(Vec::new());
    }
    let query = step
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .unwrap_or(NO_STEP);
    let budget = config
        .context
        .memory_max_chars
        .saturating_sub(block.map_or(0, |b| b.chars().count()))
        .saturating_sub(KNOWN_EXAMPLES.chars().count());
    known(rx, memory.get()?, query, budget)
}
