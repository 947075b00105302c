//! The exporter: distills a creature's validated corpus into a volume (header and records).
//!
//! What goes in ([`Level::Settled`], the default): strategy guardrails and procedures with
//! positive settled utility, facts with utility of at least [`FACT_MIN_UTILITY`], and any of
//! those the world verified in this life (a commission done, a step closed, a file read again
//! unchanged: `fate.witnessed`, carried as the record's `world` evidence) whatever its score,
//! unless its confidence has fallen to doubt (a fact read of a file the creature had written
//! itself by then stays behind: [`super::own`]); every active scar, those of one pattern as one
//! record ([`super::group`]); and the reflexes this body earned itself (proposed, armed or
//! disarmed; a demoted reflex and an inherited one it has not re-earned stay behind). An
//! errand's lesson travels whole (`lesson`: its kind, role, task, example action and shape).
//! Lore and a cast's social kinds have no item kind in the format and are never exported.
//! Something it was told or inherited goes only once its own settlements or its world here
//! verified it: an unverified rumour is not passed on. Items that replay showed teaching are
//! marked `replay_validated`, and [`Level::Replay`] passes on only those (with the reflexes,
//! validated by firing).

use std::collections::HashSet;

use super::Lineage;
use super::format::{
    AgeSummary, Evidence, FORMAT, GenomeSummary, Header, ItemKind, Lesson, MAX_LIST, Record,
    ReflexItem, VERSION, WorldEvidence, content_id,
};
use crate::base::clock::{Millis, rfc3339};
use crate::base::exit::Result;
use crate::base::store::{Read, SINGLETON_KEY};
use crate::creature::{Genome, Persona};
use crate::memory::{Engram, Kind, Provenance, Tier};
use crate::wisdom::curation::CONFIDENCE_DOUBTED;
use crate::wisdom::errands;
use crate::wisdom::reflex::{Reflex, Status, registry};

/// How validated an item must be to be passed on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Level {
    /// Positive settled utility (a fact: at least [`FACT_MIN_UTILITY`]), every scar, earned
    /// reflexes.
    #[default]
    Settled,
    /// Only what replay showed teaching a past situation, and earned reflexes.
    Replay,
}

/// The least utility score a fact needs to be passed on.
pub const FACT_MIN_UTILITY: i64 = 2;

/// The volume id of `name`'s export on the day of `now`: `<name>-<YYYYMMDD>`, the name's
/// characters outside `A-Z a-z 0-9 . _ -` written as `_`.
pub fn volume_id(name: &str, now: Millis) -> String {
    let safe: String = name
        .chars()
        .take(60)
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') {
                c
            } else {
                '_'
            }
        })
        .collect();
    let safe = safe.trim_start_matches('.');
    let day: String = rfc3339(now)[..10].chars().filter(|c| *c != '-').collect();
    format!("{}-{day}", if safe.is_empty() { "creature" } else { safe })
}

/// The volume id of a creature with these parents: [`volume_id`], with `-g<generation>` added
/// when a parent (born of the same seed, say, and retired the same day) has that id already.
pub(super) fn own_volume_id(
    name: &str,
    now: Millis,
    parents: &[Header],
    generation: u32,
) -> String {
    let id = volume_id(name, now);
    if parents.iter().any(|h| h.volume == id) {
        format!("{id}-g{generation}")
    } else {
        id
    }
}

