//! Pausing: a paused creature's ticks do nothing until it is resumed (`wis pause`,
//! `wis resume`). The curve runs only on a paused creature (WIS6).

use serde::Serialize;

use crate::base::clock::Millis;
use crate::base::exit::Result;
use crate::base::store::{Read, Store};
use crate::creature::Persona;

/// What pausing or resuming did.
#[derive(Debug, Clone, Serialize)]
pub struct Paused {
    pub name: String,
    /// `paused` or `live`.
    pub state: &'static str,
    /// Whether anything changed (it was not already so).
    pub changed: bool,
}

/// Pauses (`pause`) or resumes the creature at `now`; a no-op, and no write, when it already is.
pub fn set_paused(store: &Store, pause: bool, now: Millis) -> Result<Paused> {
    let mut tx = store.write()?;
    let mut persona: Persona = tx.singleton()?;
    let changed = persona.paused != pause;
    persona.paused = pause;
    persona.paused_at = pause.then(|| persona.paused_at.filter(|_| !changed).unwrap_or(now));
    if changed {
        tx.set(&persona)?;
        tx.commit()?;
    }
    Ok(Paused {
        name: persona.name,
        state: if pause { "paused" } else { "live" },
        changed,
    })
}
