//! The observations already seen: a bounded set of (situation, action signature, output)
//! triples, kept as hashes in one capped document. The economy asks it whether a success
//! observed something new; an output seen before for the same action in the same situation
//! is a repeat and pays nothing.

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::base::exit::Result;
use crate::base::store::{Layout, Read, Tx};
use crate::creature::Outcome;
use crate::doc;

/// Most triples remembered; past it the oldest is forgotten first (and may pay once more if
/// it comes back).
pub const SEEN_CAP: usize = 2048;

/// The seen triples' hashes, oldest first.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Observations {
    pub seen: VecDeque<u64>,
}

doc!(Observations, "wis.observations", 1, Layout::Singleton);

/// The hash of one triple: the first eight bytes of its SHA-256, so it is the same on every
/// machine and every build.
pub fn triple(situation: &str, signature: &str, output: &str) -> u64 {
    let mut hasher = Sha256::new();
    for part in [situation, signature, output] {
        hasher.update(part.as_bytes());
        hasher.update([0u8]);
    }
    let digest = hasher.finalize();
    let mut head = [0u8; 8];
    head.copy_from_slice(&digest[..8]);
    u64::from_be_bytes(head)
}

/// Records what a successful call observed; whether it was new. A failure observes nothing
/// here (it pays nothing either way).
pub fn observe(
    tx: &mut Tx<'_>,
    situation: &str,
    signature: &str,
    outcome: &Outcome,
) -> Result<bool> {
    if !outcome.success {
        return Ok(false);
    }
    let hash = triple(situation, signature, &outcome.output);
    let (mut book, _) = tx.singleton_or_default::<Observations>()?;
    if book.seen.contains(&hash) {
        return Ok(false);
    }
    book.seen.push_back(hash);
    while book.seen.len() > SEEN_CAP {
        book.seen.pop_front();
    }
    tx.set(&book)?;
    Ok(true)
}
