//! The active quest's criterion as it stood before a turn's calls ran, so the economy can tell
//! whether the turn moved it: the values of the stat paths the criterion reads, taken once
//! before and once after (the tick boundary included, where a skill turns LIVE).

use crate::base::exit::Result;
use crate::base::store::Read;
use crate::creature::Persona;
use crate::creature::quest_book::QuestBook;
use crate::turn::quests::genesis::{self, QuestDef};
use crate::world::stats;

/// The active quest and its criterion's values at one moment (none when no quest is active).
#[derive(Debug, Clone, Default)]
pub struct Mark {
    quest: Option<(&'static QuestDef, Vec<f64>)>,
}

impl Mark {
    /// The active quest's criterion now.
    pub fn take(rx: &impl Read, persona: &Persona) -> Result<Mark> {
        let (book, _) = rx.singleton_or_default::<QuestBook>()?;
        let Some(def) = book.active.and_then(|a| genesis::quest(&a.id)) else {
            return Ok(Mark::default());
        };
        let values = stats::snapshot(rx, persona, &def.criterion.paths())?;
        Ok(Mark {
            quest: Some((def, values)),
        })
    }

    /// Whether the criterion of the quest that was active at the mark reads differently now
    /// (whether or not the quest is still active: a pass closes it).
    pub fn moved(&self, rx: &impl Read, persona: &Persona) -> Result<bool> {
        let Some((def, before)) = &self.quest else {
            return Ok(false);
        };
        Ok(stats::snapshot(rx, persona, &def.criterion.paths())? != *before)
    }
}
