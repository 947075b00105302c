//! `wis cachectl export`: the creature's store as a CultCache v1 snapshot.

use crate::turn::documents::registry;
use std::path::PathBuf;

use crate::base::cultcache;
use crate::base::exit::Result;
use crate::base::home::write_atomic_public;

use super::Ctx;

/// The arguments of `wis cachectl export`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Where to write the snapshot (replaced atomically); `-` writes it to stdout.
    #[arg(long, value_name = "FILE.cc")]
    pub out: PathBuf,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let store = ctx.open_read("cachectl export")?;
    let rx = store.read()?;
    let bytes = cultcache::export(&rx, registry(), ctx.clock.now())?;
    drop(rx);
    drop(store);
    if args.out.as_os_str() == "-" {
        return ctx.printer.bytes(&bytes);
    }
    write_atomic_public(&args.out, &bytes)?;
    let records = cultcache::CultFile::open(&bytes)?.len;
    if ctx.printer.is_json() {
        return ctx.printer.json(&serde_json::json!({
            "file": args.out,
            "records": records,
            "bytes": bytes.len(),
            "types": cultcache::wis_catalog(registry()).len(),
        }));
    }
    ctx.printer.line(format!(
        "exported {records} records ({} bytes) to {}",
        bytes.len(),
        args.out.display()
    ))
}
