//! Predictions as replay material: what a prediction claims, as a signature a replayed answer
//! is scored by.
//!
//! A prediction is judged by its check alone (the claim's words settle nothing), so its
//! signature is the check's: `predict check: <command>` (whitespace collapsed) or
//! `predict stat: <path op value>`. A closed prediction has ground truth on both sides when its
//! check has a complement the action channel can write, one that holds exactly when the check
//! does not: `! <command>` for a shell check (and back), `<` for `>=` and `<=` for `>` (and
//! back). The world confirmed one of the pair and refuted the other. A stat check with `==`
//! has no complement in the vocabulary, so such a prediction is not material.

use crate::creature::Action;
use crate::creature::criterion::{Criterion, Op};
use crate::creature::expectations::Check;

/// The tool a prediction is made with.
pub const PREDICT: &str = "predict";

/// The signature of a check.
pub fn signature(check: &Check) -> String {
    match check {
        Check::Shell { command } => format!("{PREDICT} check: {}", collapse(command)),
        Check::Stat { criterion } => format!("{PREDICT} stat: {}", criterion.describe()),
        // Not written by `predict`; named by their own words.
        other => format!("{PREDICT} {}", other.describe()),
    }
}

/// The check that holds exactly when `check` does not, when the channel can write one.
pub fn complement(check: &Check) -> Option<Check> {
    match check {
        Check::Shell { command } => {
            let command = collapse(command);
            let negated = match command.strip_prefix('!') {
                Some(rest) if rest.starts_with(' ') => rest.trim_start().to_string(),
                _ => format!("! {command}"),
            };
            Some(Check::Shell { command: negated })
        }
        Check::Stat {
            criterion: Criterion::Stat { path, op, value },
        } => {
            let op = match op {
                Op::Ge => Op::Lt,
                Op::Lt => Op::Ge,
                Op::Gt => Op::Le,
                Op::Le => Op::Gt,
                Op::Eq => return None,
            };
            Some(Check::Stat {
                criterion: Criterion::Stat {
                    path: path.clone(),
                    op,
                    value: *value,
                },
            })
        }
        Check::Stat { .. }
        | Check::FileExists { .. }
        | Check::FileContains { .. }
        | Check::ReplyContains { .. } => None,
    }
}

/// The check a `predict` action writes, read as the tool reads it (exactly one of `check`, a
/// shell command, or `stat`, a condition); `None` for any other action or a malformed one.
pub fn of_action(action: &Action) -> Option<Check> {
    if action.tool != PREDICT {
        return None;
    }
    let arg = |name| {
        action
            .str_arg(name)
            .map(str::trim)
            .filter(|s: &&str| !s.is_empty())
    };
    match (arg("check"), arg("stat")) {
        (Some(command), None) => Some(Check::Shell {
            command: command.to_string(),
        }),
        (None, Some(stat)) => Criterion::parse(stat)
            .ok()
            .map(|criterion| Check::Stat { criterion }),
        _ => None,
    }
}

fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shell(c: &str) -> Check {
        Check::Shell { command: c.into() }
    }

    #[test]
    fn a_check_and_its_complement_are_each_others() {
        let c = shell("test  -f notes.txt");
        let not = complement(&c).unwrap();
        assert_eq!(signature(&not), "predict check: ! test -f notes.txt");
        assert_eq!(
            signature(&complement(&not).unwrap()),
            "predict check: test -f notes.txt"
        );
        let stat = Check::Stat {
            criterion: Criterion::parse("skills.live >= 2").unwrap(),
        };
        let not = complement(&stat).unwrap();
        assert_eq!(signature(&not), "predict stat: skills.live < 2");
        assert_eq!(complement(&not).unwrap(), stat);
        let eq = Check::Stat {
            criterion: Criterion::parse("sleeps == 1").unwrap(),
        };
        assert_eq!(complement(&eq), None);
    }

    #[test]
    fn only_a_well_formed_predict_action_has_a_check() {
        let action = |json: &str| -> Action { serde_json::from_str(json).unwrap() };
        let a =
            action(r#"{"tool":"predict","args":{"claim":"x","stat":"sleeps >= 1","within":3}}"#);
        assert_eq!(
            of_action(&a).map(|c| signature(&c)).as_deref(),
            Some("predict stat: sleeps >= 1")
        );
        let both = action(
            r#"{"tool":"predict","args":{"claim":"x","check":"true","stat":"sleeps >= 1"}}"#,
        );
        assert_eq!(of_action(&both), None);
        let other = action(r#"{"tool":"bash","args":{"check":"true"}}"#);
        assert_eq!(of_action(&other), None);
    }
}
