//! `wis init`: birth a creature in a home, born wise unless `--dark`.

use crate::base::exit::Result;
use crate::turn::birth::{BirthOptions, Born, birth};

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
    /// Birth without wisdom: the wis.toml written has every [wisdom] flag commented out
    /// (off), as the compiled defaults are. Without it, the newborn's wis.toml turns the
    /// wisdom loop on, each flag explained, and leaves arming reflexes to you.
    #[arg(long)]
    pub dark: bool,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let opts = BirthOptions {
        seed: args.seed,
        name: args.name,
        force: args.force,
        dark: args.dark,
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
    ctx.printer.note(match born.wisdom {
        Born::Wise => {
            "born wise: its wis.toml turns the wisdom loop on (`wis config show` says where each \
             value came from); reflexes it earns wait for `wis reflex arm`"
        }
        Born::Dark => "born dark: every [wisdom] flag is off in its wis.toml",
        Born::Kept => "kept the wis.toml already here: its [wisdom] flags stand",
    });
    ctx.printer
        .note("next: `wis status`, then `wis tick` from cron or scripts/live.sh");
    Ok(())
}
