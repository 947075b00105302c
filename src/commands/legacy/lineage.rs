//! `wis legacy lineage`: the generational metrics, per generation, of the creature and every
//! ancestor its lineage knows of (the keeper's done rate, ticks to the first confirmed
//! commission and to level 2, to U2 and the first quest, the arm's score at a fixed age and its
//! latest); as a table, JSON, and with `--svg` a plot.

use std::path::PathBuf;

use crate::base::exit::Result;
use crate::base::home::write_atomic_public;
use crate::base::store::Read;
use crate::creature::Persona;
use crate::wisdom::lineage::generations::{DEFAULT_AGE, figures, generations, headers, plot};
use crate::wisdom::lineage::life::{known_ancestry, own_mark};

use super::Ctx;

/// Arguments of `wis legacy lineage`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The curve arm whose score is shown.
    #[arg(long, value_name = "ARM", default_value = crate::wisdom::lineage::generations::DEFAULT_ARM)]
    pub arm: String,
    /// The age (ticks) at which the generations' scores are compared: each creature's curve
    /// point nearest it.
    #[arg(long, value_name = "TICKS", default_value_t = DEFAULT_AGE)]
    pub age: u64,
    /// Also write the plot (score against age, one line per generation) to this SVG file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let store = ctx.open_read("legacy lineage")?;
    let rx = store.read()?;
    let now = ctx.clock.now();
    let persona: Persona = rx.singleton()?;
    let mut marks = known_ancestry(&rx)?;
    marks.push(own_mark(&rx, &persona, now)?);
    drop(rx);
    drop(store);
    let gens = generations(&marks, &args.arm, args.age);
    if let Some(path) = &args.svg {
        write_atomic_public(path, plot(&gens, &args.arm).as_bytes())?;
        ctx.printer.note(format!("wrote {}", path.display()));
    }
    if ctx.printer.is_json() {
        return ctx.printer.json(&gens);
    }
    let rows = gens
        .iter()
        .map(|g| {
            [g.generation.to_string(), g.creatures.len().to_string()]
                .into_iter()
                .chain(figures(g))
                .collect()
        })
        .collect();
    let headers = headers(&args.arm, args.age);
    let headers: Vec<&str> = headers.iter().map(String::as_str).collect();
    ctx.printer.table(&headers, rows)
}
