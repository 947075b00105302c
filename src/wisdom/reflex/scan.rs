//! The promotion scan (WIS1, WIS2): reads only the episodes pushed since the last scan (a
//! cursor over the ledger's ring), keeps one running streak per situation, and proposes a
//! reflex when one action signature has answered a situation with `reflex_promote_successes`
//! adjudicated successes in a row that each advanced something the world can check (design
//! §6: it closed the step, made something new, or was a first success), with the world guard
//! its action needs ([`super::guard`]). A success that merely
//! ran is no evidence either way: a rut never becomes a reflex. An automated outcome, a text
//! reply and anything the model did not choose never count; a failure in the situation resets
//! its streak; a demoted (or
//! inherited) reflex is proposed again only by a streak that started after its demotion (or
//! its import).

use std::collections::BTreeMap;

use serde::Serialize;

use crate::base::clock::Millis;
use crate::base::config::Wisdom;
use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::creature::REPLY;
use crate::wisdom::episodes::Episode;
use crate::world::scene;

use super::guard;
use super::registry::{self, armed};
use super::{
    PROVENANCE_IDS, Provenance, REFLEX_CAP, Reflex, ReflexAction, ReflexState, STREAK_CAP, Status,
    Streak, Trigger,
};

/// What a scan did.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct ScanReport {
    /// Episodes read (only those since the last scan).
    pub read: u64,
    /// Reflexes proposed now (or, in a dry run, that would be).
    pub proposed: Vec<String>,
    /// Of those, the ones `reflex_auto_arm` armed.
    pub armed: Vec<String>,
    /// Existing reflexes whose provenance a longer streak refreshed.
    pub refreshed: Vec<String>,
    /// Streaks that qualified but found the registry full.
    pub full: u64,
    pub dry_run: bool,
}

impl ScanReport {
    /// One line for the sleep receipt and the command.
    pub fn line(&self) -> String {
        let mut line = format!(
            "read {} new episodes, proposed {}",
            self.read,
            self.proposed.len()
        );
        if !self.proposed.is_empty() {
            line.push_str(&format!(" ({})", self.proposed.join(", ")));
        }
        if !self.armed.is_empty() {
            line.push_str(&format!(", armed {}", self.armed.join(", ")));
        }
        if self.full > 0 {
            line.push_str(&format!(
                ", {} left out: the registry holds {REFLEX_CAP}",
                self.full
            ));
        }
        line
    }
}

/// Feeds one episode to the streaks; returns the streak when it has just reached `need` or
/// grown past it. An automated outcome, a text reply or a success that advanced nothing is
/// passed over (neither counts nor resets: WIS2, and a rut is no evidence; on a step, only an
/// action that closed the step or its commission counts); any other failure,
/// an unreadable reply among them, resets the situation.
pub fn observe(
    streaks: &mut BTreeMap<String, Streak>,
    seq: u64,
    e: &Episode,
    need: u32,
) -> Option<Streak> {
    if e.automated || e.tool == REPLY || scene::is_scene_action(&e.tool) {
        return None;
    }
    if !e.success {
        streaks.remove(&e.situation);
        return None;
    }
    // On a step, the evidence is that the action did the step (it closed it, or the
    // commission): a reflex stands in for the model on that step. Without one, any progress.
    let did = match &e.step {
        Some(_) => e.advanced.step_closed || e.advanced.commission_closed,
        None => e.advanced.any(),
    };
    if !did {
        return None;
    }
    let args = args_of(&e.action)?;
    let streak = streaks
        .entry(e.situation.clone())
        .and_modify(|s| {
            if s.signature != e.signature {
                *s = fresh(seq, e, args.clone());
            } else {
                s.successes += 1;
                s.created |= e.advanced.created;
                s.episodes.push(seq);
                if s.episodes.len() > PROVENANCE_IDS {
                    s.episodes.remove(0);
                }
                s.last_tick = e.tick;
                s.last_at = e.at;
                s.args = args.clone();
            }
        })
        .or_insert_with(|| fresh(seq, e, args.clone()));
    let out = (streak.successes >= need).then(|| streak.clone());
    if streaks.len() > STREAK_CAP
        && let Some(oldest) = streaks
            .iter()
            .min_by_key(|(_, s)| s.last_tick)
            .map(|(k, _)| k.clone())
    {
        streaks.remove(&oldest);
    }
    out
}

fn fresh(seq: u64, e: &Episode, args: String) -> Streak {
    Streak {
        signature: e.signature.clone(),
        tool: e.tool.clone(),
        args,
        successes: 1,
        episodes: vec![seq],
        first_tick: e.tick,
        last_tick: e.tick,
        last_at: e.at,
        created: e.advanced.created,
    }
}

