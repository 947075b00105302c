//! `wis cast tick`: one turn of the one participant the law picks, in three phases like a
//! tick's: (1) with the cast's store open, recover turns whose cast tick died, refuse when
//! the cast is at its load, pick, and durably mark the turn pending; (2) with the cast's store
//! closed, play the turn through the member's own tick, with the scene as its stage; (3) with
//! the cast's store open again, clear the mark, start the recovery from the moment the turn
//! completed, open the addressee's reaction window for a `say`, and record the scene line and
//! the receipt, in one commit. A cast tick killed anywhere leaves the mark, which the next
//! cast tick recovers; the member's own lease is recovered by the member's next tick. A
//! maintenance organ's turn has the same three phases around its own work instead of a
//! member's tick ([`super::organs::turn`]).

use std::time::Duration;

use serde::Serialize;

use super::organs::{self, OrganKind};
use super::record::{Ending, Receipt, SceneLine};
use super::schedule::{Pending, Reaction, Schedule, TurnKind, passed_recovery_ms, pick};
use super::{Cast, absolute, sync};
use crate::base::clock::{Clock, Millis, rfc3339};
use crate::base::config::Config;
use crate::base::exit::{Error, Kind, Result};
use crate::base::home::Home;
use crate::base::store::holder::pid_alive;
use crate::base::store::{Read, Tx};
use crate::creature::heartbeat::Turn;
use crate::mind::Mind;
use crate::turn::lease::lease_lifetime_ms;
use crate::turn::tick::{TickOptions, TickOutcome, TurnReport, tick};
use crate::world::scene::{self, Addressed, Arena, Deed, SceneAct, Stage};

/// How to run a cast tick.
#[derive(Debug, Clone, Default)]
pub struct CastOptions {
    pub wait: Duration,
    /// Show who the law picks and the prompt its turn would send; call and write nothing.
    pub dry_run: bool,
    /// `section.key=value` flags every member's configuration gets.
    pub config_flags: Vec<String>,
}

/// The participant that will be ready next.
#[derive(Debug, Clone, Serialize)]
pub struct Next {
    pub id: String,
    pub at: Millis,
}

/// What a cast tick did.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum CastOutcome {
    /// No participant was ready; nothing was played.
    Waiting {
        next: Option<Next>,
        /// What the schedule noticed on the way (members joining, turns recovered).
        notes: Vec<String>,
    },
    /// A dry run: who would act, why, and the member's own dry run.
    DryRun {
        id: String,
        why: String,
        kind: TurnKind,
        outcome: Box<TickOutcome>,
    },
    /// A dry run of a maintenance organ's turn: who would act, why, and what it would do.
    #[serde(rename = "dry_run")]
    OrganDryRun {
        id: String,
        why: String,
        kind: TurnKind,
        organ: OrganKind,
        would: Vec<String>,
    },
    /// One participant's turn.
    Turn {
        receipt: Box<Receipt>,
        /// The line the others see, when the turn was on stage.
        #[serde(skip_serializing_if = "Option::is_none")]
        scene: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        report: Option<Box<TurnReport>>,
        notes: Vec<String>,
    },
}

/// Opens a member's mind for its turn.
pub type OpenMind<'a> = dyn FnMut(&Config, &Home) -> Result<Box<dyn Mind>> + 'a;

