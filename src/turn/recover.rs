//! Going on when the creature's own documents do not read (WIS8).
//!
//! A turn (and every command between turns) reads the persona and the genome through
//! [`creature`]: a damaged or missing one is rebuilt from its last good copy, or else from a
//! fresh default consistent with the rest of the store (the persona's age from the ledger and
//! the receipts, the genome's name from the persona), and written back. The damaged bytes are
//! set aside by the store when the turn commits. [`report`] then tells the creature (one System
//! line in its stream) and the operator (one news item) what was recovered and what damaged
//! entries were skipped, once, in the same commit.

use crate::base::clock::Millis;
use crate::base::exit::Result;
use crate::base::store::{Doc, Read, Tx};
use crate::creature::news::{self, NewsKind};
use crate::creature::stream::{StreamLine, Voice};
use crate::creature::{Genome, Persona};
use crate::turn::sleep::receipt::SleepReceipt;
use crate::wisdom::episodes::Episode;

/// One singleton the turn had to rebuild.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recovered {
    /// Its schema id.
    pub schema: &'static str,
    /// `the last good copy` or `a fresh default`.
    pub from: &'static str,
}

/// The persona and genome, rebuilt and written back when they do not read.
pub fn creature(tx: &mut Tx<'_>) -> Result<(Persona, Genome, Vec<Recovered>)> {
    let mut recovered = Vec::new();
    let persona = tx.get::<Persona>(crate::base::store::SINGLETON_KEY)?;
    let genome = tx.get::<Genome>(crate::base::store::SINGLETON_KEY)?;
    let genome = match (genome, &persona) {
        (Some(g), _) => g,
        (None, persona) => {
            let (g, from) = match tx.last_good::<Genome>()? {
                Some(g) => (g, LAST_GOOD),
                None => (fresh_genome(persona.as_ref()), FRESH),
            };
            tx.set(&g)?;
            recovered.push(Recovered {
                schema: Genome::SCHEMA,
                from,
            });
            g
        }
    };
    let persona = match persona {
        Some(p) => p,
        None => {
            let (p, from) = match tx.last_good::<Persona>()? {
                Some(p) => (p, LAST_GOOD),
                None => (fresh_persona(tx, &genome)?, FRESH),
            };
            tx.set(&p)?;
            recovered.push(Recovered {
                schema: Persona::SCHEMA,
                from,
            });
            p
        }
    };
    Ok((persona, genome, recovered))
}

const LAST_GOOD: &str = "the last good copy";
const FRESH: &str = "a fresh default";

/// A persona for a creature whose counters are lost: the genome's name, and an age that keeps
/// the ledger consistent (no recorded turn lies in its future).
fn fresh_persona(rx: &impl Read, genome: &Genome) -> Result<Persona> {
    let mut p = Persona::newborn(&genome.name, genome.born_at);
    let last_episode = rx.ring::<Episode>(Some(1))?.pop().map(|(_, e)| e.tick);
    let last_line = rx.ring::<StreamLine>(Some(1))?.pop().map(|(_, l)| l.tick);
    let last_sleep = rx.ring::<SleepReceipt>(Some(1))?.pop().map(|(_, r)| r);
    p.ticks = [last_episode, last_line, last_sleep.as_ref().map(|r| r.tick)]
        .into_iter()
        .flatten()
        .max()
        .unwrap_or(0);
    p.sleeps = last_sleep.map_or(0, |r| r.sleep);
    Ok(p)
}

/// A genome for a creature whose genome is lost: drawn from a seed made of its name, so a
/// second recovery draws the same body, and keeping the name it is known by.
fn fresh_genome(persona: Option<&Persona>) -> Genome {
    let name = persona.map_or("Nameless", |p| p.name.as_str());
    // Below 2^53, as every seed drawn now is (a JavaScript number keeps it exact).
    let seed = name.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    }) & ((1 << 53) - 1);
    let mut g = Genome::draw(seed, false, persona.map_or(0, |p| p.born_at));
    g.name = name.to_string();
    g
}

/// Tells the creature and the operator what this transaction recovered and what damaged
/// entries its reads skipped (they are set aside when it commits). Writes nothing when there
/// was nothing.
pub fn report(tx: &mut Tx<'_>, tick: u64, now: Millis, recovered: &[Recovered]) -> Result<()> {
    let rebuilt: Vec<&str> = recovered.iter().map(|r| r.schema).collect();
    let skipped: Vec<String> = tx
        .damage()
        .into_iter()
        .filter(|d| !rebuilt.contains(&d.schema))
        .map(|d| format!("{} {}", d.schema, d.place))
        .collect();
    if recovered.is_empty() && skipped.is_empty() {
        return Ok(());
    }
    let mut parts: Vec<String> = recovered
        .iter()
        .map(|r| format!("{} did not read and was rebuilt from {}", r.schema, r.from))
        .collect();
    if !skipped.is_empty() {
        parts.push(format!(
            "{} damaged entr{} skipped and set aside ({})",
            skipped.len(),
            if skipped.len() == 1 {
                "y was"
            } else {
                "ies were"
            },
            skipped.join(", ")
        ));
    }
    let text = format!("store damage: {}", parts.join("; "));
    news::post(tx, tick, now, NewsKind::Damage, "store", &text)?;
    tx.push(&StreamLine::new(
        tick,
        now,
        Voice::System,
        "Part of what you remember was damaged and is set aside; you go on from what is left.",
    ))?;
    Ok(())
}

#[cfg(test)]
#[path = "recover_tests.rs"]
mod tests;
