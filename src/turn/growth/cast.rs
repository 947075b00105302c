//! A cast's page (`wis report --cast DIR`): its members (each with its name, arena, initiative
//! speed, age, level and sleep pressure as its own store says, and a link to its own page,
//! `ID.html` beside this one), the initiative order now, and the turn timeline: the newest
//! turns as a picture (one row per member, one mark per turn) and as a table.

use std::fmt::Write;
use std::time::Duration;

use crate::base::clock::{Clock, Millis, rfc3339};
use crate::base::exit::Result;
use crate::base::home::Home;
use crate::base::html::{Cell, Html, escape};
use crate::base::store::Read;
use crate::creature::Persona;
use crate::turn::cast::Cast;
use crate::turn::cast::record::{Ending, Receipt};
use crate::turn::cast::schedule::{Participant, Schedule, queue};

use super::life::figures_list;
use super::{Section, page};

/// Turns the timeline shows.
const TURNS: usize = 50;
/// How long the page waits for a member's store before showing it as busy.
const PEEK: Duration = Duration::from_millis(200);

/// A cast, gathered.
#[derive(Debug)]
pub struct CastReport {
    dir: String,
    now: Millis,
    cast_ticks: u64,
    members: Vec<(Participant, Option<Persona>)>,
    order: Vec<String>,
    receipts: Vec<Receipt>,
}

impl CastReport {
    /// Reads the cast's store (waiting up to `wait`) and peeks at each member's.
    pub fn gather(cast: &Cast, wait: Duration, clock: &Clock) -> Result<CastReport> {
        cast.load()?;
        let store = cast.open_read(wait, "report", clock)?;
        let rx = store.read()?;
        let (schedule, _) = rx.singleton_or_default::<Schedule>()?;
        let receipts = rx
            .ring::<Receipt>(Some(TURNS))?
            .into_iter()
            .map(|(_, r)| r)
            .collect();
        drop(rx);
        drop(store);
        let now = clock.now();
        let order = queue(&schedule.participants, now)
            .iter()
            .map(|p| p.id.clone())
            .collect();
        let members = schedule
            .participants
            .iter()
            .map(|p| {
                // An organ has no store of its own.
                let persona = Home::new(&p.home)
                    .open_read(PEEK, "report", clock)
                    .ok()
                    .filter(|_| p.organ.is_none())
                    .and_then(|s| s.read().ok()?.singleton::<Persona>().ok());
                (p.clone(), persona)
            })
            .collect();
        Ok(CastReport {
            dir: cast.dir().display().to_string(),
            now,
            cast_ticks: schedule.cast_ticks,
            members,
            order,
            receipts,
        })
    }

    /// The page.
    pub fn render(&self) -> String {
        let mut members = Html::new();
        self.members_html(&mut members);
        let mut order = Html::new();
        self.order_html(&mut order);
        let mut turns = Html::new();
        self.turns_html(&mut turns);
        let sections = [
            Section {
                id: "members",
                title: "Members",
                body: members.finish(),
            },
            Section {
                id: "initiative",
                title: "Initiative order",
                body: order.finish(),
            },
            Section {
                id: "turns",
                title: "Turn timeline",
                body: turns.finish(),
            },
        ];
        page::page(
            "A cast: growth report",
            &[
                format!("cast {}, {} cast ticks", self.dir, self.cast_ticks),
                format!("reported at {}", rfc3339(self.now)),
            ],
            &sections,
        )
    }

    fn members_html(&self, h: &mut Html) {
        figures_list(
            h,
            &[
                ("members", "members", self.members.len().to_string()),
                ("cast_ticks", "cast ticks", self.cast_ticks.to_string()),
            ],
        );
        if self.members.is_empty() {
            h.empty("no members yet", "wis cast --dir DIR add HOME");
            return;
        }
        let rows: Vec<Vec<Cell>> = self
            .members
            .iter()
            .map(|(p, persona)| {
                let (name, ticks, level, pressure) = match persona {
                    _ if p.organ.is_some() => (
                        format!("the {} (organ)", p.organ.map(|k| k.as_str()).unwrap_or("")),
                        "-".into(),
                        "-".into(),
                        "-".into(),
                    ),
                    Some(x) => (
                        x.name.clone(),
                        x.ticks.to_string(),
                        x.level().to_string(),
                        format!("{:.0} of {:.0}", x.sleep_pressure, x.nap_threshold()),
                    ),
                    None => ("(store busy)".into(), "-".into(), "-".into(), "-".into()),
                };
                // An organ has no page of its own to link to.
                let id = if p.organ.is_some() {
                    Cell::text(&p.id)
                } else {
                    Cell::Raw(format!(
                        "<a href=\"{0}.html\">{0}</a>",
                        escape(&url_safe(&p.id))
                    ))
                };
                vec![
                    id,
                    Cell::text(name),
                    Cell::text(p.arena.to_string()),
                    Cell::Num(format!("{:.2}", p.initiative_speed)),
                    Cell::Num(ticks),
                    Cell::Num(level),
                    Cell::Num(pressure),
                    Cell::text(p.home.display().to_string()),
                ]
            })
            .collect();
        h.table(
            "Members (each id links to its own report, ID.html beside this page)",
            &[
                "id",
                "name",
                "arena",
                "speed",
                "ticks",
                "level",
                "sleep pressure",
                "home",
            ],
            &rows,
        );
    }

