//! `wis memory stats`: memory at a glance.

use serde::Serialize;

use crate::base::exit::Result;
use crate::memory::maintain;
use crate::wisdom::recall::bets::{self, ShownRecords};

use super::Ctx;

/// Counts by tier, kind and provenance, the embedder, the caps and the mirror; and of the
/// memories recall has shown (the block's cases, guardrails and offers, prose recall's known
/// facts), how many were shown at least twice and how many of those hold a settled utility
/// record.
#[derive(Debug, clap::Args)]
pub struct Args {}

#[derive(Serialize)]
struct Out<'a> {
    #[serde(flatten)]
    stats: &'a maintain::Stats,
    shown: &'a ShownRecords,
}

pub fn run(ctx: &Ctx, _args: Args) -> Result<()> {
    let memory = super::memory(ctx)?;
    let store = ctx.open_read("memory stats")?;
    let rx = store.read()?;
    let s = maintain::stats(&rx, &memory)?;
    let shown = bets::shown_records(&rx)?;
    drop(rx);
    drop(store);
    if ctx.printer.is_json() {
        return ctx.printer.json(&Out {
            stats: &s,
            shown: &shown,
        });
    }
    let counts = |m: &std::collections::BTreeMap<&str, u64>| {
        let parts: Vec<String> = m.iter().map(|(k, n)| format!("{k} {n}")).collect();
        if parts.is_empty() {
            "-".into()
        } else {
            parts.join(", ")
        }
    };
    let dim = s.embedder.dim.map(|d| d.to_string()).unwrap_or("?".into());
    let mirror = match &s.mirror {
        None => "none".into(),
        Some(m) => format!(
            "{} at {} ({})",
            m.collection,
            m.url,
            if m.synced {
                "in sync"
            } else {
                "behind: `wis memory mirror --rebuild`"
            }
        ),
    };
    let rows = vec![
        (
            "engrams".into(),
            format!("{} ({} active, {} archived)", s.total, s.active, s.archived),
        ),
        ("kinds".into(), counts(&s.by_kind)),
        ("provenance".into(), counts(&s.by_provenance)),
        ("settled".into(), s.settled.to_string()),
        ("shown".into(), shown_line(&shown)),
        (
            "stale vectors".into(),
            if s.stale == 0 {
                "0".into()
            } else {
                format!("{} (`wis memory reembed`)", s.stale)
            },
        ),
        (
            "caps".into(),
            format!("{} active, {} in all", s.caps.active, s.caps.total),
        ),
        (
            "embedder".into(),
            format!("{} {} dim {dim}", s.embedder.backend, s.embedder.model),
        ),
        ("mirror".into(), mirror),
    ];
    ctx.printer.pairs(rows)
}

/// `31 items in 240 bets; of the 12 shown twice or more, 10 settled (83%)`.
fn shown_line(s: &ShownRecords) -> String {
    if s.bets == 0 {
        return "nothing yet (recall's bets settle what it shows)".into();
    }
    let share = if s.shown_twice == 0 {
        String::new()
    } else {
        format!(
            " ({:.0}%)",
            100.0 * s.shown_twice_settled as f64 / s.shown_twice as f64
        )
    };
    let kinds: Vec<String> = s
        .by_kind
        .iter()
        .map(|(k, n)| format!("{k} {}/{}", n.shown_twice_settled, n.shown_twice))
        .collect();
    format!(
        "{} items in {} bets; of the {} shown twice or more, {} settled{share}{}",
        s.items,
        s.bets,
        s.shown_twice,
        s.shown_twice_settled,
        if kinds.is_empty() {
            String::new()
        } else {
            format!(" [{}]", kinds.join(", "))
        }
    )
}
