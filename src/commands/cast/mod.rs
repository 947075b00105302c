//! `wis cast`: creatures that share one machine and one model server, taking turns by one
//! initiative law: one file per subcommand, and the two lookups they share (who a home holds,
//! which member an argument names).

mod add;
mod arena;
mod check;
mod export;
mod init;
mod log;
mod object;
mod organ;
mod remove;
mod review;
mod status;
mod tick;

use std::path::{Path, PathBuf};

use crate::base::exit::{Error, Result};
use crate::base::store::Read;
use crate::turn::cast::schedule::Schedule;
use crate::turn::cast::{Cast, CastFile, absolute, read_member};

use super::Ctx;

/// The cast and what to do with it.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The cast's directory (`cast.toml`, `cast.redb`) [default: $WIS_CAST].
    #[arg(long, env = "WIS_CAST", value_name = "DIR")]
    pub dir: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Make a cast of existing creatures: `wis cast init DIR --member HOME --member HOME …`.
    ///
    /// Each member is a normal home (born with `wis init`) that still works alone. Writes
    /// DIR/cast.toml (the members and the schedule's knobs, commented) and DIR/cast.redb (the
    /// schedule, the scene, the receipts). Every member is ready at once.
    Init(init::Args),
    /// Add a creature's home to the cast (ready at once on its next cast tick).
    Add(add::Args),
    /// Take a member out of the cast, by home or id (a turn in flight completes first).
    Remove(remove::Args),
    /// Move a member on stage (it acts, reacts, speaks) or off stage (rumination and sleep).
    Arena(arena::Args),
    /// The things in the scene that those on stage may `use`: add, remove.
    #[command(subcommand)]
    Object(object::Command),
    /// The maintenance organs (appraiser, mutator): offstage participants under the same law
    /// whose turns run in wis, with no model call: add, remove.
    #[command(subcommand)]
    Organ(organ::Command),
    /// Play one turn: the one ready participant the initiative law picks.
    ///
    /// The law: a participant spoken to (an open reaction window) first; then the one ready
    /// the longest (`next_ready_at`); then the faster initiative; then the id. Never one with
    /// a turn in flight, nor one still recovering (its recovery counts from when its last
    /// turn completed). On stage the turn is the member's own tick with the scene in its
    /// prompt and the scene actions besides its tools: `say` to address another (who then
    /// reacts next), `wait` or `hesitate` (the turn passes and rests `wait_recovery_factor` of
    /// a full rest), `move` to another place, `use` one of the scene's things, and in a
    /// reaction `refuse` or `withhold` what was asked, with a reason. Each leaves a scene line
    /// and its receipt. Off stage it is rumination or sleep, and a maintenance organ's turn
    /// is its own work (an appraisal, a proposal), with no model call. Nobody ready: exit 0
    /// saying who is next. At the load (`max_in_flight` turns in flight, or the model server busy): exit 75,
    /// the turn deferred, never stacked. One cron line drives the cast: `* * * * * wis cast
    /// --dir DIR tick`.
    Tick(tick::Args),
    /// The queue: who is next, when each is ready, who is pending, who sleeps, where each one
    /// is in the scene, the things there, and the organs.
    Status,
    /// The receipts of the latest turns: who, why chosen, arena, kind, start, end, cooldown,
    /// the scene action taken, and the organs' maintenance turns (`appraise`, `mutate`); with
    /// `--scene`, the scene's lines instead.
    Log(log::Args),
    /// The mutator's proposals of standing values, pending first, with the appraisals they
    /// rest on; `accept ID` writes one into the member's memory, `reject ID` sets it aside.
    Review(review::Args),
    /// Write the cast's store as a CultCache v1 snapshot (`wis cachectl project` reads it).
    Export(export::Args),
    /// Check the cast's store: redb's integrity and every document (exit 65 when damaged);
    /// with `--schemas`, the schedule, the receipts, the appraisals and the proposals against
    /// their published JSON Schemas too.
    Check(check::Args),
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    if let Command::Init(init) = args.command {
        return init::run(ctx, init);
    }
    let Some(dir) = args.dir else {
        return Err(
            Error::usage("which cast? name its directory with --dir DIR")
                .hint("or set WIS_CAST; make a cast with `wis cast init DIR --member HOME …`"),
        );
    };
    let cast = Cast::new(dir);
    match args.command {
        Command::Init(_) => unreachable!("handled above"),
        Command::Add(a) => add::run(ctx, &cast, a),
        Command::Remove(a) => remove::run(ctx, &cast, a),
        Command::Arena(a) => arena::run(ctx, &cast, a),
        Command::Object(c) => object::run(ctx, &cast, c),
        Command::Organ(c) => organ::run(ctx, &cast, c),
        Command::Review(a) => review::run(ctx, &cast, a),
        Command::Tick(a) => tick::run(ctx, &cast, a),
        Command::Status => status::run(ctx, &cast),
        Command::Log(a) => log::run(ctx, &cast, a),
        Command::Export(a) => export::run(ctx, &cast, a),
        Command::Check(a) => check::run(ctx, &cast, a),
    }
}

/// Checks that `home` holds a creature, and says who: its name and initiative speed.
fn who(ctx: &Ctx, home: &Path) -> Result<(String, f64)> {
    read_member(home, ctx.wait, &ctx.clock)
}

/// The declared member that `member` (a home or a cast id) names.
fn find(ctx: &Ctx, cast: &Cast, file: &CastFile, member: &str) -> Result<usize> {
    if let Ok(home) = absolute(Path::new(member))
        && let Some(i) = file.members.iter().position(|m| m.home == home)
    {
        return Ok(i);
    }
    let store = cast.open_read(ctx.wait, "cast", &ctx.clock)?;
    let (schedule, _) = store.read()?.singleton_or_default::<Schedule>()?;
    let home = schedule.get(member).map(|p| p.home.clone());
    home.and_then(|h| file.members.iter().position(|m| m.home == h))
        .ok_or_else(|| {
            let ids: Vec<&str> = schedule
                .participants
                .iter()
                .map(|p| p.id.as_str())
                .collect();
            Error::usage(format!("no member {member:?} in the cast"))
                .hint(format!("members: {}", ids.join(", ")))
        })
}
