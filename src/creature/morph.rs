//! Body image: the morphs and their lexicons, and the one renderer for anatomy words.
//!
//! A creature's morph is one complete body plan drawn at birth. Every creature-facing string
//! that names a body part (tool stanzas, grant announcements, the newborn prompt) is a template
//! with placeholders such as `{roam}` filled from the creature's lexicon row, so a creature
//! with wings is never told about its paws. No body noun may appear in code outside the
//! [`LEXICONS`] table; a test scans the creature-facing templates for every noun of every
//! morph.

use serde::{Deserialize, Serialize};

/// One body plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Morph {
    Burrower,
    Corvid,
    Otter,
    Moth,
}

impl Morph {
    pub const ALL: [Morph; 4] = [Morph::Burrower, Morph::Corvid, Morph::Otter, Morph::Moth];

    pub fn name(self) -> &'static str {
        self.lexicon().kind
    }

    pub fn lexicon(self) -> &'static Lexicon {
        &LEXICONS[self as usize]
    }

    /// Fills a template's placeholders from this morph's lexicon.
    pub fn render(self, template: &str) -> String {
        self.lexicon().render(template)
    }
}

/// The words one body plan uses for itself. Each slot is a body part or place the platform
/// talks about; a template names the slot, never the word.
#[derive(Debug, PartialEq, Eq)]
pub struct Lexicon {
    /// The kind of creature.
    pub kind: &'static str,
    /// The moving, exploring limb: how commands are run (bash).
    pub roam: &'static str,
    /// The making limb: how files are written and read.
    pub make: &'static str,
    /// The notebook it keeps notes in.
    pub notebook: &'static str,
    /// The mirror in which it sees its own tools (check_tools).
    pub mirror: &'static str,
    /// Where remembered things are kept (memorize, recall).
    pub memory: &'static str,
    /// The knack for making reusable tricks (skills).
    pub craft: &'static str,
    /// The sense for what is coming (predict).
    pub foresight: &'static str,
    /// The eyes (vision).
    pub sight: &'static str,
    /// The voice (speak).
    pub voice: &'static str,
    /// The will that holds to a purpose (objectives).
    pub resolve: &'static str,
    /// The deeper place it can send work to (delegate).
    pub workshop: &'static str,
    /// Its home: the workspace.
    pub home: &'static str,
}

/// Placeholder names, in the order of the [`Lexicon`] fields.
pub const SLOTS: [&str; 13] = [
    "kind",
    "roam",
    "make",
    "notebook",
    "mirror",
    "memory",
    "craft",
    "foresight",
    "sight",
    "voice",
    "resolve",
    "workshop",
    "home",
];

/// The lexicon table: the only place body nouns are written down.
pub static LEXICONS: [Lexicon; 4] = [
    Lexicon {
        kind: "burrower",
        roam: "paws",
        make: "claws",
        notebook: "scratch-log",
        mirror: "still puddle",
        memory: "deep larder",
        craft: "digging knack",
        foresight: "whiskers",
        sight: "dim eyes",
        voice: "chitter",
        resolve: "stubborn snout",
        workshop: "lower tunnels",
        home: "den",
    },
    Lexicon {
        kind: "corvid",
        roam: "wings",
        make: "beak",
        notebook: "cache-ledger",
        mirror: "polished shard",
        memory: "hidden caches",
        craft: "tool-bending talent",
        foresight: "weather sense",
        sight: "bright eyes",
        voice: "caw",
        resolve: "sharp purpose",
        workshop: "high rookery",
        home: "nest",
    },
    Lexicon {
        kind: "otter",
        roam: "webbed paws",
        make: "clever hands",
        notebook: "pebble-tally",
        mirror: "slick reflection",
        memory: "riverbed hoard",
        craft: "knack for tricks",
        foresight: "feel for the current",
        sight: "keen water-eyes",
        voice: "whistle",
        resolve: "steady paddle",
        workshop: "deep pool",
        home: "holt",
    },
    Lexicon {
        kind: "moth",
        roam: "soft feet",
        make: "feelers",
        notebook: "silk-notes",
        mirror: "lamp-glass",
        memory: "dust-memory",
        craft: "spinning art",
        foresight: "night sense",
        sight: "night eyes",
        voice: "wing-hum",
        resolve: "pull toward the light",
        workshop: "far lamp",
        home: "cocoon",
    },
];

