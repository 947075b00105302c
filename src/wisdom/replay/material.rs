//! What can be replayed: episodes with recorded ground truth (WIS1).
//!
//! An episode is material when it failed in a situation and a later episode in the same
//! situation succeeded with another action signature, ending that run of failures: the fix,
//! adjudicated by the world. The failure and the fix are both on record, so a replayed answer
//! can be scored against them. A failure that no fix ended, a retry that worked with the very
//! action that failed (the signature cannot tell them apart), replies, unreadable replies and
//! automated (reflex) outcomes are not material. One pass over the ledger, oldest first, with
//! a bounded list of open failures per situation.
//!
//! A closed prediction is material too: the decision replayed is the `predict` episode, in the
//! situation it was made in, and the world's settlement says which of its check and the
//! check's complement ([`super::claim`]) held: that one is the "fix", the other the "failed"
//! answer. An open prediction, one whose check has no complement, and one whose episode has
//! left the ledger are not material.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::creature::expectations::Expectation;
use crate::wisdom::episodes::Episode;
use crate::wisdom::recall::situation::indexable;

use super::claim;

/// Open failures remembered per situation until a fix ends them (the newest are kept).
pub const OPEN_PER_SITUATION: usize = 16;

/// What kind of ground truth an item of material has.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ground {
    /// A failure and the different action that later fixed its situation.
    #[default]
    Fix,
    /// A prediction and how the world settled it.
    Prediction,
}

impl Ground {
    pub fn is_fix(&self) -> bool {
        *self == Ground::Fix
    }
}

/// One replayable decision and its ground truth: a failure and its verified fix, or a closed
/// prediction (the refuted check as `failed`, the confirmed one as `fix`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Material {
    pub ground: Ground,
    /// The replayed episode's sequence number in the ledger.
    pub seq: u64,
    /// The replayed episode's tick: the tick its decision was made in.
    pub tick: u64,
    pub situation: String,
    /// The recorded failing action's signature (a prediction: the refuted check's).
    pub failed: String,
    /// The verified fix's signature (a prediction: the confirmed check's).
    pub fix: String,
    /// The tick the fix worked in (a prediction: the tick it was settled at).
    pub fix_tick: u64,
    /// Successes of the fix's signature in the situation, in the whole ledger: how well
    /// verified it is (the strength the draw favours).
    pub fix_successes: u32,
}

/// What a pass over the ledger found.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Found {
    /// Replayable decisions, oldest first.
    pub material: Vec<Material>,
    /// Failures that have no verified fix on record, and closed predictions that cannot be
    /// scored (no complement, or their episode is no longer kept).
    pub unreplayable: u64,
}

