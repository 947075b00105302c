//! `wis memory`: what the creature remembers, for the operator: list, show, search, stats,
//! what recall would show before the next action, tell it a fact, bring an archived one back,
//! re-embed after an embedder change, rebuild the Qdrant mirror.

mod add;
mod list;
mod mirror;
mod recall;
mod reembed;
mod restore;
mod search;
mod show;
mod stats;

use crate::base::clock::rfc3339;
use crate::base::exit::Result;
use crate::base::output::one_line;
use crate::memory::{Engram, Filter, Kind, Memory, Provenance, Tier};

use super::Ctx;

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Tell the creature something: remembered with provenance `told`.
    Add(add::Args),
    /// List engrams, newest first.
    List(list::Args),
    /// Show one engram in full.
    Show(show::Args),
    /// Find the engrams most similar to a text (what the creature's recall would see).
    Search(search::Args),
    /// What the "Before you act" block would show now: cases, dead ends, guardrails.
    Recall(recall::Args),
    /// Counts by tier, kind and provenance; the embedder, the caps and the mirror.
    Stats(stats::Args),
    /// Bring an archived engram back to the active tier.
    Restore(restore::Args),
    /// Re-embed every engram whose vector another embedder made (after changing [embed]).
    Reembed(reembed::Args),
    /// Show the Qdrant mirror, or rebuild it from the store.
    Mirror(mirror::Args),
}

pub fn run(ctx: &Ctx, cmd: Command) -> Result<()> {
    match cmd {
        Command::Add(args) => add::run(ctx, args),
        Command::List(args) => list::run(ctx, args),
        Command::Show(args) => show::run(ctx, args),
        Command::Search(args) => search::run(ctx, args),
        Command::Stats(args) => stats::run(ctx, args),
        Command::Recall(args) => recall::run(ctx, args),
        Command::Restore(args) => restore::run(ctx, args),
        Command::Reembed(args) => reembed::run(ctx, args),
        Command::Mirror(args) => mirror::run(ctx, args),
    }
}

/// Which tier a listing or search looks in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum TierArg {
    /// Active engrams only.
    Active,
    /// Archived engrams only.
    Archive,
    /// Both tiers.
    Any,
}

/// Narrowing by kind and provenance, shared by `list` and `search`.
#[derive(Debug, clap::Args)]
pub struct FilterArgs {
    /// Only engrams of this kind.
    #[arg(long, value_enum)]
    pub kind: Option<Kind>,
    /// Only engrams of this provenance.
    #[arg(long, value_enum)]
    pub provenance: Option<Provenance>,
}

impl FilterArgs {
    fn filter(&self, tier: TierArg) -> Filter {
        Filter {
            kind: self.kind,
            provenance: self.provenance,
            tier: match tier {
                TierArg::Active => Some(Tier::Active),
                TierArg::Archive => Some(Tier::Archive),
                TierArg::Any => None,
            },
        }
    }
}

/// The configured memory: embedder, caps, mirror.
fn memory(ctx: &Ctx) -> Result<Memory> {
    Memory::from_config(&ctx.config()?.embed)
}

/// The utility record in a few characters: `+2 -1 ~3` (helped, hurt, ignored).
fn utility_short(e: &Engram) -> String {
    let u = &e.utility;
    if u.is_empty() {
        return "-".into();
    }
    let helped = u.followed_into_success + u.taught_in_replay;
    let hurt = u.into_failure + u.failed_to_teach;
    format!("+{helped} -{hurt} ~{}", u.ignored)
}

fn date(ms: i64) -> String {
    rfc3339(ms)
}
