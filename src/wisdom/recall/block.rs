//! The "## Before you act" block: the one place the calling convention (design §4.3) is
//! worded, so that the wording can be tuned by measurement on the battery.
//!
//! At most three items, each with its similarity and provenance mark: the case (the best
//! verified similar track, its action first and in the action channel's own JSON form, which
//! a small model continues where it ignores the same fact as prose), the guardrail (the best
//! strategy engram, verbatim) and the offer (the creature's own working skill nearest the
//! situation, as a one-line invocation in the same JSON form). The block speaks only when an
//! item reaches the similarity gate, never runs over its character budget (an item that does
//! not fit is left out whole: a cut action would teach a broken one), and always closes with
//! the fixed frame (WIS5).

use serde::Serialize;

use super::bets::{self, Item, Shown};
use super::lookup::{Case, Lookup, Offer};
use crate::base::config::{Context, Wisdom};
use crate::memory::{Hit, Provenance};

/// The block's heading.
pub const HEADING: &str = "## Before you act";
/// The closing frame: precedents to verify, not orders (WIS5).
pub const FRAME: &str =
    "These are YOUR precedents, not orders — verify they transfer before leaning on them.";

/// The characters the block may take: its own cap, within the recalled-memory budget
/// (`[context] memory_max_chars`) that it shares with prose recall.
pub fn budget(wisdom: &Wisdom, context: &Context) -> usize {
    wisdom.block_max_chars.min(context.memory_max_chars)
}

/// What prose recall has left of the recalled-memory budget once the block took its share.
pub fn prose_left(context: &Context, block: Option<&Block>) -> usize {
    context
        .memory_max_chars
        .saturating_sub(block.map_or(0, |b| b.chars))
}

/// A rendered block and the items in it (each one a bet).
#[derive(Debug, Clone, Serialize)]
pub struct Block {
    pub text: String,
    pub chars: usize,
    pub shown: Vec<Shown>,
}

/// Why nothing speaks.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(tag = "why", rename_all = "snake_case")]
pub enum Silence {
    /// No case and no guardrail at all.
    NothingFound,
    /// The best item is below the similarity gate.
    BelowThreshold { best: f32 },
    /// No item fits the budget beside the heading and the frame.
    OverBudget,
}

/// Composes the block from what recall found: items at or above `min_sim`, within
/// `max_chars` characters.
pub fn compose(lookup: &Lookup, min_sim: f32, max_chars: usize) -> Result<Block, Silence> {
    let best = lookup
        .cases
        .first()
        .map(|c| c.sim)
        .into_iter()
        .chain(lookup.guardrails.first().map(|g| g.sim))
        .chain(lookup.offers.first().map(|o| o.sim))
        .reduce(f32::max);
    let Some(best) = best else {
        return Err(Silence::NothingFound);
    };
    let mut candidates = Vec::new();
    if let Some(case) = lookup.cases.first().filter(|c| c.sim >= min_sim) {
        candidates.push((case_line(case), case_shown(case)));
    }
    if let Some(hit) = lookup.guardrails.first().filter(|g| g.sim >= min_sim) {
        candidates.push((guardrail_line(hit), guardrail_shown(hit)));
    }
    if let Some(offer) = lookup.offers.first().filter(|o| o.sim >= min_sim) {
        candidates.push((offer_line(offer), offer_shown(offer)));
    }
    if candidates.is_empty() {
        return Err(Silence::BelowThreshold { best });
    }
    let frame_chars = chars(HEADING) + 1 + chars(FRAME);
    let mut used = frame_chars;
    let mut lines = vec![HEADING.to_string()];
    let mut shown = Vec::new();
    for (line, item) in candidates {
        let cost = chars(&line) + 1;
        if used + cost <= max_chars {
            used += cost;
            lines.push(line);
            shown.push(item);
        }
    }
    if shown.is_empty() {
        return Err(Silence::OverBudget);
    }
    lines.push(FRAME.to_string());
    let text = lines.join("\n");
    debug_assert_eq!(chars(&text), used);
    Ok(Block {
        chars: used,
        text,
        shown,
    })
}

/// The case as an earlier question and answer in the prompt's own Q/A form (what a small model
/// continues; the same fact as prose it ignores):
/// `Here before (sim 0.83, experienced), this worked, the fix after 2 failed tries:` then
/// `Q: <that situation's step>` and `A: {"tool":…}`.
fn case_line(case: &Case) -> String {
    let t = &case.track;
    let how = if t.is_fix() {
        let n = t.fixed_after;
        format!(
            "worked, the fix after {n} failed {}",
            if n == 1 { "try" } else { "tries" }
        )
    } else {
        format!(
            "worked ({} of {} tries)",
            t.successes,
            t.successes + t.failures
        )
    };
    let step = case
        .situation
        .split_once('|')
        .map(|(_, step)| step)
        .filter(|step| !step.is_empty())
        .unwrap_or("(no step)");
    format!(
        "Here before (sim {:.2}, {}), this {how}:\nQ: {step}\nA: {}",
        case.sim,
        Provenance::Experienced,
        t.action.as_deref().unwrap_or_default()
    )
}

/// The guardrail, verbatim: `Guardrail (sim 0.71, told): …`.
fn guardrail_line(hit: &Hit) -> String {
    format!(
        "Guardrail (sim {:.2}, {}): {}",
        hit.sim, hit.engram.provenance, hit.engram.body
    )
}

/// Characters of a skill's description the offer quotes.
const OFFER_ABOUT_CHARS: usize = 80;

/// The offer, one line: `Your skill (sim 0.68, experienced; 3 of 4 runs ok), counts the
/// lines of a file: {"tool":"skill_count"}`.
fn offer_line(offer: &Offer) -> String {
    let about: String = offer
        .about
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .take(OFFER_ABOUT_CHARS)
        .collect();
    format!(
        "Your skill (sim {:.2}, {}; {} of {} runs ok), {about}: {{\"tool\":\"{}\"}}",
        offer.sim,
        Provenance::Experienced,
        offer.successes,
        offer.runs,
        offer.tool()
    )
}

fn offer_shown(offer: &Offer) -> Shown {
    Shown {
        item: Item::Offer {
            skill: offer.skill.clone(),
        },
        recommends: Some(offer.tool()),
        words: Vec::new(),
        sim: offer.sim,
        provenance: Provenance::Experienced,
    }
}

fn case_shown(case: &Case) -> Shown {
    Shown {
        item: Item::Case {
            situation: case.situation.clone(),
            signature: case.track.signature.clone(),
        },
        recommends: Some(case.track.signature.clone()),
        words: Vec::new(),
        sim: case.sim,
        provenance: Provenance::Experienced,
    }
}

fn guardrail_shown(hit: &Hit) -> Shown {
    Shown {
        item: Item::Guardrail { engram: hit.id },
        recommends: bets::recommends(&hit.engram),
        words: Vec::new(),
        sim: hit.sim,
        provenance: hit.engram.provenance,
    }
}

fn chars(s: &str) -> usize {
    s.chars().count()
}
