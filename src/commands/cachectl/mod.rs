//! `wis cachectl`: the creature's store as a CultCache file, and any CultCache file as JSON.

mod export;
pub(super) mod import;
mod project;
mod verify;

use crate::base::exit::Result;

use super::Ctx;

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Print a CultCache file as JSON: one object per record (vectors left out).
    ///
    /// Any CultCache file, either shape: one JSON object per line with the record's key,
    /// type (schema name), schemaId, storedAt and payload. Map keys are sorted so that
    /// projections diff well; a payload that is not MessagePack is shown in base64 and
    /// marked; vectors (16 or more numbers, some fractional) are replaced by their length
    /// and listed under "stripped" unless --keep-vectors. Dates and float32 numbers are
    /// written as the reference library reads them (docs/cultcache.md).
    Project(project::Args),
    /// Write the creature's store as a CultCache v1 snapshot.
    ///
    /// Every document, with a catalog entry (schema id, name, version, members) for every
    /// wis document type, so other tools can read the file without wis. Keys: `__global__`
    /// for a singleton (where the reference library's own singleton API looks), a keyed
    /// document's own key, a ring entry's sequence number in 20 digits. storedAt is the time
    /// of the export.
    Export(export::Args),
    /// Read a CultCache file into the creature's store: every record or none.
    ///
    /// Either shape, in one transaction. Only wis document types are accepted: a record of
    /// another schema, one whose schemaId the catalog cannot resolve, one whose key does not
    /// fit its type, or one whose payload does not decode as its type rejects the whole
    /// file, naming the record, and nothing is written. Documents with the same type and
    /// key are replaced; others are kept.
    Import(import::Args),
    /// Check a CultCache file: structure, catalog, payloads (exit 65 when it fails).
    ///
    /// Without importing anything: the file's structure, that every record's schemaId
    /// resolves through the catalog, and that every payload decodes (as MessagePack, and as
    /// its type when it is a wis type). Prints records and payload bytes per type. A key or
    /// string that is not valid UTF-8 fails it, as it fails an import.
    Verify(verify::Args),
}

pub fn run(ctx: &Ctx, cmd: Command) -> Result<()> {
    match cmd {
        Command::Project(args) => project::run(ctx, args),
        Command::Export(args) => export::run(ctx, args),
        Command::Import(args) => import::run(ctx, args),
        Command::Verify(args) => verify::run(ctx, args),
    }
}
