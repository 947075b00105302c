//! `wis cachectl project`: the JSON working projection of a CultCache file.

use std::path::PathBuf;

use crate::base::cultcache::{self, CultFile, outdir, project};
use crate::base::exit::Result;

use super::Ctx;

/// The arguments of `wis cachectl project`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The CultCache file.
    pub file: PathBuf,
    /// Write one JSON file per record under DIR (DIR/<type>/<key>.json and DIR/index.json)
    /// instead of JSON Lines on stdout; `-` is stdout.
    #[arg(long, value_name = "DIR|-")]
    pub out: Option<PathBuf>,
    /// Keep vectors (long arrays of fractional numbers) instead of leaving them out.
    #[arg(long)]
    pub keep_vectors: bool,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let bytes = cultcache::read_input(&args.file)?;
    match args.out.filter(|dir| dir.as_os_str() != "-") {
        Some(dir) => {
            let index = outdir::project_to_dir(&bytes, &dir, args.keep_vectors)?;
            if ctx.printer.is_json() {
                return ctx.printer.json(&serde_json::json!({
                    "out": dir,
                    "format": index.format,
                    "records": index.records,
                }));
            }
            ctx.printer.note(format!(
                "projected {} records ({}) into {}",
                index.records,
                index.format,
                dir.display()
            ));
            Ok(())
        }
        None => {
            let mut file = CultFile::open(&bytes)?;
            project::for_each(&mut file, args.keep_vectors, |p| ctx.printer.json_line(p))?;
            Ok(())
        }
    }
}
