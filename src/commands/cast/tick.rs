//! `wis cast tick`: one turn, of the one ready participant the initiative law picks.

use crate::base::clock::rfc3339;
use crate::base::exit::Result;
use crate::base::home::Home;
use crate::commands::Ctx;
use crate::mind::open::open_mind_keeping_state;
use crate::turn::cast::Cast;
use crate::turn::cast::tick::{CastOptions, CastOutcome, cast_tick};
use crate::turn::tick::TickOutcome;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Print who the law picks, why, and the prompt and schema its turn would send; call
    /// nothing, write nothing.
    #[arg(long)]
    pub dry_run: bool,
}

pub fn run(ctx: &Ctx, cast: &Cast, args: Args) -> Result<()> {
    let opts = CastOptions {
        wait: ctx.wait,
        dry_run: args.dry_run,
        config_flags: ctx.config_flags.clone(),
    };
    let outcome = cast_tick(cast, &ctx.clock, &opts, &mut |config, home: &Home| {
        open_mind_keeping_state(config, Some(&home.cache_dir()))
    })?;
    if ctx.printer.is_json() {
        return ctx.printer.json_line(&outcome);
    }
    match outcome {
        CastOutcome::Waiting { next, notes } => {
            for n in notes {
                ctx.printer.note(n);
            }
            match next {
                Some(n) => ctx.printer.line(format!(
                    "nobody is ready; next is {} at {}",
                    n.id,
                    rfc3339(n.at)
                )),
                None => ctx.printer.line("nobody is ready; every turn is in flight"),
            }
        }
        CastOutcome::DryRun {
            id,
            why,
            kind,
            outcome,
        } => {
            ctx.printer.note(format!(
                "{id} would take a {} turn ({why}); nothing was sent or written",
                kind.as_str()
            ));
            match *outcome {
                TickOutcome::DryRun { prompt, schema, .. } => {
                    crate::commands::tick::print_prompt(ctx, &prompt, &schema)
                }
                TickOutcome::Paused { name } => ctx.printer.line(format!("{name} is paused")),
                other => ctx
                    .printer
                    .line(serde_json::to_string(&other).unwrap_or_default()),
            }
        }
        CastOutcome::OrganDryRun { id, why, would, .. } => {
            ctx.printer.note(format!(
                "{id} would take a maintenance turn ({why}); nothing was read from the members \
                 or written"
            ));
            for line in would {
                ctx.printer.line(line)?;
            }
            Ok(())
        }
        CastOutcome::Turn {
            receipt,
            scene,
            report,
            notes,
        } => {
            for n in notes {
                ctx.printer.note(n);
            }
            ctx.printer.line(format!(
                "cast tick {} {} ({}, {}): {}",
                receipt.cast_tick,
                receipt.id,
                receipt.kind.as_str(),
                receipt.ending.as_str(),
                receipt.detail
            ))?;
            ctx.printer.note(format!(
                "  chosen: {}; rests until {}",
                receipt.why,
                rfc3339(receipt.cooldown_until)
            ));
            if let Some(line) = scene {
                ctx.printer.note(format!("  the scene: {line}"));
            }
            if let Some(said) = report.as_ref().and_then(|r| r.said.as_ref()) {
                ctx.printer.note(format!(
                    "  {} may answer first (a reaction window)",
                    said.to
                ));
            }
            Ok(())
        }
    }
}
