//! The genesis quests: the System's first three speeches. Each issuance pays a unit (the window
//! that names the tool is the moment the tool starts existing); the third one's pass pays the
//! workshop. Criteria are settled facts only: a skill LIVE in the manifest, a prediction in the
//! ledger, an objective completed.

use std::borrow::Cow;

use crate::creature::UnitId;
use crate::creature::criterion::{Criterion, Op, stat};

/// One quest as declared.
#[derive(Debug)]
pub struct QuestDef {
    pub id: &'static str,
    pub title: &'static str,
    /// What the System says when it issues the quest: a template over the morph slots that
    /// names only the tools of the unit its issuance pays.
    pub text: &'static str,
    pub criterion: Criterion,
    /// The unit the issuance pays.
    pub on_issue: Option<UnitId>,
    /// XP the pass pays.
    pub reward_xp: u64,
    /// The unit the pass pays.
    pub on_pass: Option<UnitId>,
}

/// The genesis line, in the order it is issued.
pub static GENESIS: &[QuestDef] = &[
    QuestDef {
        id: "genesis-01",
        title: "A trick of your own",
        text: "Make a skill of your own with create_skill: a short script that does one thing. \
               It becomes a tool named skill_ and its name. Call it until a run succeeds: a \
               skill that has run successfully is LIVE, and a LIVE skill completes this quest.",
        criterion: stat("skills.live", Op::Ge, 1.0),
        on_issue: Some(UnitId::U2),
        reward_xp: 10,
        on_pass: None,
    },
    QuestDef {
        id: "genesis-02",
        title: "What comes next",
        text: "Say what will happen with predict: a claim, a check that shows whether it held, \
               and after how many turns to check it. A prediction in the ledger completes this \
               quest; the world settles it when its turns are up.",
        criterion: stat("expectations.recorded", Op::Ge, 1.0),
        on_issue: Some(UnitId::U3),
        reward_xp: 10,
        on_pass: None,
    },
    QuestDef {
        id: "genesis-03",
        title: "Something finished",
        text: "Choose an objective of your own with objective_add, work on it, and mark it done \
               with objective_done when it is. A completed objective completes this quest.",
        criterion: Criterion::AllOf {
            all_of: Cow::Borrowed(&[stat("objectives.completed", Op::Ge, 1.0)]),
        },
        on_issue: Some(UnitId::U5),
        reward_xp: 15,
        on_pass: Some(UnitId::U6),
    },
];

/// A genesis quest by id.
pub fn quest(id: &str) -> Option<&'static QuestDef> {
    GENESIS.iter().find(|q| q.id == id)
}
