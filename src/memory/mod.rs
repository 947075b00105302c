//! The creature's memory: engrams, their vectors, exact recall, and an optional Qdrant
//! mirror.
//!
//! [`Memory`] is what the tick, the tools and the commands hold: the configured
//! [`Embedder`], the caps, and the [`Mirror`] when `[embed] qdrant_url` is set. It writes
//! through [`Memory::remember`] and [`Memory::set_tier`], reads through [`Memory::recall`];
//! [`settle`] fills utility records and confidence from settled bets and replays. The store is the record:
//! recall through Qdrant is an accelerator that gives way to the exact scan whenever the
//! mirror is unreachable or behind.

pub mod embed;
pub mod engram;
pub mod fate;
pub mod judge;
pub mod lexical;
pub mod maintain;
pub mod merge;
pub mod qdrant;
pub mod resonance;
pub mod search;
mod standing;
pub mod state;
pub mod vector;
mod write;

use std::cell::OnceCell;

use serde::Serialize;

pub use embed::{Embedder, HashEmbedder, HttpEmbedder};
pub use engram::{Engram, EngramId, Kind, Provenance, Settlement, Tier, Utility};
pub use fate::{Archived, Fate, Gone, Witness, Witnessed};
pub use qdrant::Mirror;
pub use search::Filter;
pub use standing::{standing, value_from};
pub use state::{ACTIVE_CAP, Caps, MemoryState, TOTAL_CAP, VALUES_KEPT};
pub use vector::Vector;
pub use write::{MAX_BODY_CHARS, MAX_SOURCE_CHARS, MAX_SOURCES, NewEngram, settle};

use crate::base::config::Embed;
use crate::base::exit::Result;
use crate::base::store::Read;

/// The embedder, the caps and the mirror: everything memory needs besides the store.
pub struct Memory {
    embedder: Box<dyn Embedder>,
    mirror: Option<Mirror>,
    caps: Caps,
}

impl std::fmt::Debug for Memory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Memory")
            .field("backend", &self.embedder.backend())
            .field("model", &self.embedder.model())
            .field("mirror", &self.mirror)
            .field("caps", &self.caps)
            .finish()
    }
}

/// The memory `[embed]` configures, made on first use and then shared: a turn holds one, so
/// a turn that never remembers builds no embedder and one that does builds exactly one.
#[derive(Debug)]
pub struct LazyMemory<'a> {
    cfg: &'a Embed,
    cell: OnceCell<Memory>,
}

impl<'a> LazyMemory<'a> {
    pub fn new(cfg: &'a Embed) -> LazyMemory<'a> {
        LazyMemory {
            cfg,
            cell: OnceCell::new(),
        }
    }

    /// The memory, made now if this is the first use.
    pub fn get(&self) -> Result<&Memory> {
        if let Some(memory) = self.cell.get() {
            return Ok(memory);
        }
        let memory = Memory::from_config(self.cfg)?;
        Ok(self.cell.get_or_init(|| memory))
    }
}

/// How a recall was answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Route {
    /// The exact scan of the store.
    Exact,
    /// The Qdrant mirror.
    Qdrant,
}

/// One recalled engram.
#[derive(Debug, Clone, Serialize)]
pub struct Hit {
    pub id: EngramId,
    /// Cosine similarity to the query.
    pub sim: f32,
    pub engram: Engram,
}

/// What a recall found.
#[derive(Debug, Clone, Serialize)]
pub struct Recall {
    /// Best first.
    pub hits: Vec<Hit>,
    pub route: Route,
    /// Engrams left out because another embedder made their vectors (exact route only):
    /// `wis memory reembed` brings them back.
    pub other_space: u64,
}

impl Memory {
    /// Memory with this embedder, the declared caps and no mirror.
    pub fn new(embedder: Box<dyn Embedder>) -> Memory {
        Memory {
            embedder,
            mirror: None,
            caps: Caps::DEFAULT,
        }
    }

    /// The memory `[embed]` configures.
    pub fn from_config(cfg: &Embed) -> Result<Memory> {
        let mut memory = Memory::new(embed::from_config(cfg)?);
        memory.mirror = Mirror::from_config(cfg);
        Ok(memory)
    }

    pub fn with_mirror(mut self, mirror: Mirror) -> Memory {
        self.mirror = Some(mirror);
        self
    }

