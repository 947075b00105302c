//! `wis legacy import`: heirloom volumes and a letter into a newborn. Everything is read and
//! checked, then planned whole (the merge included), then written in one transaction:
//! nothing is half imported. `--dry-run` prints the plan and writes nothing.

use std::path::PathBuf;

use serde::Serialize;

use crate::base::exit::Result;
use crate::base::output::{one_line, render_table};
use crate::turn::between::between;
use crate::wisdom::lineage::import::{Imported, Plan, apply, check_newborn, plan};
use crate::wisdom::lineage::{letter, read};

use super::Ctx;

/// Items the text plan lists; JSON lists every one.
const SHOWN: usize = 100;

/// Arguments of `wis legacy import`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Heirloom volumes (`.jsonl`), one or many; several merge into one inheritance.
    #[arg(value_name = "VOLUME", required = true)]
    pub volumes: Vec<PathBuf>,
    /// The operator's letter: a TOML file of nuggets, imported as told memories.
    #[arg(long, value_name = "FILE")]
    pub letter: Option<PathBuf>,
    /// Import into a creature that has lived (ticks > 0); refused (64) without it.
    #[arg(long)]
    pub into_living: bool,
    /// Print the merge plan and write nothing.
    #[arg(long)]
    pub dry_run: bool,
}

#[derive(Serialize)]
struct Report<'a> {
    dry_run: bool,
    plan: &'a Plan,
    imported: Option<Imported>,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let mut config = ctx.config()?;
    if args.dry_run {
        config.embed.qdrant_url = None;
    }
    let volumes = args
        .volumes
        .iter()
        .map(|p| read::read_path(p))
        .collect::<Result<Vec<_>>>()?;
    let letter = args.letter.as_deref().map(letter::read).transpose()?;
    let store = ctx.open("legacy import")?;
    let mut tx = store.write()?;
    let now = ctx.clock.now();
    let b = between(&mut tx, &config, now, "an import comes between turns")?;
    check_newborn(&b.persona, args.into_living)?;
    let memory = b.ctx.memory()?;
    let plan = plan(&tx, volumes, letter.as_ref(), memory)?;
    let imported = if args.dry_run {
        None
    } else {
        let done = apply(&mut tx, &plan, memory, b.ctx.tick, now)?;
        b.report(&mut tx)?;
        tx.commit()?;
        Some(done)
    };
    drop(store);
    if ctx.printer.is_json() {
        return ctx.printer.json(&Report {
            dry_run: args.dry_run,
            plan: &plan,
            imported,
        });
    }
    print_plan(ctx, &plan)?;
    match imported {
        None => ctx.printer.line("dry run: nothing written"),
        Some(done) => ctx.printer.line(format!(
            "imported {} volume(s): {} memories inherited, {} told, {} reflexes inherited{}",
            done.volumes.len(),
            done.engrams,
            done.told,
            done.reflexes.len(),
            if done.registry_full > 0 {
                format!(
                    " ({} left out: the reflex registry is full)",
                    done.registry_full
                )
            } else {
                String::new()
            }
        )),
    }
}

fn print_plan(ctx: &Ctx, plan: &Plan) -> Result<()> {
    let volumes = plan
        .volumes
        .iter()
        .map(|v| {
            vec![
                v.volume.clone(),
                v.creature.clone(),
                v.generation.to_string(),
                v.records.to_string(),
                if v.imported_before {
                    "imported before"
                } else {
                    "new"
                }
                .to_string(),
            ]
        })
        .collect();
    let mut out = render_table(&["volume", "creature", "gen", "records", "status"], volumes);
    out.push('\n');
    let items: Vec<Vec<String>> = plan
        .items
        .iter()
        .take(SHOWN)
        .map(|i| {
            let mut flags = Vec::new();
            if i.known {
                flags.push("known".to_string());
            }
            if i.replay_validated {
                flags.push("replay-validated".to_string());
            }
            if !i.contradicts.is_empty() {
                flags.push(format!("contradicts {}", i.contradicts.join(" ")));
            }
            vec![
                i.id.clone(),
                i.kind.to_string(),
                one_line(&i.text, 48),
                format!("{}/{}", i.records, i.ancestors.len()),
                format!(
                    "{}+ {}-",
                    i.evidence.successes + i.evidence.taught,
                    i.evidence.failures
                ),
                format!("{:.2}", i.strength),
                flags.join(", "),
            ]
        })
        .collect();
    if !plan.items.is_empty() {
        out.push_str(&render_table(
            &[
                "id",
                "kind",
                "text",
                "merged/from",
                "evidence",
                "strength",
                "flags",
            ],
            items,
        ));
        out.push('\n');
    }
    if plan.items.len() > SHOWN {
        out.push_str(&format!(
            "... and {} more items (--output-format json lists them all)\n",
            plan.items.len() - SHOWN
        ));
    }
    ctx.printer.line(out.trim_end())?;
    ctx.printer.line(format!(
        "{} records -> {} items ({} near-duplicates merged, {} contradictions flagged, {} \
         comparisons); {} letter nuggets; {} to write",
        plan.input,
        plan.items.len(),
        plan.duplicates,
        plan.contradictions,
        plan.comparisons,
        plan.nuggets.len(),
        plan.new_items()
    ))
}
