//! `wis cast review`: the mutator's proposals, pending first, with their evidence; `accept ID`
//! writes the value into the member's memory; `reject ID` sets it aside.

use crate::base::clock::rfc3339;
use crate::base::exit::Result;
use crate::commands::Ctx;
use crate::turn::cast::Cast;
use crate::turn::cast::organs::appraisal::appraisal_id;
use crate::turn::cast::organs::proposal::{MEMBER_SHOWN_CHARS, WHY_MAX_CHARS};
use crate::turn::cast::organs::review::{self, Reach};
use crate::turn::cast::organs::{Proposal, Status};
use crate::world::scene::flat;

#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Args {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Only the pending proposals.
    #[arg(long)]
    pub pending: bool,
}

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Accept a proposal: write its value into the member's memory.
    ///
    /// The value becomes a `value` engram (provenance told, sources `operator` and
    /// `cast-proposal:ID`) that the member's next tick reads in its prompt ("You hold: …"); a
    /// proposal that replaces an accepted value archives that engram. The proposal is marked
    /// accepted at this time. Exit 64 for an unknown id or one already decided, 75 when the
    /// member's store stays busy.
    Accept(AcceptArgs),
    /// Reject a proposal: mark it rejected, with a reason.
    ///
    /// Nothing is written to the member. The mutator does not propose it again from the same
    /// appraisals. Exit 64 for an unknown id or one already decided.
    Reject(RejectArgs),
}

#[derive(Debug, clap::Args)]
pub struct AcceptArgs {
    /// The proposal's id, e.g. `p3`.
    pub id: String,
}

#[derive(Debug, clap::Args)]
pub struct RejectArgs {
    /// The proposal's id, e.g. `p3`.
    pub id: String,
    /// Why (one line, at most 200 characters, kept with the proposal).
    #[arg(long, value_name = "TEXT")]
    pub why: Option<String>,
}

pub fn run(ctx: &Ctx, cast: &Cast, args: Args) -> Result<()> {
    let reach = Reach {
        wait: ctx.wait,
        config_flags: &ctx.config_flags,
        clock: &ctx.clock,
    };
    match args.command {
        None => list(ctx, cast, args.pending),
        Some(Command::Accept(a)) => {
            let done = review::accept(cast, &a.id, reach)?;
            if ctx.printer.is_json() {
                return ctx.printer.json(&done);
            }
            let p = &done.proposal;
            let engram = p.engram.map(|e| e.to_string()).unwrap_or_default();
            ctx.printer.line(format!(
                "{} accepted: {} now holds \"{}\" ({engram}, told); its next tick reads it",
                p.label(),
                flat(&p.member, MEMBER_SHOWN_CHARS),
                flat(&p.value, WHY_MAX_CHARS)
            ))?;
            if let Some((old, moved)) = done.replaced {
                ctx.printer.note(if moved {
                    format!("  {old}, the value it replaces, is archived")
                } else {
                    format!("  {old}, the value it replaces, was no longer active")
                });
            }
            Ok(())
        }
        Some(Command::Reject(r)) => {
            let p = review::reject(cast, &r.id, r.why.as_deref(), reach)?;
            if ctx.printer.is_json() {
                return ctx.printer.json(&p);
            }
            ctx.printer.line(format!(
                "{} rejected{}; nothing was written to {}",
                p.label(),
                p.reason
                    .as_deref()
                    .map(|w| format!(" ({w})"))
                    .unwrap_or_default(),
                flat(&p.member, MEMBER_SHOWN_CHARS)
            ))
        }
    }
}

/// The evidence of a proposal in a few words: each appraisal and its numbers.
fn evidence(p: &Proposal) -> String {
    p.evidence
        .iter()
        .map(|e| {
            format!(
                "{} (ticks {}\u{2013}{}): {}, score {:.2}",
                appraisal_id(e.appraisal),
                e.from_tick,
                e.to_tick,
                p.rule.numbers(&e.tally),
                e.score
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

fn list(ctx: &Ctx, cast: &Cast, only_pending: bool) -> Result<()> {
    let store = cast.open_read(ctx.wait, "cast review", &ctx.clock)?;
    let mut all = review::list(&store.read()?)?;
    drop(store);
    let pending = all.iter().filter(|p| p.status == Status::Proposed).count();
    if only_pending {
        all.retain(|p| p.status == Status::Proposed);
    }
    if ctx.printer.is_json() {
        return ctx.printer.json(&serde_json::json!({
            "pending": pending,
            "proposals": all,
        }));
    }
    if all.is_empty() {
        return ctx.printer.line(if only_pending {
            "no proposal is pending"
        } else {
            "no proposals yet: the mutator proposes a value when a member's appraisals repeat a \
             pattern"
        });
    }
    let rows = all
        .iter()
        .map(|p| {
            let decided = match (p.status, p.decided_at) {
                (Status::Proposed, _) => "-".to_string(),
                (_, Some(at)) => rfc3339(at),
                (_, None) => "?".into(),
            };
            vec![
                p.label(),
                p.status.as_str().to_string(),
                flat(&p.member, MEMBER_SHOWN_CHARS),
                flat(&p.value, WHY_MAX_CHARS),
                match p.replaces {
                    Some(old) => format!("replaces {old}"),
                    None => "adds".into(),
                },
                flat(&p.why, WHY_MAX_CHARS),
                flat(&evidence(p), 400),
                rfc3339(p.proposed_at),
                decided,
            ]
        })
        .collect();
    ctx.printer.table(
        &[
            "id", "status", "member", "value", "change", "why", "evidence", "proposed", "decided",
        ],
        rows,
    )?;
    ctx.printer.note(format!(
        "{pending} pending; `wis cast review accept ID` writes the value into the member's \
         memory, `reject ID --why TEXT` sets it aside"
    ));
    Ok(())
}
