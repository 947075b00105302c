//! A turn's last phase, in one write transaction: run store tools, adjudicate, record the
//! episode and the stream, clear the lease. The caller pays (after the tick boundary) and
//! commits once, durably.

use serde::Serialize;

use crate::base::clock::Millis;
use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::creature::heartbeat::Turn;
use crate::creature::nap::PRESSURE_PER_TURN;
use crate::creature::stream::{StreamLine, Voice};
use crate::creature::{Action, FailKind, Outcome, REPLY, cut_middle};
use crate::creature::{LastTick, Persona, notebooks};
use crate::wisdom::episodes::{self, Episode, SUMMARY_CHARS};

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
    /// Text through the reply channel.
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
    /// The model call's tokens (and how many a cache served) and timings, where reported.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub usage: Option<crate::mind::Usage>,
    /// What a `say` in a cast's scene said, and to whom.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub said: Option<Said>,
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

/// Records a completed work or rumination turn. `outcome` is the adjudicated outcome of an
/// action, already computed for tools that need the store. Returns the turn's summary.
pub fn record(
    tx: &mut Tx<'_>,
    plan: &Plan,
    decision: &Decision,
    outcome: &Outcome,
    obs_max_chars: usize,
    now: Millis,
) -> Result<String> {
    let mut persona: Persona = tx.singleton()?;
    let tick = plan.tick;
    let (act_text, tool, signature, action_json) = match decision {
        Decision::Act { action, .. } | Decision::Say { action } => (
            action.to_json(),
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
    if let Decision::Think { plan: steps, .. } = decision
        && !steps.is_empty()
    {
        let mut book = notebooks::load(tx, notebooks::PLAN)?;
        book.replan(steps, now);
        notebooks::save(tx, &book)?;
    }
    let summary = cut_middle(
        &format!("{} -> {}", brief(decision), observed.replace('\n', " ")),
        SUMMARY_CHARS,
    );
    if !matches!(decision, Decision::Think { .. }) {
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
        })?;
    }
    persona.failures_in_row = match decision {
        Decision::Think { .. } => 0,
        _ if outcome.success => 0,
        _ if outcome.automated => persona.failures_in_row,
        _ => persona.failures_in_row + 1,
    };
    match decision {
        Decision::Think { .. } => {
            persona.last_signature = None;
            persona.repeats_in_row = 0;
        }
        _ if outcome.automated => {}
        _ if persona.last_signature.as_deref() == Some(signature.as_str()) => {
            persona.repeats_in_row += 1;
        }
        _ => {
            persona.last_signature = Some(signature.clone());
            persona.repeats_in_row = 1;
        }
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
    Ok(summary)
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
        Decision::Say { action } if action.tool == crate::world::scene::SAY => format!(
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
