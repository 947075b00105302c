//! A curve run on a creature's home as `wis curve run` makes it: the battery and arms from the
//! configuration, and the runner's hooks made real (the turn-in-flight check on the store's
//! lease, each arm's mind opened from its URL and model, the prompts from the arm's memory,
//! Ctrl-C, and the resident model brought back at the end).

use std::path::{Path, PathBuf};
use std::time::Duration;

use indicatif::ProgressBar;

use super::{ArmContexts, ArmSpec, Battery, Hooks, Interrupt, RunOptions, RunReport, Task};
use crate::base::clock::Clock;
use crate::base::config::Config;
use crate::base::exit::{Kind, Result};
use crate::base::home::Home;
use crate::base::store::Rx;
use crate::creature::lease;
use crate::mind::Mind;
use crate::mind::open::open_mind;
use crate::mind::openai::OpenAiMind;

/// What `wis curve run` asks for.
#[derive(Debug, Clone, Default)]
pub struct LiveRun<'a> {
    /// The battery file; `[curve] battery` when `None`.
    pub battery: Option<&'a Path>,
    /// Only this arm; every arm in `[curve.arms]` when `None`.
    pub arm: Option<&'a str>,
    /// Also append each arm's result to this JSON Lines file.
    pub out: Option<&'a Path>,
}

/// Runs the battery on `home` as configured.
pub fn run_live(
    home: &Home,
    config: &Config,
    clock: &Clock,
    wait: Duration,
    what: &LiveRun<'_>,
    progress: &ProgressBar,
) -> Result<RunReport> {
    let path = what
        .battery
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from(&config.curve.battery));
    let battery = Battery::resolve(&path, home.root())?;
    let arms = super::select(&config.curve, &config.llm, what.arm)?;
    let schema = super::battery_schema();
    let opts = RunOptions {
        home,
        wait,
        clock,
        battery: &battery,
        arms: &arms,
        schema: &schema,
        sampling: super::sampling(&config.curve, &config.llm),
        results_cap: config.curve.results_cap,
        out: what.out,
    };
    let interrupt = Interrupt::install()?;
    let mut contexts = ArmContexts::new(home, config, clock, wait);
    let now = clock.now();
    let in_flight = |rx: &Rx| -> Result<bool> { Ok(lease::in_flight(rx, now)?.is_some()) };
    let mut mind = |arm: &ArmSpec| {
        let mut arm_config = config.clone();
        arm_config.llm.url = arm.url.clone();
        arm_config.llm.model = arm.model.clone();
        // A server's replies name the model it really serves (its /props), so an arm that
        // a plain llama-server answers with another model is refused, not recorded.
        if arm_config
            .llm
            .url
            .as_deref()
            .is_some_and(|u| !u.trim().is_empty())
        {
            let mind = OpenAiMind::new(&arm_config.llm)?.naming_served_model();
            return Ok(Box::new(mind) as Box<dyn Mind>);
        }
        open_mind(&arm_config)
    };
    let mut prompt = |task: &Task, arm: &ArmSpec| contexts.prompt(task, arm);
    let mut restore = || restore_resident(config);
    let stop = || interrupt.is_set();
    let mut hooks = Hooks {
        turn_in_flight: &in_flight,
        mind: &mut mind,
        prompt: &mut prompt,
        restore: &mut restore,
        stop: &stop,
    };
    super::run(&opts, &mut hooks, progress)
}

/// Brings the resident model back (WIS6): for a server, one cheap request, then, behind
/// llama-swap, waiting until `/running` says it is ready. The embedded model lives in the tick's
/// own process and needs nothing.
pub fn restore_resident(config: &Config) -> Result<()> {
    if config.llm.url.is_none() {
        return Ok(());
    }
    let mind = OpenAiMind::new(&config.llm)?;
    mind.touch()?;
    match mind.wait_ready_llama_swap(Duration::from_secs(120), Duration::from_millis(500)) {
        Ok(()) => Ok(()),
        // A plain llama-server or vLLM has no /running: the touch was the whole restore.
        Err(e) if e.kind == Kind::Config => Ok(()),
        Err(e) => Err(e),
    }
}
