//! The body as one tick sees it: read once, in the tick's first phase, and handed to every
//! surface (the prompt, the schema, dispatch), so a grant can never show on one and not the
//! other within a tick.

use super::chores::Chores;
use super::seed;
use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::creature::objectives::Objectives;
use crate::creature::tool::ToolSpec;
use crate::creature::{Persona, Unlocks};
use crate::turn::ctx::TurnCtx;
use crate::turn::quests;
use crate::world::prompt::Dated;
use crate::world::skills::{self, Runnable};
use crate::world::units;

/// One tick's snapshot of the body.
#[derive(Debug, Clone)]
pub struct Snapshot {
    pub unlocks: Unlocks,
    pub skills: Vec<Runnable>,
    /// Every tool that exists for the creature this tick.
    pub visible: Vec<&'static ToolSpec>,
    /// The active objective's key (`o3`), for the situation key.
    pub objective: Option<String>,
    /// The open objectives, for the prompt.
    /// The open objectives, for the prompt.
    pub objectives: Vec<Dated>,
    /// The active quest, for the prompt.
    pub quest: Option<String>,
    /// The creature's skills, for the prompt.
    pub skill_lines: Vec<Dated>,
    pub chores: Chores,
}

/// Reads the snapshot for the tick `b.tick`. With `write`, a store without unlock state is
/// seeded first (the load-or-birth migration); without (a dry run), the seeding is only seen.
pub fn snapshot(
    tx: &mut Tx<'_>,
    b: &TurnCtx<'_>,
    persona: &Persona,
    write: bool,
) -> Result<Snapshot> {
    let unlocks = if write {
        seed::load_or_seed(tx, b, persona)?
    } else {
        seed::view(tx, persona, b.now)?
    };
    let skills = skills::runnables(tx)?;
    let visible = units::visible_tools(&unlocks, &skills);
    let (objectives, _) = tx.singleton_or_default::<Objectives>()?;
    let skill_lines = skills
        .iter()
        .map(|s| Dated {
            made: s.made,
            text: format!("{}: {}", s.spec.name, s.spec.about),
        })
        .collect();
    Ok(Snapshot {
        chores: Chores::plan(tx, persona, &unlocks, b.tick)?,
        objective: objectives.active().map(|o| o.key()),
        objectives: objectives
            .open_lines()
            .into_iter()
            .map(|(made, text)| Dated { made, text })
            .collect(),
        quest: quests::tail_line(tx, b.morph, persona)?,
        skill_lines,
        unlocks,
        skills,
        visible,
    })
}
