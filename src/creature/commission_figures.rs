//! The keeper's figures: how often the creature does what it is given, and how fast, over a
//! set of commissions (a whole life, the last 50, one kind). Pure arithmetic over the
//! commission records; `wis status`, the growth report and the commission suite all read them
//! from here, so they agree figure for figure.

use std::collections::BTreeMap;

use serde::Serialize;

use super::commissions::{Commission, Status};

/// The name commissions of no named kind are grouped under.
pub const UNNAMED_KIND: &str = "(none)";

/// The figures of a set of commissions.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Figures {
    /// Commissions given.
    pub given: u64,
    /// Finished: their check held, or the keeper confirmed them.
    pub done: u64,
    /// Still on the desk (open, rejected, or answered and waiting for the keeper).
    pub live: u64,
    /// Ended without being done: dropped or expired.
    pub missed: u64,
    /// Done by a reflex, below the model (WIS2): neither done nor missed here.
    #[serde(skip_serializing_if = "is_zero")]
    pub below: u64,
    /// `done` over the commissions that ended (done or missed); none when none ended.
    pub done_rate: Option<f64>,
    /// The creature's age from giving to done, for each one done, in the order given.
    pub ticks_to_done: Vec<u64>,
    /// The median of `ticks_to_done`.
    pub median_ticks_to_done: Option<f64>,
}

impl Figures {
    /// The figures of `commissions`.
    pub fn of<'a>(commissions: impl IntoIterator<Item = &'a Commission>) -> Figures {
        let mut f = Figures::default();
        for c in commissions {
            f.given += 1;
            match c.status {
                _ if c.below => f.below += 1,
                s if s.succeeded() => {
                    f.done += 1;
                    if let Some(ticks) = ticks_to_done(c) {
                        f.ticks_to_done.push(ticks);
                    }
                }
                s if s.live() => f.live += 1,
                _ => f.missed += 1,
            }
        }
        let ended = f.done + f.missed;
        f.done_rate = (ended > 0).then(|| f.done as f64 / ended as f64);
        f.median_ticks_to_done = median(&f.ticks_to_done);
        f
    }
}

/// Ticks from giving to done, for a commission that was done (by the creature's own choice:
/// one a reflex did below the model is not counted, WIS2).
pub fn ticks_to_done(c: &Commission) -> Option<u64> {
    if !c.counted() {
        return None;
    }
    c.ended_tick.map(|t| t.saturating_sub(c.given_tick))
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// The median of `values` (the mean of the middle two for an even count).
pub fn median(values: &[u64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    let mut v = values.to_vec();
    v.sort_unstable();
    let mid = v.len() / 2;
    Some(if v.len() % 2 == 1 {
        v[mid] as f64
    } else {
        (v[mid - 1] + v[mid]) as f64 / 2.0
    })
}

/// The keeper's figures over a life: every commission, the last `recent` given, and each kind.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Desk {
    pub life: Figures,
    /// The last [`Desk::recent_n`] commissions given.
    pub recent: Figures,
    pub recent_n: usize,
    /// Per kind, by name ([`UNNAMED_KIND`] for those of no named kind).
    pub per_kind: BTreeMap<String, Figures>,
}

impl Desk {
    /// The figures of `commissions` (oldest first), the last `recent_n` given among them.
    pub fn of(commissions: &[Commission], recent_n: usize) -> Desk {
        let mut by_kind: BTreeMap<String, Vec<&Commission>> = BTreeMap::new();
        for c in commissions {
            by_kind
                .entry(c.kind.clone().unwrap_or_else(|| UNNAMED_KIND.into()))
                .or_default()
                .push(c);
        }
        let skip = commissions.len().saturating_sub(recent_n);
        Desk {
            life: Figures::of(commissions),
            recent: Figures::of(&commissions[skip..]),
            recent_n,
            per_kind: by_kind
                .into_iter()
                .map(|(k, cs)| (k, Figures::of(cs)))
                .collect(),
        }
    }
}

/// How many commissions the "recent" figures cover.
pub const RECENT_COMMISSIONS: usize = 50;

impl Status {
    /// Ended without being done: dropped or expired.
    pub fn missed(self) -> bool {
        matches!(self, Status::Dropped | Status::Expired)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(kind: Option<&str>, status: Status, given: u64, ended: Option<u64>) -> Commission {
        let mut c = Commission::new("x", None, None, given, 0);
        c.kind = kind.map(str::to_string);
        c.status = status;
        c.ended_tick = ended;
        c
    }

    #[test]
    fn the_rate_counts_only_what_ended_and_ticks_run_from_giving_to_done() {
        let all = [
            c(Some("value"), Status::Done, 0, Some(3)),
            c(Some("value"), Status::Expired, 3, Some(18)),
            c(Some("write"), Status::Confirmed, 18, Some(19)),
            c(None, Status::Open, 19, None),
            c(Some("write"), Status::Waiting, 19, Some(20)),
        ];
        let f = Figures::of(&all);
        assert_eq!((f.given, f.done, f.live, f.missed), (5, 2, 2, 1));
        assert_eq!(f.done_rate, Some(2.0 / 3.0));
        assert_eq!(f.ticks_to_done, vec![3, 1]);
        assert_eq!(f.median_ticks_to_done, Some(2.0));
        let desk = Desk::of(&all, 2);
        assert_eq!(desk.recent.given, 2);
        assert_eq!(desk.recent.done_rate, None, "neither of the last two ended");
        assert_eq!(desk.per_kind["value"].done, 1);
        assert_eq!(desk.per_kind["write"].given, 2);
        assert_eq!(desk.per_kind[UNNAMED_KIND].live, 1);
    }

    #[test]
    fn wis2_a_commission_a_reflex_did_is_neither_done_nor_missed() {
        let mut below = c(Some("value"), Status::Done, 0, Some(2));
        below.below = true;
        let all = [below.clone(), c(Some("value"), Status::Done, 2, Some(4))];
        let f = Figures::of(&all);
        assert_eq!((f.given, f.done, f.missed, f.below), (2, 1, 0, 1));
        assert_eq!(f.done_rate, Some(1.0));
        assert_eq!(f.ticks_to_done, vec![2]);
        assert_eq!(ticks_to_done(&below), None);
        assert!(below.status.succeeded() && !below.counted());
    }

    #[test]
    fn nothing_given_has_no_rate_and_no_median() {
        let f = Figures::of(&[]);
        assert_eq!(f, Figures::default());
        assert_eq!(median(&[4, 1, 9]), Some(4.0));
    }
}
