//! `wis commission confirm`, `reject` and `drop`: the keeper's word on a commission.

use crate::base::exit::Result;
use crate::turn::keeper::{self, Shown};

use super::list::parse_id;
use super::{Ctx, row};

/// Confirm or take back a commission.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The commission's number (`3` or `#3`).
    #[arg(value_name = "ID", value_parser = parse_id)]
    pub id: u64,
}

/// Say a commission is not done. It goes back to the creature as its next step, with your
/// words shown beside it.
#[derive(Debug, clap::Args)]
pub struct RejectArgs {
    /// The commission's number (`3` or `#3`).
    #[arg(value_name = "ID", value_parser = parse_id)]
    pub id: u64,
    /// Why it is not done, in words the creature reads.
    #[arg(value_name = "WHY")]
    pub why: String,
}

pub fn confirm(ctx: &Ctx, args: Args) -> Result<()> {
    let store = ctx.open("commission confirm")?;
    let mut tx = store.write()?;
    let (c, xp) = keeper::confirm(&mut tx, args.id, ctx.clock.now())?;
    tx.commit()?;
    std::mem::drop(store);
    if ctx.printer.is_json() {
        return ctx.printer.json(&Shown {
            id: args.id,
            commission: c,
        });
    }
    ctx.printer.line(format!(
        "commission #{} confirmed (+{xp} XP): {}",
        args.id, c.text
    ))
}

pub fn reject(ctx: &Ctx, args: RejectArgs) -> Result<()> {
    let config = ctx.config()?;
    // With errands on, the keeper's words become a correction the creature remembers.
    let memory = if config.wisdom.errands_enabled {
        Some(crate::memory::Memory::from_config(&config.embed)?)
    } else {
        None
    };
    let store = ctx.open("commission reject")?;
    let mut tx = store.write()?;
    let c = keeper::reject(&mut tx, args.id, &args.why, ctx.clock.now())?;
    if let Some(memory) = &memory {
        crate::wisdom::errands::remember_correction(
            &mut tx,
            memory,
            args.id,
            &c.text,
            c.kind.as_deref(),
            c.rejections
                .last()
                .map_or(args.why.as_str(), String::as_str),
            ctx.clock.now(),
        )?;
    }
    tx.commit()?;
    std::mem::drop(store);
    if ctx.printer.is_json() {
        return ctx.printer.json(&Shown {
            id: args.id,
            commission: c,
        });
    }
    ctx.printer.line(format!(
        "commission #{} goes back to the creature with your words",
        args.id
    ))?;
    ctx.printer.table(
        &["id", "status", "ticks", "check", "commission"],
        vec![row(args.id, &c)],
    )
}

pub fn drop(ctx: &Ctx, args: Args) -> Result<()> {
    let store = ctx.open("commission drop")?;
    let mut tx = store.write()?;
    let c = keeper::drop(&mut tx, args.id, ctx.clock.now())?;
    tx.commit()?;
    std::mem::drop(store);
    if ctx.printer.is_json() {
        return ctx.printer.json(&Shown {
            id: args.id,
            commission: c,
        });
    }
    ctx.printer
        .line(format!("commission #{} dropped: {}", args.id, c.text))
}
