//! A turn's last phase, in one write transaction: run store tools, adjudicate, record the
//! episode and the stream, clear the lease. The caller pays (after the tick boundary) and
//! commits once, durably.

use serde::Serialize;

use crate::base::clock::Millis;
use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::creature::heartbeat::{self, Turn};
use crate::creature::nap::PRESSURE_PER_TURN;
use crate::creature::news::{self, NewsKind};
use crate::creature::notebooks::{ClosedBy, Closure, same_text};
use crate::creature::stream::{StreamLine, Voice};
use crate::creature::{Action, FailKind, Outcome, REPLY, cut_middle};
use crate::creature::{LastTick, Persona, notebooks};
use crate::wisdom::episodes::{self, Episode, SUMMARY_CHARS};
use crate::world::scene::{Deed, SAY, acts};

pub use crate::creature::outcome::observation;

use super::begin::Plan;

/// What the model's reply came to.
#[derive(Debug, Clone)]
pub enum Decision {
    /// A tool call and its outcome (store tools still to run: `None`).
    Act {
        action: Action,
        outcome: Option<Outcome>,
    },
    /// An action through a channel that is never dispatched: `reply` to the keeper, or a
    /// scene action in a cast (`say`, `wait`, `hesitate`, `refuse`, `withhold`, `move`,
    /// `use`).
    Say { action: Action },
    /// A rumination's thought and plan.
    Think { thought: String, plan: Vec<String> },
    /// The reply could not be read.
    Unreadable { reason: String, raw: String },
}

/// One tick, as reported.
#[derive(Debug, Clone, Serialize)]
pub struct TurnReport {
    pub tick: u64,
    pub turn: Turn,
    pub why: String,
    pub tool: Option<String>,
    pub action: Option<String>,
    pub fail_kind: Option<FailKind>,
    pub success: bool,
    pub duration_ms: u64,
    pub model_ms: Option<u64>,
    pub xp: u64,
    pub level_up: bool,
    pub summary: String,
    pub recovered: Option<u64>,
    /// What the tick boundary settled: units granted or held, quests, predictions, digests.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<String>,
    /// `[REFLEX] handled … via …` when a reflex fired this tick.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reflex: Option<String>,
    /// The tick's model calls' tokens (and how many a cache served) and timings, summed over
    /// its calls (a second thought asks twice), where reported.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub usage: Option<crate::mind::Usage>,
    /// What a `say` in a cast's scene said, and to whom.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub said: Option<Said>,
    /// The scene action a turn in a cast took, as judged (done or failed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scene: Option<Box<Deed>>,
    /// A rumination's lane (`analytic`, `associative`), with rumination lanes on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lane: Option<String>,
}

/// A `say` that reached its addressee.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Said {
    pub to: String,
    pub text: String,
}

/// Checks the lease is still this turn's and removes it.
pub fn take_lease(tx: &mut Tx<'_>, plan: &Plan) -> Result<()> {
    crate::creature::lease::take(tx, plan.tick)
}

/// What [`record`] wrote.
#[derive(Debug, Clone)]
pub struct Recorded {
    pub summary: String,
    /// The observation as the stream has it.
    pub observed: String,
    /// The episode's ring number (an act or a reply; a thought is no episode).
    pub episode: Option<u64>,
    /// A rumination's re-plan: whether it changed the open plan.
    pub replan_changed: Option<bool>,
    /// Lines the System said (a step set aside).
    pub lines: Vec<String>,
}