/// Plays one cast tick.
pub fn cast_tick(
    cast: &Cast,
    clock: &Clock,
    opts: &CastOptions,
    open_mind: &mut OpenMind<'_>,
) -> Result<CastOutcome> {
    let file = cast.load()?;
    let knobs = file.schedule.clone();

    // Phase 1: pick and mark, durably.
    let store = cast.open(opts.wait, "cast tick", clock)?;
    let mut tx = store.write()?;
    let now = clock.now();
    let (mut schedule, _) = tx.singleton_or_default::<Schedule>()?;
    let mut notes = sync(
        &mut schedule,
        &file,
        &absolute(cast.dir())?,
        now,
        opts.wait,
        clock,
    )?;
    notes.extend(recover(&mut tx, &mut schedule, knobs.recovery_secs, now)?);
    if schedule.in_flight() >= knobs.max_in_flight as usize {
        let flying: Vec<String> = schedule
            .participants
            .iter()
            .filter_map(|p| {
                let t = p.pending.as_ref()?;
                Some(format!(
                    "{} (pid {}, since {})",
                    p.id,
                    t.pid,
                    rfc3339(t.started_at)
                ))
            })
            .collect();
        tx.set(&schedule)?;
        tx.commit()?;
        return Err(Error::busy(format!(
            "the cast is at its load: {} turn(s) in flight ({}), max_in_flight = {}",
            flying.len(),
            flying.join(", "),
            knobs.max_in_flight
        ))
        .hint("the turn is deferred, never stacked: the next cast tick tries again"));
    }
    let Some((index, why)) = pick(&schedule.participants, now) else {
        let next = schedule
            .participants
            .iter()
            .filter(|p| p.pending.is_none())
            .min_by(|a, b| a.next_ready_at.cmp(&b.next_ready_at).then(a.id.cmp(&b.id)))
            .map(|p| Next {
                id: p.id.clone(),
                at: p.next_ready_at,
            });
        if !notes.is_empty() {
            tx.set(&schedule)?;
            tx.commit()?;
        }
        return Ok(CastOutcome::Waiting { next, notes });
    };
    let cast_tick = schedule.cast_ticks + 1;
    if let Some(kind) = schedule.participants[index].organ {
        // A maintenance organ's turn: in wis, no member's tick, no model call.
        let mark = (!opts.dry_run).then_some(opts.wait);
        let organ = file.organ(kind);
        let begun =
            organs::turn::begin(&tx, &mut schedule, index, why, &organ, cast_tick, now, mark)?;
        if opts.dry_run {
            return Ok(CastOutcome::OrganDryRun {
                id: begun.id.clone(),
                why: why.into(),
                kind: TurnKind::Maintenance,
                organ: kind,
                would: begun.plan(),
            });
        }
        schedule.cast_ticks = cast_tick;
        tx.set(&schedule)?;
        tx.commit()?;
        drop(store);
        let reach = organs::turn::Reach {
            wait: opts.wait,
            config_flags: &opts.config_flags,
            clock,
        };
        let (receipt, failed) = organs::turn::finish(cast, begun, &knobs, reach)?;
        return match failed {
            Some(e) => Err(e.context(format!("cast tick {cast_tick}, the {kind}"))),
            None => Ok(CastOutcome::Turn {
                receipt: Box::new(receipt),
                scene: None,
                report: None,
                notes,
            }),
        };
    }
    let scene: Vec<String> = tx
        .ring::<SceneLine>(Some(knobs.scene_window as usize))?
        .into_iter()
        .map(|(_, l)| l.text)
        .collect();
    let others: Vec<String> = schedule
        .participants
        .iter()
        .enumerate()
        .filter(|(i, p)| *i != index && p.arena == Arena::Scene)
        .map(|(_, p)| p.id.clone())
        .collect();
    // Where the others on stage are, for those that moved.
    let places: Vec<(String, String)> = schedule
        .participants
        .iter()
        .enumerate()
        .filter(|(i, p)| *i != index && p.arena == Arena::Scene)
        .filter_map(|(_, p)| Some((p.id.clone(), p.place.clone()?)))
        .collect();
    let me = &schedule.participants[index];
    let (id, home, arena) = (me.id.clone(), Home::new(&me.home), me.arena);
    let kind = me.next_kind(now);
    let reaction = me.reaction.clone().filter(|_| kind == TurnKind::Reaction);
    let stage = Stage {
        arena,
        lines: scene,
        others,
        reaction: reaction.map(|r| r.message),
        place: me.place.clone(),
        places,
        objects: file.objects.clone(),
    };
    let config = match home.config(&opts.config_flags) {
        Ok(config) => config,
        Err(e) => {
            // A member that cannot be configured rests like any other, so it does not hold
            // the head of the queue; the receipt says why.
            let err = e.context(format!("member {id} ({})", home.root().display()));
            let p = &mut schedule.participants[index];
            let until = now + p.recovery_ms(knobs.recovery_secs);
            p.next_ready_at = until;
            tx.push(&Receipt {
                cast_tick,
                id: id.clone(),
                why: why.into(),
                arena,
                kind,
                turn: None,
                lane: None,
                tick: None,
                ending: Ending::Failed,
                detail: err.message.clone(),
                started_at: now,
                completed_at: now,
                cooldown_until: until,
                exit: Some(err.code()),
                act: None,
            })?;
            schedule.cast_ticks = cast_tick;
            tx.set(&schedule)?;
            tx.commit()?;
            return Err(err);
        }
    };
    if opts.dry_run {
        drop(tx);
        drop(store);
        let tick_opts = TickOptions {
            wait: opts.wait,
            dry_run: true,
            stage: Some(stage),
            ignore_rest: true,
        };
        let outcome = tick(&home, &config, clock, &tick_opts, &mut || {
            open_mind(&config, &home)
        })?;
        return Ok(CastOutcome::DryRun {
            id,
            why: why.into(),
            kind,
            outcome: Box::new(outcome),
        });
    }
    let pid = std::process::id();
    schedule.cast_ticks = cast_tick;
    schedule.participants[index].pending = Some(Pending {
        pid,
        cast_tick,
        kind,
        started_at: now,
        expires_at: now + lease_lifetime_ms(&config),
    });
    tx.set(&schedule)?;
    tx.commit()?;
    drop(store);

    // Phase 2: the member's own tick, with the cast's store closed.
    let tick_opts = TickOptions {
        wait: opts.wait,
        dry_run: false,
        stage: Some(stage),
        ignore_rest: true,
    };
    let played = tick(&home, &config, clock, &tick_opts, &mut || {
        open_mind(&config, &home)
    });

    // Phase 3: record, with the cast's store open again.
    let store = cast.open(opts.wait.max(Duration::from_secs(30)), "cast tick", clock)?;
    let mut tx = store.write()?;
    let done = clock.now();
    let mut schedule: Schedule = tx.singleton()?;
    let ours = schedule
        .get(&id)
        .and_then(|p| p.pending.as_ref())
        .is_some_and(|t| t.pid == pid && t.cast_tick == cast_tick);
    if !ours {
        return Err(Error::busy(format!(
            "cast tick {cast_tick} lost its mark on {id} while the turn ran (declared stale \
             by another cast tick)"
        ))
        .hint("raise the member's [llm] timeout_secs if its turns take this long"));
    }
    let p = schedule.get_mut(&id).expect("checked above");
    p.pending = None;
    let full = p.recovery_ms(knobs.recovery_secs);
    let (ending, detail, report, exit) = match &played {
        Ok(TickOutcome::Turn(report)) => (
            Ending::Completed,
            crate::turn::tick::one_line(report),
            Some(report.clone()),
            None,
        ),
        Ok(TickOutcome::Paused { name }) => {
            (Ending::Waited, format!("{name} is paused"), None, None)
        }
        Ok(TickOutcome::Resting { name, until }) => (
            Ending::Waited,
            format!("{name} is resting until {}", rfc3339(*until)),
            None,
            None,
        ),
        Ok(TickOutcome::DryRun { .. }) => (Ending::Waited, "a dry run".into(), None, None),
        Err(e) if e.kind == Kind::Busy => {
            (Ending::Deferred, e.message.clone(), None, Some(e.code()))
        }
        Err(e) => (Ending::Failed, e.message.clone(), None, Some(e.code())),
    };
    // What the turn did in the scene: only a turn on stage is seen.
    let deed: Option<Deed> = report
        .as_ref()
        .and_then(|r| r.scene.as_deref().cloned())
        .filter(|_| arena == Arena::Scene);
    // A turn let pass (`wait`, `hesitate`) costs the turn and rests a share of a full one.
    let recovery = match &deed {
        Some(d) if d.ok && d.act.passes() => passed_recovery_ms(full, knobs.wait_recovery_factor),
        _ => full,
    };
    if let Some(Deed {
        act: SceneAct::Move { to, .. },
        ok: true,
        ..
    }) = &deed
    {
        p.place = to.clone();
    }
    let cooldown_until = if ending == Ending::Deferred {
        p.next_ready_at
    } else {
        p.last_completed_at = Some(done);
        p.next_ready_at = done + recovery;
        if kind == TurnKind::Reaction || ending != Ending::Completed {
            p.reaction = None;
        }
        p.next_ready_at
    };
    // Only what happens on stage is seen: an offstage member's maintenance is not in the scene.
    let mut seen = None;
    if let Some(report) = report.as_ref().filter(|_| arena == Arena::Scene) {
        let line = scene_line(&id, report);
        let to = match deed.as_ref().map(|d| &d.act) {
            Some(SceneAct::Say { to, .. }) => Some(to.clone()),
            Some(SceneAct::Refuse { from, .. } | SceneAct::Withhold { from, .. }) => {
                Some(from.clone()).filter(|f| !f.is_empty())
            }
            _ => None,
        };
        tx.push(&SceneLine {
            cast_tick,
            at: done,
            actor: id.clone(),
            to,
            text: line.clone(),
        })?;
        seen = Some(line);
        // An answer does not demand an answer: only a scene turn's `say` opens a window, so
        // at most every other turn is a reaction and a dialogue never starves the others.
        if let Some(said) = &report.said
            && kind != TurnKind::Reaction
            && let Some(addressee) = schedule.get_mut(&said.to)
            && addressee.arena == Arena::Scene
        {
            addressee.reaction = Some(Reaction {
                message: Addressed {
                    from: id.clone(),
                    text: said.text.clone(),
                },
                opened_at: done,
                until: done + (knobs.reaction_window_secs as Millis) * 1000,
            });
        }
    }
    let receipt = Receipt {
        cast_tick,
        id: id.clone(),
        why: why.into(),
        arena,
        kind,
        turn: report.as_ref().map(|r| r.turn.as_str().to_string()),
        lane: report.as_ref().and_then(|r| r.lane.clone()),
        tick: report.as_ref().map(|r| r.tick),
        ending,
        detail,
        started_at: now,
        completed_at: done,
        cooldown_until,
        exit,
        act: deed,
    };
    tx.push(&receipt)?;
    tx.set(&schedule)?;
    tx.commit()?;
    drop(store);
    match played {
        Err(e) => Err(e.context(format!("cast tick {cast_tick}, member {id}"))),
        Ok(_) => Ok(CastOutcome::Turn {
            receipt: Box::new(receipt),
            scene: seen,
            report: report.map(Box::new),
            notes,
        }),
    }
}

