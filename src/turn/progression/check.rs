//! `wis check`'s view of the growing body: the active quest is a known quest, and every
//! skill's running version has its text. (An unlock record for a unit that does not exist does
//! not decode, so the store's own check reports it.)

use crate::base::exit::Result;
use crate::base::store::{Problem, Read, SINGLETON_KEY};
use crate::creature::quest_book::QuestBook;
use crate::turn::quests::genesis;
use crate::world::skills::{Skill, SkillScript};

/// Problems with the body's documents; the empty list means none.
pub fn check(rx: &impl Read) -> Result<Vec<Problem>> {
    let mut problems = Vec::new();
    let mut problem = |area: &str, detail: String| {
        problems.push(Problem {
            area: area.into(),
            detail,
        })
    };
    if let Ok(Some(book)) = rx.get::<QuestBook>(SINGLETON_KEY)
        && let Some(active) = book.active
        && genesis::quest(&active.id).is_none()
    {
        problem(
            "wis.quests.v1",
            format!("the active quest {:?} is unknown", active.id),
        );
    }
    for (name, skill) in rx.all::<Skill>()? {
        if rx
            .get::<SkillScript>(&SkillScript::key(&name, skill.current))?
            .is_none()
        {
            problem(
                "wis.skill.v1",
                format!(
                    "skill {name} runs v{}, whose text is missing",
                    skill.current
                ),
            );
        }
    }
    Ok(problems)
}
