//! `wis memory stats`: memory at a glance.

use crate::base::exit::Result;
use crate::memory::maintain;

use super::Ctx;

/// Counts by tier, kind and provenance, the embedder, the caps and the mirror.
#[derive(Debug, clap::Args)]
pub struct Args {}

pub fn run(ctx: &Ctx, _args: Args) -> Result<()> {
    let memory = super::memory(ctx)?;
    let store = ctx.open("memory stats")?;
    let s = maintain::stats(&store.read()?, &memory)?;
    drop(store);
    if ctx.printer.is_json() {
        return ctx.printer.json(&s);
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
