//! One heartbeat: `wis tick`.
//!
//! Three phases so the store is never held while the model thinks: (1) with the store open,
//! decide the turn, build the prompt from one snapshot, and durably write a pending-turn
//! lease; (2) with the store closed, ask the mind and run workspace tools in the sandbox;
//! (3) with the store open again, run store tools, adjudicate, record, clear the lease, and
//! commit once. A process killed anywhere leaves either the previous state or the lease, which
//! the next tick recovers as an interrupted turn.

mod account;
mod begin;
mod finish;
mod lessons;
mod outage;
mod quiet;
mod reflex;
mod rethink;
mod sleep;
mod watch;

use std::time::{Duration, Instant};

use serde::Serialize;

pub use begin::{Ask, Begin, Plan, rumination_schema};
pub use finish::{Decision, Said, TurnReport, observation, one_line};

use crate::base::clock::Clock;
use crate::base::config::Config;
use crate::base::exit::Result;
use crate::base::home::Home;
use crate::base::store::Read;
use crate::creature::commissions;
use crate::creature::heartbeat::Turn;
use crate::creature::stream::{StreamLine, Voice};
use crate::creature::turns::Advanced;
use crate::creature::{Check, FailKind, Outcome, Persona, REPLY};
use crate::mind::calls::MindCall;
use crate::mind::parse::parse_action;
use crate::mind::{Mind, Reply, Sampling};
use crate::turn::economy::{self, Payment};
use crate::turn::progression::boundary::after_outcome;
use crate::turn::recover;
use crate::turn::steps::{self, Closing, Scene, Source, StepRef};
use crate::wisdom::reflex::fire;
use crate::wisdom::reflex::metric::Handled;
use crate::wisdom::{musing, overwrite, recall};
use crate::world::dispatch::{Body, needs_store};
use crate::world::judge;
use crate::world::scene::{self, SceneAct, Stage};
use account::{Entry, account};

/// How to run a tick.
#[derive(Debug, Clone, Default)]
pub struct TickOptions {
    pub wait: Duration,
    /// Print the prompt and schema; call nothing, write nothing.
    pub dry_run: bool,
    /// The scene of a cast this turn is played in (`wis cast tick`).
    pub stage: Option<Stage>,
    /// Do not keep the creature's own recovery (a cast keeps its own schedule).
    pub ignore_rest: bool,
}

/// What a tick did.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum TickOutcome {
    Paused {
        name: String,
    },
    /// Inside the recovery after the last completed turn: nothing was called or written.
    Resting {
        name: String,
        until: crate::base::clock::Millis,
    },
    DryRun {
        tick: u64,
        turn: Turn,
        why: String,
        prompt: crate::mind::Prompt,
        schema: serde_json::Value,
    },
    Turn(TurnReport),
}