/// Distills the creature in `rx` into a volume as of `now`, passing on what is validated at
/// `level`.
pub fn collect(
    rx: &impl Read,
    persona: &Persona,
    genome: &Genome,
    now: Millis,
    level: Level,
) -> Result<(Header, Vec<Record>)> {
    let mut records = Vec::new();
    let writes = super::own::first_writes(rx)?;
    for (_, e) in rx.all::<Engram>()? {
        // What it read of its own writing says nothing of the house ([`super::own`]).
        if e.kind == Kind::Fact
            && e.provenance == Provenance::Experienced
            && super::heir::made_from(&e)
                .is_some_and(|at| super::own::about_own_writing(&e.body, at, &writes))
        {
            continue;
        }
        if let Some(r) = engram_record(&e)
            && (level == Level::Settled || r.replay_validated)
        {
            records.push(r);
        }
    }
    let mut records = super::group::scars(records);
    let mut seen: HashSet<String> = HashSet::new();
    records.retain(|r| seen.insert(r.id.clone()));
    for reflex in registry::all(rx)? {
        if let Some(r) = reflex_record(&reflex)
            && seen.insert(r.id.clone())
        {
            records.push(r);
        }
    }
    let lineage = rx
        .get::<Lineage>(SINGLETON_KEY)?
        .unwrap_or_default()
        .headers();
    let stats = super::life::stats(rx, persona)?;
    let generation = 1 + lineage.iter().map(|h| h.generation).max().unwrap_or(0);
    let header = Header {
        format: FORMAT.into(),
        version: VERSION,
        volume: own_volume_id(&persona.name, now, &lineage, generation),
        creature: persona.name.clone(),
        genome: GenomeSummary {
            seed: genome.seed,
            temperament: [
                genome.temperament.curiosity,
                genome.temperament.persistence,
                genome.temperament.boldness,
                genome.temperament.patience,
            ],
        },
        morph: genome.morph.name().to_string(),
        age: AgeSummary {
            ticks: persona.ticks,
            sleeps: persona.sleeps,
            born_at: persona.born_at,
            exported_at: now,
        },
        generation: 1 + lineage.iter().map(|h| h.generation).max().unwrap_or(0),
        lineage: lineage
            .iter()
            .map(|h| h.volume.clone())
            .take(MAX_LIST)
            .collect(),
        ancestry: super::life::ancestry(&lineage),
        stats,
        records: records.len() as u64,
    };
    Ok((header, records))
}

/// The JSONL text of a volume.
pub fn render(header: &Header, records: &[Record]) -> String {
    let mut out = serde_json::to_string(header).expect("a header serializes");
    out.push('\n');
    for r in records {
        out.push_str(&serde_json::to_string(r).expect("a record serializes"));
        out.push('\n');
    }
    out
}

/// The record of an engram that qualifies, else `None`.
pub fn engram_record(e: &Engram) -> Option<Record> {
    if e.tier != Tier::Active {
        return None;
    }
    let score = e.utility.score();
    // Verified by the world in this life, and not doubted since.
    let world = e.fate.world_verified() && e.confidence >= CONFIDENCE_DOUBTED;
    let kind = match e.kind {
        Kind::Strategy if score > 0 || world => ItemKind::Guardrail,
        Kind::Procedure if score > 0 || world => ItemKind::Procedure,
        Kind::Fact if score >= FACT_MIN_UTILITY || world => ItemKind::Fact,
        Kind::Scar => ItemKind::Scar,
        Kind::Strategy | Kind::Procedure | Kind::Fact => return None,
        // Lived moments, passing thoughts and dreams are this life's own; lore and the
        // social kinds (a cast's relationships, goals, values, appraisals) have no item kind
        // in `wis.heirloom.v1` and stay behind rather than change the format.
        Kind::Episodic | Kind::Semantic | Kind::Musing | Kind::Dream => return None,
        Kind::Lore | Kind::Relationship | Kind::Goal | Kind::Value | Kind::Appraisal => {
            return None;
        }
    };
    if e.provenance != Provenance::Experienced && score <= 0 && !world {
        return None;
    }
    let u = &e.utility;
    let prefixed = |p: &str| -> Vec<String> {
        e.sources
            .iter()
            .filter_map(|s| s.strip_prefix(p))
            .map(str::to_string)
            .take(MAX_LIST)
            .collect()
    };
    let episodes: Vec<String> = e
        .sources
        .iter()
        .filter(|s| s.starts_with("episode:"))
        .cloned()
        .collect();
    Some(Record {
        id: content_id(kind, &e.body),
        kind,
        text: e.body.clone(),
        evidence: Evidence {
            successes: u64::from(u.followed_into_success),
            failures: u64::from(u.into_failure),
            taught: u64::from(u.taught_in_replay),
            failed_to_teach: u64::from(u.failed_to_teach),
        },
        utility: score,
        replay_validated: u.taught_in_replay > 0,
        strength: e.strength.clamp(0.0, 1.0),
        provenance: super::format::Chain {
            // The volume's origins are experienced, told and inherited: a keeper's
            // correction travels as what the creature was told.
            origin: match e.provenance {
                crate::memory::Provenance::Keeper => "told".into(),
                p => p.as_str().into(),
            },
            episodes,
            volumes: prefixed(super::import::HEIRLOOM_SOURCE),
        },
        reflex: None,
        signature: e
            .sources
            .iter()
            .find_map(|s| s.strip_prefix("signature:"))
            .filter(|_| matches!(kind, ItemKind::Guardrail | ItemKind::Procedure))
            .map(|s| s.chars().take(super::format::MAX_SIGNATURE_CHARS).collect()),
        world: e
            .fate
            .witnessed
            .iter()
            .take(super::parts::MAX_WORLD)
            .map(WorldEvidence::of)
            .collect(),
        lesson: (kind == ItemKind::Procedure)
            .then(|| lesson(&e.sources))
            .flatten(),
        group: None,
    })
}

