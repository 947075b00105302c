//! `wis cachectl import`: a CultCache file into the creature's store, every record or none.

use std::path::PathBuf;

use crate::cultcache;
use crate::exit::Result;

use super::Ctx;

/// Read a CultCache file (either shape) into the store in one transaction. Only registered
/// wis document types are accepted; a record of another schema, one whose schemaId the
/// catalog cannot resolve, or one whose payload does not decode as its type rejects the
/// whole file, naming the record, and nothing is written. Documents with the same type and
/// key are replaced.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The CultCache file.
    pub file: PathBuf,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let bytes = cultcache::read_input(&args.file)?;
    let store = ctx.open("cachectl import")?;
    let mut tx = store.write()?;
    let imported = cultcache::import(&mut tx, &bytes)?;
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
