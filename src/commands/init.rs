//! `wis init`: birth a creature in a home.

use crate::base::exit::Result;
use crate::turn::birth::{BirthOptions, birth};

use super::Ctx;

/// Arguments of `wis init`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Genome seed; the same seed gives the same creature. Random (and recorded) when absent.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Name the creature instead of drawing a name.
    #[arg(long)]
    pub name: Option<String>,
    /// Birth anew over an existing creature, archiving its store and workspace under
    /// archive/ first (wis.toml is kept).
    #[arg(long)]
    pub force: bool,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let opts = BirthOptions {
        seed: args.seed,
        name: args.name,
        force: args.force,
        wait: ctx.wait,
    };
    let born = birth(&ctx.home, &opts, &ctx.clock)?;
    if ctx.printer.is_json() {
        return ctx.printer.json(&born);
    }
    if let Some(dir) = &born.archived {
        ctx.printer.note(format!(
            "archived the previous creature to {}",
            dir.display()
        ));
    }
    let seed_note = if born.seed_given {
        ""
    } else {
        " (drawn at random)"
    };
    ctx.printer.line(format!(
        "{} the {} was born in {} (seed {}{seed_note})",
        born.name,
        born.morph,
        born.home.display(),
        born.seed
    ))?;
    ctx.printer
        .note("next: `wis status`, then `wis tick` from cron or scripts/live.sh");
    Ok(())
}
