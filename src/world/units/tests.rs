//! The red gates of the unit table: every tool in exactly one unit; every text names only its
//! own unit's tools; no body noun outside the lexicon; the schema never names a tool the
//! creature does not have. (The quests' texts and the units they pay are held to the same
//! gates in the integration suite, `tests/suite/progression/quest_texts.rs`.)

use super::*;
use crate::creature::UnitRecord;
use crate::creature::morph::{LEXICONS, body_nouns_in, unknown_placeholders};
use crate::creature::{By, REPLY};
use crate::mind::schema::{action_schema, schema_tool_names};
use crate::world::TOOLS;
use crate::world::skills::spec_for;

/// Every text of a unit that the creature reads.
fn texts(u: &Unit) -> Vec<(&'static str, &'static str)> {
    let mut out = vec![("stanza", u.stanza), ("grant text", u.grant_text)];
    out.extend(u.examples.iter().map(|e| ("example", e.task)));
    out.extend(u.examples.iter().map(|e| ("example action", e.action)));
    out.extend(u.topics.iter().map(|t| ("topic", t.text)));
    out
}

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

fn granted(ids: &[UnitId]) -> Unlocks {
    let mut unlocks = Unlocks::default();
    for id in ids {
        unlocks.units.insert(
            *id,
            UnitRecord {
                state: crate::creature::UnitState::Granted,
                tick: 0,
                at: 0,
                by: By::Operator,
                evidence: String::new(),
                held: None,
                engram_due: false,
            },
        );
    }
    unlocks
}

#[test]
fn every_tool_is_in_exactly_one_known_unit() {
    for tool in TOOLS {
        assert_eq!(
            UNITS.iter().filter(|u| u.has_tool(tool.name)).count(),
            1,
            "{}",
            tool.name
        );
        let same_name = TOOLS.iter().filter(|t| t.answers_to(tool.name)).count();
        assert_eq!(same_name, 1, "{} is claimed twice", tool.name);
        for alias in tool.aliases {
            assert_eq!(
                TOOLS.iter().filter(|t| t.answers_to(alias)).count(),
                1,
                "{alias}"
            );
        }
    }
    for u in UNITS {
        assert!(u.specs().next().is_some(), "unit {} has no tools", u.id);
    }
    let ids: Vec<UnitId> = UNITS.iter().map(|u| u.id).collect();
    assert_eq!(ids, UnitId::ALL, "the table is the ladder, every unit once");
    assert!(
        UnitId::ALL
            .iter()
            .all(|id| unit(*id).is_some_and(|u| u.id == *id))
    );
}

#[test]
fn each_unit_text_names_only_its_own_tools() {
    for u in UNITS {
        for (what, text) in texts(u) {
            for tool in named(text) {
                assert_eq!(
                    unit_id(tool),
                    Some(u.id),
                    "{} {what} names {}",
                    u.id,
                    tool.name
                );
            }
        }
        for tool in u.specs() {
            assert!(
                mentions(u.stanza, tool.name),
                "the {} stanza does not name {}",
                u.id,
                tool.name
            );
            assert!(
                u.examples
                    .iter()
                    .any(|e| e.action.contains(&format!("\"{}\"", tool.name))),
                "no {} example teaches {}",
                u.id,
                tool.name
            );
            assert!(
                mentions(u.grant_text, tool.name),
                "{} grant text misses {}",
                u.id,
                tool.name
            );
        }
    }
}

#[test]
fn templates_use_known_slots_and_no_literal_body_nouns() {
    let mut all: Vec<(String, &str)> = Vec::new();
    for u in UNITS {
        all.extend(
            texts(u)
                .into_iter()
                .map(|(w, t)| (format!("{} {w}", u.id), t)),
        );
        all.push((format!("{} name", u.id), u.name));
        all.extend(
            u.topics
                .iter()
                .map(|t| (format!("{} topic name", u.id), t.name)),
        );
    }
    for t in TOOLS {
        all.push((t.name.to_string(), t.about));
        all.extend(
            t.args
                .iter()
                .map(|a| (format!("{}.{}", t.name, a.name), a.about)),
        );
    }
    for (what, text) in all {
        assert!(unknown_placeholders(text).is_empty(), "{what}");
        assert!(
            body_nouns_in(text).is_empty(),
            "{what}: {:?}",
            body_nouns_in(text)
        );
    }
}

#[test]
fn rendered_texts_speak_only_their_own_morph() {
    for morph in Morph::ALL {
        let mut own = morph.lexicon().words();
        own.sort_by_key(|w| std::cmp::Reverse(w.len()));
        for u in UNITS {
            for (what, text) in texts(u) {
                // Its own phrases may contain another morph's word ("webbed paws"); what is
                // left once they are taken out must name no body at all.
                let mut rest = morph.render(text).to_lowercase();
                for word in &own {
                    rest = rest.replace(word, " ");
                }
                let foreign = body_nouns_in(&rest);
                assert!(foreign.is_empty(), "{morph:?} {} {what}: {foreign:?}", u.id);
            }
        }
    }
    assert_eq!(LEXICONS.len(), Morph::ALL.len());
}

#[test]
fn a_newborn_sees_exactly_the_u0_kit() {
    let names: Vec<_> = visible_tools(&Unlocks::newborn(0), &[])
        .iter()
        .map(|t| t.name)
        .collect();
    assert_eq!(
        names,
        [
            "bash",
            "write_file",
            "read_file",
            "note_append",
            "note_read",
            "note_list",
            "note_close",
            "note_reopen",
            "check_tools"
        ]
    );
}

#[test]
fn the_schema_names_only_visible_tools_at_every_rung() {
    let skill = Runnable {
        name: "count".into(),
        spec: spec_for("count", "counts"),
        version: 1,
        script: "ls | wc -l".into(),
        made: 3,
    };
    for rung in 0..=UNITS.len() {
        let ids: Vec<UnitId> = UNITS[..rung].iter().map(|u| u.id).collect();
        let unlocks = granted(&ids);
        for skills in [&[][..], std::slice::from_ref(&skill)] {
            let visible = visible_tools(&unlocks, skills);
            let names = schema_tool_names(&action_schema(&visible));
            for name in &names {
                assert!(
                    name == REPLY || visible.iter().any(|t| t.name == name),
                    "rung {rung}: {name}"
                );
            }
            assert_eq!(names.len(), visible.len() + 1);
            for tool in TOOLS {
                let shown = names.iter().any(|n| n == tool.name);
                assert_eq!(
                    shown,
                    unit_id(tool).is_some_and(|u| ids.contains(&u)),
                    "rung {rung}: {}",
                    tool.name
                );
            }
            let stanzas = stanzas(&unlocks, Morph::Corvid);
            for tool in named(&stanzas) {
                assert!(
                    unit_id(tool).is_some_and(|u| ids.contains(&u)),
                    "rung {rung}: stanza names {}",
                    tool.name
                );
            }
        }
    }
}
