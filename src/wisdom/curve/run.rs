//! The runner: one frozen battery put to each arm in turn (WIS6).
//!
//! A run refuses unless the creature is paused and no turn is in flight, and refuses a
//! battery whose bytes changed since its first result. Arms run one after another; each task
//! is one model call through the action channel with the curve's sampler discipline, or on a
//! voting arm several and their majority ([`super::vote`]), and an arm answered by another
//! model than its own is refused (exit 78). An
//! arm's result is recorded (store ring and `--out`) as soon as the arm is done, so an error
//! or Ctrl-C in a later arm keeps the earlier ones; an arm cut short is not a curve point and
//! is not recorded. Whatever happens after the first model was asked, the run ends by
//! bringing the resident model back.
//!
//! What the runner cannot know by itself comes in through [`Hooks`]: the in-flight check,
//! the mind each arm answers with, the prompt each task is shown (the arm's memory decides
//! it), and how the resident model is restored.

use std::path::Path;
use std::time::Duration;

use indicatif::ProgressBar;

use super::arms::ArmSpec;
use super::battery::{Battery, Task};
use super::compute::Compute;
use super::context::TaskPrompt;
use super::record::{OutFile, check_frozen, checked_cap, record};
use super::report::RunReport;
use super::result::{Age, BatteryRef, CurveResult, TaskScore};
use super::table::CurveTable;
use super::vote;
use crate::base::clock::Clock;
use crate::base::exit::{Error, Result};
use crate::base::home::Home;
use crate::base::store::{Read, Rx};
use crate::creature::Persona;
use crate::mind::{Mind, Sampling};

/// What a run is: where, which battery, which arms, and how every call samples.
#[derive(Debug)]
pub struct RunOptions<'a> {
    pub home: &'a Home,
    /// How long to wait for the store when another process holds it.
    pub wait: Duration,
    pub clock: &'a Clock,
    pub battery: &'a Battery,
    /// In running order (see [`super::arms::select`]).
    pub arms: &'a [ArmSpec],
    /// The action channel's schema, the same for every arm ([`super::arms::battery_schema`]).
    pub schema: &'a serde_json::Value,
    /// Temperature 0, the fixed seed, no prompt cache ([`super::arms::sampling`]).
    pub sampling: Sampling,
    /// `[curve] results_cap`.
    pub results_cap: u64,
    /// `--out FILE.jsonl`: each arm's result appended as one line.
    pub out: Option<&'a Path>,
}

/// What the caller supplies.
pub struct Hooks<'h> {
    /// Whether a creature turn is in flight now (the tick's pending-turn lease).
    pub turn_in_flight: &'h dyn Fn(&Rx) -> Result<bool>,
    /// The mind an arm answers with (built when the arm's turn comes).
    pub mind: &'h mut dyn FnMut(&ArmSpec) -> Result<Box<dyn Mind>>,
    /// The prompt one task is shown on one arm (its memory decides the context around it).
    pub prompt: &'h mut dyn FnMut(&Task, &ArmSpec) -> Result<TaskPrompt>,
    /// Brings the resident model back; called once at the end of any run that asked a model,
    /// also after an error or Ctrl-C.
    pub restore: &'h mut dyn FnMut() -> Result<()>,
    /// Read before every task; `true` stops the run there (Ctrl-C).
    pub stop: &'h dyn Fn() -> bool,
}

/// Runs the battery on every arm; see the module docs for the guarantees.
pub fn run(opts: &RunOptions, hooks: &mut Hooks, progress: &ProgressBar) -> Result<RunReport> {
    let cap = checked_cap(opts.results_cap)?;
    let mut out = opts.out.map(OutFile::open).transpose()?;
    let run_at = opts.clock.now();
    let age = gate(opts, hooks.turn_in_flight)?;
    progress.set_length((opts.arms.len() * opts.battery.tasks.len()) as u64);
    let mut report = RunReport {
        run_at,
        age,
        results: Vec::new(),
        readouts: Vec::new(),
    };
    let mut asked = false;
    let outcome = (|| -> Result<()> {
        for (i, arm) in opts.arms.iter().enumerate() {
            if i > 0 {
                gate(opts, hooks.turn_in_flight)?;
            }
            asked = true;
            let result = run_arm(opts, hooks, arm, &report, progress)?;
            let store = opts.home.open(opts.wait, "curve run", opts.clock)?;
            let mut tx = store.write()?;
            record(&mut tx, opts.battery, &result, cap)?;
            tx.commit()?;
            drop(store);
            if let Some(out) = out.as_mut() {
                out.append(&result)?;
            }
            report.results.push(result);
        }
        Ok(())
    })();
    progress.finish_and_clear();
    let outcome = outcome.and_then(|()| {
        report.readouts = readouts(opts)?;
        Ok(())
    });
    let restored = if asked { (hooks.restore)() } else { Ok(()) };
    match (outcome, restored) {
        (Ok(()), Ok(())) => Ok(report),
        (Ok(()), Err(e)) => Err(e.context(format!(
            "all arms ran and were recorded, but the resident model was not brought back ({} result(s))",
            report.results.len()
        ))),
        (Err(e), Ok(())) => Err(e),
        (Err(e), Err(r)) => {
            let hint = match e.hint.clone() {
                Some(h) => format!("{h}; also, the resident model was not brought back: {r}"),
                None => format!("the resident model was not brought back either: {r}"),
            };
            Err(e.hint(hint))
        }
    }
}

