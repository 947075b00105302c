//! `wis reflex show`: one reflex with its provenance, each of the streak's episodes as the
//! ledger has it.

use serde::Serialize;

use crate::base::clock::rfc3339;
use crate::base::exit::Result;
use crate::base::store::Read;
use crate::wisdom::episodes::Episode;
use crate::wisdom::reflex::{Reflex, registry};

use super::Ctx;

/// Show one reflex: its trigger (situation and guards: the operator's over stats, the world's
/// written at promotion), its action, its provenance with the streak's episodes and their
/// outcomes (those still in the ledger), who armed it and when.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The reflex's id (`r1`).
    #[arg(value_name = "ID")]
    pub id: String,
}

#[derive(Serialize)]
struct Shown {
    reflex: Reflex,
    /// The streak's episodes still in the ledger: (sequence, episode).
    episodes: Vec<(u64, Episode)>,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let store = ctx.open_read("reflex show")?;
    let rx = store.read()?;
    let reflex = registry::find(&rx, &args.id)?;
    let mut episodes = Vec::new();
    for seq in &reflex.provenance.episode_ids {
        if let Some(e) = rx.ring_at::<Episode>(*seq)? {
            episodes.push((*seq, e));
        }
    }
    drop(rx);
    drop(store);
    if ctx.printer.is_json() {
        return ctx.printer.json(&Shown { reflex, episodes });
    }
    let r = &reflex;
    let guard = match (&r.trigger.guard, &r.trigger.world) {
        (None, None) => "none (always)".to_string(),
        (Some(g), None) => g.describe(),
        (None, Some(w)) => w.describe(),
        (Some(g), Some(w)) => format!("{} and {}", g.describe(), w.describe()),
    };
    let armed = match (&r.armed_by, r.armed_at) {
        (Some(by), Some(at)) => format!("{} by {by} at {}", r.status, rfc3339(at)),
        _ => r.status.to_string(),
    };
    let mut rows = vec![
        ("id".to_string(), r.id.clone()),
        ("situation".into(), r.trigger.situation_key.clone()),
        ("guard".into(), guard),
        (
            "action".into(),
            format!("{} {}", r.action.tool, r.action.args),
        ),
        ("status".into(), armed),
        (
            "provenance".into(),
            format!(
                "{} successes in a row, proposed at tick {}",
                r.provenance.successes, r.proposed_tick
            ),
        ),
        ("fired/failed".into(), format!("{}/{}", r.fired, r.failed)),
    ];
    if let Some(f) = &r.last_failure {
        rows.push(("last failure".into(), f.clone()));
    }
    for (seq, e) in &episodes {
        let verdict = if e.success {
            "ok"
        } else {
            e.fail_kind.as_str()
        };
        rows.push((
            format!("episode {seq}"),
            format!("tick {}: {verdict}: {}", e.tick, e.summary),
        ));
    }
    ctx.printer.pairs(rows)
}