    pub fn with_caps(mut self, caps: Caps) -> Memory {
        self.caps = caps;
        self
    }

    pub fn embedder(&self) -> &dyn Embedder {
        self.embedder.as_ref()
    }

    pub fn mirror(&self) -> Option<&Mirror> {
        self.mirror.as_ref()
    }

    pub fn caps(&self) -> Caps {
        self.caps
    }

    /// The `k` engrams that best answer `query` and pass `filter`, best first: a pool drawn
    /// by cosine (through the mirror when it is configured, reachable and in sync; otherwise
    /// by the exact scan), reordered with the lexical scorer ([`lexical`]). Each hit's `sim`
    /// stays its cosine.
    pub fn recall(&self, rx: &impl Read, query: &str, filter: &Filter, k: usize) -> Result<Recall> {
        let q = self.embed(query)?;
        let mut recall = self.recall_vector(rx, &q, filter, lexical::pool_size(k))?;
        let weight = self.embedder.calibration().vector_weight;
        lexical::rerank(query, &mut recall.hits, k, weight);
        Ok(recall)
    }

    /// Embeds a text with this memory's embedder (a situation, to recall by more than once).
    pub fn embed(&self, text: &str) -> Result<Vec<f32>> {
        embed::embed_one(self.embedder(), text)
    }

    /// Like [`Memory::recall`], for a vector this memory's embedder made.
    pub fn recall_vector(
        &self,
        rx: &impl Read,
        q: &[f32],
        filter: &Filter,
        k: usize,
    ) -> Result<Recall> {
        let empty = Recall {
            hits: Vec::new(),
            route: Route::Exact,
            other_space: 0,
        };
        if k == 0 || q.iter().all(|x| *x == 0.0) {
            return Ok(empty);
        }
        let space = self.space_for(q.len());
        if let Some(mirror) = self.mirror.as_ref().filter(|m| !m.is_down()) {
            if MemoryState::load(rx)?.mirror_synced(mirror.collection(), space) {
                match mirror.query(q, filter, k) {
                    Ok(points) => {
                        let found = points.into_iter().map(|(id, sim)| (EngramId(id), sim));
                        let hits = resolve(rx, found, filter, k)?;
                        return Ok(Recall {
                            hits,
                            route: Route::Qdrant,
                            other_space: 0,
                        });
                    }
                    Err(e) => mirror.give_up(&e),
                }
            } else {
                mirror.warn_once(&format!(
                    "qdrant collection {} is behind the store; recall uses the exact scan \
                     until `wis memory mirror --rebuild`",
                    mirror.collection()
                ));
            }
        }
        let loaded = vector::load(rx, space, q.len())?;
        let found = search::top_k(&loaded.set, q, filter, k);
        Ok(Recall {
            hits: resolve(rx, found.into_iter(), filter, k)?,
            route: Route::Exact,
            other_space: loaded.other_space,
        })
    }
}

/// Looks hits up in the store (the record), keeping those that exist and pass the filter.
fn resolve(
    rx: &impl Read,
    found: impl Iterator<Item = (EngramId, f32)>,
    filter: &Filter,
    k: usize,
) -> Result<Vec<Hit>> {
    let mut hits = Vec::new();
    for (id, sim) in found {
        let Some(engram) = rx.get::<Engram>(&id.key())? else {
            continue;
        };
        if filter.matches(engram.tag()) && hits.len() < k {
            hits.push(Hit { id, sim, engram });
        }
    }
    Ok(hits)
}

/// One engram, if it exists.
pub fn get(rx: &impl Read, id: EngramId) -> Result<Option<Engram>> {
    rx.get::<Engram>(&id.key())
}

/// Engrams passing `filter`, newest first, at most `limit`.
pub fn list(rx: &impl Read, filter: &Filter, limit: usize) -> Result<Vec<Engram>> {
    let mut out: Vec<Engram> = rx
        .all::<Engram>()?
        .into_iter()
        .rev()
        .map(|(_, e)| e)
        .filter(|e| filter.matches(e.tag()))
        .collect();
    out.truncate(limit);
    Ok(out)
}

#[cfg(test)]
mod calibration_tests;
#[cfg(test)]
mod confidence_tests;
#[cfg(test)]
mod retrieval_tests;
#[cfg(test)]
mod tests;