impl Lexicon {
    /// The word for a slot name.
    pub fn word(&self, slot: &str) -> Option<&'static str> {
        Some(match slot {
            "kind" => self.kind,
            "roam" => self.roam,
            "make" => self.make,
            "notebook" => self.notebook,
            "mirror" => self.mirror,
            "memory" => self.memory,
            "craft" => self.craft,
            "foresight" => self.foresight,
            "sight" => self.sight,
            "voice" => self.voice,
            "resolve" => self.resolve,
            "workshop" => self.workshop,
            "home" => self.home,
            _ => return None,
        })
    }

    /// Every body noun of this lexicon (the kind name included).
    pub fn words(&self) -> Vec<&'static str> {
        SLOTS.iter().filter_map(|s| self.word(s)).collect()
    }

    /// Replaces `{slot}` placeholders; an unknown placeholder is left as written (and caught
    /// by the template tests).
    pub fn render(&self, template: &str) -> String {
        let mut out = String::with_capacity(template.len() + 32);
        let mut rest = template;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            match after.find('}') {
                Some(close) if self.word(&after[..close]).is_some() => {
                    out.push_str(self.word(&after[..close]).unwrap_or_default());
                    rest = &after[close + 1..];
                }
                _ => {
                    out.push('{');
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }
}

/// Placeholders in a template that no lexicon fills (a typo in a template).
pub fn unknown_placeholders(template: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else { break };
        let name = &after[..close];
        if name.chars().all(|c| c.is_ascii_lowercase() || c == '_') && !SLOTS.contains(&name) {
            out.push(name.to_string());
        }
        rest = &after[close + 1..];
    }
    out
}

/// Body nouns of any morph that appear in `text` as whole words (for the red-gate tests).
pub fn body_nouns_in(text: &str) -> Vec<&'static str> {
    let lower = text.to_lowercase();
    let mut found = Vec::new();
    for lex in &LEXICONS {
        for word in lex.words() {
            if contains_word(&lower, word) && !found.contains(&word) {
                found.push(word);
            }
        }
    }
    found
}

fn contains_word(haystack: &str, word: &str) -> bool {
    let mut start = 0;
    while let Some(pos) = haystack[start..].find(word) {
        let at = start + pos;
        let before = haystack[..at].chars().next_back();
        let after = haystack[at + word.len()..].chars().next();
        let boundary = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
        if boundary(before) && boundary(after) {
            return true;
        }
        start = at + word.len();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_lexicon_is_complete_and_distinct() {
        for lex in &LEXICONS {
            assert_eq!(lex.words().len(), SLOTS.len(), "{}", lex.kind);
            assert!(
                lex.words().iter().all(|w| !w.trim().is_empty()),
                "{}",
                lex.kind
            );
        }
        for (i, m) in Morph::ALL.iter().enumerate() {
            assert_eq!(*m as usize, i);
            assert_eq!(m.lexicon().kind, format!("{m:?}").to_lowercase());
        }
    }

    #[test]
    fn render_fills_slots_and_keeps_other_braces() {
        let text = Morph::Corvid.render("Your {roam} carry you around your {home}. {x} {");
        assert_eq!(text, "Your wings carry you around your nest. {x} {");
        assert_eq!(
            unknown_placeholders("{roam} {rome}"),
            vec!["rome".to_string()]
        );
    }

    #[test]
    fn finds_body_nouns_as_words() {
        assert_eq!(body_nouns_in("the paws are muddy"), vec!["paws"]);
        assert!(body_nouns_in("a denial").is_empty());
        assert!(body_nouns_in("Soft Feet").contains(&"soft feet"));
    }
}
