//! `wis curve run`: put the frozen battery to every arm and record the scores.

use std::path::PathBuf;

use crate::base::exit::Result;
use crate::base::store::Read;
use crate::creature::lease::{LEASE_KEY, Lease, LeaseState};
use crate::mind::open::open_mind;
use crate::mind::openai::OpenAiMind;
use crate::wisdom::curve::{self, ArmContexts, Battery, Hooks, Interrupt, RunOptions, RunReport};

use super::Ctx;

/// Arguments of `wis curve run`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The battery file [default: [curve] battery].
    #[arg(long, value_name = "FILE")]
    pub battery: Option<PathBuf>,
    /// Run only this arm [default: every arm in [curve.arms]].
    #[arg(long, value_name = "NAME")]
    pub arm: Option<String>,
    /// Also append each arm's result to this JSON Lines file.
    #[arg(long, value_name = "FILE.jsonl")]
    pub out: Option<PathBuf>,
    /// With --arm: exit 1 when that arm's mean task score (0 to 1) is below this.
    #[arg(long, value_name = "X", requires = "arm")]
    pub min_score: Option<f64>,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let config = ctx.config()?;
    let path = args
        .battery
        .unwrap_or_else(|| PathBuf::from(&config.curve.battery));
    let battery = Battery::load(&path)?;
    let arms = curve::select(&config.curve, &config.llm, args.arm.as_deref())?;
    let schema = curve::battery_schema();
    let opts = RunOptions {
        home: &ctx.home,
        wait: ctx.wait,
        clock: &ctx.clock,
        battery: &battery,
        arms: &arms,
        schema: &schema,
        sampling: curve::sampling(&config.curve, &config.llm),
        results_cap: config.curve.results_cap,
        out: args.out.as_deref(),
    };
    let interrupt = Interrupt::install()?;
    let mut contexts = ArmContexts::new(&ctx.home, &config, &ctx.clock, ctx.wait);
    let now = ctx.clock.now();
    let in_flight = |rx: &crate::base::store::Rx| -> Result<bool> {
        Ok(matches!(
            rx.get::<Lease>(LEASE_KEY)?.map(|l| l.state(now)),
            Some(LeaseState::Fresh(_))
        ))
    };
    let mut mind = |arm: &curve::ArmSpec| {
        let mut arm_config = config.clone();
        arm_config.llm.url = arm.url.clone();
        arm_config.llm.model = arm.model.clone();
        open_mind(&arm_config)
    };
    let mut prompt = |task: &curve::Task, arm: &curve::ArmSpec| contexts.prompt(task, arm);
    let mut restore = || restore_resident(&config);
    let stop = || interrupt.is_set();
    let mut hooks = Hooks {
        turn_in_flight: &in_flight,
        mind: &mut mind,
        prompt: &mut prompt,
        restore: &mut restore,
        stop: &stop,
    };
    let progress = ctx.printer.progress(0, "curve");
    let report = curve::run(&opts, &mut hooks, &progress)?;
    print(ctx, &report)?;
    match (&args.arm, args.min_score) {
        (Some(arm), Some(min)) => report.check_min_score(arm, min),
        _ => Ok(()),
    }
}

fn print(ctx: &Ctx, report: &RunReport) -> Result<()> {
    if ctx.printer.is_json() {
        return ctx.printer.json(report);
    }
    ctx.printer.table(&RunReport::HEADER, report.rows())
}

/// Brings the resident model back (WIS6): for a server, one cheap request, then, behind
/// llama-swap, waiting until `/running` says it is ready. The embedded model lives in the tick's
/// own process and needs nothing.
fn restore_resident(config: &crate::base::config::Config) -> Result<()> {
    if config.llm.url.is_none() {
        return Ok(());
    }
    let mind = OpenAiMind::new(&config.llm)?;
    mind.touch()?;
    match mind.wait_ready_llama_swap(
        std::time::Duration::from_secs(120),
        std::time::Duration::from_millis(500),
    ) {
        Ok(()) => Ok(()),
        // A plain llama-server or vLLM has no /running: the touch was the whole restore.
        Err(e) if e.kind == crate::base::exit::Kind::Config => Ok(()),
        Err(e) => Err(e),
    }
}
