//! `wis unlock grant`: the milestone adjudicator, run now.

use crate::base::exit::{Error, Result};
use crate::creature::UnitId;
use crate::turn::progression::unlock;
use crate::world::units::{UNITS, unit};

use super::Ctx;

/// Run the milestone adjudicator now: grant every unit whose evidence holds (a sense only once
/// its organ answers a probe; otherwise it is held pending). Running it again changes nothing
/// new. With a UNIT and --operator, grant that unit on the operator's authority instead, which
/// the record and the news say. Exit 75 while a turn is in flight.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The unit to grant on the operator's authority (U1, U2, U3, U4a, U4b, U5, U6).
    #[arg(value_name = "UNIT", requires = "operator")]
    pub unit: Option<String>,

    /// Grant UNIT on the operator's authority rather than on evidence.
    #[arg(long, requires = "unit")]
    pub operator: bool,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let config = ctx.config()?;
    let target = match &args.unit {
        None => None,
        Some(id) => Some(id.parse::<UnitId>().ok().and_then(unit).ok_or_else(|| {
            let ids: Vec<&str> = UNITS.iter().map(|u| u.id.as_str()).collect();
            Error::usage(format!("there is no unit {id:?}"))
                .hint(format!("the units are {}", ids.join(", ")))
        })?),
    };
    let store = ctx.open("unlock grant")?;
    let events = unlock::adjudicate(&store, &config, &ctx.clock, target)?;
    drop(store);
    if ctx.printer.is_json() {
        return ctx.printer.json(&events);
    }
    if events.is_empty() {
        let what = match target {
            Some(u) => format!("{} {} was already granted", u.id, u.name),
            None => "nothing new is earned".to_string(),
        };
        return ctx.printer.line(what);
    }
    for e in events {
        ctx.printer.line(e)?;
    }
    Ok(())
}