/// The seed's readout over the battery's recorded history (this run's results included), for
/// the pairs of arms of which this run ran one.
fn readouts(opts: &RunOptions) -> Result<Vec<super::roles::Readout>> {
    let store = opts.home.open(opts.wait, "curve run", opts.clock)?;
    let all = super::results(&store.read()?)?;
    drop(store);
    let ran = |arm: &str| opts.arms.iter().any(|a| a.name == arm);
    Ok(CurveTable::build(&all, Some(&opts.battery.version))
        .map(|t| t.readouts())
        .unwrap_or_default()
        .into_iter()
        .filter(|r| ran(&r.versus.wise) || ran(&r.versus.large))
        .collect())
}

/// Refuses a live creature, a turn in flight, or a changed battery; returns the age.
fn gate(opts: &RunOptions, turn_in_flight: &dyn Fn(&Rx) -> Result<bool>) -> Result<Age> {
    let store = opts.home.open(opts.wait, "curve run", opts.clock)?;
    let rx = store.read()?;
    let persona: Persona = rx.singleton()?;
    if !persona.paused {
        return Err(Error::busy(format!(
            "{} is live: the curve never runs on the live mind",
            persona.name
        ))
        .hint("pause it first (`wis pause`), or use scripts/run_curve.sh HOME, which pauses, runs and resumes"));
    }
    if turn_in_flight(&rx)? {
        return Err(Error::busy(format!(
            "{} is paused, but a turn is still in flight",
            persona.name
        ))
        .hint("try again when the turn has ended"));
    }
    check_frozen(&rx, opts.battery)?;
    Ok(Age {
        ticks: persona.ticks,
        sleeps: persona.sleeps,
    })
}

fn run_arm(
    opts: &RunOptions,
    hooks: &mut Hooks,
    arm: &ArmSpec,
    report: &RunReport,
    progress: &ProgressBar,
) -> Result<CurveResult> {
    progress.set_message(arm.name.clone());
    let started_at = opts.clock.now();
    let mut mind = (hooks.mind)(arm).map_err(|e| e.context(format!("arm {}", arm.name)))?;
    let (tasks, answered_by, compute) =
        score_arm(opts, arm, mind.as_mut(), hooks.prompt, hooks.stop, progress)?;
    Ok(CurveResult {
        run_at: report.run_at,
        battery: BatteryRef {
            version: opts.battery.version.clone(),
            sha256: opts.battery.sha256.clone(),
        },
        arm: arm.name.clone(),
        model: arm.model.clone(),
        answered_by,
        url: arm.url.clone(),
        mind: mind.describe(),
        memory: arm.memory,
        age: report.age,
        seed: opts.sampling.seed.unwrap_or_default(),
        samples: arm.samples,
        temperature: arm.temperature,
        total: tasks.iter().map(|t| t.score).sum(),
        tasks,
        compute: Some(compute),
        started_at,
        finished_at: opts.clock.now(),
    })
}

/// Puts every task of the battery to one mind ([`super::vote::ask`]: one call each, or the
/// arm's samples and their majority), scored mechanically; returns the scores, the model the
/// backend said answered, and what the calls cost. Stops with exit 1 when `stop` says so
/// between tasks.
pub fn score_arm(
    opts: &RunOptions,
    arm: &ArmSpec,
    mind: &mut dyn Mind,
    prompt: &mut dyn FnMut(&Task, &ArmSpec) -> Result<TaskPrompt>,
    stop: &dyn Fn() -> bool,
    progress: &ProgressBar,
) -> Result<(Vec<TaskScore>, Option<String>, Compute)> {
    let total = opts.battery.tasks.len();
    let mut scores = Vec::with_capacity(total);
    let mut answered_by = None;
    let mut compute = Compute::default();
    for (i, task) in opts.battery.tasks.iter().enumerate() {
        if stop() {
            return Err(Error::failed(format!(
                "interrupted in arm {} before task {} of {total}; arms finished before it were recorded",
                arm.name,
                i + 1
            )));
        }
        let at = || format!("arm {}, task {}", arm.name, task.id);
        let shown = prompt(task, arm).map_err(|e| e.context(at()))?;
        let asked = vote::ask(mind, arm, &shown.prompt, opts.schema, &opts.sampling)
            .map_err(|e| e.context(at()))?;
        answered_by = answered_by.or(asked.model);
        compute.merge(&asked.compute);
        let answer = asked.answer;
        let score = task.scorer.score(&answer);
        // The memory the scored answer came from: the first shown that holds it.
        let answered_from = (score > 0.0)
            .then(|| shown.shown.iter().position(|m| task.scorer.holds(&m.text)))
            .flatten()
            .map(|i| i as u32);
        scores.push(TaskScore {
            id: task.id.clone(),
            domain: task.domain,
            score,
            kind: answer.kind(),
            reply: answer.kept(),
            calls: asked.calls,
            shown: shown.shown,
            answered_from,
        });
        progress.inc(1);
    }
    Ok((scores, answered_by, compute))
}
