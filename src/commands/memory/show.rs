//! `wis memory show`: one engram in full, with what verified it (the world's evidence in this
//! life, its own settlements, replay) and, once archived, where it went and why.

use serde::Serialize;

use crate::base::exit::{Error, Result};
use crate::base::store::Read;
use crate::memory::{self, EngramId};
use crate::wisdom::recall::{Bet, Item};

use super::Ctx;

/// The most settlements shown.
const LAST_BETS: usize = 5;
/// How many of the latest bets are looked through for them.
const BETS_LOOKED_AT: usize = 10_000;

/// The engram and its last bets, for `--output-format json`.
#[derive(Serialize)]
struct Shown<'a> {
    #[serde(flatten)]
    engram: &'a memory::Engram,
    verified: Verified<'a>,
    last_bets: &'a [Bet],
}

/// What made it verified, if anything did: the world's witnesses in this life, its own
/// settlements (for a told or inherited memory, the sleep curation marked it at), replay.
#[derive(Serialize)]
struct Verified<'a> {
    /// `world`, `settlements`, `replay`: each kind of evidence it has.
    by: Vec<&'static str>,
    world: &'a [memory::Witness],
    /// The sleep at which a told or inherited memory was marked verified.
    #[serde(skip_serializing_if = "Option::is_none")]
    at_sleep: Option<u64>,
}

impl<'a> Verified<'a> {
    fn of(e: &'a memory::Engram) -> Verified<'a> {
        let u = &e.utility;
        let mut by = Vec::new();
        if e.fate.world_verified() {
            by.push("world");
        }
        if u.followed_into_success > 0 && u.score() > 0 {
            by.push("settlements");
        }
        if u.taught_in_replay > 0 {
            by.push("replay");
        }
        Verified {
            by,
            world: &e.fate.witnessed,
            at_sleep: e.fate.verified_at,
        }
    }

    /// In words: `by the world: tick 12, errand done: …; by its own settlements (score 2)`.
    fn line(&self, e: &memory::Engram) -> String {
        let mut parts = Vec::new();
        if !self.world.is_empty() {
            let seen: Vec<String> = self.world.iter().map(memory::Witness::line).collect();
            parts.push(format!("by the world: {}", seen.join("; ")));
        }
        if self.by.contains(&"settlements") {
            parts.push(format!(
                "by its own settlements (score {})",
                e.utility.score()
            ));
        }
        if self.by.contains(&"replay") {
            parts.push(format!(
                "by replay (taught {} times)",
                e.utility.taught_in_replay
            ));
        }
        if let Some(s) = self.at_sleep {
            parts.push(format!("marked verified here at sleep {s}"));
        }
        if parts.is_empty() {
            "not yet: the world has not shown it and its settlements have not borne it out".into()
        } else {
            parts.join("; ")
        }
    }
}

/// The latest bets (newest first) on engram `id` among the last [`BETS_LOOKED_AT`].
fn last_bets(rx: &impl Read, id: EngramId) -> Result<Vec<Bet>> {
    Ok(rx
        .ring::<Bet>(Some(BETS_LOOKED_AT))?
        .into_iter()
        .rev()
        .map(|(_, b)| b)
        .filter(|b| {
            matches!(b.item, Item::Guardrail { engram } | Item::Known { engram } if engram == id)
        })
        .take(LAST_BETS)
        .collect())
}

/// A bet in words: `tick 42: followed into success (acted bash:ls)`.
fn bet_line(b: &Bet) -> String {
    let words = |v: serde_json::Value| v.as_str().unwrap_or_default().replace('_', " ");
    let how = match (&b.settlement, &b.unsettled) {
        (Some(s), _) => words(serde_json::json!(s)),
        (None, Some(u)) => format!("unsettled ({})", words(serde_json::json!(u))),
        (None, None) => "unsettled".into(),
    };
    match &b.acted {
        Some(sig) => format!(
            "tick {}: {how} (acted {})",
            b.tick,
            sig.chars().take(80).collect::<String>()
        ),
        None => format!("tick {}: {how}", b.tick),
    }
}

/// Show one engram: body, provenance, strength and confidence, utility record, what verified
/// it (the world's witnesses, its settlements, replay), vector metadata, its last bets.
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
    let store = ctx.open_read("memory show")?;
    let rx = store.read()?;
    let engram = memory::get(&rx, id)?.ok_or_else(|| {
        Error::no_input(format!("no engram {id}")).hint("`wis memory list` shows what there is")
    })?;
    let bets = last_bets(&rx, id)?;
    drop(rx);
    drop(store);
    if ctx.printer.is_json() {
        return ctx.printer.json(&Shown {
            engram: &engram,
            verified: Verified::of(&engram),
            last_bets: &bets,
        });
    }
    let verified = Verified::of(&engram).line(&engram);
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
        ("confidence".into(), format!("{:.2}", engram.confidence)),
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
        ("verified".into(), verified),
        ("sources".into(), engram.sources.join(", ")),
        ("created".into(), super::date(engram.created)),
        ("updated".into(), super::date(engram.updated)),
        (
            "vector".into(),
            format!("{} {} dim {}, {mirrored}", v.backend, v.model, v.dim),
        ),
        ("text sha256".into(), v.text_sha256.clone()),
        ("body".into(), engram.body.clone()),
        (
            "last settlements".into(),
            if bets.is_empty() {
                "none yet: it settles when it is shown before an action".into()
            } else {
                bets.iter().map(bet_line).collect::<Vec<_>>().join("; ")
            },
        ),
    ];
    ctx.printer.pairs(rows)
}
