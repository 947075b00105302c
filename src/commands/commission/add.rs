//! `wis commission add`.

use crate::base::exit::Result;
use crate::turn::keeper::{self, Ask};
use crate::turn::steps::errand;

use super::Ctx;

/// Arguments of `wis commission add`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// What the creature should do, in plain words (at most 500 characters).
    #[arg(value_name = "TEXT")]
    pub text: String,
    /// How wis knows it is done, written exactly as one of: `file PATH exists`, `file PATH
    /// contains TEXT`, `command CMD` (exits 0 in the sandbox, run by wis), `reply contains
    /// TEXT` (the creature's reply to this commission, case ignored), or a stat condition such
    /// as `skills.live >= 1`. Without it, the commission waits for your confirmation.
    #[arg(long, value_name = "CRITERION")]
    pub check: Option<String>,
    /// Ticks it may take; past them it expires.
    #[arg(long, value_name = "N")]
    pub due_ticks: Option<u64>,
    /// The kind of errand (`value`, `write`, `count`…: lowercase letters, digits and dashes):
    /// `wis status` and the report give the done rate per kind, and what the creature learned
    /// doing one is recalled for the next of its kind.
    #[arg(long, value_name = "KIND")]
    pub kind: Option<String>,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let config = ctx.config()?;
    let mut ask = Ask {
        text: args.text,
        check: args.check,
        due_ticks: args.due_ticks,
        kind: args.kind,
        stages: Vec::new(),
    };
    let workspace = ctx.home.workspace();
    let check = match &ask.check {
        Some(text) => Some(keeper::read_check(text, &workspace, &config)?),
        None => None,
    };
    if config.wisdom.errands_enabled {
        ask.stages = errand::steps_for(&ask.text, check.as_ref(), &workspace);
    }
    let store = ctx.open("commission add")?;
    let mut tx = store.write()?;
    let id = keeper::give(&mut tx, &config, &ask, check.clone(), ctx.clock.now())?;
    tx.commit()?;
    drop(store);
    if ctx.printer.is_json() {
        return ctx.printer.json(&serde_json::json!({
            "id": id,
            "check": check.map(|c| c.describe()),
        }));
    }
    let how = match &check {
        Some(c) => format!("done when {}", c.describe()),
        None => "waits for your confirmation once answered".into(),
    };
    ctx.printer.line(format!("commission #{id} given: {how}"))?;
    ctx.printer.note(format!(
        "it is the creature's next step; `wis commission show {id}`, `wis inbox` for its replies"
    ));
    Ok(())
}
