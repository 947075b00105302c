//! Operator maintenance: re-embedding what another embedder made, rebuilding the Qdrant
//! mirror from the store, and the numbers `wis memory stats` shows.
//!
//! Both long jobs report progress through a callback (the command draws the bar) and work
//! in bounded batches. Re-embedding commits every [`REEMBED_COMMIT`] engrams: an HTTP
//! embedder may take minutes over a full store, and batched durable commits keep what is
//! done if the run is interrupted or the server goes away; a rerun picks up exactly what is
//! still stale, because staleness is read from each engram's own metadata.

use std::collections::BTreeMap;

use serde::Serialize;

use super::Memory;
use super::embed::{embed_one, is_stale};
use super::engram::{Engram, EngramId, Tier};
use super::qdrant::{Point, UPSERT_BATCH};
use super::state::{Caps, MemoryState, MirrorMark};
use super::vector::{self, Vector};
use super::write::require;
use crate::base::clock::Millis;
use crate::base::exit::{Error, Result};
use crate::base::store::{Read, Store, Tx};

/// Engrams re-embedded per durable commit.
pub const REEMBED_COMMIT: usize = 512;

/// Reports progress: (done, total).
pub type Progress<'a> = &'a mut dyn FnMut(u64, u64);

/// What `reembed` did.
#[derive(Debug, Clone, Serialize)]
pub struct ReembedReport {
    pub checked: u64,
    pub reembedded: u64,
    pub commits: u64,
    pub backend: String,
    pub model: String,
}

/// Re-embeds every engram whose vector metadata differs from the configured embedder (or
/// whose vector row is missing or of another space).
pub fn reembed(
    store: &Store,
    memory: &Memory,
    now: Millis,
    progress: Progress,
) -> Result<ReembedReport> {
    let embedder = memory.embedder();
    let (checked, stale) = {
        let rx = store.read()?;
        let all = rx.all::<Engram>()?;
        let mut stale = Vec::new();
        for (key, e) in &all {
            let row = rx.get::<Vector>(key)?;
            let row_ok = row.is_some_and(|r| {
                r.space == vector::space(&e.vector.backend, &e.vector.model, e.vector.dim as usize)
            });
            if !row_ok || is_stale(&e.vector, &e.body, embedder) {
                stale.push(e.id);
            }
        }
        (all.len() as u64, stale)
    };
    let total = stale.len() as u64;
    let mut report = ReembedReport {
        checked,
        reembedded: 0,
        commits: 0,
        backend: embedder.backend().to_string(),
        model: embedder.model().to_string(),
    };
    progress(0, total);
    for chunk in stale.chunks(REEMBED_COMMIT) {
        let mut tx = store.write()?;
        let mut state = MemoryState::load(&tx)?;
        let engrams: Vec<Engram> = chunk
            .iter()
            .map(|id| require(&tx, *id))
            .collect::<Result<_>>()?;
        report.reembedded += rewrite(&mut tx, memory, engrams, now)?;
        state.mirror_behind();
        state.save(&mut tx)?;
        tx.commit()?;
        report.commits += 1;
        progress(report.reembedded, total);
    }
    Ok(report)
}

/// Re-embeds `engrams` with this memory's embedder inside `tx`: each engram's vector row and
/// metadata are rewritten together. Returns how many were.
fn rewrite(tx: &mut Tx<'_>, memory: &Memory, engrams: Vec<Engram>, now: Millis) -> Result<u64> {
    let embedder = memory.embedder();
    let mut done = 0;
    for batch in engrams.chunks(embedder.max_batch().max(1)) {
        let texts: Vec<&str> = batch.iter().map(|e| e.body.as_str()).collect();
        let vectors = embedder.embed(&texts)?;
        for (engram, values) in batch.iter().zip(vectors) {
            let mut engram = engram.clone();
            engram.vector = memory.meta(&engram.body, values.len(), now);
            let space = memory.space_for(values.len());
            let key = engram.id.key();
            tx.put(&key, &Vector::new(engram.id, space, engram.tag(), &values))?;
            tx.put(&key, &engram)?;
            done += 1;
        }
    }
    Ok(done)
}

/// What [`reembed_other_space`] did: engrams re-embedded, and those of another space left.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Caught {
    pub reembedded: u64,
    pub left: u64,
}

/// Re-embeds at most `limit` engrams whose vectors another embedder made (an embedder whose
/// dimension is known before its first call only), inside `tx`, and marks the mirror behind
/// when any was. The bounded catch-up after an embedder change: until it is done, those
/// engrams are not found by recall.
pub fn reembed_other_space(
    tx: &mut Tx<'_>,
    memory: &Memory,
    limit: usize,
    now: Millis,
) -> Result<Caught> {
    let Some(dim) = memory.embedder().dim() else {
        return Ok(Caught {
            reembedded: 0,
            left: 0,
        });
    };
    let (total, ids) = vector::other_space_ids(tx, memory.space_for(dim), dim, limit)?;
    if ids.is_empty() {
        return Ok(Caught {
            reembedded: 0,
            left: total,
        });
    }
    let engrams: Vec<Engram> = ids
        .iter()
        .map(|id| require(tx, *id))
        .collect::<Result<_>>()?;
    let done = rewrite(tx, memory, engrams, now)?;
    let mut state = MemoryState::load(tx)?;
    state.mirror_behind();
    state.save(tx)?;
    Ok(Caught {
        reembedded: done,
        left: total - done,
    })
}