/// The arguments of an episode's action as JSON text; `None` when the action was cut or is
/// not an object (such an action cannot be replayed exactly).
fn args_of(action: &str) -> Option<String> {
    let value: serde_json::Value = serde_json::from_str(action).ok()?;
    let args = value.get("args").cloned().unwrap_or_default();
    let args = if args.is_null() {
        serde_json::json!({})
    } else {
        args
    };
    args.is_object().then(|| args.to_string())
}

/// Scans the episodes since the cursor in `tx`; writes the proposals, the streaks and the
/// cursor unless `dry_run`. The caller commits.
pub fn scan(
    tx: &mut Tx<'_>,
    wisdom: &Wisdom,
    tick: u64,
    now: Millis,
    dry_run: bool,
) -> Result<ScanReport> {
    let (mut state, _) = tx.singleton_or_default::<ReflexState>()?;
    let mut report = ScanReport {
        dry_run,
        ..ScanReport::default()
    };
    let mut qualified: BTreeMap<(String, String), Streak> = BTreeMap::new();
    let need = wisdom.reflex_promote_successes;
    let episodes = tx.ring_from::<Episode>(state.cursor)?;
    for (seq, e) in &episodes {
        report.read += 1;
        state.cursor = seq + 1;
        if let Some(streak) = observe(&mut state.streaks, *seq, e, need) {
            qualified.insert((e.situation.clone(), streak.signature.clone()), streak);
        }
    }
    let mut reflexes = registry::all(tx)?;
    let mut armed_now = armed(&reflexes).len();
    for ((situation, signature), streak) in qualified {
        let full = reflexes.len() >= REFLEX_CAP;
        let existing = reflexes
            .iter_mut()
            .find(|r| r.trigger.situation_key == situation && r.action.signature == signature);
        let reflex = match existing {
            Some(r) if !matches!(r.status, Status::Demoted | Status::Inherited) => {
                r.provenance = provenance(&streak);
                r.trigger.world = guard::from_streak(&streak.tool, &streak.args, streak.created);
                report.refreshed.push(r.id.clone());
                r.clone()
            }
            Some(r) if r.demoted_tick.is_some_and(|t| streak.first_tick <= t) => continue,
            Some(r) => {
                r.status = Status::Proposed;
                r.provenance = provenance(&streak);
                r.trigger.world = guard::from_streak(&streak.tool, &streak.args, streak.created);
                report.proposed.push(r.id.clone());
                r.clone()
            }
            None if full => {
                report.full += 1;
                continue;
            }
            None => {
                state.next_id += 1;
                let r = Reflex {
                    id: format!("r{}", state.next_id),
                    trigger: Trigger {
                        situation_key: situation.clone(),
                        guard: None,
                        world: guard::from_streak(&streak.tool, &streak.args, streak.created),
                    },
                    action: ReflexAction {
                        tool: streak.tool.clone(),
                        args: streak.args.clone(),
                        signature: signature.clone(),
                    },
                    provenance: provenance(&streak),
                    status: Status::Proposed,
                    fired: 0,
                    failed: 0,
                    armed_by: None,
                    armed_at: None,
                    proposed_tick: tick,
                    last_fired: None,
                    demoted_tick: None,
                    last_failure: None,
                    inherited: None,
                };
                report.proposed.push(r.id.clone());
                reflexes.push(r.clone());
                r
            }
        };
        let mut reflex = reflex;
        if reflex.status == Status::Proposed
            && wisdom.reflex_auto_arm
            && armed_now < wisdom.reflex_max_armed as usize
        {
            reflex.status = Status::Armed;
            reflex.armed_by = Some("auto".into());
            reflex.armed_at = Some(now);
            armed_now += 1;
            report.armed.push(reflex.id.clone());
        }
        if !dry_run {
            tx.put(&reflex.id, &reflex)?;
        }
    }
    if !dry_run {
        tx.set(&state)?;
    }
    Ok(report)
}

fn provenance(streak: &Streak) -> Provenance {
    Provenance {
        episode_ids: streak.episodes.clone(),
        successes: streak.successes,
        last_adjudicated: streak.last_at,
    }
}

/// The sleep's reflex job: a scan when reflexes are on; `None` (no receipt line) when they are
/// off or the scan proposed nothing.
pub fn at_sleep(
    tx: &mut Tx<'_>,
    wisdom: &Wisdom,
    tick: u64,
    now: Millis,
) -> Result<Option<String>> {
    if !wisdom.reflexes_enabled {
        return Ok(None);
    }
    let report = scan(tx, wisdom, tick, now, false)?;
    Ok((!report.proposed.is_empty()).then(|| report.line()))
}

#[cfg(test)]
#[path = "scan_tests.rs"]
mod tests;
