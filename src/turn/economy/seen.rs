//! The successes already seen: a bounded set of (situation, action signature) pairs, kept as
//! hashes in one capped document. The economy asks it whether a success is the first of its
//! signature in its situation; the same action in the same situation again is a repeat and
//! pays nothing, whatever it shows. A reflex's success is recorded too, so the model repeating
//! what a reflex just did advances nothing.

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::base::exit::Result;
use crate::base::store::{Layout, Read, Tx};
use crate::creature::Outcome;
use crate::doc;

/// Most pairs remembered; past it the oldest is forgotten first (and may pay once more if
/// it comes back).
pub const SEEN_CAP: usize = 2048;

/// The seen pairs' hashes, oldest first.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Observations {
    pub seen: VecDeque<u64>,
}

doc!(Observations, "wis.observations", 1, Layout::Singleton);

/// The hash of one (situation, signature) pair: the first eight bytes of its SHA-256, so it is
/// the same on every machine and every build.
pub fn pair(situation: &str, signature: &str) -> u64 {
    let mut hasher = Sha256::new();
    for part in [situation, signature] {
        hasher.update(part.as_bytes());
        hasher.update([0u8]);
    }
    let digest = hasher.finalize();
    let mut head = [0u8; 8];
    head.copy_from_slice(&digest[..8]);
    u64::from_be_bytes(head)
}

/// Records a successful call of `signature` in `situation`; whether it was the first (a
/// failure records nothing and is never a first success).
pub fn first_success(
    tx: &mut Tx<'_>,
    situation: &str,
    signature: &str,
    outcome: &Outcome,
) -> Result<bool> {
    if !outcome.success {
        return Ok(false);
    }
    let hash = pair(situation, signature);
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
