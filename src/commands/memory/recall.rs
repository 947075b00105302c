//! `wis memory recall`: what the "Before you act" block would show now, and what recall found
//! behind it.

use crate::base::exit::Result;
use crate::creature::notebooks;
use crate::wisdom::episodes::situation_key;
use crate::wisdom::recall::{self, Silence, View};

use super::Ctx;

/// Show the block the next work turn would get (verified fixes, dead ends and guardrails for
/// its situation), reading the ledger as the tick would. Writes nothing; works with
/// `[wisdom] recall_enabled` off too, and says so.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The step to look up, instead of the plan's current step.
    #[arg(long, value_name = "TEXT")]
    pub step: Option<String>,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let config = ctx.config()?;
    let store = ctx.open_read("memory recall")?;
    let rx = store.read()?;
    let step = match args.step {
        Some(step) => Some(step),
        None => notebooks::current_step(&rx)?,
    };
    let memory = crate::memory::Memory::from_config(&config.embed)?;
    let view = recall::view(&rx, &config, &memory, &situation_key(None, step.as_deref()))?;
    drop(rx);
    drop(store);
    if ctx.printer.is_json() {
        return ctx.printer.json(&view);
    }
    print(ctx, &view)
}

fn print(ctx: &Ctx, v: &View) -> Result<()> {
    if !v.enabled {
        ctx.printer.note(
            "recall is off ([wisdom] recall_enabled = false): a tick shows no block; this is \
             what it would show",
        );
    }
    ctx.printer.pairs(vec![
        ("situation".into(), v.lookup.situation.clone()),
        ("gate".into(), format!("similarity >= {:.2}", v.min_sim)),
        (
            "budget".into(),
            format!("{} chars ({} left to prose recall)", v.budget, v.prose_left),
        ),
    ])?;
    match (&v.block, v.silence) {
        (Some(block), _) => {
            ctx.printer.line(format!("\n{}\n", block.text))?;
        }
        (None, Some(why)) => ctx
            .printer
            .line(format!("\nno block: {}\n", silence(why)))?,
        (None, None) => {}
    }
    if !v.lookup.cases.is_empty() {
        cases(ctx, v)?;
    }
    if !v.lookup.dead_ends.is_empty() {
        let rows = v
            .lookup
            .dead_ends
            .iter()
            .map(|d| {
                vec![
                    format!("{:.2}", d.sim),
                    d.situation.clone(),
                    d.signature.clone(),
                    d.failures_in_row.to_string(),
                ]
            })
            .collect();
        ctx.printer
            .table(&["sim", "situation", "dead end", "failed in a row"], rows)?;
    }
    if !v.lookup.guardrails.is_empty() {
        let rows = v
            .lookup
            .guardrails
            .iter()
            .map(|h| {
                vec![
                    h.id.to_string(),
                    format!("{:.2}", h.sim),
                    h.engram.provenance.to_string(),
                    super::one_line(&h.engram.body, 70),
                ]
            })
            .collect();
        ctx.printer
            .table(&["id", "sim", "from", "guardrail"], rows)?;
    }
    if !v.lookup.offers.is_empty() {
        let rows = v
            .lookup
            .offers
            .iter()
            .map(|o| {
                vec![
                    o.tool(),
                    format!("{:.2}", o.sim),
                    format!("{} of {}", o.successes, o.runs),
                    super::one_line(&o.about, 60),
                ]
            })
            .collect();
        ctx.printer
            .table(&["skill", "sim", "runs ok", "offer"], rows)?;
    }
    Ok(())
}

fn cases(ctx: &Ctx, v: &View) -> Result<()> {
    let rows = v
        .lookup
        .cases
        .iter()
        .map(|c| {
            let t = &c.track;
            vec![
                format!("{:.2}", c.sim),
                c.situation.clone(),
                t.signature.clone(),
                format!("+{} -{}", t.successes, t.failures),
                if t.is_fix() {
                    format!("after {} failures", t.fixed_after)
                } else {
                    "-".into()
                },
            ]
        })
        .collect();
    ctx.printer
        .table(&["sim", "situation", "case", "record", "fix"], rows)
}

fn silence(why: Silence) -> String {
    match why {
        Silence::NothingFound => "nothing recalled for this situation".into(),
        Silence::BelowThreshold { best } => {
            format!("the best item is below the gate (similarity {best:.2})")
        }
        Silence::OverBudget => "no item fits the budget".into(),
    }
}
