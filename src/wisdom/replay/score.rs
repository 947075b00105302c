//! Scoring a replayed answer against the record, and settling what it proves (WIS1).
//!
//! The answer is read as a tick reads a reply and compared by action signature: the verified
//! fix is `learned`, the recorded failing action `unlearned`, anything else `divergent`, and a
//! reply that is no action `malformed`. A replayed prediction is compared by its check's
//! signature ([`super::claim`]): predicting what the world confirmed is `learned`, what it
//! refuted `unlearned`. Only the first two settle, and only the items the
//! replayed prompt showed: learned settles each as taught in replay, unlearned as failed to
//! teach (a shown guardrail is then flagged for re-distillation). Each settlement is recorded
//! in the bet ledger like a tick's, so the utility record and the ledger agree.

use serde::{Deserialize, Serialize};

use crate::base::clock::Millis;
use crate::base::exit::Result;
use crate::base::store::Tx;
use crate::creature::tool::ToolSpec;
use crate::memory::{EngramId, Settlement};
use crate::mind::parse::parse_action;
use crate::wisdom::episodes::action_signature;
use crate::wisdom::recall::bets::settle_item;
use crate::wisdom::recall::{Bet, Injected, Item};

use super::claim;
use super::material::{Ground, Material};

/// How a replayed answer compares with the record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The verified fix.
    Learned,
    /// The recorded failing action.
    Unlearned,
    /// Another action: recorded, settles nothing.
    Divergent,
    /// The reply was not an action.
    Malformed,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Learned => "learned",
            Verdict::Unlearned => "unlearned",
            Verdict::Divergent => "divergent",
            Verdict::Malformed => "malformed",
        }
    }
}

/// A scored answer: the verdict, the signature it acted with, or why it is no action.
#[derive(Debug, Clone, PartialEq)]
pub struct Scored {
    pub verdict: Verdict,
    pub acted: Option<String>,
    pub malformed: Option<String>,
}

/// Scores `text` (the model's reply) for `m`, reading it against today's tools.
pub fn score(text: &str, visible: &[&'static ToolSpec], m: &Material) -> Scored {
    match parse_action(text, visible) {
        Err(failure) => Scored {
            verdict: Verdict::Malformed,
            acted: None,
            malformed: Some(failure.reason.to_string()),
        },
        Ok(action) => {
            let check = match m.ground {
                Ground::Prediction => claim::of_action(&action),
                Ground::Fix => None,
            };
            let sig = match check {
                Some(check) => claim::signature(&check),
                None => action_signature(&action),
            };
            let verdict = if sig == m.fix {
                Verdict::Learned
            } else if sig == m.failed {
                Verdict::Unlearned
            } else {
                Verdict::Divergent
            };
            Scored {
                verdict,
                acted: Some(sig),
                malformed: None,
            }
        }
    }
}

/// Settles the shown items of a learned or unlearned answer (one bet each, in the ledger);
/// returns the guardrails to re-distil. Divergent and malformed answers settle nothing.
pub fn settle(
    tx: &mut Tx<'_>,
    shown: &Injected,
    scored: &Scored,
    tick: u64,
    now: Millis,
) -> Result<Vec<EngramId>> {
    let settlement = match scored.verdict {
        Verdict::Learned => Settlement::TaughtInReplay,
        Verdict::Unlearned => Settlement::FailedToTeach,
        Verdict::Divergent | Verdict::Malformed => return Ok(Vec::new()),
    };
    let mut redistill = Vec::new();
    for item in &shown.items {
        settle_item(tx, &item.item, settlement, now)?;
        if let (Settlement::FailedToTeach, Item::Guardrail { engram }) = (settlement, &item.item) {
            redistill.push(*engram);
        }
        tx.push(&Bet {
            tick,
            at: now,
            item: item.item.clone(),
            recommends: item.recommends.clone(),
            sim: item.sim,
            provenance: item.provenance,
            acted: scored.acted.clone(),
            settlement: Some(settlement),
            unsettled: None,
        })?;
    }
    Ok(redistill)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::creature::tool::{ArgSpec, ArgType};
    use crate::wisdom::replay::material::Ground;

    static BASH: ToolSpec = ToolSpec::new(
        "bash",
        &[ArgSpec::required("command", ArgType::String, "the command")],
        "runs a command",
    );

    fn material() -> Material {
        Material {
            ground: Ground::Fix,
            seq: 0,
            tick: 3,
            situation: "-|fix it".into(),
            failed: "bash ls nope".into(),
            fix: "bash ls".into(),
            fix_tick: 4,
            fix_successes: 1,
        }
    }

    #[test]
    fn answers_score_by_signature_and_a_non_action_is_malformed() {
        let visible: Vec<&'static ToolSpec> = vec![&BASH];
        let m = material();
        let cases = [
            (
                r#"{"tool":"bash","args":{"command":"ls"}}"#,
                Verdict::Learned,
            ),
            (
                r#"{"tool":"bash","args":{"command":"ls nope"}}"#,
                Verdict::Unlearned,
            ),
            (
                r#"{"tool":"bash","args":{"command":"pwd"}}"#,
                Verdict::Divergent,
            ),
            ("I would list the files", Verdict::Malformed),
        ];
        for (text, want) in cases {
            let got = score(text, &visible, &m);
            assert_eq!(got.verdict, want, "{text}");
            assert_eq!(got.malformed.is_some(), want == Verdict::Malformed);
        }
    }
}
