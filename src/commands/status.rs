//! `wis status`: the keeper's figures, then the creature at a glance, as a table or JSON.

use crate::base::clock::{human_duration, rfc3339};
use crate::base::exit::Result;
use crate::turn::report::StatusReport;

use super::Ctx;

/// The keeper's figures first (commissions done, the done rate and the median ticks to done,
/// over the life, the last 50 and per kind), then the creature at a glance and its life in
/// figures over its last turns: steps closed, distinct actions that worked, the repeat rate,
/// re-plans that changed the plan, XP per tick, work done below the model.
/// `--output-format json` for scripts.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Turns the life's figures look back over.
    #[arg(long, value_name = "TURNS", default_value_t = crate::turn::life::DEFAULT_WINDOW)]
    pub window: usize,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    // Status still answers when the configuration is broken; the mind line says why.
    let mind = match ctx.config() {
        Ok(config) => crate::mind::open::describe_mind(&config),
        Err(e) => format!("unknown: {}", e.message),
    };
    let store = ctx.open_read("status")?;
    let report = StatusReport::gather(&store.read()?, ctx.clock.now(), mind, args.window.max(1))?;
    drop(store);
    if ctx.printer.is_json() {
        return ctx.printer.json(&report);
    }
    let level = match report.next_level_xp {
        Some(next) => format!("{} ({} / {next} XP)", report.level, report.xp),
        None => format!("{} ({} XP, top level)", report.level, report.xp),
    };
    let units: Vec<String> = report
        .units
        .iter()
        .map(|u| match u.state {
            crate::creature::UnitState::Granted => u.unit.to_string(),
            crate::creature::UnitState::Pending => format!("{} (pending)", u.unit),
        })
        .collect();
    let docs: u64 = report.documents.values().sum();
    let last = match &report.last_tick {
        Some(t) => format!("#{} {} at {}: {}", t.tick, t.turn, rfc3339(t.at), t.summary),
        None => "none yet".into(),
    };
    let mut rows = report.commissions.lines();
    rows.extend([
        ("name".into(), report.name.clone()),
        ("morph".into(), report.morph.clone()),
        ("stage".into(), report.stage.clone()),
        (
            "age".into(),
            format!(
                "{} ticks, {} sleeps, born {} ago",
                report.ticks,
                report.sleeps,
                human_duration(report.age_ms)
            ),
        ),
        ("level".into(), level),
        ("goals".into(), report.goals_completed.to_string()),
        (
            "sleep pressure".into(),
            format!("{:.0} / {:.0}", report.sleep_pressure, report.nap_threshold),
        ),
        (
            "state".into(),
            if report.paused {
                "paused".into()
            } else {
                "live".into()
            },
        ),
        ("units".into(), units.join(", ")),
        (
            "quest".into(),
            report.quest.clone().unwrap_or_else(|| "none".into()),
        ),
        ("mind".into(), report.mind.clone()),
        ("documents".into(), docs.to_string()),
        ("last tick".into(), last),
    ]);
    if let Some(day) = &report.reflexes {
        rows.push(("reflexes, latest day".into(), day.line()));
    }
    if let Some(calls) = &report.model_calls {
        rows.push(("model calls".into(), calls.line()));
    }
    if let Some(life) = &report.life {
        rows.extend(life.lines());
    }
    ctx.printer.pairs(rows)
}
