//! `wis reflex list`: the registry as a table (or JSON), with the metric.

use serde::Serialize;

use crate::base::exit::{Error, Result};
use crate::base::store::{Read, SINGLETON_KEY};
use crate::wisdom::reflex::metric::Summary;
use crate::wisdom::reflex::{Reflex, ReflexState, Status, registry};

use super::{Ctx, note_off};

/// List every reflex (or those with --status) as id, situation, action, streak, status,
/// fired/failed and the tick it last fired, then the ticks resolved below the model per day.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Only reflexes in this status: proposed, armed, disarmed, demoted or inherited.
    #[arg(long, value_name = "STATUS")]
    pub status: Option<String>,
}

#[derive(Serialize)]
struct Listing {
    enabled: bool,
    reflexes: Vec<Reflex>,
    /// Per day, newest first.
    days: Vec<Summary>,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let config = ctx.config()?;
    let status: Option<Status> = args
        .status
        .as_deref()
        .map(str::parse)
        .transpose()
        .map_err(Error::usage)?;
    let store = ctx.open_read("reflex list")?;
    let rx = store.read()?;
    let mut reflexes = registry::all(&rx)?;
    let days = rx
        .get::<ReflexState>(SINGLETON_KEY)?
        .map(|s| s.metric.summaries())
        .unwrap_or_default();
    drop(rx);
    drop(store);
    if let Some(s) = status {
        reflexes.retain(|r| r.status == s);
    }
    let enabled = config.wisdom.reflexes_enabled;
    if ctx.printer.is_json() {
        return ctx.printer.json(&Listing {
            enabled,
            reflexes,
            days,
        });
    }
    note_off(ctx, enabled);
    let rows = reflexes
        .iter()
        .map(|r| {
            vec![
                r.id.clone(),
                r.trigger.situation_key.clone(),
                r.action.brief(),
                r.provenance.successes.to_string(),
                r.status.to_string(),
                format!("{}/{}", r.fired, r.failed),
                r.last_fired.map(|t| t.to_string()).unwrap_or_default(),
            ]
        })
        .collect();
    ctx.printer.table(
        &[
            "id",
            "situation",
            "action",
            "streak",
            "status",
            "fired/failed",
            "last",
        ],
        rows,
    )?;
    match days.first() {
        Some(today) => ctx.printer.line(format!("today: {}", today.line())),
        None => ctx.printer.line("no ticks counted yet"),
    }
}
