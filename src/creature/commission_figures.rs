//! The keeper's figures: how often the creature does what it is given, and how fast, over a
//! set of commissions (a whole life, the last 50, one kind). Pure arithmetic over the
//! commission records; `wis status`, the growth report and the commission suite all read them
//! from here, so they agree figure for figure.

use std::borrow::Borrow;
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
    /// The creature's age from giving to done, for each one done, in the order given (not
    /// written out: the median says it, and the growth report draws each one).
    #[serde(skip)]
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

impl Figures {
    /// The figures in one line for people: `3 done of 5 given (1 missed, 1 on the desk): done
    /// rate 75% of those ended, median 2 ticks to done`.
    pub fn line(&self) -> String {
        if self.given == 0 {
            return format!("none given yet: {GIVE}");
        }
        let rate = match self.done_rate {
            Some(r) => format!("done rate {:.0}% of those ended", r * 100.0),
            None => "none ended yet".into(),
        };
        let median = match self.median_ticks_to_done {
            Some(m) => format!("median {} ticks to done", trim(m)),
            None => "no ticks to done yet".into(),
        };
        format!(
            "{} done of {} given ({} missed, {} on the desk): {rate}, {median}",
            self.done, self.given, self.missed, self.live
        )
    }
}

/// `2` for 2.0, `2.5` for 2.5.
fn trim(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.1}")
    }
}

/// What a keeper runs to give the first commission.
pub const GIVE: &str = "wis commission add TEXT --check CHECK --kind KIND";

/// Kinds the lines for people name one by one, the most given first.
pub const KINDS_SHOWN: usize = 12;

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
    /// Per kind, by name ([`UNNAMED_KIND`] for those of no named kind). Written out as a
    /// list, the most given first, each with its `kind`: a keeper's kind name never stands as
    /// a key beside the figures' own.
    #[serde(serialize_with = "kinds_as_list")]
    pub per_kind: BTreeMap<String, Figures>,
}

/// One kind's figures as written out.
#[derive(Serialize)]
struct KindFigures<'a> {
    kind: &'a str,
    #[serde(flatten)]
    figures: &'a Figures,
}

fn kinds_as_list<S: serde::Serializer>(
    per_kind: &BTreeMap<String, Figures>,
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_seq(
        by_given(per_kind)
            .into_iter()
            .map(|(kind, figures)| KindFigures { kind, figures }),
    )
}

/// Each kind with its figures, the most given first (then by name).
fn by_given(per_kind: &BTreeMap<String, Figures>) -> Vec<(&str, &Figures)> {
    let mut kinds: Vec<(&str, &Figures)> = per_kind.iter().map(|(k, f)| (k.as_str(), f)).collect();
    kinds.sort_by_key(|(k, f)| (std::cmp::Reverse(f.given), *k));
    kinds
}

impl Desk {
    /// The figures of `commissions` (oldest first), the last `recent_n` given among them.
    pub fn of<C: Borrow<Commission>>(commissions: &[C], recent_n: usize) -> Desk {
        let commissions: Vec<&Commission> = commissions.iter().map(Borrow::borrow).collect();
        let mut by_kind: BTreeMap<String, Vec<&Commission>> = BTreeMap::new();
        for c in commissions.iter().copied() {
            by_kind
                .entry(c.kind.clone().unwrap_or_else(|| UNNAMED_KIND.into()))
                .or_default()
                .push(c);
        }
        let skip = commissions.len().saturating_sub(recent_n);
        Desk {
            life: Figures::of(commissions.iter().copied()),
            recent: Figures::of(commissions[skip..].iter().copied()),
            recent_n,
            per_kind: by_kind
                .into_iter()
                .map(|(k, cs)| (k, Figures::of(cs)))
                .collect(),
        }
    }
}

impl Desk {
    /// The figures in lines for people, the life first, then the last [`Desk::recent_n`] when
    /// the life has more, then each kind (the [`KINDS_SHOWN`] most given).
    pub fn lines(&self) -> Vec<(String, String)> {
        let mut rows = vec![("commissions".to_string(), self.life.line())];
        if self.life.given == 0 {
            return rows;
        }
        if self.life.given > self.recent_n as u64 {
            rows.push((
                format!("last {} commissions", self.recent_n),
                self.recent.line(),
            ));
        }
        let kinds = self.kinds_by_given();
        for (kind, f) in kinds.iter().take(KINDS_SHOWN) {
            rows.push((format!("kind {kind}"), f.line()));
        }
        if kinds.len() > KINDS_SHOWN {
            rows.push((
                "other kinds".into(),
                format!(
                    "{} more (wis status --output-format json lists every kind)",
                    kinds.len() - KINDS_SHOWN
                ),
            ));
        }
        rows
    }

    /// Each kind with its figures, the most given first (then by name).
    pub fn kinds_by_given(&self) -> Vec<(&str, &Figures)> {
        by_given(&self.per_kind)
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
        assert_eq!(
            f.line(),
            "2 done of 5 given (1 missed, 2 on the desk): done rate 67% of those ended, \
             median 2 ticks to done"
        );
        let rows = desk.lines();
        assert_eq!(rows[0].0, "commissions");
        assert_eq!(
            rows[1].0, "last 2 commissions",
            "the life has more than the last 2"
        );
        assert_eq!(
            rows[2].0, "kind value",
            "two given, before `write`'s two by name"
        );
        assert_eq!(rows.len(), 5);
    }

    #[test]
    fn many_kinds_are_cut_and_say_how_many_more() {
        let all: Vec<Commission> = (0..20)
            .map(|n| c(Some(&format!("k{n:02}")), Status::Open, n, None))
            .collect();
        let rows = Desk::of(&all, RECENT_COMMISSIONS).lines();
        assert_eq!(rows.len(), 1 + KINDS_SHOWN + 1);
        assert!(rows.last().unwrap().1.starts_with("8 more"), "{rows:?}");
        assert!(rows[1].1.contains("none ended yet"), "{rows:?}");
    }

    #[test]
    fn kinds_are_written_out_as_a_list_with_no_kind_as_a_key() {
        let all = [
            c(Some("seed"), Status::Done, 0, Some(2)),
            c(Some("write"), Status::Done, 2, Some(3)),
            c(Some("write"), Status::Open, 3, None),
        ];
        let json = serde_json::to_value(Desk::of(&all, 50)).unwrap();
        let kinds = json["per_kind"].as_array().unwrap();
        assert_eq!(kinds[0]["kind"], "write", "the most given first");
        assert_eq!(kinds[1]["kind"], "seed");
        assert_eq!(kinds[1]["median_ticks_to_done"], 2.0);
        assert!(json["life"].get("ticks_to_done").is_none(), "{json}");
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
        assert_eq!(f.line(), format!("none given yet: {GIVE}"));
        assert_eq!(Desk::of::<Commission>(&[], 50).lines().len(), 1);
        assert_eq!(median(&[4, 1, 9]), Some(4.0));
    }
}