/// Lives one tick. `open_mind` is called only when the turn needs the model.
pub fn tick(
    home: &Home,
    config: &Config,
    clock: &Clock,
    opts: &TickOptions,
    open_mind: &mut dyn FnMut() -> Result<Box<dyn Mind>>,
) -> Result<TickOutcome> {
    let started = Instant::now();
    if let Some(quiet) = quiet::quiet(home, config, clock, opts)? {
        return Ok(quiet);
    }
    let store = home.open(opts.wait, "tick", clock)?;
    let mut tx = store.write()?;
    let workspace = home.workspace();
    let ask = Ask {
        now: clock.now(),
        write_lease: !opts.dry_run,
        rest: !opts.ignore_rest,
        stage: opts.stage.as_ref(),
    };
    let begun = begin::begin(&mut tx, config, ask, home)?;
    let (plan, ctx) = match begun {
        Begin::Paused { name } => return Ok(TickOutcome::Paused { name }),
        Begin::Resting { name, until } => return Ok(TickOutcome::Resting { name, until }),
        Begin::Handled(report) => {
            tx.commit_before_close()?;
            store.close()?;
            return Ok(TickOutcome::Turn(*report));
        }
        Begin::Ready(plan, ctx) => (*plan, ctx),
    };
    if opts.dry_run {
        drop(tx);
        return Ok(TickOutcome::DryRun {
            tick: plan.tick,
            turn: plan.choice.turn,
            why: plan.choice.why.into(),
            prompt: plan.prompt,
            schema: plan.schema,
        });
    }
    if plan.choice.turn != Turn::Sleep
        && config.heartbeat.defer_when_busy
        && let Some(why) = crate::mind::load::server_busy(&config.llm)
    {
        // Nothing of this turn is written: the lease goes with the transaction.
        drop(tx);
        return Err(crate::base::exit::Error::busy(format!(
            "{why}; tick {} is deferred",
            plan.tick
        ))
        .hint("nothing was written: the next tick (from cron, the next run) tries again"));
    }
    if plan.choice.turn == Turn::Sleep {
        let night = match sleep::begin(tx, &plan, &ctx, started)? {
            sleep::Begun::Done(report) => return Ok(TickOutcome::Turn(report)),
            sleep::Begun::Asks(night) => night,
        };
        drop(store);
        let report = sleep::finish(home, clock, opts, &plan, ctx, night, started)?;
        return Ok(TickOutcome::Turn(report));
    }
    // The lease is durable once the store has closed: its close syncs the commit.
    tx.commit_before_close()?;
    store.close()?;

    // Phase 2: the model and the workspace, with the store closed.
    let sampling = Sampling {
        temperature: config.llm.temperature,
        seed: config.llm.seed,
        max_tokens: config.llm.max_tokens,
        cache_prompt: true,
    };
    let asked = open_mind().and_then(|mut mind| {
        let reply = mind.complete(&plan.prompt, &plan.schema, &sampling)?;
        Ok((reply, mind))
    });
    let (first, mut mind) = match asked {
        Ok(asked) => asked,
        Err(err) => {
            outage::abandon(home, opts, clock, &plan, &err.message)?;
            return Err(err);
        }
    };
    let mut decision = decide(&plan, &first);
    // A second thought: the action that advanced nothing on this step last time, chosen again,
    // is asked about once more (`[wisdom] second_thought_enabled`).
    let mut replies = vec![first];
    let mut second_thought = None;
    if let Some(r) = &plan.rethink
        && rethink::again(&decision, &r.signatures)
    {
        match mind.complete(&r.prompt, &r.schema, &sampling) {
            Ok(again) => {
                let instead = decide(&plan, &again);
                let line = match &instead {
                    Decision::Unreadable { .. } => None,
                    _ => Some(format!(
                        "(second thought) {} again would change nothing; {} instead",
                        finish::brief(&decision),
                        finish::brief(&instead)
                    )),
                };
                if line.is_some() {
                    decision = instead;
                }
                second_thought = line;
                replies.push(again);
            }
            // The first answer stands: an outage now is the next tick's to meet.
            Err(err) => {
                second_thought = Some(format!(
                    "(second thought) not asked: {}",
                    one_line_err(&err.message)
                ));
            }
        }
    }
    // A second answer: an errand's reply that gives nothing of its own (the question's words, a
    // worked example's answer) is asked again, picked among what the look showed.
    if let Some(a) = &plan.answer
        && let Decision::Say { action } = &decision
        && action.tool == REPLY
        && !a.spans.is_empty()
        && steps::errand::gives_nothing(
            action.str_arg("text").unwrap_or_default(),
            &a.question,
            &a.known,
        )
    {
        let among = crate::mind::schema::reply_among(&a.spans);
        match mind.complete(&plan.prompt, &among, &sampling) {
            Ok(again) => {
                let instead = decide(&plan, &again);
                if !matches!(instead, Decision::Unreadable { .. }) {
                    second_thought = Some(format!(
                        "(second thought) {} gives nothing of its own; {} instead",
                        finish::brief(&decision),
                        finish::brief(&instead)
                    ));
                    decision = instead;
                }
                replies.push(again);
            }
            Err(err) => {
                second_thought = Some(format!(
                    "(second thought) not asked: {}",
                    one_line_err(&err.message)
                ));
            }
        }
    }
    // The keeper's channel refuses a reply that is a worked example's answer found nowhere
    // else in what the creature was shown: a copy never reaches the keeper, and the creature
    // is told why.
    if let Decision::Say { action } = &decision
        && action.tool == REPLY
        && steps::errand::copies_demonstration(
            action.str_arg("text").unwrap_or_default(),
            &format!("{}{}", plan.prompt.stable, plan.prompt.volatile),
        )
    {
        decision = Decision::Act {
            action: action.clone(),
            outcome: Some(Outcome::fail(FailKind::InvalidArgs, COPIED_REPLY)),
        };
    }
    // Nothing of the keeper's is lost to a chore: writing the very file the step copies,
    // moves or adds to is refused, and the creature is told to do the step instead.
    if let (Decision::Act { action, outcome }, Some(step)) = (&mut decision, &plan.worked_step)
        && outcome.is_none()
        && action.tool == "write_file"
        && let Some(file) =
            steps::errand::spoils_the_chore(step, action.str_arg("path").unwrap_or_default())
    {
        *outcome = Some(Outcome::fail(
            FailKind::InvalidArgs,
            format!(
                "`{file}` is what your step carries: writing it first would lose what it holds; \
                 do the step: {step}"
            ),
        ));
    }
    drop(mind);
    let body = Body {
        workspace: &workspace,
        config,
        visible: &plan.visible,
        skills: &plan.skills,
        memory: &ctx.memory,
        tick: plan.tick,
        now: clock.now(),
    };
    let mut watch = watch::Watch::none();
    if let Decision::Act { action, outcome } = &mut decision
        && outcome.is_none()
        && !needs_store(action)
    {
        let (done, watched) = watch::execute(home, config, action, &body, None, false);
        (*outcome, watch) = (Some(done), watched);
    }
    let command = command_to_run(&plan, &decision);
    let shell_checks = command.is_some() || !plan.chores.checks.is_empty();
    let (command, chores) =
        watch.checks(home, config, (plan.tick, clock.now()), shell_checks, || {
            let limits = crate::world::sandbox::Limits::from_organs(&config.organs);
            let command = command.map(|c| judge::run_command(c, &workspace, &limits));
            (command, plan.chores.run(config, &workspace))
        });

    // Phase 3: record, with the store open again.
    let store = home.open(opts.wait.max(Duration::from_secs(30)), "tick", clock)?;
    let mut tx = store.write()?;
    finish::take_lease(&mut tx, &plan)?;
    let mark = economy::Mark::take(&tx, &tx.singleton::<Persona>()?)?;
    let body = Body {
        now: clock.now(),
        ..body
    };
    // A scene action is judged against the stage: what the creature is told, and the deed
    // the cast applies and records.
    let (scene_outcome, deed) = match &decision {
        Decision::Say { action } => scene::lookup(&action.tool)
            .map(|a| a.judge(action, opts.stage.as_ref()))
            .unzip(),
        _ => (None, None),
    };
    let outcome = match (&decision, scene_outcome) {
        (_, Some(o)) => o,
        (
            Decision::Act {
                outcome: Some(o), ..
            },
            None,
        ) => o.clone(),
        (
            Decision::Act {
                action,
                outcome: None,
            },
            None,
        ) => {
            let (done, watched) = watch::execute(home, config, action, &body, Some(&mut tx), false);
            watch = watched;
            done
        }
        (Decision::Say { .. }, None) => Outcome::ok("said"),
        (Decision::Think { plan: steps, .. }, None) if steps.is_empty() => {
            Outcome::ok("thought, no plan")
        }
        (Decision::Think { plan: steps, .. }, None) => {
            Outcome::ok(format!("planned {} steps", steps.len()))
        }
        (Decision::Unreadable { reason, .. }, None) => Outcome::fail(
            FailKind::ParseError,
            format!("your reply was not an action: {reason}"),
        ),
    };
    let called = match &decision {
        Decision::Act { action, .. } | Decision::Say { action } => Some(action),
        _ => None,
    };
    let closing = match called {
        Some(action) => {
            let scene = Scene {
                workspace: &workspace,
                tick: plan.tick,
                now: clock.now(),
                situation: &plan.situation,
                pool: &plan.pool,
                errands: config.wisdom.errands_enabled,
            };
            steps::after_action(
                &mut tx,
                scene,
                plan.step_ref.as_ref(),
                action,
                &outcome,
                command,
            )?
        }
        None => Closing::default(),
    };
    if let Decision::Say { action } = &decision
        && action.tool == REPLY
    {
        let answers = match &plan.step_ref {
            Some(StepRef {
                source: Source::Commission(id),
                ..
            }) => Some(*id),
            _ => None,
        };
        let text = action.str_arg("text").unwrap_or_default();
        commissions::said(&mut tx, plan.tick, clock.now(), text, answers)?;
    }
    if config.wisdom.errands_enabled
        && let (Some((id, done)), Some(action)) = (&closing.finished, called)
    {
        lessons::remember(
            &mut tx,
            &ctx.memory,
            *id,
            done,
            action,
            &workspace,
            clock.now(),
        )?;
    }
    if let Some(line) = &second_thought {
        tx.push(&StreamLine::new(
            plan.tick,
            clock.now(),
            Voice::Think,
            line.clone(),
        ))?;
    }
    let recorded = finish::record(
        &mut tx,
        &plan,
        &decision,
        &outcome,
        config.context.obs_max_chars,
        clock.now(),
    )?;
    for line in &closing.lines {
        tx.push(&StreamLine::new(
            plan.tick,
            clock.now(),
            Voice::System,
            line.clone(),
        ))?;
    }
    let mut history_lines = std::mem::take(&mut watch.notes);
    if config.wisdom.overwrite_scars_enabled {
        let changes = &watch.changes;
        let at = (plan.tick, clock.now());
        let scars = overwrite::record(&mut tx, &ctx.memory, changes, recorded.episode, at.0, at.1)?;
        history_lines.extend(scars);
    }
    let summary = recorded.summary.clone();
    for asked in &replies {
        tx.push(&MindCall::of(plan.tick, clock.now(), asked))?;
    }
    let mut lane_events = Vec::new();
    if let Some(lane) = &plan.lane {
        let steps = match &decision {
            Decision::Think { plan: steps, .. } => steps.as_slice(),
            _ => &[],
        };
        let musing = musing::record(&mut tx, lane, steps, plan.tick, clock.now())?;
        if let Some(material) = &musing.material {
            let outcome = if musing.bridge() {
                format!(
                    "adopted into the plan (a bridge: {} candidate steps)",
                    musing.candidates.len()
                )
            } else {
                "not adopted".to_string()
            };
            let line = format!(
                "(associative lane) this came to mind: {}; {outcome}",
                material.text
            );
            tx.push(&StreamLine::new(
                plan.tick,
                clock.now(),
                Voice::Think,
                line.clone(),
            ))?;
            lane_events.push(line);
        }
    }
    if config.heartbeat.rumination_lanes
        && plan.choice.turn == Turn::Work
        && let Some(step) = plan.step.as_deref()
        && !crate::creature::notebooks::load(&tx, crate::creature::notebooks::PLAN)?
            .notes
            .iter()
            .any(|n| n.open && n.text == step)
    {
        let settled = musing::settle(&mut tx, plan.objective.as_deref(), step, plan.tick)?;
        if settled > 0 {
            lane_events.push(format!(
                "a bridge's candidate proved useful: \"{step}\" closed after a verified success"
            ));
        }
    }
    let ctx = ctx.at(clock.now());
    let acted = match &decision {
        Decision::Act { action, .. } => Some((action, &outcome)),
        _ => None,
    };
    let mut events = after_outcome(&mut tx, &ctx, acted, &plan.skills, chores)?;
    events.extend(second_thought);
    events.extend(lane_events);
    events.extend(closing.lines.iter().cloned());
    events.extend(recorded.lines.iter().cloned());
    events.extend(history_lines);
    let (payment, advanced) = match &decision {
        Decision::Act { action, .. } | Decision::Say { action } => economy::pay(
            &mut tx,
            &plan.situation,
            action,
            &outcome,
            &mark,
            closing.closed,
        )?,
        _ => (Payment::default(), Advanced::default()),
    };
    if config.wisdom.reflexes_enabled
        && let Decision::Act { .. } = &decision
    {
        fire::count(
            &mut tx,
            ctx.now,
            Handled::Model,
            outcome.success && advanced.any(),
        )?;
    }
    let signature = match &decision {
        Decision::Act { action, .. } | Decision::Say { action } => {
            Some(crate::wisdom::episodes::action_signature(action))
        }
        _ => None,
    };
    let logged_tool = match &decision {
        Decision::Act { action, .. } | Decision::Say { action } => Some(action.tool.clone()),
        Decision::Think { .. } => Some("think".to_string()),
        Decision::Unreadable { .. } => Some("unreadable".to_string()),
    };
    account(
        &mut tx,
        Entry {
            tick: plan.tick,
            at: ctx.now,
            turn: plan.choice.turn,
            tool: logged_tool.as_deref(),
            signature: signature.as_deref(),
            success: outcome.success,
            automated: false,
            advanced,
            observed: &recorded.observed,
            episode: recorded.episode,
            replan_changed: recorded.replan_changed,
            xp: payment.xp,
        },
    )?;
    // After the account, which wrote onto the episode what it advanced: the index and the
    // bets judge progress, not "ok".
    let closure = lessons::closure(plan.worked_step.as_deref(), &closing, called);
    recall::record(
        &mut tx,
        config,
        &ctx.memory,
        plan.tick,
        &plan.recall,
        &closure,
        ctx.now,
    )?;
    recover::report(&mut tx, plan.tick, ctx.now, &[])?;
    tx.commit_before_close()?;
    store.close()?;
    let tool = match &decision {
        Decision::Act { action, .. } | Decision::Say { action } => Some(action.tool.clone()),
        _ => None,
    };
    let said = match &deed {
        Some(scene::Deed {
            act: SceneAct::Say { to, text },
            ok: true,
            ..
        }) => Some(finish::Said {
            to: to.clone(),
            text: text.clone(),
        }),
        _ => None,
    };
    Ok(TickOutcome::Turn(TurnReport {
        tick: plan.tick,
        turn: plan.choice.turn,
        why: plan.choice.why.into(),
        action: Some(finish::brief(&decision)),
        tool,
        fail_kind: Some(outcome.fail_kind),
        success: outcome.success,
        duration_ms: outcome.duration_ms,
        model_ms: Some(replies.iter().map(|r| r.elapsed_ms).sum()),
        xp: payment.xp,
        level_up: payment.level_up,
        summary,
        recovered: plan.recovered,
        events,
        reflex: plan.reflex.clone(),
        // Every call of the tick (a second thought asks again), as model_ms counts them.
        usage: Some(crate::mind::Usage::total(replies.iter().map(|r| &r.usage))),
        said,
        scene: deed.map(Box::new),
        lane: plan.lane.as_ref().map(|l| l.lane.as_str().to_string()),
    }))
}