/// Finds the material in episodes and in the expectation ledger, each given oldest first.
pub fn find(
    episodes: impl IntoIterator<Item = (u64, Episode)>,
    predictions: impl IntoIterator<Item = Expectation>,
) -> Found {
    let mut predicted: HashMap<u64, (u64, String)> = HashMap::new();
    let mut open: HashMap<String, Vec<(u64, Episode)>> = HashMap::new();
    let mut successes: HashMap<(String, String), u32> = HashMap::new();
    let mut found = Found::default();
    let mut failures = 0u64;
    for (seq, ep) in episodes {
        if !indexable(&ep) {
            continue;
        }
        if ep.success && ep.tool == claim::PREDICT {
            predicted.insert(ep.tick, (seq, ep.situation.clone()));
        }
        if !ep.success {
            failures += 1;
            let list = open.entry(ep.situation.clone()).or_default();
            if list.len() == OPEN_PER_SITUATION {
                list.remove(0);
            }
            list.push((seq, ep));
            continue;
        }
        *successes
            .entry((ep.situation.clone(), ep.signature.clone()))
            .or_default() += 1;
        let Some(list) = open.remove(&ep.situation) else {
            continue;
        };
        for (fseq, failed) in list {
            if failed.signature == ep.signature {
                continue;
            }
            found.material.push(Material {
                ground: Ground::Fix,
                seq: fseq,
                tick: failed.tick,
                situation: failed.situation,
                failed: failed.signature,
                fix: ep.signature.clone(),
                fix_tick: ep.tick,
                fix_successes: 0,
            });
        }
    }
    for m in &mut found.material {
        m.fix_successes = successes
            .get(&(m.situation.clone(), m.fix.clone()))
            .copied()
            .unwrap_or(0);
    }
    found.unreplayable = failures - found.material.len() as u64;
    for e in predictions {
        let Some(settled) = &e.settled else {
            continue;
        };
        let (Some(complement), Some((seq, situation))) =
            (claim::complement(&e.check), predicted.get(&e.tick))
        else {
            found.unreplayable += 1;
            continue;
        };
        let (made, other) = (claim::signature(&e.check), claim::signature(&complement));
        let (fix, failed) = if settled.held {
            (made, other)
        } else {
            (other, made)
        };
        found.material.push(Material {
            ground: Ground::Prediction,
            seq: *seq,
            tick: e.tick,
            situation: situation.clone(),
            failed,
            fix,
            fix_tick: settled.tick,
            fix_successes: 1,
        });
    }
    found.material.sort_by_key(|m| m.seq);
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::creature::FailKind;

    fn ep(tick: u64, situation: &str, signature: &str, success: bool) -> Episode {
        Episode {
            tick,
            at: tick as i64 * 1000,
            situation: situation.into(),
            tool: "bash".into(),
            signature: signature.into(),
            action: String::new(),
            fail_kind: if success {
                FailKind::Ok
            } else {
                FailKind::NonzeroExit
            },
            success,
            automated: false,
            summary: String::new(),
            duration_ms: 1,
            advanced: Default::default(),
            step: None,
        }
    }

    #[test]
    fn a_failure_is_material_only_once_a_different_action_fixed_its_situation() {
        let eps = vec![
            ep(1, "s", "bash a", false),
            ep(2, "s", "bash a", false),
            ep(3, "t", "bash x", false),
            ep(4, "s", "bash b", true),
            ep(5, "u", "bash y", false),
            ep(6, "u", "bash y", true),
            ep(7, "s", "bash b", true),
        ];
        let found = find(eps.into_iter().enumerate().map(|(i, e)| (i as u64, e)), []);
        let ticks: Vec<u64> = found.material.iter().map(|m| m.tick).collect();
        assert_eq!(ticks, vec![1, 2]);
        assert!(found.material.iter().all(|m| m.fix == "bash b"));
        assert_eq!(found.material[0].fix_tick, 4);
        assert_eq!(found.material[0].fix_successes, 2);
        // t never fixed; u fixed by the very action that failed
        assert_eq!(found.unreplayable, 2);
    }

    #[test]
    fn automated_and_unjudged_episodes_are_never_material() {
        let mut reflex = ep(1, "s", "bash a", false);
        reflex.automated = true;
        let mut reply = ep(2, "s", "reply hi", false);
        reply.tool = "reply".into();
        let eps = vec![reflex, reply, ep(3, "s", "bash b", true)];
        let found = find(eps.into_iter().enumerate().map(|(i, e)| (i as u64, e)), []);
        assert!(found.material.is_empty());
        assert_eq!(found.unreplayable, 0);
    }

    fn prediction(tick: u64, check: &str, held: Option<bool>) -> Expectation {
        use crate::creature::expectations::{Check, Settled};
        Expectation {
            tick,
            at: 0,
            claim: "c".into(),
            check: Check::Shell {
                command: check.into(),
            },
            due_tick: tick + 1,
            settled: held.map(|held| Settled {
                tick: tick + 1,
                at: 0,
                held,
                detail: String::new(),
            }),
        }
    }

    #[test]
    fn a_closed_prediction_is_material_with_the_world_s_side_as_its_fix() {
        let predict = |tick| {
            let mut e = ep(tick, "p", "predict x", true);
            e.tool = "predict".into();
            e
        };
        let eps = vec![predict(1), predict(2), predict(3)];
        let found = find(
            eps.into_iter().enumerate().map(|(i, e)| (i as u64, e)),
            [
                prediction(1, "test -f a", Some(true)),
                prediction(2, "test -f b", Some(false)),
                prediction(3, "test -f c", None),
                prediction(9, "test -f gone", Some(true)),
            ],
        );
        let got: Vec<(u64, &str, &str)> = found
            .material
            .iter()
            .map(|m| (m.tick, m.fix.as_str(), m.failed.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                (1, "predict check: test -f a", "predict check: ! test -f a"),
                (2, "predict check: ! test -f b", "predict check: test -f b"),
            ]
        );
        assert!(
            found
                .material
                .iter()
                .all(|m| m.ground == Ground::Prediction)
        );
        assert_eq!(found.material[0].situation, "p");
        // open: not counted; its episode gone: unreplayable
        assert_eq!(found.unreplayable, 1);
    }
}
