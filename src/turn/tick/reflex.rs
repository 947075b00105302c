//! A reflex in the tick (design §4.1, WIS2, WIS3), before the prompt is built: the armed reflex
//! whose trigger matches the situation and whose guards hold runs its action through the one
//! dispatch chokepoint, and its outcome, marked automated, is recorded as a reflex; one whose
//! guard does not hold is held back (the stream says so) and the tick goes on without it. With `reflex_saves_tick` the
//! tick ends here without the model; otherwise the model runs with the reflex in its stream.
//! Loop detection counts a reflex's repeats exactly as the model's.

use crate::base::exit::Result;
use crate::base::home::Home;
use crate::base::store::{Read, Tx};
use crate::creature::heartbeat::Turn;
use crate::creature::lease::{LEASE_KEY, Lease};
use crate::creature::nap::PRESSURE_PER_TURN;
use crate::creature::stream::{StreamLine, Voice};
use crate::creature::tool::ToolSpec;
use crate::creature::turns::Advanced;
use crate::creature::{Action, FailKind, LastTick, Outcome, Persona};
use crate::turn::ctx::TurnCtx;
use crate::turn::economy;
use crate::turn::progression::boundary::after_outcome;
use crate::turn::progression::chores::ChoresDone;
use crate::turn::steps::{self, Scene, StepRef};
use crate::wisdom::episodes::action_signature;
use crate::wisdom::overwrite;
use crate::wisdom::reflex::fire::{self, Fired};
use crate::wisdom::reflex::metric::Handled as Handled_;
use crate::world::dispatch::{Body, needs_store};
use crate::world::sandbox::Limits;
use crate::world::skills::Runnable;
use crate::world::units::Example;

use super::account::{Entry, account};
use super::finish::TurnReport;
use super::watch::{self, Watch};

/// What the reflex came to, for the rest of the tick.
pub struct Handled {
    pub fired: Fired,
    pub outcome: Outcome,
    /// The call the reflex made.
    pub call: Action,
    /// What it advanced: a reflex that closes its step is no rut.
    pub advanced: Advanced,
    /// What it closed, as the System said it.
    pub closed: Vec<String>,
}

/// What the reflex phase came to.
pub enum Fire {
    /// A reflex fired.
    Handled(Box<Handled>),
    /// The armed reflex for the situation was held back by its guard: the tick goes on as if
    /// none matched. The line, as the stream and the turn's report have it.
    HeldBack(String),
    /// No armed reflex for the situation.
    Nothing,
}

