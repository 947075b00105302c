//! `wis tick`: one heartbeat of the creature's life.

use crate::base::exit::Result;
use crate::creature::FailKind;
use crate::creature::heartbeat::Turn;
use crate::mind::open::open_mind_keeping_state;
use crate::turn::tick::{TickOptions, TickOutcome, TurnReport, tick};

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
    };
    let cache = ctx.home.cache_dir();
    let outcome = tick(&ctx.home, &config, &ctx.clock, &opts, &mut || {
        open_mind_keeping_state(&config, Some(&cache))
    })?;
    if ctx.printer.is_json() {
        return ctx.printer.json_line(&outcome);
    }
    match outcome {
        TickOutcome::Paused { name } => ctx
            .printer
            .line(format!("{name} is paused; nothing happened")),
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
            ctx.printer.line("=== prompt: stable prefix ===")?;
            ctx.printer.line(&prompt.stable)?;
            ctx.printer.line("=== prompt: volatile tail ===")?;
            ctx.printer.line(&prompt.volatile)?;
            ctx.printer.line("=== schema ===")?;
            ctx.printer
                .line(serde_json::to_string_pretty(&schema).unwrap_or_default())
        }
        TickOutcome::Turn(report) => {
            if let Some(t) = report.recovered {
                ctx.printer
                    .note(format!("recovered turn {t}, which was interrupted"));
            }
            ctx.printer.line(line(&report))?;
            for event in &report.events {
                ctx.printer.note(format!("  {event}"));
            }
            Ok(())
        }
    }
}

/// "tick 42 work: bash `ls` -> ok 0.3s"
pub fn line(r: &TurnReport) -> String {
    let what = r.action.clone().unwrap_or_else(|| r.summary.clone());
    let result = match r.fail_kind {
        None => String::new(),
        Some(FailKind::Ok) if r.turn == Turn::Rumination => String::new(),
        Some(kind) if r.turn == Turn::Rumination => format!(" -> {kind}"),
        Some(kind) => format!(" -> {kind} {:.1}s", r.duration_ms as f64 / 1000.0),
    };
    let turn = if r.turn == Turn::Rumination {
        format!("rumination ({})", r.why)
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
