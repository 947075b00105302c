//! Every change to memory: remembering, moving between tiers (and the cap policy that does
//! it), and settling a utility record. Each keeps the engram, its vector row, the counts and
//! the Qdrant mirror in step, inside the caller's one write transaction.

use super::Memory;
use super::embed::embed_one;
use super::engram::{
    CONFIDENCE_START, Engram, EngramId, Kind, Provenance, QdrantRef, Settlement, Tier, Utility,
    VectorMeta, text_sha256,
};
use super::fate::{Archived, Fate, Gone};
use super::qdrant::Point;
use super::search::Tag;
use super::state::MemoryState;
use super::vector::{self, Vector};
use crate::base::clock::Millis;
use crate::base::exit::{Error, Result};
use crate::base::store::{Read, Tx};

/// Longest body, in characters: a memory is a paragraph, not a document.
pub const MAX_BODY_CHARS: usize = 4000;
/// Most source references per engram, and the longest one.
pub const MAX_SOURCES: usize = 16;
pub const MAX_SOURCE_CHARS: usize = 200;

/// What to remember.
#[derive(Debug, Clone, PartialEq)]
pub struct NewEngram {
    pub kind: Kind,
    pub body: String,
    pub provenance: Provenance,
    pub sources: Vec<String>,
    /// The starting strength; by default [`Provenance::initial_strength`].
    pub strength: Option<f32>,
}

impl NewEngram {
    pub fn new(kind: Kind, body: impl Into<String>, provenance: Provenance) -> NewEngram {
        NewEngram {
            kind,
            body: body.into(),
            provenance,
            sources: Vec::new(),
            strength: None,
        }
    }

    /// Adds a source reference (`episode:12`, `tick:340`, `operator`).
    pub fn source(mut self, source: impl Into<String>) -> NewEngram {
        self.sources.push(source.into());
        self
    }

    pub fn strength(mut self, strength: f32) -> NewEngram {
        self.strength = Some(strength);
        self
    }

    fn validate(&self) -> Result<()> {
        let chars = self.body.chars().count();
        if self.body.trim().is_empty() {
            return Err(Error::data("an engram needs a body").hint("say what to remember"));
        }
        if chars > MAX_BODY_CHARS {
            return Err(Error::data(format!(
                "an engram body is at most {MAX_BODY_CHARS} characters; this one has {chars}"
            ))
            .hint("remember the gist; split a long text into several engrams"));
        }
        if self.sources.len() > MAX_SOURCES
            || self
                .sources
                .iter()
                .any(|s| s.chars().count() > MAX_SOURCE_CHARS)
        {
            return Err(Error::data(format!(
                "an engram has at most {MAX_SOURCES} sources of {MAX_SOURCE_CHARS} characters"
            )));
        }
        if self.strength.is_some_and(|s| !(0.0..=1.0).contains(&s)) {
            return Err(Error::data("an engram's strength is between 0 and 1"));
        }
        Ok(())
    }
}

impl Memory {
    /// Remembers a new engram: embeds its body, applies the caps (archiving the weakest
    /// active engrams at the active cap; refusing at the total cap), writes the engram and
    /// its vector row, and upserts it into the mirror when there is one.
    pub fn remember(&self, tx: &mut Tx, new: NewEngram, now: Millis) -> Result<EngramId> {
        new.validate()?;
        let mut state = MemoryState::load(tx)?;
        if state.total() >= self.caps.total {
            return Err(Error::data(format!(
                "memory is full: {} engrams, the declared cap (active {}, archive {})",
                state.total(),
                state.active,
                state.archived
            ))
            .hint(
                "nothing is deleted; move this store aside with `wis init --force` to start anew",
            ));
        }
        let was_empty = state.total() == 0;
        let values = embed_one(self.embedder(), &new.body)?;
        let space = self.space_for(values.len());
        let mut moved = Vec::new();
        if state.active >= self.caps.active {
            let n = self.caps.archive_batch();
            moved = archive_weakest(tx, &mut state, n, now)?;
        }
        let id = state.take_id();
        let tag = Tag {
            kind: new.kind,
            tier: Tier::Active,
            provenance: new.provenance,
        };
        let mut engram = Engram {
            id,
            kind: new.kind,
            strength: new.strength.unwrap_or(new.provenance.initial_strength()),
            confidence: CONFIDENCE_START,
            provenance: new.provenance,
            utility: Utility::default(),
            tier: Tier::Active,
            sources: new.sources,
            created: now,
            updated: now,
            vector: self.meta(&new.body, values.len(), now),
            body: new.body,
            fate: Fate::default(),
        };
        let mut points = vec![Point {
            id: id.0,
            vector: values.clone(),
            tag,
        }];
        // The mirror holds only vectors of the current space.
        points.extend(
            moved
                .into_iter()
                .filter(|(s, _)| *s == space)
                .map(|(_, p)| p),
        );
        if self.mirror_points(&mut state, &points, was_empty, now) {
            engram.vector.qdrant = self.qdrant_ref(id);
        }
        tx.put(&id.key(), &engram)?;
        tx.put(&id.key(), &Vector::new(id, space, tag, &values))?;
        state.active += 1;
        if tag.kind == Kind::Value {
            state.keep_value(tx, id)?;
        }
        state.save(tx)?;
        Ok(id)
    }

    /// Moves an engram to another tier (curation archives; an operator may restore).
    /// Whether it moved.
    pub fn set_tier(&self, tx: &mut Tx, id: EngramId, tier: Tier, now: Millis) -> Result<bool> {
        let mut engram = require(tx, id)?;
        if engram.tier == tier {
            return Ok(false);
        }
        self.move_engram(tx, &mut engram, tier, now)?;
        Ok(true)
    }