    fn order_html(&self, h: &mut Html) {
        if self.order.is_empty() {
            h.empty(
                "nobody is ready now: each rests after its turn",
                "wis cast --dir DIR status",
            );
        } else {
            h.raw("<ol>\n");
            for id in &self.order {
                h.el("li", "", id);
            }
            h.raw("</ol>\n");
        }
        let rows: Vec<Vec<Cell>> = self
            .members
            .iter()
            .map(|(p, _)| {
                let state = match &p.pending {
                    Some(_) => "a turn in flight".to_string(),
                    None if p.reaction_open(self.now) => "spoken to: answers first".into(),
                    None if p.next_ready_at <= self.now => "ready".into(),
                    None => "resting".into(),
                };
                vec![
                    Cell::text(&p.id),
                    Cell::text(state),
                    Cell::text(rfc3339(p.next_ready_at)),
                    Cell::text(p.next_kind(self.now).as_str()),
                ]
            })
            .collect();
        h.table(
            "Each member's place: ready now in the order above, or resting until its time",
            &["id", "state", "ready at", "next turn"],
            &rows,
        );
    }

    fn turns_html(&self, h: &mut Html) {
        if self.receipts.is_empty() {
            h.empty("no turns yet", "wis cast --dir DIR tick");
            return;
        }
        h.raw(&self.timeline_svg());
        let rows: Vec<Vec<Cell>> = self
            .receipts
            .iter()
            .rev()
            .map(|r| {
                vec![
                    Cell::num(r.cast_tick),
                    Cell::text(&r.id),
                    Cell::text(r.arena.to_string()),
                    Cell::text(r.kind.as_str()),
                    Cell::text(r.turn.clone().unwrap_or_else(|| "-".into())),
                    Cell::Raw(format!(
                        "<span class=\"ending-{0}\">{0}</span>",
                        r.ending.as_str()
                    )),
                    Cell::text(rfc3339(r.started_at)),
                    Cell::Num(format!(
                        "{:.1} s",
                        (r.completed_at - r.started_at) as f64 / 1000.0
                    )),
                    Cell::text(&r.why),
                    Cell::text(&r.detail),
                ]
            })
            .collect();
        h.table(
            &format!("The newest {} turns, newest first", self.receipts.len()),
            &[
                "cast tick",
                "id",
                "arena",
                "kind",
                "turn",
                "ending",
                "started",
                "took",
                "why chosen",
                "detail",
            ],
            &rows,
        );
    }

    /// The turns as a strip per member: each turn a mark at its cast tick, its ending written
    /// in its title and as a letter under failed or deferred ones.
    fn timeline_svg(&self) -> String {
        let ids: Vec<&str> = self.members.iter().map(|(p, _)| p.id.as_str()).collect();
        let first = self.receipts.first().map_or(0, |r| r.cast_tick);
        let last = self
            .receipts
            .last()
            .map_or(0, |r| r.cast_tick)
            .max(first + 1);
        let (left, width, row) = (120.0, 600.0, 28.0);
        let height = 30.0 + row * ids.len().max(1) as f64;
        let x = |t: u64| left + (t - first) as f64 / (last - first) as f64 * (width - 20.0);
        let mut s = format!(
            "<figure>\n<svg role=\"img\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" \
             height=\"{height}\" viewBox=\"0 0 {w} {height}\" font-family=\"sans-serif\" \
             font-size=\"12\">\n<title>Turns by member, cast ticks {first} to {last}</title>\n",
            w = left + width
        );
        for (i, id) in ids.iter().enumerate() {
            let y = 20.0 + row * i as f64;
            let _ = writeln!(
                s,
                "<text x=\"4\" y=\"{:.1}\">{}</text><line x1=\"{left}\" y1=\"{y:.1}\" \
                 x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"#cccccc\"/>",
                y + 4.0,
                escape(id),
                left + width - 10.0
            );
        }
        for r in &self.receipts {
            let Some(i) = ids.iter().position(|id| *id == r.id) else {
                continue;
            };
            let y = 20.0 + row * i as f64;
            let (fill, letter) = match r.ending {
                Ending::Completed => ("#0072B2", ""),
                Ending::Waited => ("#999999", "w"),
                Ending::Deferred => ("#E69F00", "d"),
                Ending::Failed | Ending::Interrupted => ("#D55E00", "x"),
            };
            let _ = writeln!(
                s,
                "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"6\" height=\"12\" fill=\"{fill}\"><title>\
                 cast tick {}: {} {} {}</title></rect>",
                x(r.cast_tick) - 3.0,
                y - 6.0,
                r.cast_tick,
                escape(&r.id),
                r.kind.as_str(),
                r.ending.as_str()
            );
            if !letter.is_empty() {
                let _ = writeln!(
                    s,
                    "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"9\">{letter}</text>",
                    x(r.cast_tick),
                    y + 16.0
                );
            }
        }
        s.push_str("</svg>\n<figcaption>Each mark is a turn at its cast tick; w waited, d deferred, x failed or interrupted (the table below says each).</figcaption>\n</figure>\n");
        s
    }
}

/// A member id as a file name in a link: letters, digits, `-`, `_` and `.` only.
fn url_safe(id: &str) -> String {
    id.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect()
}