/// The current commission's command check, to run with the store closed after an action that
/// can have changed the workspace (a command, a file written, a skill run) and succeeded.
fn command_to_run<'p>(plan: &'p Plan, decision: &Decision) -> Option<&'p str> {
    let Some(StepRef {
        source: Source::Commission(_),
        check: Some(Check::Shell { command }),
        ..
    }) = &plan.step_ref
    else {
        return None;
    };
    match decision {
        Decision::Act {
            outcome: Some(outcome),
            ..
        } if outcome.success => Some(command),
        _ => None,
    }
}

/// What the world says to a reply that copied a worked example's answer.
pub const COPIED_REPLY: &str = "that answer is a worked example's, not something you read or were \
     told: find the answer in the world first";

/// Reads the model's reply as this turn's decision.
fn decide(plan: &Plan, reply: &Reply) -> Decision {
    if plan.choice.turn == Turn::Rumination {
        return parse_rumination(&reply.text);
    }
    match parse_action(&reply.text, &plan.visible) {
        Ok(action) if action.tool == REPLY || scene::is_scene_action(&action.tool) => {
            Decision::Say { action }
        }
        // A call cut at the token limit is not the call the model meant: a path, a command or
        // a file's content cut short is never run (a reply to the keeper is still said).
        Ok(action) if reply.truncated => Decision::Act {
            action,
            outcome: Some(Outcome::fail(
                FailKind::TooLarge,
                "your reply was cut at its length limit before it ended, so it was not run: \
                 say it in fewer words",
            )),
        },
        Ok(action) => Decision::Act {
            action,
            outcome: None,
        },
        Err(failure) => Decision::Unreadable {
            reason: failure.reason.to_string(),
            raw: failure.raw.clone(),
        },
    }
}

