//! `wis tick`: one heartbeat of the creature's life.

use crate::base::exit::Result;
use crate::mind::open::open_own_mind;
use crate::turn::tick::{TickOptions, TickOutcome, one_line, tick};

use super::Ctx;

/// Arguments of `wis tick`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Print the prompt and the action schema this tick would send; call nothing, write nothing.
    #[arg(long)]
    pub dry_run: bool,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let config = ctx.config()?;
    let opts = TickOptions {
        wait: ctx.wait,
        dry_run: args.dry_run,
        ..Default::default()
    };
    let cache = ctx.home.cache_dir();
    let outcome = tick(&ctx.home, &config, &ctx.clock, &opts, &mut || {
        open_own_mind(&config, &cache)
    })?;
    if ctx.printer.is_json() {
        return ctx.printer.json_line(&outcome);
    }
    match outcome {
        TickOutcome::Paused { name } => ctx
            .printer
            .line(format!("{name} is paused; nothing happened")),
        TickOutcome::Resting { name, until } => ctx.printer.line(format!(
            "{name} is resting until {} ([heartbeat] recovery_secs); nothing happened",
            crate::base::clock::rfc3339(until)
        )),
        TickOutcome::DryRun {
            tick,
            turn,
            why,
            prompt,
            schema,
        } => {
            ctx.printer.note(format!(
                "tick {tick} would be a {} turn ({why}); nothing was sent or written",
                turn.as_str()
            ));
            print_prompt(ctx, &prompt, &schema)
        }
        TickOutcome::Turn(report) => {
            if let Some(t) = report.recovered {
                ctx.printer
                    .note(format!("recovered turn {t}, which was interrupted"));
            }
            ctx.printer.line(one_line(&report))?;
            for event in &report.events {
                ctx.printer.note(format!("  {event}"));
            }
            Ok(())
        }
    }
}

/// Prints a dry run's prompt, both parts, and its schema.
pub fn print_prompt(
    ctx: &Ctx,
    prompt: &crate::mind::Prompt,
    schema: &serde_json::Value,
) -> Result<()> {
    ctx.printer.line("=== prompt: stable prefix ===")?;
    ctx.printer.line(&prompt.stable)?;
    ctx.printer.line("=== prompt: volatile tail ===")?;
    ctx.printer.line(&prompt.volatile)?;
    ctx.printer.line("=== schema ===")?;
    ctx.printer
        .line(serde_json::to_string_pretty(schema).unwrap_or_default())
}
