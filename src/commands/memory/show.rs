//! `wis memory show`: one engram in full.

use crate::base::exit::{Error, Result};
use crate::memory::{self, EngramId};

use super::Ctx;

/// Show one engram: body, provenance, utility record, vector metadata.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The engram's id, e.g. `e42`.
    pub id: String,
}

/// The tier, and where an archived engram went.
fn tier(engram: &memory::Engram) -> String {
    match (&engram.tier, &engram.fate.archived) {
        (memory::Tier::Archive, Some(a)) => format!("archive ({})", a.line()),
        (t, _) => t.to_string(),
    }
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let id = EngramId::parse(&args.id).ok_or_else(|| {
        Error::usage(format!("{:?} is not an engram id", args.id))
            .hint("ids look like e42; `wis memory list` shows them")
    })?;
    let store = ctx.open("memory show")?;
    let engram = memory::get(&store.read()?, id)?.ok_or_else(|| {
        Error::no_input(format!("no engram {id}")).hint("`wis memory list` shows what there is")
    })?;
    drop(store);
    if ctx.printer.is_json() {
        return ctx.printer.json(&engram);
    }
    let u = &engram.utility;
    let v = &engram.vector;
    let mirrored = match &v.qdrant {
        Some(q) => format!("qdrant {} point {}", q.collection, q.point_id),
        None => "not mirrored".into(),
    };
    let rows = vec![
        ("id".into(), engram.id.to_string()),
        ("kind".into(), engram.kind.to_string()),
        ("provenance".into(), engram.provenance.to_string()),
        ("tier".into(), tier(&engram)),
        ("strength".into(), format!("{:.2}", engram.strength)),
        (
            "utility".into(),
            format!(
                "followed into success {}, ignored {}, into failure {}, taught in replay {}, \
                 failed to teach {} (score {})",
                u.followed_into_success,
                u.ignored,
                u.into_failure,
                u.taught_in_replay,
                u.failed_to_teach,
                u.score()
            ),
        ),
        ("sources".into(), engram.sources.join(", ")),
        ("created".into(), super::date(engram.created)),
        ("updated".into(), super::date(engram.updated)),
        (
            "vector".into(),
            format!("{} {} dim {}, {mirrored}", v.backend, v.model, v.dim),
        ),
        ("text sha256".into(), v.text_sha256.clone()),
        ("body".into(), engram.body.clone()),
    ];
    ctx.printer.pairs(rows)
}
