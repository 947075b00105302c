//! The wise birth: the `wis.toml` a newborn gets from `wis init`, with the wisdom loop on.
//!
//! The compiled defaults keep every `[wisdom]` flag off (WIS7), so a home whose `wis.toml`
//! names no flag lives as it always did. A newborn is born wise instead: its `wis.toml` is the
//! commented template with each flag of [`BIRTH`] set on its own line, under a comment saying
//! why a newborn has it so. `wis init --dark` writes the template as it is (every flag
//! commented out, so off).

use super::template::TEMPLATE;

/// One `[wisdom]` flag as a wise newborn is born with it.
#[derive(Debug, Clone, Copy)]
pub struct Birthright {
    /// The key under `[wisdom]`.
    pub key: &'static str,
    /// Its value at a wise birth.
    pub on: bool,
    /// Why, one or two comment lines (without the `# `).
    pub why: &'static [&'static str],
}

/// Every `[wisdom]` flag and how a wise newborn has it (a test holds that no flag is missing).
pub const BIRTH: &[Birthright] = &[
    Birthright {
        key: "recall_enabled",
        on: true,
        why: &[
            "Born on: the precedents it lived (fixes that worked, dead ends) reach its next turns.",
        ],
    },
    Birthright {
        key: "prose_recall_enabled",
        on: true,
        why: &["Born on: what it read, was told and distilled answers the step it is on."],
    },
    Birthright {
        key: "replay_enabled",
        on: true,
        why: &[
            "Born on: each sleep learns again from failures it later fixed, within the day's",
            "reserve of model calls below.",
        ],
    },
    Birthright {
        key: "curation_enabled",
        on: true,
        why: &["Born on: memory keeps what helped and lets the unused decay to the archive tier."],
    },
    Birthright {
        key: "reflexes_enabled",
        on: true,
        why: &[
            "Born on: streaks of successes are proposed as reflexes; a proposal waits for you",
            "(`wis reflex list`, `wis reflex arm ID`), as reflex_auto_arm is off.",
        ],
    },
    Birthright {
        key: "reflex_saves_tick",
        on: true,
        why: &["Born on: a tick a reflex you armed handled does not call the model."],
    },
    Birthright {
        key: "reflex_auto_arm",
        on: false,
        why: &[
            "Born off: arming is yours. Proposals wait in the approvals queue (`wis report`,",
            "`wis reflex list`) until `wis reflex arm ID`; true arms them at once.",
        ],
    },
    Birthright {
        key: "dreams_enabled",
        on: true,
        why: &[
            "Born on: sleep links alike memories and keeps at most one checked dream a sleep",
            "(one model call).",
        ],
    },
    Birthright {
        key: "distill_enabled",
        on: true,
        why: &["Born on: each sleep keeps what was lived as memories, without a model call."],
    },
    Birthright {
        key: "second_thought_enabled",
        on: true,
        why: &[
            "Born on: a step answered again with the act that advanced nothing on it is asked",
            "once more, without that act: ruts break.",
        ],
    },
    Birthright {
        key: "errands_enabled",
        on: true,
        why: &[
            "Born on: your errands are done in steps the world closes (look, then answer from",
            "what the look showed), and each one done teaches the next of its kind.",
        ],
    },
    Birthright {
        key: "overwrite_scars_enabled",
        on: true,
        why: &[
            "Born on: a file it writes over or deletes without reading first is a scar it",
            "remembers (the earlier words are kept: `wis workspace restore`).",
        ],
    },
];

/// The first comment of the `[wisdom]` section in the commented template, which a wise birth
/// replaces.
const DARK_INTRO: &str =
    "# Every flag is off by default; with them off a tick is what it was without wisdom.";

const WISE_INTRO: &[&str] = &[
    "# Born wise: `wis init` set each flag below and says why (`wis init --dark` births with",
    "# them commented out). Every flag is off in the compiled defaults: a wis.toml that names",
    "# none keeps a creature as it was.",
];

/// The `wis.toml` of a wise newborn: the template with each flag of [`BIRTH`] set.
pub fn wise_template() -> String {
    let mut out = String::with_capacity(TEMPLATE.len() + 2048);
    let mut section = "";
    for line in TEMPLATE.lines() {
        if line.starts_with('[') {
            section = line;
        }
        if section == "[wisdom]" {
            if line == DARK_INTRO {
                for intro in WISE_INTRO {
                    out.push_str(intro);
                    out.push('\n');
                }
                continue;
            }
            if let Some(flag) = BIRTH.iter().find(|f| is_flag_line(line, f.key)) {
                for why in flag.why {
                    out.push_str("# ");
                    out.push_str(why);
                    out.push('\n');
                }
                out.push_str(&format!("{} = {}\n", flag.key, flag.on));
                continue;
            }
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// Whether `line` is the template's commented default of `key` (`# key = false`).
fn is_flag_line(line: &str, key: &str) -> bool {
    line.strip_prefix("# ")
        .and_then(|rest| rest.strip_prefix(key))
        .is_some_and(|rest| rest == " = false")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::config::{Config, Wisdom};

    fn flags_of(wisdom: &Wisdom) -> Vec<(String, bool)> {
        let value = toml::Value::try_from(wisdom).unwrap();
        value
            .as_table()
            .unwrap()
            .iter()
            .filter_map(|(k, v)| v.as_bool().map(|b| (k.clone(), b)))
            .collect()
    }

    /// WIS7: the compiled defaults stay dark; the birth table names every flag there is, once.
    #[test]
    fn every_wisdom_flag_has_a_birthright_and_the_defaults_stay_off() {
        let defaults = flags_of(&Wisdom::default());
        assert!(defaults.len() >= 10, "{defaults:?}");
        for (key, on) in &defaults {
            assert!(!on, "{key} is on in the compiled defaults");
            let named = BIRTH.iter().filter(|f| f.key == key).count();
            assert_eq!(named, 1, "{key} is named {named} times in BIRTH");
        }
        assert_eq!(BIRTH.len(), defaults.len(), "BIRTH names a flag wis lacks");
        for flag in BIRTH {
            assert!(!flag.why.is_empty() && flag.why.len() <= 2, "{}", flag.key);
        }
    }

    #[test]
    fn a_wise_newborn_has_every_flag_on_but_auto_arming() {
        let text = wise_template();
        let config = Config::from_layers(Some(&text), "wis.toml", &[]).unwrap();
        for (key, on) in flags_of(&config.wisdom) {
            assert_eq!(on, key != "reflex_auto_arm", "{key}");
            assert!(
                text.lines().any(|l| l == format!("{key} = {on}")),
                "{key} is not set on a line of its own"
            );
        }
        // Everything but the flags is the defaults, and the knobs stay commented.
        let dark = Config {
            wisdom: Wisdom::default(),
            ..config.clone()
        };
        assert_eq!(dark, Config::default());
        assert!(text.contains("# replay_batch = 4"));
        assert!(!text.contains(DARK_INTRO));
    }

    #[test]
    fn every_flag_line_is_found_in_the_template() {
        for flag in BIRTH {
            let line = format!("# {} = false", flag.key);
            assert!(TEMPLATE.lines().any(|l| l == line), "{line}");
        }
        assert!(TEMPLATE.lines().any(|l| l == DARK_INTRO));
    }
}
