//! `wis legacy export`: the creature's validated corpus as a heirloom volume, written
//! atomically (temp + rename), once a day unless `--force`.

use std::path::PathBuf;

use serde::Serialize;

use crate::base::exit::{Error, Result};
use crate::base::home::write_atomic_public;
use crate::turn::between::between;
use crate::wisdom::lineage::export::{Level, collect, render};
use crate::wisdom::lineage::format::ItemKind;

use super::Ctx;

/// Arguments of `wis legacy export`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The folder to write the volume in [default: `heirlooms/` in the creature's home].
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Replace a volume exported earlier the same day.
    #[arg(long)]
    pub force: bool,
    /// How validated an item must be to be passed on: `settled` (positive utility from its own
    /// settlements, every scar, earned reflexes) or `replay` (only what replay showed teaching,
    /// and earned reflexes).
    #[arg(long, value_enum, default_value_t = Level::Settled, value_name = "LEVEL")]
    pub validated: Level,
}

#[derive(Serialize)]
struct Exported {
    path: PathBuf,
    volume: String,
    generation: u32,
    records: u64,
    by_kind: Vec<(ItemKind, usize)>,
    replaced: bool,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let config = ctx.config()?;
    let store = ctx.open("legacy export")?;
    let mut tx = store.write()?;
    let now = ctx.clock.now();
    let b = between(&mut tx, &config, now, "an export comes between turns")?;
    let (header, records) = collect(&tx, &b.persona, &b.genome, now, args.validated)?;
    b.report(&mut tx)?;
    tx.commit()?;
    drop(store);
    let dir = args.out.unwrap_or_else(|| ctx.home.heirlooms());
    std::fs::create_dir_all(&dir).map_err(|e| Error::io_at(&dir, e))?;
    let path = dir.join(format!("{}.jsonl", header.volume));
    let replaced = path.exists();
    if replaced && !args.force {
        return Err(Error::usage(format!(
            "{} was exported today already: {}",
            header.volume,
            path.display()
        ))
        .hint("add --force to replace it with today's corpus"));
    }
    write_atomic_public(&path, render(&header, &records).as_bytes())?;
    let by_kind: Vec<(ItemKind, usize)> = ItemKind::ALL
        .iter()
        .map(|k| (*k, records.iter().filter(|r| r.kind == *k).count()))
        .collect();
    let done = Exported {
        path,
        volume: header.volume,
        generation: header.generation,
        records: header.records,
        by_kind,
        replaced,
    };
    if ctx.printer.is_json() {
        return ctx.printer.json(&done);
    }
    let kinds: Vec<String> = done
        .by_kind
        .iter()
        .map(|(k, n)| format!("{n} {k}"))
        .collect();
    ctx.printer.line(format!(
        "{} {} (generation {}): {} items ({})",
        if done.replaced { "replaced" } else { "wrote" },
        done.path.display(),
        done.generation,
        done.records,
        kinds.join(", ")
    ))
}