/// Records a completed work or rumination turn. `outcome` is the adjudicated outcome of an
/// action, already computed for tools that need the store.
///
/// The stream shows the action in a few words, not in the channel's JSON: a small model
/// continues the pattern nearest its cue, and its own recent actions written as actions are a
/// pattern it copies (REFERENCE, the fourth probe).
///
/// A rumination's plan replaces the open steps. One that reproduces the plan the creature was
/// stuck in (the same open steps, or, stopped by failures, repeats or a stalled step, the same
/// first step) is a failed re-plan, and the next must change something: a second failed
/// re-plan in a row sets the step it was stuck on aside, visibly, so the next turn meets
/// another.
pub fn record(
    tx: &mut Tx<'_>,
    plan: &Plan,
    decision: &Decision,
    outcome: &Outcome,
    obs_max_chars: usize,
    now: Millis,
) -> Result<Recorded> {
    let mut persona: Persona = tx.singleton()?;
    let tick = plan.tick;
    let (act_text, tool, signature, action_json) = match decision {
        Decision::Act { action, .. } | Decision::Say { action } => (
            brief_long(decision),
            action.tool.clone(),
            episodes::action_signature(action),
            action.to_json(),
        ),
        Decision::Think {
            thought,
            plan: steps,
        } => (
            format!("(thinking) {thought} / plan: {}", steps.join("; ")),
            "think".into(),
            "think".into(),
            String::new(),
        ),
        Decision::Unreadable { raw, .. } => (
            format!("(unreadable) {}", cut_middle(raw, 200)),
            "unreadable".into(),
            "unreadable".into(),
            String::new(),
        ),
    };
    let voice = if matches!(decision, Decision::Think { .. }) {
        Voice::Think
    } else {
        Voice::Act
    };
    tx.push(&StreamLine::new(
        tick,
        now,
        voice,
        cut_middle(&act_text, obs_max_chars),
    ))?;
    let observed = observation(outcome, obs_max_chars);
    tx.push(&StreamLine::new(
        tick,
        now,
        Voice::Observe,
        observed.clone(),
    ))?;
    let mut replan_changed = None;
    let mut lines = Vec::new();
    if let Decision::Think { plan: steps, .. } = decision
        && !steps.is_empty()
    {
        let mut book = notebooks::load(tx, notebooks::PLAN)?;
        let before: Vec<String> = book.open_texts().iter().map(|t| same_text(t)).collect();
        book.replan(steps, now);
        let after: Vec<String> = book.open_texts().iter().map(|t| same_text(t)).collect();
        let stuck = matches!(
            plan.choice.why,
            heartbeat::WHY_FAILED | heartbeat::WHY_REPEATS | heartbeat::WHY_STALLED
        );
        let failed =
            !before.is_empty() && (before == after || (stuck && before.first() == after.first()));
        // The first failed re-plan is recorded; the next must change something, so a second in
        // a row sets the step it was stuck on aside.
        let again = failed && persona.failed_replans > 0;
        persona.failed_replans = if failed {
            persona.failed_replans + 1
        } else {
            0
        };
        if again && let Some(first) = book.first_open().cloned() {
            book.close_by(
                first.n,
                Closure {
                    tick,
                    at: now,
                    by: ClosedBy::SetAside,
                    episode: None,
                    why: "a re-plan reproduced it".into(),
                },
            );
            let line = format!(
                "your new plan was the one you were stuck in; step {} is set aside: {}",
                first.n, first.text
            );
            news::post(
                tx,
                tick,
                now,
                NewsKind::StepSetAside,
                &first.n.to_string(),
                &line,
            )?;
            tx.push(&StreamLine::new(tick, now, Voice::System, line.clone()))?;
            lines.push(line);
        }
        notebooks::save(tx, &book)?;
        replan_changed = Some(!failed);
    }
    let summary = cut_middle(
        &format!("{} -> {}", brief(decision), observed.replace('\n', " ")),
        SUMMARY_CHARS,
    );
    let episode = if matches!(decision, Decision::Think { .. }) {
        None
    } else {
        Some(
            tx.push(&Episode {
                tick,
                at: now,
                situation: plan.situation.clone(),
                tool,
                signature: signature.clone(),
                action: cut_middle(&action_json, 1000),
                fail_kind: outcome.fail_kind,
                success: outcome.success,
                automated: outcome.automated,
                summary: summary.clone(),
                duration_ms: outcome.duration_ms,
                advanced: Default::default(),
                step: plan
                    .worked_step
                    .as_ref()
                    .map(|s| s.chars().take(episodes::STEP_CHARS).collect()),
            })?,
        )
    };
    match decision {
        Decision::Think { .. } => persona.thought(),
        _ if outcome.success => persona.failures_in_row = 0,
        _ if outcome.automated => {}
        _ => persona.failures_in_row += 1,
    }
    persona.ticks = tick;
    persona.sleep_pressure += PRESSURE_PER_TURN;
    persona.last_tick = Some(LastTick {
        tick,
        at: now,
        turn: plan.choice.turn,
        summary: summary.clone(),
    });
    tx.set(&persona)?;
    Ok(Recorded {
        summary,
        observed,
        episode,
        replan_changed,
        lines,
    })
}