/// An errand's lesson, whole, from a precedent's sources (none when a part is missing).
fn lesson(sources: &[String]) -> Option<Lesson> {
    let p = errands::parts(sources)?;
    let clean = super::parts::clean;
    let l = Lesson {
        errand: p.kind,
        role: p.role.as_str().to_string(),
        task: clean(&p.task),
        example: clean(&p.example),
        shape: clean(&p.shape),
        known: p
            .known
            .iter()
            .take(super::parts::MAX_KNOWN)
            .map(|k| clean(k))
            .filter(|k| !k.trim().is_empty())
            .collect(),
    };
    let whole = [&l.task, &l.example, &l.shape]
        .iter()
        .all(|t| !t.trim().is_empty());
    (whole && crate::creature::commissions::valid_kind(&l.errand)).then_some(l)
}

/// What a reflex does, in words: `in <situation>: <tool> <args>`.
pub fn reflex_text(situation: &str, tool: &str, args: &str) -> String {
    let text = format!("in {situation}: {tool} {args}");
    text.chars().take(super::format::MAX_TEXT_CHARS).collect()
}

/// The record of a reflex this body earned, else `None`.
pub fn reflex_record(r: &Reflex) -> Option<Record> {
    if matches!(r.status, Status::Demoted | Status::Inherited) {
        return None;
    }
    let text = reflex_text(&r.trigger.situation_key, &r.action.tool, &r.action.args);
    let successes = u64::from(r.provenance.successes) + r.fired.saturating_sub(r.failed);
    let volumes = r
        .inherited
        .as_ref()
        .map(|i| i.volumes.clone())
        .unwrap_or_default();
    Some(Record {
        id: content_id(ItemKind::Reflex, &text),
        kind: ItemKind::Reflex,
        text,
        evidence: Evidence {
            successes,
            failures: r.failed,
            taught: 0,
            failed_to_teach: 0,
        },
        utility: successes as i64 - r.failed as i64,
        replay_validated: false,
        strength: 1.0,
        provenance: super::format::Chain {
            origin: "experienced".into(),
            episodes: r
                .provenance
                .episode_ids
                .iter()
                .map(|id| format!("episode:{id}"))
                .collect(),
            volumes,
        },
        reflex: Some(ReflexItem {
            situation_key: r.trigger.situation_key.clone(),
            tool: r.action.tool.clone(),
            args: r.action.args.clone(),
            signature: r.action.signature.clone(),
            successes: r.provenance.successes,
        }),
        signature: None,
        world: Vec::new(),
        lesson: None,
        group: None,
    })
}
