//! `wis report`: the growth report, one self-contained HTML page, on stdout or written
//! atomically to a file.

use std::path::PathBuf;

use crate::base::exit::Result;
use crate::base::home::write_page;
use crate::turn::cast::Cast;
use crate::turn::growth::cast::CastReport;
use crate::turn::growth::{Growth, Options};

use super::Ctx;

/// Arguments of `wis report`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Write the page to FILE (replaced atomically: readers see the old page or the new,
    /// never half; not synced, so publishing it from cron costs the disk nothing) instead of
    /// stdout.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,

    /// Report on the cast in DIR (`cast.toml`, `cast.redb`) instead of one creature: its
    /// members, each linking to ID.html beside the page (write each with
    /// `wis --home HOME report --out ID.html`), the initiative order and the turn timeline.
    #[arg(long, value_name = "DIR")]
    pub cast: Option<PathBuf>,

    /// Show history from this tick on only: the life's figures over the turns since it, curve
    /// points, replays, sleeps and demotions from then [default: the life's figures over the
    /// last 300 turns, as `wis status`, and the rest as far as the store keeps it].
    #[arg(long, value_name = "TICK", conflicts_with = "cast")]
    pub since: Option<u64>,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let page = match &args.cast {
        Some(dir) => CastReport::gather(&Cast::new(dir), ctx.wait, &ctx.clock)?.render(),
        None => creature_page(ctx, &args)?,
    };
    match &args.out {
        Some(path) => {
            write_page(path, page.as_bytes())?;
            if ctx.printer.is_json() {
                return ctx.printer.json(&serde_json::json!({
                    "out": path,
                    "bytes": page.len(),
                }));
            }
            ctx.printer
                .note(format!("wrote {} ({} bytes)", path.display(), page.len()));
            Ok(())
        }
        None => ctx.printer.bytes(page.as_bytes()),
    }
}

fn creature_page(ctx: &Ctx, args: &Args) -> Result<String> {
    // The page still renders when the configuration is broken; the mind line says why.
    let (mind, reflexes_enabled) = match ctx.config() {
        Ok(config) => (
            crate::mind::open::describe_mind(&config),
            config.wisdom.reflexes_enabled,
        ),
        Err(e) => (format!("unknown: {}", e.message), false),
    };
    let opts = Options {
        since: args.since,
        mind,
        reflexes_enabled,
    };
    let store = ctx.open_read("report")?;
    let growth = Growth::gather(&store.read()?, ctx.clock.now(), &opts)?;
    drop(store);
    Ok(growth.render())
}
