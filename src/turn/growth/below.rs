//! The panel below the model: per day, the ticks reflexes resolved without the model and the
//! success rates of reflex and model ticks (the reflex metric); the approvals queue (each
//! proposed reflex with its evidence, the streak's episodes as the ledger has them, and the
//! exact `wis reflex arm ID` to run); the armed reflexes; and the demotions, each with the scar
//! its failure left in memory.

use crate::base::clock::{Millis, rfc3339};
use crate::base::exit::Result;
use crate::base::html::{Cell, Html, escape, field};
use crate::base::store::{Read, SINGLETON_KEY};
use crate::memory::{Engram, Kind};
use crate::wisdom::episodes::Episode;
use crate::wisdom::reflex::metric::Summary;
use crate::wisdom::reflex::{Reflex, ReflexState, Status, registry};

use super::life::figures_list;
use super::memory::{Linked, link};
use super::{Options, pct};

/// Days of the metric shown, newest first.
const DAYS_SHOWN: usize = 30;
/// Reflexes shown in one list (the queue, the armed, the demoted).
const LISTED: usize = 32;
/// Episodes of a proposal's evidence shown.
const EVIDENCE: usize = 5;

#[derive(Debug)]
pub(super) struct Panel {
    enabled: bool,
    days: Vec<Summary>,
    counts: [(Status, usize); 5],
    /// Proposed reflexes with their evidence (sequence, episode).
    queue: Vec<(Reflex, Vec<(u64, Episode)>)>,
    armed: Vec<Reflex>,
    /// Demoted reflexes with the scar each left (its id and text), when it is still kept.
    demoted: Vec<(Reflex, Option<(String, String)>)>,
    linked: Linked,
}

impl Panel {
    pub fn gather(rx: &impl Read, engrams: &[Engram], opts: &Options) -> Result<Panel> {
        let all = registry::all(rx)?;
        let days = rx
            .get::<ReflexState>(SINGLETON_KEY)?
            .map(|s| s.metric.summaries())
            .unwrap_or_default();
        let counts = Status::ALL.map(|st| (st, all.iter().filter(|r| r.status == st).count()));
        let mut queue = Vec::new();
        for r in all
            .iter()
            .filter(|r| r.status == Status::Proposed)
            .take(LISTED)
        {
            let mut evidence = Vec::new();
            for seq in r.provenance.episode_ids.iter().rev().take(EVIDENCE) {
                if let Some(e) = rx.ring_at::<Episode>(*seq)? {
                    evidence.push((*seq, e));
                }
            }
            evidence.reverse();
            queue.push((r.clone(), evidence));
        }
        let armed = all
            .iter()
            .filter(|r| r.status == Status::Armed)
            .take(LISTED)
            .cloned()
            .collect();
        let demoted = all
            .iter()
            .filter(|r| r.status == Status::Demoted)
            .filter(|r| r.demoted_tick.is_none_or(|t| opts.keeps(t)))
            .take(LISTED)
            .map(|r| (r.clone(), scar_of(r, engrams)))
            .collect();
        Ok(Panel {
            enabled: opts.reflexes_enabled,
            days: days.into_iter().take(DAYS_SHOWN).collect(),
            counts,
            queue,
            armed,
            demoted,
            linked: Linked::new(),
        })
    }

    /// The scars the demotions name.
    pub fn named(&self) -> Vec<String> {
        self.demoted
            .iter()
            .filter_map(|(_, scar)| scar.as_ref().map(|(id, _)| id.clone()))
            .collect()
    }

    /// Which ids have an anchor on the page.
    pub fn set_linked(&mut self, linked: Linked) {
        self.linked = linked;
    }

    pub fn html(&self, h: &mut Html) {
        if !self.enabled {
            h.el(
                "p",
                "",
                "Reflexes are off ([wisdom] reflexes_enabled = false): nothing fires below the \
                 model, though streaks may still be proposed.",
            );
        }
        let figures: Vec<(&str, &str, String)> = self
            .counts
            .iter()
            .map(|(st, n)| (figure_key(*st), st.as_str(), n.to_string()))
            .collect();
        figures_list(h, &figures);
        self.days_html(h);
        self.queue_html(h);
        h.el("h3", "", "Armed");
        if self.armed.is_empty() {
            h.empty("no reflex is armed", "wis reflex arm ID");
        } else {
            let rows: Vec<Vec<Cell>> = self
                .armed
                .iter()
                .map(|r| {
                    vec![
                        Cell::text(&r.id),
                        Cell::text(&r.trigger.situation_key),
                        Cell::text(r.action.brief()),
                        Cell::num(format!("{}/{}", r.fired, r.failed)),
                        Cell::Num(r.last_fired.map_or("-".into(), |t| t.to_string())),
                        Cell::text(armed_by(r)),
                    ]
                })
                .collect();
            h.table(
                "Armed reflexes",
                &[
                    "id",
                    "situation",
                    "action",
                    "fired/failed",
                    "last fired",
                    "armed",
                ],
                &rows,
            );
        }
        h.el("h3", "", "Demotions and their scars");
        if self.demoted.is_empty() {
            h.empty(
                "no reflex has been demoted: an armed reflex is demoted by its first failure",
                "wis reflex list --status demoted",
            );
        } else {
            let rows: Vec<Vec<Cell>> = self
                .demoted
                .iter()
                .map(|(r, scar)| {
                    vec![
                        Cell::text(&r.id),
                        Cell::text(r.action.brief()),
                        Cell::Num(r.demoted_tick.map_or("-".into(), |t| t.to_string())),
                        Cell::text(r.last_failure.clone().unwrap_or_default()),
                        match scar {
                            Some((id, text)) => Cell::Raw(format!(
                                "{}: {}",
                                link(id, &self.linked),
                                field(text, 160)
                            )),
                            None => Cell::text("no scar kept"),
                        },
                    ]
                })
                .collect();
            h.table(
                "Demoted reflexes",
                &["id", "action", "demoted at tick", "its failure", "scar"],
                &rows,
            );
        }
    }

