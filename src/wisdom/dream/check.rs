//! The mechanical checks a dream must pass to be kept. Nothing here asks the model or takes
//! its word: the line is measured against its members and the kept dreams with the memory's
//! own embedder.
//!
//! In order, the first that fails is the verdict: the line says something (at least
//! [`MIN_WORDS`] words); it is shorter than its members together; it is not a copy of one of
//! them (similarity under the copy floor); it is alike each member at least the member floor;
//! and no kept dream is as alike as the duplicate floor. The three floors are the embedder's
//! ([`Calibration`](crate::memory::embed::Calibration)): 0.97, 0.35 and 0.9 for the built-in
//! embedder, 0.97, 0.55 and 0.92 for the local model.

use crate::base::exit::Result;
use crate::base::store::Read;
use crate::memory::search::{Filter, dot};
use crate::memory::{Engram, EngramId, Kind, Memory};

/// Least words of a dream.
pub const MIN_WORDS: usize = 3;

/// What the checks found.
#[derive(Debug, Clone, PartialEq)]
pub struct Verdict {
    /// `None` when the line is kept; otherwise why not, in words.
    pub rejected: Option<String>,
    /// Similarity to each member, in the members' order.
    pub sims: Vec<f32>,
}

impl Verdict {
    pub fn kept(&self) -> bool {
        self.rejected.is_none()
    }

    /// `kept`, or the reason.
    pub fn word(&self) -> String {
        self.rejected.clone().unwrap_or_else(|| "kept".into())
    }
}

/// Judges `line` as a dream of `members`.
pub fn judge(rx: &impl Read, memory: &Memory, line: &str, members: &[Engram]) -> Result<Verdict> {
    let reject = |why: String, sims: Vec<f32>| Verdict {
        rejected: Some(why),
        sims,
    };
    let words = line.split_whitespace().count();
    if words < MIN_WORDS {
        return Ok(reject(
            format!("says too little ({words} words; at least {MIN_WORDS})"),
            Vec::new(),
        ));
    }
    let chars = line.chars().count();
    let together: usize = members.iter().map(|e| e.body.chars().count()).sum();
    if chars >= together {
        return Ok(reject(
            format!("does not compress ({chars} characters; its members have {together})"),
            Vec::new(),
        ));
    }
    let floors = memory.embedder().calibration();
    let v = memory.embed(line)?;
    let mut sims = Vec::with_capacity(members.len());
    for e in members {
        sims.push(dot(&v, &memory.embed(&e.body)?));
    }
    if let Some((e, s)) = members
        .iter()
        .zip(&sims)
        .find(|(_, s)| **s >= floors.dream_copy_sim)
    {
        return Ok(reject(format!("copies {} (similarity {s:.2})", e.id), sims));
    }
    if let Some((e, s)) = members
        .iter()
        .zip(&sims)
        .find(|(_, s)| **s < floors.dream_member_floor)
    {
        return Ok(reject(
            format!(
                "not alike {} (similarity {s:.2} < {})",
                e.id, floors.dream_member_floor
            ),
            sims,
        ));
    }
    if let Some((id, s)) = nearest_dream(rx, memory, &v)?
        && s >= floors.dream_duplicate_sim
    {
        return Ok(reject(
            format!("repeats dream {id} (similarity {s:.2})"),
            sims,
        ));
    }
    Ok(Verdict {
        rejected: None,
        sims,
    })
}

/// The kept dream most alike `v`, with its similarity.
fn nearest_dream(rx: &impl Read, memory: &Memory, v: &[f32]) -> Result<Option<(EngramId, f32)>> {
    let filter = Filter::active().kind(Kind::Dream);
    let recall = memory.recall_vector(rx, v, &filter, 1)?;
    Ok(recall.hits.first().map(|h| (h.id, h.sim)))
}