/// What `mirror --rebuild` did.
#[derive(Debug, Clone, Serialize)]
pub struct RebuildReport {
    pub url: String,
    pub collection: String,
    pub dim: usize,
    pub mirrored: u64,
    /// Engrams of another embedding space, left out: `wis memory reembed` first.
    pub other_space: u64,
}

/// Drops and recreates the Qdrant collection and fills it from the store. Qdrant failing is
/// an error here (exit 69): this is the one place the mirror is asked for on purpose.
pub fn rebuild_mirror(
    store: &Store,
    memory: &Memory,
    now: Millis,
    progress: Progress,
) -> Result<RebuildReport> {
    let mirror = memory.mirror().ok_or_else(|| {
        Error::config("no Qdrant mirror is configured").hint(
            "set [embed] qdrant_url in wis.toml, or pass -c embed.qdrant_url=http://127.0.0.1:6333",
        )
    })?;
    let dim = match memory.embedder().dim() {
        Some(d) => d,
        None => embed_one(memory.embedder(), "dimension probe")?.len(),
    };
    let space = memory.space_for(dim);
    let loaded = vector::load(&store.read()?, space, dim)?;
    mirror.drop_collection()?;
    mirror.create(dim)?;
    let set = &loaded.set;
    let total = set.len() as u64;
    progress(0, total);
    let mut done = 0;
    let ids: Vec<usize> = (0..set.len()).collect();
    for chunk in ids.chunks(UPSERT_BATCH) {
        let points: Vec<Point> = chunk
            .iter()
            .map(|i| Point {
                id: set.id(*i).0,
                vector: set.vector(*i).to_vec(),
                tag: set.tag(*i),
            })
            .collect();
        mirror.upsert(&points)?;
        done += points.len() as u64;
        progress(done, total);
    }
    let mut tx = store.write()?;
    let mirrored: std::collections::HashSet<EngramId> = (0..set.len()).map(|i| set.id(i)).collect();
    for (key, mut engram) in tx.all::<Engram>()? {
        let want = if mirrored.contains(&engram.id) {
            memory.qdrant_ref(engram.id)
        } else {
            None
        };
        if engram.vector.qdrant != want {
            engram.vector.qdrant = want;
            tx.put(&key, &engram)?;
        }
    }
    let mut state = MemoryState::load(&tx)?;
    state.mirror = Some(MirrorMark {
        collection: mirror.collection().to_string(),
        space,
        synced: true,
        at: now,
    });
    state.save(&mut tx)?;
    tx.commit()?;
    Ok(RebuildReport {
        url: mirror.url().to_string(),
        collection: mirror.collection().to_string(),
        dim,
        mirrored: total,
        other_space: loaded.other_space,
    })
}

/// The configured embedder, as stats show it.
#[derive(Debug, Clone, Serialize)]
pub struct EmbedderInfo {
    pub backend: String,
    pub model: String,
    pub dim: Option<usize>,
}

/// The mirror, as stats show it.
#[derive(Debug, Clone, Serialize)]
pub struct MirrorInfo {
    pub url: String,
    pub collection: String,
    /// The store's mark says the collection holds every current vector.
    pub synced: bool,
}

/// Memory at a glance.
#[derive(Debug, Clone, Serialize)]
pub struct Stats {
    pub total: u64,
    pub active: u64,
    pub archived: u64,
    pub by_kind: BTreeMap<&'static str, u64>,
    pub by_provenance: BTreeMap<&'static str, u64>,
    /// Engrams with at least one settlement in their utility record.
    pub settled: u64,
    /// Engrams whose vectors another embedder made (`wis memory reembed`).
    pub stale: u64,
    pub caps: Caps,
    pub embedder: EmbedderInfo,
    pub mirror: Option<MirrorInfo>,
}

/// Counts everything (reads every engram; an operator's command, not a tick's).
pub fn stats(rx: &impl Read, memory: &Memory) -> Result<Stats> {
    let embedder = memory.embedder();
    let mut s = Stats {
        total: 0,
        active: 0,
        archived: 0,
        by_kind: BTreeMap::new(),
        by_provenance: BTreeMap::new(),
        settled: 0,
        stale: 0,
        caps: memory.caps(),
        embedder: EmbedderInfo {
            backend: embedder.backend().to_string(),
            model: embedder.model().to_string(),
            dim: embedder.dim(),
        },
        mirror: None,
    };
    for (_, e) in rx.all::<Engram>()? {
        s.total += 1;
        match e.tier {
            Tier::Active => s.active += 1,
            Tier::Archive => s.archived += 1,
        }
        *s.by_kind.entry(e.kind.as_str()).or_default() += 1;
        *s.by_provenance.entry(e.provenance.as_str()).or_default() += 1;
        s.settled += u64::from(!e.utility.is_empty());
        s.stale += u64::from(is_stale(&e.vector, &e.body, embedder));
    }
    s.mirror = mirror_info(rx, memory)?;
    Ok(s)
}

/// The configured mirror and whether the store's mark says it holds every current vector.
pub fn mirror_info(rx: &impl Read, memory: &Memory) -> Result<Option<MirrorInfo>> {
    let Some(m) = memory.mirror() else {
        return Ok(None);
    };
    let state = MemoryState::load(rx)?;
    let space = memory.embedder().dim().map(|d| memory.space_for(d));
    Ok(Some(MirrorInfo {
        url: m.url().to_string(),
        collection: m.collection().to_string(),
        synced: state.mirror.as_ref().is_some_and(|mark| {
            mark.synced
                && mark.collection == m.collection()
                && space.is_none_or(|sp| sp == mark.space)
        }),
    }))
}
