//! `wis reflex arm` and `disarm`: the operator's word, recorded with who and when.

use crate::base::exit::{Error, Result};
use crate::creature::criterion::Criterion;
use crate::turn::between::between;
use crate::wisdom::reflex::{Reflex, registry};

use super::{Ctx, note_off};

/// Arm a reflex: from the next tick it handles its situation below the model (when
/// `[wisdom] reflexes_enabled`). Refused with 65 when `reflex_max_armed` are armed already
/// (naming them) or the reflex was demoted (or inherited and not yet re-earned); an unknown
/// id exits 66 naming close ones.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The reflex's id (`r1`).
    #[arg(value_name = "ID")]
    pub id: String,

    /// A guard over typed stats, `path op value` (e.g. `skills.live >= 1`): the reflex fires
    /// only while it holds.
    #[arg(long, value_name = "CRITERION")]
    pub guard: Option<String>,
}

/// Disarm a reflex: it stops firing; arm it again any time.
#[derive(Debug, clap::Args)]
pub struct DisarmArgs {
    /// The reflex's id (`r1`).
    #[arg(value_name = "ID")]
    pub id: String,
}

/// Who the operator is, as the record names them.
fn operator() -> String {
    match std::env::var("USER") {
        Ok(user) if !user.is_empty() => format!("operator ({user})"),
        _ => "operator".into(),
    }
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let guard = args
        .guard
        .as_deref()
        .map(Criterion::parse)
        .transpose()
        .map_err(|e| Error::usage(format!("--guard: {e}")))?;
    let config = ctx.config()?;
    let max = config.wisdom.reflex_max_armed;
    change(
        ctx,
        "reflex arm",
        config.wisdom.reflexes_enabled,
        |tx, now| registry::arm(tx, &args.id, &operator(), now, max, guard.clone()),
    )
}

pub fn disarm(ctx: &Ctx, args: DisarmArgs) -> Result<()> {
    let enabled = ctx.config()?.wisdom.reflexes_enabled;
    change(ctx, "reflex disarm", enabled, |tx, now| {
        registry::disarm(tx, &args.id, &operator(), now)
    })
}

fn change(
    ctx: &Ctx,
    what: &str,
    enabled: bool,
    apply: impl FnOnce(&mut crate::base::store::Tx<'_>, i64) -> Result<Reflex>,
) -> Result<()> {
    let config = ctx.config()?;
    let store = ctx.open(what)?;
    let mut tx = store.write()?;
    let now = ctx.clock.now();
    let b = between(&mut tx, &config, now, "arming comes between turns")?;
    let reflex = apply(&mut tx, now)?;
    b.report(&mut tx)?;
    tx.commit()?;
    drop(store);
    if ctx.printer.is_json() {
        return ctx.printer.json(&reflex);
    }
    note_off(ctx, enabled);
    ctx.printer.line(format!(
        "{} is {}: {} via {}",
        reflex.id,
        reflex.status,
        reflex.trigger.situation_key,
        reflex.action.brief()
    ))
}