/// Most characters of a scene line.
const LINE_MAX_CHARS: usize = 600;

/// What the others see of a turn, in words, on one line: a scene action's own line, or the
/// turn's.
pub fn scene_line(id: &str, report: &TurnReport) -> String {
    let line = match &report.scene {
        Some(deed) => deed.line(id),
        None => turn_line(id, report),
    };
    scene::flat(&line, LINE_MAX_CHARS)
}

fn turn_line(id: &str, report: &TurnReport) -> String {
    match report.turn {
        Turn::Sleep => format!("{id} sleeps"),
        Turn::Rumination => format!("{id} stops to think"),
        Turn::Interrupted => format!("{id} was interrupted"),
        Turn::Work => {
            let what = report
                .action
                .clone()
                .unwrap_or_else(|| report.summary.clone());
            match report.fail_kind {
                Some(kind) => format!("{id}: {what} -> {kind}"),
                None => format!("{id}: {what}"),
            }
        }
    }
}

/// Recovers, in `tx`, the turns whose cast tick died (its process gone, or older than any
/// turn can take): each gets an `interrupted` receipt, and its recovery starts now. Returns
/// what was recovered, in words.
fn recover(
    tx: &mut Tx<'_>,
    schedule: &mut Schedule,
    recovery_secs: u64,
    now: Millis,
) -> Result<Vec<String>> {
    let mut said = Vec::new();
    for p in &mut schedule.participants {
        let Some(t) = p.pending.clone() else {
            continue;
        };
        let alive = pid_alive(t.pid) && t.pid != std::process::id() && now < t.expires_at;
        if alive {
            continue;
        }
        p.pending = None;
        p.last_completed_at = Some(now);
        p.next_ready_at = now + p.recovery_ms(recovery_secs);
        let detail = match p.organ {
            Some(kind) => format!(
                "cast tick {} (pid {}) died mid-turn; the {kind}'s next turn carries on from \
                 what it recorded",
                t.cast_tick, t.pid
            ),
            None => format!(
                "cast tick {} (pid {}) died mid-turn; {}'s own next tick recovers its turn",
                t.cast_tick, t.pid, p.id
            ),
        };
        tx.push(&Receipt {
            cast_tick: t.cast_tick,
            id: p.id.clone(),
            why: "recovered".into(),
            arena: p.arena,
            kind: t.kind,
            turn: None,
            lane: None,
            tick: None,
            ending: Ending::Interrupted,
            detail: detail.clone(),
            started_at: t.started_at,
            completed_at: now,
            cooldown_until: p.next_ready_at,
            exit: None,
            act: None,
        })?;
        said.push(detail);
    }
    Ok(said)
}
