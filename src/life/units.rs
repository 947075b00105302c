//! The units of the body as data: each unit's tools arrive together, with a prompt stanza
//! written through the morph lexicon. One accessor, [`visible_tools`], decides what exists
//! for the creature; the prompt, the action schema, check_tools and dispatch all read it.

use super::{Morph, Unlocks};
use crate::world::tools::{TOOLS, ToolSpec};

/// One unit.
#[derive(Debug)]
pub struct Unit {
    pub id: &'static str,
    pub name: &'static str,
    /// The prompt stanza, a template over the lexicon slots; names only this unit's tools.
    pub stanza: &'static str,
}

/// The units, in ladder order (the order stanzas appear in the prompt).
pub static UNITS: &[Unit] = &[Unit {
    id: "U0",
    name: "body",
    stanza: "Your {roam} carry you around your {home}, the workspace:\n\
             {\"tool\": \"bash\", \"args\": {\"command\": \"ls -la\"}} runs a shell command there.\n\
             Your {make} shape things:\n\
             {\"tool\": \"write_file\", \"args\": {\"path\": \"hello.txt\", \"content\": \"hi\"}} writes a file;\n\
             {\"tool\": \"read_file\", \"args\": {\"path\": \"hello.txt\"}} reads one.\n\
             Your {notebook} keeps notes; the first open note of the plan notebook is your current step:\n\
             {\"tool\": \"note_append\", \"args\": {\"notebook\": \"plan\", \"text\": \"find out what is here\"}}\n\
             {\"tool\": \"note_read\", \"args\": {\"notebook\": \"plan\"}}\n\
             {\"tool\": \"note_close\", \"args\": {\"notebook\": \"plan\", \"number\": 1}} marks note 1 done;\n\
             {\"tool\": \"note_list\", \"args\": {}} lists your notebooks.\n\
             In your {mirror} you see all you can do: {\"tool\": \"check_tools\", \"args\": {}}\n",
}];

/// A unit by id.
pub fn unit(id: &str) -> Option<&'static Unit> {
    UNITS.iter().find(|u| u.id == id)
}

/// The tools that exist for this creature now: the granted units' tools, in table order.
/// Anything else does not exist anywhere in its world.
pub fn visible_tools(unlocks: &Unlocks) -> Vec<&'static ToolSpec> {
    let granted = unlocks.granted();
    TOOLS.iter().filter(|t| granted.contains(&t.unit)).collect()
}

/// The stanzas of the granted units, in ladder order, in the creature's own words.
pub fn stanzas(unlocks: &Unlocks, morph: Morph) -> String {
    let granted = unlocks.granted();
    UNITS
        .iter()
        .filter(|u| granted.contains(&u.id))
        .map(|u| morph.render(u.stanza))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::life::morph::{body_nouns_in, unknown_placeholders};

    #[test]
    fn every_tool_is_in_exactly_one_known_unit() {
        for tool in TOOLS {
            assert_eq!(
                UNITS.iter().filter(|u| u.id == tool.unit).count(),
                1,
                "{}",
                tool.name
            );
        }
    }

    #[test]
    fn each_stanza_names_only_its_own_tools() {
        for u in UNITS {
            for tool in TOOLS {
                let named = u.stanza.contains(&format!("\"{}\"", tool.name));
                assert_eq!(
                    named,
                    tool.unit == u.id,
                    "unit {} / tool {}",
                    u.id,
                    tool.name
                );
            }
        }
    }

    #[test]
    fn stanzas_use_known_slots_and_no_literal_body_nouns() {
        for u in UNITS {
            assert!(unknown_placeholders(u.stanza).is_empty(), "{}", u.id);
            assert!(
                body_nouns_in(u.stanza).is_empty(),
                "{}: {:?}",
                u.id,
                body_nouns_in(u.stanza)
            );
        }
        for tool in TOOLS {
            assert!(body_nouns_in(tool.about).is_empty(), "{}", tool.name);
            for a in tool.args {
                assert!(
                    body_nouns_in(a.about).is_empty(),
                    "{}.{}",
                    tool.name,
                    a.name
                );
            }
        }
    }

    #[test]
    fn a_newborn_sees_exactly_the_u0_kit() {
        let names: Vec<_> = visible_tools(&Unlocks::newborn(0))
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
                "check_tools"
            ]
        );
    }
}
