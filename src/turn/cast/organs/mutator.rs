//! The mutator's work, mechanical and pure: for each member, look for one [`Rule`]'s pattern in
//! each of its latest appraisals and propose the value against it.
//!
//! For a member and a rule, in [`Rule::ALL`] order, the first that passes every test makes the
//! member's one proposal this turn:
//! - no proposal of that rule for that member is pending (never the same change twice while
//!   one waits);
//! - only appraisals made after the last decision on that rule for that member count (the
//!   evidence of a rejected or accepted proposal is never used again);
//! - the newest `appraisals` of those each show the pattern ([`Rule::holds`]);
//! - the value to propose: the rule's first wording; once that was accepted and the pattern
//!   came back anyway, the firmer wording, replacing the accepted engram; once the firmer one
//!   was accepted, nothing more.

use std::path::Path;

use super::appraisal::Appraisal;
use super::proposal::{Evidence, Proposal, Rule, Status};
use crate::base::clock::Millis;

/// The one proposal for `member` (at `home`) that its appraisals (`(id, appraisal)`, oldest
/// first, any member's) and the proposals so far call for, numbered `id`.
pub fn propose(
    member: &str,
    home: &Path,
    appraisals: &[(u64, Appraisal)],
    proposals: &[Proposal],
    n: usize,
    made: (u64, u64, Millis),
) -> Option<Proposal> {
    let (id, cast_tick, now) = made;
    let n = n.max(1);
    for rule in Rule::ALL {
        let mine = |p: &&Proposal| p.member == member && p.rule == rule;
        if proposals
            .iter()
            .filter(mine)
            .any(|p| p.status == Status::Proposed)
        {
            continue;
        }
        let decided = proposals
            .iter()
            .filter(mine)
            .filter_map(|p| p.decided_at)
            .max();
        let fresh: Vec<&(u64, Appraisal)> = appraisals
            .iter()
            .filter(|(_, a)| a.member == member && decided.is_none_or(|d| a.at > d))
            .collect();
        if fresh.len() < n {
            continue;
        }
        let recent = &fresh[fresh.len() - n..];
        if !recent.iter().all(|(_, a)| rule.holds(&a.tally)) {
            continue;
        }
        let accepted = proposals
            .iter()
            .filter(mine)
            .filter(|p| p.status == Status::Accepted)
            .max_by_key(|p| (p.decided_at, p.id));
        let (value, replaces) = match accepted {
            None => (rule.value(false), None),
            Some(p) if p.value == rule.value(true) => continue,
            Some(p) => (rule.value(true), p.engram),
        };
        return Some(Proposal {
            id,
            member: member.to_string(),
            home: home.to_path_buf(),
            rule,
            value: value.to_string(),
            replaces,
            why: rule.pattern(n),
            evidence: recent
                .iter()
                .map(|(seq, a)| Evidence {
                    appraisal: *seq,
                    from_tick: a.from_tick,
                    to_tick: a.to_tick,
                    tally: a.tally,
                    score: a.score,
                })
                .collect(),
            status: Status::Proposed,
            cast_tick,
            proposed_at: now,
            decided_at: None,
            engram: None,
            reason: None,
        });
    }
    None
}

/// Which proposals to drop so at most `cap` remain: the oldest decided ones (a pending one is
/// never dropped).
pub fn overflow(proposals: &[Proposal], cap: usize) -> Vec<u64> {
    let extra = proposals.len().saturating_sub(cap);
    let mut decided: Vec<&Proposal> = proposals
        .iter()
        .filter(|p| p.status != Status::Proposed)
        .collect();
    decided.sort_by_key(|p| p.id);
    decided.into_iter().take(extra).map(|p| p.id).collect()
}
