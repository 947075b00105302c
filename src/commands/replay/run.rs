//! `wis replay [--batch K] [--seed S] [--dry-run]`: one replay now, between turns.

use crate::base::exit::Result;
use crate::mind::open::open_mind;
use crate::turn::replay::{ReplayOptions, replay_now};

use super::Ctx;

/// Replay recorded failures with verified fixes, and closed predictions, now; the answers are
/// scored, never executed.
#[derive(Debug, clap::Args)]
pub struct RunArgs {
    /// Episodes to replay [default: `[wisdom] replay_batch`].
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..=64))]
    pub batch: Option<u32>,
    /// The draw's seed (recorded with the report) [default: the clock in milliseconds].
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Show what would be drawn and the prompts; ask nothing, write nothing.
    #[arg(long)]
    pub dry_run: bool,
}

pub fn run(ctx: &Ctx, args: RunArgs) -> Result<()> {
    let config = ctx.config()?;
    let opts = ReplayOptions {
        batch: args.batch.unwrap_or(config.wisdom.replay_batch),
        seed: args.seed.unwrap_or(ctx.clock.now().unsigned_abs()),
        wait: ctx.wait,
        dry_run: args.dry_run,
    };
    let done = replay_now(&ctx.home, &config, &ctx.clock, opts, &mut || {
        open_mind(&config)
    })?;
    let plan = &done.plan;
    let Some(record) = done.record else {
        if ctx.printer.is_json() {
            let drawn: Vec<_> = plan
                .drawn
                .iter()
                .map(|d| serde_json::json!({ "material": d.material, "prompt": d.prompt }))
                .collect();
            return ctx.printer.json(&serde_json::json!({
                "seed": plan.seed,
                "replayable": plan.replayable,
                "unreplayable": plan.unreplayable,
                "drawn": drawn,
                "skips": plan.skips,
            }));
        }
        ctx.printer.note(format!(
            "dry run: {} replayable, {} without ground truth to score by; seed {}; nothing was asked or written",
            plan.replayable, plan.unreplayable, plan.seed
        ));
        for d in &plan.drawn {
            let m = &d.material;
            let what = if m.ground.is_fix() {
                format!("failed `{}`, fixed by `{}`", m.failed, m.fix)
            } else {
                format!("a prediction; the world confirmed `{}`", m.fix)
            };
            ctx.printer.line(format!(
                "=== episode of tick {} in {}: {what} ===",
                m.tick, m.situation
            ))?;
            ctx.printer.line(&d.prompt.volatile)?;
        }
        for s in &plan.skips {
            ctx.printer
                .note(format!("tick {}: skipped ({})", s.episode, s.why));
        }
        return Ok(());
    };
    if ctx.printer.is_json() {
        return ctx.printer.json(&record);
    }
    for item in &record.items {
        ctx.printer.line(format!(
            "tick {} {}: {} (answered `{}`; {} `{}`)",
            item.episode,
            item.situation,
            item.verdict.as_str(),
            item.acted.as_deref().unwrap_or("no action"),
            if item.ground.is_fix() { "fix" } else { "held" },
            item.fix
        ))?;
    }
    ctx.printer
        .line(format!("replay (seed {}): {}", record.seed, record.line()))
}
