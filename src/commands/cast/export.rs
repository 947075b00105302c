//! `wis cast export`: the cast's store as a CultCache v1 snapshot.

use std::path::PathBuf;

use crate::base::cultcache;
use crate::base::exit::Result;
use crate::base::home::write_atomic_public;
use crate::commands::Ctx;
use crate::turn::cast::{Cast, registry};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Where to write the snapshot (replaced atomically); `-` writes it to stdout.
    #[arg(long, value_name = "FILE.cc")]
    pub out: PathBuf,
}

pub fn run(ctx: &Ctx, cast: &Cast, args: Args) -> Result<()> {
    let store = cast.open_read(ctx.wait, "cast export", &ctx.clock)?;
    let bytes = cultcache::export(&store.read()?, registry(), ctx.clock.now())?;
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
        }));
    }
    ctx.printer.line(format!(
        "exported {records} records ({} bytes) to {}",
        bytes.len(),
        args.out.display()
    ))
}
