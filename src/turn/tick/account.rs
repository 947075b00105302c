//! The last of a turn's bookkeeping, once what its action advanced is known: the episode gets
//! its [`Advanced`], the loop counters move (an action that advanced something is no rut), and
//! the turn log gets its record (design §6; `wis status`'s life section reads it).

use sha2::{Digest, Sha256};

use crate::base::clock::Millis;
use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::creature::Persona;
use crate::creature::heartbeat::Turn;
use crate::creature::turns::{Advanced, TurnRecord};
use crate::wisdom::episodes::Episode;

/// One turn's account.
#[derive(Debug, Clone)]
pub struct Entry<'a> {
    pub tick: u64,
    pub at: Millis,
    pub turn: Turn,
    pub tool: Option<&'a str>,
    pub signature: Option<&'a str>,
    pub success: bool,
    pub automated: bool,
    pub advanced: Advanced,
    /// What the world answered, compared with the previous work turn's to find a repeat.
    pub observed: &'a str,
    /// The episode the action was recorded as, if it was.
    pub episode: Option<u64>,
    pub replan_changed: Option<bool>,
    pub xp: u64,
}

/// Records the account; whether the turn repeated the previous work turn (the same action and
/// the same observation).
pub fn account(tx: &mut Tx<'_>, entry: Entry<'_>) -> Result<bool> {
    if let Some(seq) = entry.episode
        && entry.advanced.any()
        && let Some((_, mut episode)) = tx
            .ring_from::<Episode>(seq)?
            .into_iter()
            .next()
            .filter(|(s, _)| *s == seq)
    {
        episode.advanced = entry.advanced;
        tx.replace(seq, &episode)?;
    }
    let observed = hash(entry.observed);
    let acted = entry.turn == Turn::Work && entry.signature.is_some();
    let repeat = acted
        && previous_work(tx)?.is_some_and(|p| {
            p.signature.as_deref() == entry.signature && p.observed == Some(observed)
        });
    if acted && let Some(signature) = entry.signature {
        let mut persona: Persona = tx.singleton()?;
        persona.count_loops(signature, entry.success && entry.advanced.any());
        tx.set(&persona)?;
    }
    tx.push(&TurnRecord {
        tick: entry.tick,
        at: entry.at,
        turn: entry.turn,
        tool: entry.tool.map(str::to_string),
        signature: entry.signature.map(str::to_string),
        success: entry.success,
        automated: entry.automated,
        advanced: entry.advanced,
        repeat,
        replan_changed: entry.replan_changed,
        xp: entry.xp,
        observed: acted.then_some(observed),
    })?;
    Ok(repeat)
}

/// The newest work turn that acted.
fn previous_work(rx: &impl Read) -> Result<Option<TurnRecord>> {
    Ok(rx
        .ring::<TurnRecord>(Some(16))?
        .into_iter()
        .rev()
        .map(|(_, r)| r)
        .find(|r| r.turn == Turn::Work && r.signature.is_some()))
}

fn hash(text: &str) -> u64 {
    let digest = Sha256::digest(text.as_bytes());
    let mut head = [0u8; 8];
    head.copy_from_slice(&digest[..8]);
    u64::from_be_bytes(head)
}