    /// Moves `engram` (as the caller has changed it) to `tier`, with its row, the counts and
    /// the mirror.
    pub(super) fn move_engram(
        &self,
        tx: &mut Tx,
        engram: &mut Engram,
        tier: Tier,
        now: Millis,
    ) -> Result<()> {
        let mut state = MemoryState::load(tx)?;
        let (space, point) = move_tier(tx, &mut state, engram, tier, now)?;
        if space == self.space_for(point.vector.len()) {
            self.mirror_points(&mut state, &[point], false, now);
        }
        state.save(tx)
    }

    /// Vector metadata for a text embedded now.
    pub(crate) fn meta(&self, text: &str, dim: usize, now: Millis) -> VectorMeta {
        VectorMeta {
            backend: self.embedder().backend().to_string(),
            model: self.embedder().model().to_string(),
            dim: dim as u32,
            text_sha256: text_sha256(text),
            embedded_at: now,
            qdrant: None,
        }
    }

    /// The space of this memory's embedder at `dim`.
    pub(crate) fn space_for(&self, dim: usize) -> u64 {
        vector::space(self.embedder().backend(), self.embedder().model(), dim)
    }

    pub(crate) fn qdrant_ref(&self, id: EngramId) -> Option<QdrantRef> {
        self.mirror.as_ref().map(|m| QdrantRef {
            collection: m.collection().to_string(),
            point_id: id.0,
        })
    }

    /// Upserts points into the mirror, keeping the mark honest; whether they landed.
    fn mirror_points(
        &self,
        state: &mut MemoryState,
        points: &[Point],
        was_empty: bool,
        now: Millis,
    ) -> bool {
        let Some(mirror) = &self.mirror else {
            state.mirror_behind();
            return false;
        };
        let Some(dim) = points.first().map(|p| p.vector.len()) else {
            return true;
        };
        if mirror.is_down() {
            state.mirror_behind();
            return false;
        }
        let space = self.space_for(dim);
        let landed = mirror.ensure(dim).and_then(|()| {
            // A first write into an empty store syncs an empty collection.
            let fresh = was_empty && mirror.collection_points()? == Some(0);
            mirror.upsert(points)?;
            Ok(fresh)
        });
        match landed {
            Ok(fresh) => {
                if fresh {
                    state.mirror = Some(super::state::MirrorMark {
                        collection: mirror.collection().to_string(),
                        space,
                        synced: true,
                        at: now,
                    });
                }
                true
            }
            Err(e) => {
                mirror.give_up(&e);
                state.mirror_behind();
                false
            }
        }
    }
}

/// Settles one bet or replay into an engram's utility record and its confidence; the updated
/// record.
pub fn settle(tx: &mut Tx, id: EngramId, settlement: Settlement, now: Millis) -> Result<Utility> {
    let mut engram = require(tx, id)?;
    engram.settle(settlement, now);
    engram.updated = now;
    tx.put(&id.key(), &engram)?;
    Ok(engram.utility)
}

/// An engram that must exist.
pub(crate) fn require(rx: &impl Read, id: EngramId) -> Result<Engram> {
    rx.get::<Engram>(&id.key())?.ok_or_else(|| {
        Error::no_input(format!("no engram {id}")).hint("`wis memory list` shows what there is")
    })
}

/// The cap policy: moves the `n` weakest active engrams to the archive. Weakest means the
/// lowest utility score, then the lowest strength, then the longest untouched, then the
/// oldest. Returns their spaces and points with the new tier, for the mirror.
fn archive_weakest(
    tx: &mut Tx,
    state: &mut MemoryState,
    n: u64,
    now: Millis,
) -> Result<Vec<(u64, Point)>> {
    let mut active: Vec<Engram> = tx
        .all::<Engram>()?
        .into_iter()
        .map(|(_, e)| e)
        .filter(|e| e.tier == Tier::Active)
        .collect();
    active.sort_by(|a, b| {
        a.utility
            .score()
            .cmp(&b.utility.score())
            .then(a.strength.total_cmp(&b.strength))
            .then(a.updated.cmp(&b.updated))
            .then(a.id.cmp(&b.id))
    });
    let mut points = Vec::new();
    for mut engram in active.into_iter().take(n as usize) {
        engram.fate.archived = Some(Archived {
            gone: Gone::Cap,
            sleep: None,
            at: now,
        });
        points.push(move_tier(tx, state, &mut engram, Tier::Archive, now)?);
    }
    Ok(points)
}

/// Rewrites an engram and its row in another tier, adjusting the counts; the row's space
/// and point.
fn move_tier(
    tx: &mut Tx,
    state: &mut MemoryState,
    engram: &mut Engram,
    tier: Tier,
    now: Millis,
) -> Result<(u64, Point)> {
    let key = engram.id.key();
    let mut row: Vector = tx.get(&key)?.ok_or_else(|| {
        Error::data(format!("engram {} has no vector row", engram.id))
            .hint("`wis memory reembed` rewrites missing rows")
    })?;
    match (engram.tier, tier) {
        (Tier::Active, Tier::Archive) => {
            state.active = state.active.saturating_sub(1);
            state.archived += 1;
        }
        (Tier::Archive, Tier::Active) => {
            state.archived = state.archived.saturating_sub(1);
            state.active += 1;
        }
        _ => {}
    }
    if tier == Tier::Active {
        engram.fate.archived = None;
    }
    engram.tier = tier;
    engram.updated = now;
    row.tier = tier;
    tx.put(&key, &*engram)?;
    tx.put(&key, &row)?;
    let point = Point {
        id: engram.id.0,
        vector: row.values(),
        tag: row.tag(),
    };
    Ok((row.space, point))
}
