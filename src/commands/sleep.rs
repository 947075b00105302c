//! `wis sleep`: run the sleep turn now, outside the heartbeat; `--dry-run` shows what it
//! would do; `wis sleep show [N]` prints a stored receipt.

use crate::base::clock::rfc3339;
use crate::base::exit::{Error, Result};
use crate::turn::sleep::{SleepReceipt, receipt, sleep_dry, sleep_now};

use super::Ctx;

/// Arguments of `wis sleep`.
#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Args {
    /// Print what each job would do, and write nothing.
    #[arg(long)]
    pub dry_run: bool,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Print a sleep's receipt: the last one, or sleep N's.
    Show(ShowArgs),
}

#[derive(Debug, clap::Args)]
pub struct ShowArgs {
    /// The sleep's number (1 for the first); the last sleep when left out.
    pub n: Option<u64>,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    if let Some(Command::Show(show)) = args.command {
        return run_show(ctx, show);
    }
    let config = ctx.config()?;
    let (name, receipt) = if args.dry_run {
        let store = ctx.open("sleep")?;
        sleep_dry(&store, &config, ctx.clock.now())?
    } else {
        sleep_now(&ctx.home, &config, &ctx.clock, ctx.wait)?
    };
    if ctx.printer.is_json() {
        return ctx.printer.json(&receipt);
    }
    if args.dry_run {
        ctx.printer
            .line(format!("{name} (dry run, nothing written):"))?;
        return print_jobs(ctx, &receipt);
    }
    ctx.printer.line(format!("{name}: {}", receipt.line()))
}

fn run_show(ctx: &Ctx, args: ShowArgs) -> Result<()> {
    let store = ctx.open_read("sleep show")?;
    let found = receipt(&store.read()?, args.n)?;
    drop(store);
    let receipt = found.ok_or_else(|| {
        let what = match args.n {
            Some(n) => format!("no receipt of sleep {n}"),
            None => "no sleep yet".to_string(),
        };
        Error::no_input(what).hint("`wis sleep` sleeps now; receipts of the last 1000 are kept")
    })?;
    if ctx.printer.is_json() {
        return ctx.printer.json(&receipt);
    }
    ctx.printer.line(format!(
        "sleep {} at tick {}, {}: pressure {:.0}/{:.0} reset",
        receipt.sleep,
        receipt.tick,
        rfc3339(receipt.at),
        receipt.pressure_before,
        receipt.threshold
    ))?;
    print_jobs(ctx, &receipt)?;
    if let Some(dream) = &receipt.dream {
        ctx.printer.line(format!("dream: {dream}"))?;
    }
    Ok(())
}

/// One row per job, with the memories it named.
fn print_jobs(ctx: &Ctx, receipt: &SleepReceipt) -> Result<()> {
    let rows = receipt
        .jobs
        .iter()
        .map(|j| vec![j.job.clone(), j.summary.clone(), j.memories.join(", ")])
        .collect();
    ctx.printer.table(&["job", "did", "memories"], rows)
}
