//! The quests' texts against the unit table, the red gates of `world/units` seen from the
//! quest book: a quest names only the tools its issue pays; its texts use known slots and no
//! literal body noun; a unit earned by a quest points at a quest that pays it.

use wis::creature::UnitId;
use wis::creature::morph::{body_nouns_in, unknown_placeholders};
use wis::creature::tool::ToolSpec;
use wis::creature::unlocks::NEWBORN_UNIT;
use wis::turn::quests::genesis::GENESIS;
use wis::world::TOOLS;
use wis::world::units::{Earning, UNITS, mentions, unit_of};

/// Names (tools and aliases) a text mentions, among `TOOLS`.
fn named(text: &str) -> Vec<&'static ToolSpec> {
    TOOLS
        .iter()
        .filter(|t| mentions(text, t.name) || t.aliases.iter().any(|a| mentions(text, a)))
        .collect()
}

/// The unit a tool arrives with, by the unit table.
fn unit_id(tool: &ToolSpec) -> Option<UnitId> {
    unit_of(tool.name).map(|u| u.id)
}

#[test]
fn quests_name_only_the_tools_their_issue_pays() {
    for q in GENESIS {
        for tool in named(q.text).into_iter().chain(named(q.title)) {
            assert_eq!(unit_id(tool), q.on_issue, "{} names {}", q.id, tool.name);
        }
        q.criterion.validate().unwrap();
    }
}

#[test]
fn quest_texts_use_known_slots_and_no_literal_body_nouns() {
    for q in GENESIS {
        for text in [q.text, q.title] {
            assert!(unknown_placeholders(text).is_empty(), "{}", q.id);
            assert!(
                body_nouns_in(text).is_empty(),
                "{}: {:?}",
                q.id,
                body_nouns_in(text)
            );
        }
    }
}

#[test]
fn earnings_point_at_quests_that_pay_them() {
    for u in UNITS {
        match &u.earning {
            Earning::Birth => assert_eq!(u.id, NEWBORN_UNIT),
            Earning::Milestone { criterion, .. } => criterion.validate().unwrap(),
            Earning::QuestIssued(q) => {
                let def = GENESIS.iter().find(|d| d.id == *q).unwrap();
                assert_eq!(def.on_issue, Some(u.id));
            }
            Earning::QuestPassed(q) => {
                let def = GENESIS.iter().find(|d| d.id == *q).unwrap();
                assert_eq!(def.on_pass, Some(u.id));
            }
        }
        assert!(!u.earned_by().is_empty());
    }
}