    fn days_html(&self, h: &mut Html) {
        h.el("h3", "", "Ticks resolved below the model, per day");
        if self.days.is_empty() {
            h.empty(
                "no ticks counted yet: the metric counts work ticks",
                "wis tick",
            );
            return;
        }
        let rate = |r: Option<f64>| r.map_or_else(|| "none".into(), pct);
        let rows: Vec<Vec<Cell>> = self
            .days
            .iter()
            .map(|d| {
                vec![
                    Cell::text(day_date(d.day)),
                    Cell::num(d.below),
                    Cell::num(d.model),
                    Cell::Num(pct(d.below_fraction)),
                    Cell::Num(rate(d.below_success)),
                    Cell::Num(rate(d.model_success)),
                    Cell::num(d.fired),
                ]
            })
            .collect();
        h.table(
            "Per day, newest first: ticks a reflex handled without the model, ticks the model \
             handled, and the success rate of each",
            &[
                "day",
                "below",
                "model",
                "below share",
                "reflex ticks ok",
                "model ticks ok",
                "firings",
            ],
            &rows,
        );
    }

    fn queue_html(&self, h: &mut Html) {
        h.el("h3", "", "Approvals queue");
        if self.queue.is_empty() {
            h.empty(
                "no reflex waits for approval: a streak of successes in one situation proposes one",
                "wis reflex scan",
            );
            return;
        }
        for (r, evidence) in &self.queue {
            h.raw(&format!(
                "<h4 id=\"reflex-{id}\">{id}: {}</h4>\n",
                field(&r.action.brief(), 80),
                id = escape(&r.id)
            ));
            h.el(
                "p",
                "",
                &format!(
                    "In situation \"{}\": {} successes in a row, proposed at tick {}.",
                    crate::base::output::one_line(&r.trigger.situation_key, 120),
                    r.provenance.successes,
                    r.proposed_tick
                ),
            );
            h.raw(&format!(
                "<p>To arm it: <code>wis reflex arm {}</code></p>\n",
                escape(&r.id)
            ));
            let rows: Vec<Vec<Cell>> = evidence
                .iter()
                .map(|(seq, e)| {
                    vec![
                        Cell::num(seq),
                        Cell::num(e.tick),
                        Cell::text(if e.success {
                            "ok"
                        } else {
                            e.fail_kind.as_str()
                        }),
                        Cell::text(&e.summary),
                    ]
                })
                .collect();
            if rows.is_empty() {
                h.el("p", "", "Its episodes have left the ledger.");
            } else {
                h.table(
                    &format!("Evidence for {}: the streak's latest episodes", r.id),
                    &["episode", "tick", "outcome", "summary"],
                    &rows,
                );
            }
        }
    }
}

fn figure_key(st: Status) -> &'static str {
    match st {
        Status::Proposed => "reflexes_proposed",
        Status::Armed => "reflexes_armed",
        Status::Disarmed => "reflexes_disarmed",
        Status::Demoted => "reflexes_demoted",
        Status::Inherited => "reflexes_inherited",
    }
}

fn armed_by(r: &Reflex) -> String {
    match (&r.armed_by, r.armed_at) {
        (Some(by), Some(at)) => format!("by {by} at {}", rfc3339(at)),
        (Some(by), None) => format!("by {by}"),
        _ => String::new(),
    }
}

/// The day's date, from days since the epoch.
fn day_date(day: u64) -> String {
    let at = (day as Millis).saturating_mul(86_400_000);
    rfc3339(at).chars().take(10).collect()
}

/// The scar a demotion left: the newest scar engram that names the reflex.
fn scar_of(r: &Reflex, engrams: &[Engram]) -> Option<(String, String)> {
    let prefix = format!("reflex {} stopped working", r.id);
    engrams
        .iter()
        .rev()
        .find(|e| e.kind == Kind::Scar && e.body.starts_with(&prefix))
        .map(|e| (e.id.to_string(), e.body.clone()))
}
