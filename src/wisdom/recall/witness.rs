//! The world's witness on what a tick's bets were followed into (design §4.5): a procedure or
//! guardrail followed into an action that closed a step or a commission, and a stated fact whose
//! words the action that closed a commission used (a reply the keeper's check accepted), are
//! witnessed on the engram ([`crate::memory::Witness`]): verified by the world, whatever their
//! settled score. The tick says what its action closed ([`Closure`]); the bets' settlement
//! calls [`witness`] for each item followed into success.

use crate::base::clock::Millis;
use crate::base::exit::Result;
use crate::base::store::Tx;
use crate::memory::{self, EngramId, Kind, Witness, Witnessed};

/// What the tick's action closed, as the world judged it: nothing, a step, or a commission
/// whose check held.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Closure {
    /// What closed, in words (`commission #3 done: reply contains 7341`, `step closed: "…"`);
    /// none when the action closed nothing.
    pub said: Option<String>,
    /// The commission it closed, when one's check held.
    pub commission: Option<u64>,
    /// Whether a commission closed (its id may be unknown: another one than the step's).
    pub commission_closed: bool,
    /// Whether the action was a reply to the keeper.
    pub reply: bool,
}

impl Closure {
    /// Whether the action closed the step or a commission.
    pub fn closed(&self) -> bool {
        self.said.is_some()
    }
}

/// Witnesses what the world closed on an engram shown and followed into it: a procedure or
/// guardrail followed into an action that closed a step or a commission; a fact whose words
/// were used by the action that closed a commission (a reply the keeper's check accepted).
/// Nothing for another kind, an engram gone, or an action that closed nothing.
pub fn witness(
    tx: &mut Tx<'_>,
    engram: EngramId,
    closure: &Closure,
    tick: u64,
    now: Millis,
) -> Result<()> {
    let Some(said) = &closure.said else {
        return Ok(());
    };
    let Some(mut e) = memory::get(tx, engram)? else {
        return Ok(());
    };
    let how = match e.kind {
        Kind::Procedure | Kind::Strategy => Witnessed::FollowedIntoClose,
        Kind::Fact if closure.commission_closed && closure.reply => Witnessed::AcceptedReply,
        Kind::Fact if closure.commission_closed => Witnessed::FollowedIntoClose,
        _ => return Ok(()),
    };
    e.fate.witness(
        Witness::new(how, said, tick, now)
            .on(closure.commission)
            .episodes([tick]),
    );
    tx.put(&engram.key(), &e)
}
