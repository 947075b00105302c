//! `wis memory add`: the operator tells the creature something.

use crate::base::exit::Result;
use crate::memory::{Kind, NewEngram, Provenance};

use super::Ctx;

/// Remember a text as told by the operator (provenance `told`, source `operator`).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// What kind of engram it is.
    #[arg(long, value_enum, default_value_t = Kind::Fact)]
    pub kind: Kind,
    /// A further source reference to record (repeatable), e.g. `--source runbook:pump`.
    #[arg(long = "source", value_name = "REF")]
    pub sources: Vec<String>,
    /// The text to remember (quote it).
    pub text: String,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let memory = super::memory(ctx)?;
    let store = ctx.open("memory add")?;
    let mut new = NewEngram::new(args.kind, args.text, Provenance::Told).source("operator");
    for s in args.sources {
        new = new.source(s);
    }
    let mut tx = store.write()?;
    let id = memory.remember(&mut tx, new, ctx.clock.now())?;
    tx.commit()?;
    let engram = crate::memory::get(&store.read()?, id)?;
    drop(store);
    if ctx.printer.is_json() {
        return ctx.printer.json(&engram);
    }
    ctx.printer
        .line(format!("remembered {id} ({}, told)", args.kind))
}