fn parse_rumination(text: &str) -> Decision {
    let trimmed = text.trim();
    let candidate = match (trimmed.find('{'), trimmed.rfind('}')) {
        (Some(a), Some(b)) if a < b => &trimmed[a..=b],
        _ => trimmed,
    };
    let value: serde_json::Value = match serde_json::from_str(candidate) {
        Ok(v) => v,
        Err(e) => {
            return Decision::Unreadable {
                reason: format!("no thought in it ({e})"),
                raw: text.chars().take(2000).collect(),
            };
        }
    };
    let (Some(thought), Some(steps)) = (
        value.get("thought").and_then(|t| t.as_str()),
        value.get("plan").and_then(|p| p.as_array()),
    ) else {
        return Decision::Unreadable {
            reason: "a thought needs \"thought\" (text) and \"plan\" (a list of steps)".into(),
            raw: text.chars().take(2000).collect(),
        };
    };
    let plan = steps
        .iter()
        .filter_map(|s| s.as_str())
        .map(|s| s.chars().take(200).collect())
        .take(6)
        .collect();
    Decision::Think {
        thought: thought.chars().take(600).collect(),
        plan,
    }
}

/// The first line of an error, bounded, for a stream line.
fn one_line_err(message: &str) -> String {
    message
        .lines()
        .next()
        .unwrap_or_default()
        .chars()
        .take(160)
        .collect()
}
