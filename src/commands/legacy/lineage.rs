//! `wis legacy lineage`: the generational metrics, per generation, of the creature and every
//! ancestor its lineage knows of; as a table, JSON, and with `--svg` a plot.

use std::path::PathBuf;

use crate::base::exit::Result;
use crate::base::home::write_atomic_public;
use crate::base::store::Read;
use crate::creature::Persona;
use crate::wisdom::lineage::generations::{generations, plot};
use crate::wisdom::lineage::life::{known_ancestry, own_mark};

use super::Ctx;

/// Arguments of `wis legacy lineage`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The curve arm whose score is shown.
    #[arg(long, value_name = "ARM", default_value = crate::wisdom::lineage::generations::DEFAULT_ARM)]
    pub arm: String,
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
    let gens = generations(&marks, &args.arm);
    if let Some(path) = &args.svg {
        write_atomic_public(path, plot(&gens, &args.arm).as_bytes())?;
        ctx.printer.note(format!("wrote {}", path.display()));
    }
    if ctx.printer.is_json() {
        return ctx.printer.json(&gens);
    }
    let dash = || "-".to_string();
    let rows = gens
        .iter()
        .map(|g| {
            vec![
                g.generation.to_string(),
                g.creatures.len().to_string(),
                g.ticks_to_u2.map_or_else(dash, |t| t.to_string()),
                g.ticks_to_first_quest.map_or_else(dash, |t| t.to_string()),
                g.ticks_to_first_confirmed_commission
                    .map_or_else(dash, |t| t.to_string()),
                match (g.score, g.score_age) {
                    (Some(s), Some(age)) => format!("{s:.3} at {age}"),
                    _ => dash(),
                },
            ]
        })
        .collect();
    let score = format!("{} score", args.arm);
    ctx.printer.table(
        &[
            "generation",
            "creatures",
            "ticks to U2",
            "ticks to first quest",
            "ticks to first commission",
            &score,
        ],
        rows,
    )
}
