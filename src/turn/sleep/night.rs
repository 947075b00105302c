//! What a sleep asks the model, carried across its phases: the replay ([`Rehearsal`]) and the
//! dream ([`Reverie`]). Both are drawn in the sleep's first transaction, asked with the store
//! closed, and recorded by their jobs in the sleep's last transaction.

use super::dream::Reverie;
use super::replay::Rehearsal;
use crate::base::clock::Millis;
use crate::base::config::Config;
use crate::base::store::Tx;
use crate::creature::Persona;
use crate::turn::ctx::TurnCtx;

/// A sleep's model calls between its phases.
#[derive(Debug, Default)]
pub struct Night {
    pub replay: Rehearsal,
    pub dream: Reverie,
}

impl Night {
    /// Nothing to ask (a dry run, or a sleep whose jobs ask nothing).
    pub const OFF: Night = Night {
        replay: Rehearsal::Off,
        dream: Reverie::Off,
    };

    /// Draws what the sleep will ask, in its first transaction (reads only).
    pub fn draw(tx: &mut Tx<'_>, ctx: &TurnCtx<'_>, persona: &Persona) -> Night {
        Night {
            replay: Rehearsal::draw(tx, ctx, persona),
            dream: Reverie::draw(&*tx, ctx.config),
        }
    }

    /// Model calls still to make, with the store closed.
    pub fn calls(&self) -> usize {
        self.replay.calls() + self.dream.calls()
    }

    /// How much longer than a turn the lease must live to cover the calls.
    pub fn lease_ms(&self, config: &Config) -> Millis {
        self.replay.lease_ms(config) + self.dream.lease_ms(config)
    }

    /// Asks the model (the store must be closed).
    pub fn ask(&mut self, config: &Config) {
        self.replay.ask(config);
        self.dream.ask(config);
    }
}
