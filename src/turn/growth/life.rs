//! The Life panel: the keeper's commissions first ([`super::keeper`]: the done rate, ticks to
//! done, per kind, the practice curve), then who the creature is and how far it has come (age,
//! level, XP, the units with the tick each arrived, its quest), the life's figures over its last
//! turns (steps closed, the repeat rate, XP per tick, work below the model) and the life over
//! the ticks ([`super::course`]): the same figures `wis status` shows, gathered the same way,
//! so the page and the command agree.

use std::fmt::Write;

use crate::base::clock::{Millis, human_duration, rfc3339};
use crate::base::exit::Result;
use crate::base::html::{Cell, Html, escape};
use crate::base::store::Read;
use crate::creature::UnitState;
use crate::creature::commission_figures::{Desk, RECENT_COMMISSIONS};
use crate::creature::commissions::{self, Commission};
use crate::creature::turns::TurnRecord;
use crate::turn::life::{DEFAULT_WINDOW, Life};
use crate::turn::report::StatusReport;

use super::keeper::Keeper;
use super::{Options, course, pct};

#[derive(Debug)]
pub(super) struct Panel {
    status: StatusReport,
    keeper: Keeper,
    course: course::Panel,
    now: Millis,
    since: Option<u64>,
}

impl Panel {
    pub fn gather(rx: &impl Read, now: Millis, opts: &Options) -> Result<Panel> {
        let kept = commissions::all(rx)?;
        let mut status =
            StatusReport::gather_with(rx, now, opts.mind.clone(), DEFAULT_WINDOW, &kept)?;
        let kept: Vec<(u64, Commission)> = kept
            .into_iter()
            .filter(|(_, c)| opts.keeps(c.given_tick))
            .collect();
        let desk = match opts.since {
            Some(_) => Desk::of(
                &kept.iter().map(|(_, c)| c).collect::<Vec<_>>(),
                RECENT_COMMISSIONS,
            ),
            None => status.commissions.clone(),
        };
        let keeper = Keeper::of(&kept, desk);
        if let Some(since) = opts.since {
            let log = rx.ring::<TurnRecord>(None)?;
            let records: Vec<&TurnRecord> = log
                .iter()
                .map(|(_, r)| r)
                .filter(|r| r.tick >= since)
                .collect();
            status.life = (!records.is_empty()).then(|| {
                let mut life = Life::from_records(&records);
                if let Some(whole) = &status.life {
                    life.commissions_open = whole.commissions_open;
                    life.commissions_finished = whole.commissions_finished;
                }
                life
            });
        }
        Ok(Panel {
            status,
            keeper,
            course: course::Panel::gather(rx, opts)?,
            now,
            since: opts.since,
        })
    }

    pub fn name(&self) -> &str {
        &self.status.name
    }

    /// The lines under the page's title.
    pub fn headline(&self) -> Vec<String> {
        let s = &self.status;
        let mut lines = vec![
            format!(
                "{}, {} stage: {} ticks and {} sleeps old; reported at {}",
                s.morph,
                s.stage,
                s.ticks,
                s.sleeps,
                rfc3339(self.now)
            ),
            format!("mind: {}", s.mind),
        ];
        if let Some(since) = self.since {
            lines.push(format!("history from tick {since} on"));
        }
        lines
    }

    pub fn html(&self, h: &mut Html) {
        self.keeper.html(h);
        h.el("h3", "", "Age, level and the last turns");
        let s = &self.status;
        let level = match s.next_level_xp {
            Some(next) => format!("{} ({} of {next} XP)", s.level, s.xp),
            None => format!("{} ({} XP, top level)", s.level, s.xp),
        };
        let mut figures = vec![
            ("ticks", "age in ticks", s.ticks.to_string()),
            ("sleeps", "sleeps", s.sleeps.to_string()),
            ("born", "born", format!("{} ago", human_duration(s.age_ms))),
            ("level", "level", level),
            ("xp", "XP", s.xp.to_string()),
            ("goals", "goals completed", s.goals_completed.to_string()),
            (
                "state",
                "state",
                if s.paused { "paused" } else { "live" }.to_string(),
            ),
            (
                "pressure",
                "sleep pressure",
                format!("{:.0} of {:.0}", s.sleep_pressure, s.nap_threshold),
            ),
        ];
        if let Some(life) = &s.life {
            figures.extend([
                (
                    "xp_per_tick",
                    "XP per tick",
                    format!("{:.2}", life.xp_per_tick),
                ),
                (
                    "steps_closed",
                    "steps closed",
                    life.steps_closed.to_string(),
                ),
                ("repeat_rate", "repeat rate", pct(life.repeat_rate)),
                (
                    "distinct_successes",
                    "distinct actions that worked",
                    life.distinct_successes.to_string(),
                ),
                (
                    "below_model",
                    "work below the model, with progress",
                    format!("{} ({})", life.below_model, pct(life.below_model_fraction)),
                ),
            ]);
        }
        figures_list(h, &figures);
        match &s.life {
            Some(life) => {
                h.el(
                    "p",
                    "",
                    &format!(
                        "Figures over {} turns (ticks {} to {}): {} work, {} ruminations, {} \
                         sleeps; {} re-plans changed the plan, of {}; {} commissions done.",
                        life.turns,
                        life.from_tick,
                        life.to_tick,
                        life.work_ticks,
                        life.ruminations,
                        life.sleeps,
                        life.replans_changed,
                        life.replans,
                        life.commissions_done
                    ),
                );
            }
            None => {
                h.empty("no turns lived yet", "wis tick");
            }
        }
        self.course.html(h);
        let units: Vec<Vec<Cell>> = s
            .units
            .iter()
            .map(|u| {
                vec![
                    Cell::text(u.unit.to_string()),
                    Cell::text(match u.state {
                        UnitState::Granted => "granted",
                        UnitState::Pending => "pending: its organ does not answer yet",
                    }),
                    Cell::num(u.tick),
                    Cell::text(u.by.as_str()),
                ]
            })
            .collect();
        if units.is_empty() {
            h.empty("no units yet", "wis unlock list");
        } else {
            h.table(
                "Units, with the tick each arrived",
                &["unit", "state", "tick", "by"],
                &units,
            );
        }
        let quest = s.quest.clone().unwrap_or_else(|| "none".into());
        h.el("p", "", &format!("Active quest: {quest}."));
    }
}

/// A list of figures, each a name and its value as text (`data-figure` names it for tests and
/// scripts).
pub(super) fn figures_list(h: &mut Html, figures: &[(&str, &str, String)]) {
    let mut s = String::from("<dl class=\"figures\">\n");
    for (key, label, value) in figures {
        let _ = writeln!(
            s,
            "<div><dt>{}</dt><dd data-figure=\"{key}\">{}</dd></div>",
            escape(label),
            escape(value)
        );
    }
    s.push_str("</dl>\n");
    h.raw(&s);
}