/// The action as the stream shows it: the tool and its main argument, in words.
fn brief_long(decision: &Decision) -> String {
    match decision {
        Decision::Act { action, .. } => action.brief(200),
        Decision::Say { action } if acts::is_act(&action.tool) => act_brief(action, 200),
        Decision::Say { action } if action.tool == SAY => format!(
            "said to {}: {}",
            action.str_arg("to").unwrap_or_default(),
            action.str_arg("text").unwrap_or_default()
        ),
        Decision::Say { action } => format!(
            "said to the keeper: {}",
            action.str_arg("text").unwrap_or_default()
        ),
        other => brief(other),
    }
}

/// A scene action beyond speech in a few words: move `the door`, use `lamp`, wait.
fn act_brief(action: &Action, max_chars: usize) -> String {
    match acts::main_arg(action, max_chars) {
        Some(main) => format!("{} `{main}`", action.tool),
        None => action.tool.clone(),
    }
}

/// The action in a few words.
pub fn brief(decision: &Decision) -> String {
    // What a text channel said, at most 60 characters.
    let said = |action: &crate::creature::Action| -> String {
        action
            .str_arg("text")
            .unwrap_or_default()
            .chars()
            .take(60)
            .collect()
    };
    match decision {
        Decision::Act { action, .. } => action.brief(60),
        Decision::Say { action } if acts::is_act(&action.tool) => act_brief(action, 60),
        Decision::Say { action } if action.tool == SAY => format!(
            "say to {} `{}`",
            action.str_arg("to").unwrap_or_default(),
            said(action)
        ),
        Decision::Say { action } => format!("{REPLY} `{}`", said(action)),
        Decision::Think { plan, .. } if plan.is_empty() => "thought, no plan".to_string(),
        Decision::Think { plan, .. } => format!("planned {}", plan.join("; ")),
        Decision::Unreadable { reason, .. } => format!("unreadable reply ({reason})"),
    }
}

/// "tick 42 work: bash `ls` -> ok 0.3s"
pub fn one_line(r: &TurnReport) -> String {
    let what = r.action.clone().unwrap_or_else(|| r.summary.clone());
    let result = match r.fail_kind {
        None => String::new(),
        Some(FailKind::Ok) if r.turn == Turn::Rumination => String::new(),
        Some(kind) if r.turn == Turn::Rumination => format!(" -> {kind}"),
        Some(kind) => format!(" -> {kind} {:.1}s", r.duration_ms as f64 / 1000.0),
    };
    let turn = if r.turn == Turn::Rumination {
        match &r.lane {
            Some(lane) => format!("rumination ({}; {lane} lane)", r.why),
            None => format!("rumination ({})", r.why),
        }
    } else {
        r.turn.to_string()
    };
    let xp = if r.xp > 0 {
        format!(
            " (+{} XP{})",
            r.xp,
            if r.level_up { ", level up" } else { "" }
        )
    } else {
        String::new()
    };
    format!("tick {} {turn}: {what}{result}{xp}", r.tick)
}
