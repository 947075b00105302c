//! `wis cast status`: the queue: who is next, when each is ready, who is pending, who sleeps,
//! where each one is in the scene, the things there, and the maintenance organs (each a
//! participant whose next turn is `appraise` or `mutate`).

use std::time::Duration;

use serde::Serialize;

use crate::base::clock::Millis;
use crate::base::exit::Result;
use crate::base::home::Home;
use crate::base::store::Read;
use crate::commands::Ctx;
use crate::creature::Persona;
use crate::turn::cast::Cast;
use crate::turn::cast::organs::OrganKind;
use crate::turn::cast::schedule::{Participant, Schedule, queue};
use crate::world::scene::Arena;
use crate::world::scene::acts::HERE;

/// How long `status` waits for a member's store before showing it as busy.
const PEEK: Duration = Duration::from_millis(200);

/// One participant as `status` shows it.
#[derive(Debug, Serialize)]
struct Row<'a> {
    #[serde(flatten)]
    participant: &'a Participant,
    /// pending | spoken to | ready | resting
    state: String,
    /// Its place in the queue of those ready now (1 acts next).
    queue: Option<usize>,
    /// `scene`, `reaction` or `maintenance`; an organ's own turn (`appraise`, `mutate`).
    next_turn: &'static str,
    sleep_pressure: Option<f64>,
    nap_threshold: Option<f64>,
    /// Its last turn was a sleep, or its pressure says the next will be.
    asleep: Option<bool>,
}

fn ago(now: Millis, at: Millis) -> String {
    let secs = (now - at) / 1000;
    if secs >= 0 {
        format!("{secs}s ago")
    } else {
        format!("in {}s", -secs)
    }
}

pub fn run(ctx: &Ctx, cast: &Cast) -> Result<()> {
    let file = cast.load()?;
    let store = cast.open_read(ctx.wait, "cast status", &ctx.clock)?;
    let rx = store.read()?;
    let (schedule, _) = rx.singleton_or_default::<Schedule>()?;
    drop(rx);
    drop(store);
    let now = ctx.clock.now();
    let order: Vec<String> = queue(&schedule.participants, now)
        .iter()
        .map(|p| p.id.clone())
        .collect();
    let rows: Vec<Row> = schedule
        .participants
        .iter()
        .map(|p| {
            // An organ has no store of its own to peek at.
            let persona = Home::new(&p.home)
                .open_read(PEEK, "cast status", &ctx.clock)
                .ok()
                .filter(|_| p.organ.is_none())
                .and_then(|s| s.read().ok()?.singleton::<Persona>().ok());
            let state = match &p.pending {
                Some(t) => format!("pending (pid {}, {})", t.pid, ago(now, t.started_at)),
                None if p.reaction_open(now) => format!(
                    "spoken to by {}",
                    p.reaction
                        .as_ref()
                        .map(|r| r.message.from.as_str())
                        .unwrap_or("?")
                ),
                None if p.next_ready_at <= now => "ready".into(),
                None => "resting".into(),
            };
            Row {
                participant: p,
                state,
                queue: order.iter().position(|id| *id == p.id).map(|i| i + 1),
                next_turn: match p.organ {
                    Some(kind) => kind.turn(),
                    None => p.next_kind(now).as_str(),
                },
                sleep_pressure: persona.as_ref().map(|x| x.sleep_pressure),
                nap_threshold: persona.as_ref().map(Persona::nap_threshold),
                asleep: persona.as_ref().map(|x| {
                    x.sleepy()
                        || x.last_tick
                            .as_ref()
                            .is_some_and(|t| t.turn == crate::creature::heartbeat::Turn::Sleep)
                }),
            }
        })
        .collect();
    if ctx.printer.is_json() {
        return ctx.printer.json(&serde_json::json!({
            "cast_ticks": schedule.cast_ticks,
            "in_flight": schedule.in_flight(),
            "max_in_flight": file.schedule.max_in_flight,
            "recovery_secs": file.schedule.recovery_secs,
            "next": order.first(),
            "participants": rows,
            "objects": file.objects,
            "organs": file.organs,
        }));
    }
    let mut sorted: Vec<&Row> = rows.iter().collect();
    sorted.sort_by_key(|r| (r.queue.unwrap_or(usize::MAX), r.participant.next_ready_at));
    let table: Vec<Vec<String>> = sorted
        .into_iter()
        .map(|r| {
            let p = r.participant;
            vec![
                r.queue.map(|n| n.to_string()).unwrap_or_else(|| "-".into()),
                p.id.clone(),
                p.arena.to_string(),
                match p.arena {
                    Arena::Scene => p.place.clone().unwrap_or_else(|| HERE.into()),
                    Arena::Offstage => "-".into(),
                },
                r.state.clone(),
                r.next_turn.to_string(),
                ago(now, p.next_ready_at),
                format!("{:.2}", p.initiative_speed),
                p.last_completed_at
                    .map(|t| ago(now, t))
                    .unwrap_or_else(|| "never".into()),
                match (r.sleep_pressure, r.nap_threshold, r.asleep) {
                    _ if p.organ.is_some() => "- (organ)".into(),
                    (Some(sp), Some(th), Some(asleep)) => {
                        format!("{sp:.0}/{th:.0}{}", if asleep { " asleep" } else { "" })
                    }
                    _ => "(store busy)".into(),
                },
            ]
        })
        .collect();
    ctx.printer.table(
        &[
            "#",
            "id",
            "arena",
            "place",
            "state",
            "next turn",
            "ready",
            "speed",
            "last completed",
            "sleep",
        ],
        table,
    )?;
    if !file.objects.is_empty() {
        let things: Vec<&str> = file.objects.iter().map(|o| o.name.as_str()).collect();
        ctx.printer
            .note(format!("things in the scene: {}", things.join(", ")));
    }
    if !file.organs.is_empty() {
        let organs: Vec<String> = file
            .organs
            .iter()
            .map(|o| match o.kind {
                OrganKind::Appraiser => format!(
                    "the appraiser (turns {}, min_turns {})",
                    o.turns(),
                    o.min_turns()
                ),
                OrganKind::Mutator => format!("the mutator (appraisals {})", o.appraisals()),
            })
            .collect();
        ctx.printer.note(format!("organs: {}", organs.join(", ")));
    }
    ctx.printer.note(format!(
        "{} cast ticks; {} of at most {} in flight; next: {}",
        schedule.cast_ticks,
        schedule.in_flight(),
        file.schedule.max_in_flight,
        order
            .first()
            .map(String::as_str)
            .unwrap_or("nobody is ready")
    ));
    Ok(())
}