/// Fires the matching armed reflex, if any, in `tx`, and judges what it closed of `step` as
/// any action is judged; `persona` (the tick's copy) is read back with the loop counters
/// moved. A reflex whose guard does not hold is held back, and the stream says so.
#[allow(clippy::too_many_arguments)]
pub fn fire(
    tx: &mut Tx<'_>,
    ctx: &TurnCtx<'_>,
    persona: &mut Persona,
    visible: &[&'static ToolSpec],
    skills: &[Runnable],
    situation: &str,
    home: &Home,
    step: Option<&StepRef>,
    pool: &[&Example],
) -> Result<Fire> {
    let limits = Limits::from_organs(&ctx.config.organs);
    let matched = fire::matching(tx, persona, situation, &home.workspace(), &limits)?;
    let Some(reflex) = matched.reflex else {
        let Some(held) = matched.held_back else {
            return Ok(Fire::Nothing);
        };
        tx.push(&StreamLine::new(
            ctx.tick,
            ctx.now,
            Voice::Reflex,
            held.line.clone(),
        ))?;
        return Ok(Fire::HeldBack(format!("[REFLEX] {}", held.line)));
    };
    let workspace = &home.workspace();
    let body = Body {
        workspace,
        config: ctx.config,
        visible,
        skills,
        memory: &ctx.memory,
        tick: ctx.tick,
        now: ctx.now,
    };
    let config = ctx.config;
    let (mut outcome, watch, call) = match reflex.action.call() {
        Some(call) => {
            let store = needs_store(&call).then_some(&mut *tx);
            let (outcome, watch) = watch::execute(home, config, &call, &body, store, true);
            (outcome, watch, call)
        }
        None => (
            Outcome::fail(FailKind::InvalidArgs, "the reflex's arguments do not read"),
            Watch::none(),
            Action::new(&reflex.action.tool, serde_json::json!({})),
        ),
    };
    outcome.automated = true;
    let signature = action_signature(&call);
    let first = economy::seen::first_success(tx, situation, &signature, &outcome)?;
    let below = ctx.config.wisdom.reflex_saves_tick;
    let obs = ctx.config.context.obs_max_chars;
    let fired = fire::record(
        tx,
        &ctx.memory,
        reflex,
        situation,
        &outcome,
        obs,
        ctx.tick,
        ctx.now,
    )?;
    let scene = Scene {
        workspace,
        tick: ctx.tick,
        now: ctx.now,
        situation,
        pool,
        errands: ctx.config.wisdom.errands_enabled,
    };
    let mut closing = steps::after_action(tx, scene, step, &call, &outcome, None)?;
    for line in &closing.lines {
        tx.push(&StreamLine::new(
            ctx.tick,
            ctx.now,
            Voice::System,
            line.clone(),
        ))?;
    }
    // The scars write their own stream lines; the report lists them with what closed.
    if config.wisdom.overwrite_scars_enabled {
        let (changes, episode) = (&watch.changes, Some(fired.episode));
        let scars = overwrite::record(tx, &ctx.memory, changes, episode, ctx.tick, ctx.now)?;
        closing.lines.extend(scars);
    }
    closing.lines.extend(watch.notes.iter().cloned());
    let advanced = economy::advanced(&outcome, closing.closed, first);
    let handled = if below {
        Handled_::Below
    } else {
        Handled_::Fired
    };
    fire::count(tx, ctx.now, handled, outcome.success && advanced.any())?;
    account(
        tx,
        Entry {
            tick: ctx.tick,
            at: ctx.now,
            turn: Turn::Work,
            tool: Some(&call.tool),
            signature: Some(&signature),
            success: outcome.success,
            automated: true,
            advanced,
            observed: &crate::creature::outcome::observation(&outcome, obs),
            episode: Some(fired.episode),
            replan_changed: None,
            xp: 0,
        },
    )?;
    *persona = tx.singleton()?;
    Ok(Fire::Handled(Box::new(Handled {
        fired,
        outcome,
        call,
        advanced,
        closed: closing.lines,
    })))
}

/// Ends a tick the reflex handled without the model: the tick is counted, it pays what the
/// economy says an automated outcome pays (nothing), and the boundary runs only if the economy
/// credits the outcome with evidence (it does not: WIS2).
pub fn end_below(
    tx: &mut Tx<'_>,
    ctx: &TurnCtx<'_>,
    persona: &mut Persona,
    handled: Handled,
    skills: &[Runnable],
    recovered: Option<u64>,
) -> Result<TurnReport> {
    let payment = economy::settle(persona, &handled.outcome, handled.advanced, 0);
    persona.ticks = ctx.tick;
    persona.sleep_pressure += PRESSURE_PER_TURN;
    persona.last_tick = Some(LastTick {
        tick: ctx.tick,
        at: ctx.now,
        turn: Turn::Work,
        summary: handled.fired.line.clone(),
    });
    tx.set(&*persona)?;
    tx.remove::<Lease>(LEASE_KEY)?;
    let mut events = if economy::credit(&handled.outcome).evidence {
        after_outcome(
            tx,
            ctx,
            Some((&handled.call, &handled.outcome)),
            skills,
            ChoresDone::default(),
        )?
    } else {
        Vec::new()
    };
    events.extend(handled.closed.iter().cloned());
    Ok(TurnReport {
        tick: ctx.tick,
        turn: Turn::Work,
        why: "a reflex handled the situation".into(),
        tool: Some(handled.call.tool.clone()),
        action: Some(handled.call.brief(60)),
        fail_kind: Some(handled.outcome.fail_kind),
        success: handled.outcome.success,
        duration_ms: handled.outcome.duration_ms,
        model_ms: None,
        xp: payment.xp,
        level_up: payment.level_up,
        summary: handled.fired.line.clone(),
        recovered,
        events,
        reflex: Some(handled.fired.line),
        usage: None,
        said: None,
        scene: None,
        lane: None,
    })
}
