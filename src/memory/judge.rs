//! The writes sleep's judgement makes: an engram's strength and fate rewritten in place, a
//! move to the archive tier that says where it went, and the operator's way back (`wis memory
//! restore`). Each keeps the engram, its vector row, the counts and the mirror in step.

use super::Memory;
use super::engram::{Engram, EngramId, Tier};
use super::fate::Archived;
use super::write::require;
use crate::base::clock::Millis;
use crate::base::exit::{Error, Result};
use crate::base::store::Tx;

impl Memory {
    /// Rewrites an engram whose tier and body are unchanged (its strength, fate, utility or
    /// sources moved): the vector row and the mirror hold none of these.
    pub fn rewrite(&self, tx: &mut Tx, engram: &Engram) -> Result<()> {
        tx.put(&engram.id.key(), engram)
    }

    /// Moves an active engram to the archive tier, marked with where it went. Whether it moved.
    pub fn archive(&self, tx: &mut Tx, engram: &mut Engram, mark: Archived) -> Result<bool> {
        if engram.tier == Tier::Archive {
            return Ok(false);
        }
        let at = mark.at;
        engram.fate.archived = Some(mark);
        self.move_engram(tx, engram, Tier::Archive, at)?;
        Ok(true)
    }

    /// Brings an archived engram back to the active tier, its grace started afresh. Refused
    /// when it is active already.
    pub fn restore(&self, tx: &mut Tx, id: EngramId, now: Millis) -> Result<Engram> {
        let mut engram = require(tx, id)?;
        if engram.tier == Tier::Active {
            return Err(Error::usage(format!("{id} is active already"))
                .hint("`wis memory list --tier archive` shows what can be restored"));
        }
        engram.fate.quiet_since = None;
        engram.fate.judged_at = None;
        self.move_engram(tx, &mut engram, Tier::Active, now)?;
        Ok(engram)
    }
}
