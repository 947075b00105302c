//! `wis cachectl import`: a CultCache file into the creature's store, every record or none.

use crate::turn::documents::registry;
use std::path::PathBuf;

use crate::base::cultcache;
use crate::base::exit::Result;

use super::Ctx;

/// The arguments of `wis cachectl import`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The CultCache file.
    pub file: PathBuf,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let bytes = cultcache::read_input(&args.file)?;
    let store = ctx.open("cachectl import")?;
    let mut tx = store.write()?;
    let imported = cultcache::import(&mut tx, registry(), &bytes)?;
    tx.commit()?;
    if ctx.printer.is_json() {
        return ctx.printer.json(&imported);
    }
    let rows = imported
        .by_type
        .iter()
        .map(|(schema, n)| vec![schema.to_string(), n.to_string()])
        .collect();
    ctx.printer.table(&["type", "records"], rows)?;
    ctx.printer.note(format!(
        "imported {} records from {}",
        imported.records,
        args.file.display()
    ));
    Ok(())
}
