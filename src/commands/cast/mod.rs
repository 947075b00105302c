//! `wis cast`: creatures that share one machine and one model server, taking turns by one
//! initiative law.

mod show;

use std::path::PathBuf;
use std::time::Duration;

use crate::base::clock::rfc3339;
use crate::base::cultcache;
use crate::base::exit::{Error, Result};
use crate::base::home::{Home, write_atomic_public};
use crate::base::store::Read;
use crate::mind::open::open_mind_keeping_state;
use crate::turn::cast::schedule::Schedule;
use crate::turn::cast::tick::{CastOptions, CastOutcome, cast_tick};
use crate::turn::cast::{Cast, CastFile, Knobs, Member, absolute, read_member, registry};
use crate::turn::tick::TickOutcome;
use crate::world::scene::Arena;

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
    Init(InitArgs),
    /// Add a creature's home to the cast (ready at once on its next cast tick).
    Add(AddArgs),
    /// Take a member out of the cast, by home or id (a turn in flight completes first).
    Remove(RemoveArgs),
    /// Move a member on stage (it acts, reacts, speaks) or off stage (rumination and sleep).
    Arena(ArenaArgs),
    /// Play one turn: the one ready participant the initiative law picks.
    ///
    /// The law: a participant spoken to (an open reaction window) first; then the one ready
    /// the longest (`next_ready_at`); then the faster initiative; then the id. Never one with
    /// a turn in flight, nor one still recovering (its recovery counts from when its last
    /// turn completed). On stage the turn is the member's own tick with the scene in its
    /// prompt and `say` to address another (who then reacts next); off stage it is rumination
    /// or sleep. Nobody ready: exit 0 saying who is next. At the load (`max_in_flight` turns
    /// in flight, or the model server busy): exit 75, the turn deferred, never stacked. One
    /// cron line drives the cast: `* * * * * wis cast --dir DIR tick`.
    Tick(TickArgs),
    /// The queue: who is next, when each is ready, who is pending, who sleeps.
    Status,
    /// The receipts of the latest turns: who, why chosen, arena, kind, start, end, cooldown.
    Log(LogArgs),
    /// Write the cast's store as a CultCache v1 snapshot (`wis cachectl project` reads it).
    Export(ExportArgs),
    /// Check the cast's store: redb's integrity and every document (exit 65 when damaged).
    Check,
}

#[derive(Debug, clap::Args)]
pub struct InitArgs {
    /// The cast's directory (made if missing; must not already hold a cast).
    pub dir: PathBuf,
    /// A member on stage (repeatable).
    #[arg(long = "member", value_name = "HOME")]
    pub members: Vec<PathBuf>,
    /// A member off stage: rumination and sleep only (repeatable).
    #[arg(long = "offstage", value_name = "HOME")]
    pub offstage: Vec<PathBuf>,
    /// A participant's rest after its turn completes, divided by its initiative speed.
    #[arg(long, default_value_t = Knobs::default().recovery_secs)]
    pub recovery_secs: u64,
    /// Most turns in flight at once.
    #[arg(long, default_value_t = Knobs::default().max_in_flight)]
    pub max_in_flight: u32,
}

#[derive(Debug, clap::Args)]
pub struct TickArgs {
    /// Print who the law picks, why, and the prompt and schema its turn would send; call
    /// nothing, write nothing.
    #[arg(long)]
    pub dry_run: bool,
}

#[derive(Debug, clap::Args)]
pub struct AddArgs {
    /// The creature's home.
    pub home: PathBuf,
    /// Off stage: rumination and sleep only.
    #[arg(long)]
    pub offstage: bool,
}

#[derive(Debug, clap::Args)]
pub struct RemoveArgs {
    /// The member's home, or its id in the cast.
    pub member: String,
}

#[derive(Debug, clap::Args)]
pub struct ArenaArgs {
    /// The member's id in the cast (or its home).
    pub member: String,
    /// `scene` or `offstage`.
    #[arg(value_enum)]
    pub arena: ArenaName,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum ArenaName {
    Scene,
    Offstage,
}

impl From<ArenaName> for Arena {
    fn from(a: ArenaName) -> Arena {
        match a {
            ArenaName::Scene => Arena::Scene,
            ArenaName::Offstage => Arena::Offstage,
        }
    }
}

#[derive(Debug, clap::Args)]
pub struct LogArgs {
    /// How many receipts, newest last.
    #[arg(short = 'n', long, default_value_t = 20)]
    pub last: usize,
}

#[derive(Debug, clap::Args)]
pub struct ExportArgs {
    /// Where to write the snapshot (replaced atomically); `-` writes it to stdout.
    #[arg(long, value_name = "FILE.cc")]
    pub out: PathBuf,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    if let Command::Init(init) = args.command {
        return self::init(ctx, init);
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
        Command::Add(a) => add(ctx, &cast, a),
        Command::Remove(a) => remove(ctx, &cast, &a.member),
        Command::Arena(a) => arena(ctx, &cast, &a.member, a.arena.into()),
        Command::Tick(a) => tick(ctx, &cast, a.dry_run),
        Command::Status => show::status(ctx, &cast),
        Command::Log(a) => show::log(ctx, &cast, a.last),
        Command::Export(a) => export(ctx, &cast, a),
        Command::Check => check(ctx, &cast),
    }
}

/// Checks that `home` holds a creature, and says who.
fn who(ctx: &Ctx, home: &std::path::Path) -> Result<String> {
    let (name, speed) = read_member(home, ctx.wait, &ctx.clock)?;
    Ok(format!("{name} (speed {speed})"))
}

fn init(ctx: &Ctx, args: InitArgs) -> Result<()> {
    if args.members.is_empty() && args.offstage.is_empty() {
        return Err(
            Error::usage("a cast needs members: --member HOME (repeatable)")
                .hint("birth creatures first with `wis --home HOME init`"),
        );
    }
    let mut file = CastFile {
        schedule: Knobs {
            recovery_secs: args.recovery_secs,
            max_in_flight: args.max_in_flight,
            ..Knobs::default()
        },
        members: Vec::new(),
    };
    let declared = args
        .members
        .iter()
        .map(|h| (h, Arena::Scene))
        .chain(args.offstage.iter().map(|h| (h, Arena::Offstage)));
    for (home, arena) in declared {
        let home = absolute(home)?;
        if file.members.iter().any(|m| m.home == home) {
            return Err(Error::usage(format!("{} is named twice", home.display())));
        }
        ctx.printer
            .note(format!("member {}: {}", home.display(), who(ctx, &home)?));
        file.members.push(Member { home, arena });
    }
    let cast = Cast::new(&args.dir);
    cast.create(&file, &ctx.clock)?;
    ctx.printer.line(format!(
        "a cast of {} in {}; play it with `wis cast --dir {} tick`",
        file.members.len(),
        args.dir.display(),
        args.dir.display()
    ))
}

fn add(ctx: &Ctx, cast: &Cast, args: AddArgs) -> Result<()> {
    let mut file = cast.load()?;
    let home = absolute(&args.home)?;
    if file.members.iter().any(|m| m.home == home) {
        return Err(Error::usage(format!(
            "{} is already in the cast",
            home.display()
        )));
    }
    let said = who(ctx, &home)?;
    let arena = if args.offstage {
        Arena::Offstage
    } else {
        Arena::Scene
    };
    file.members.push(Member { home, arena });
    cast.save(&file)?;
    ctx.printer.line(format!(
        "{said} joins the cast ({arena}); ready on the next cast tick"
    ))
}

/// The declared member that `member` (a home or a cast id) names.
fn find(ctx: &Ctx, cast: &Cast, file: &CastFile, member: &str) -> Result<usize> {
    if let Ok(home) = absolute(std::path::Path::new(member))
        && let Some(i) = file.members.iter().position(|m| m.home == home)
    {
        return Ok(i);
    }
    let store = cast.open(ctx.wait, "cast", &ctx.clock)?;
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

fn remove(ctx: &Ctx, cast: &Cast, member: &str) -> Result<()> {
    let mut file = cast.load()?;
    let i = find(ctx, cast, &file, member)?;
    let gone = file.members.remove(i);
    cast.save(&file)?;
    ctx.printer.line(format!(
        "{} leaves the cast (its home is untouched)",
        gone.home.display()
    ))
}

fn arena(ctx: &Ctx, cast: &Cast, member: &str, arena: Arena) -> Result<()> {
    let mut file = cast.load()?;
    let i = find(ctx, cast, &file, member)?;
    file.members[i].arena = arena;
    cast.save(&file)?;
    ctx.printer.line(format!(
        "{} plays {} from the next cast tick",
        file.members[i].home.display(),
        if arena == Arena::Scene {
            "on stage"
        } else {
            "off stage"
        }
    ))
}

fn tick(ctx: &Ctx, cast: &Cast, dry_run: bool) -> Result<()> {
    let opts = CastOptions {
        wait: ctx.wait,
        dry_run,
        config_flags: ctx.config_flags.clone(),
    };
    let outcome = cast_tick(cast, &ctx.clock, &opts, &mut |config, home: &Home| {
        open_mind_keeping_state(config, Some(&home.cache_dir()))
    })?;
    if ctx.printer.is_json() {
        return ctx.printer.json_line(&outcome);
    }
    match outcome {
        CastOutcome::Waiting { next, notes } => {
            for n in notes {
                ctx.printer.note(n);
            }
            match next {
                Some(n) => ctx.printer.line(format!(
                    "nobody is ready; next is {} at {}",
                    n.id,
                    rfc3339(n.at)
                )),
                None => ctx.printer.line("nobody is ready; every turn is in flight"),
            }
        }
        CastOutcome::DryRun {
            id,
            why,
            kind,
            outcome,
        } => {
            ctx.printer.note(format!(
                "{id} would take a {} turn ({why}); nothing was sent or written",
                kind.as_str()
            ));
            match *outcome {
                TickOutcome::DryRun { prompt, schema, .. } => {
                    super::tick::print_prompt(ctx, &prompt, &schema)
                }
                TickOutcome::Paused { name } => ctx.printer.line(format!("{name} is paused")),
                other => ctx
                    .printer
                    .line(serde_json::to_string(&other).unwrap_or_default()),
            }
        }
        CastOutcome::Turn {
            receipt,
            report,
            notes,
        } => {
            for n in notes {
                ctx.printer.note(n);
            }
            ctx.printer.line(format!(
                "cast tick {} {} ({}, {}): {}",
                receipt.cast_tick,
                receipt.id,
                receipt.kind.as_str(),
                receipt.ending.as_str(),
                receipt.detail
            ))?;
            ctx.printer.note(format!(
                "  chosen: {}; rests until {}",
                receipt.why,
                rfc3339(receipt.cooldown_until)
            ));
            if let Some(said) = report.as_ref().and_then(|r| r.said.as_ref()) {
                ctx.printer.note(format!(
                    "  {} may answer first (a reaction window)",
                    said.to
                ));
            }
            Ok(())
        }
    }
}

fn export(ctx: &Ctx, cast: &Cast, args: ExportArgs) -> Result<()> {
    let store = cast.open(ctx.wait, "cast export", &ctx.clock)?;
    let bytes = cultcache::export(&store.read()?, registry(), ctx.clock.now())?;
    if args.out.as_os_str() == "-" {
        return ctx.printer.bytes(&bytes);
    }
    write_atomic_public(&args.out, &bytes)?;
    let records = cultcache::CultFile::open(&bytes)?.len;
    ctx.printer.line(format!(
        "exported {records} records ({} bytes) to {}",
        bytes.len(),
        args.out.display()
    ))
}

fn check(ctx: &Ctx, cast: &Cast) -> Result<()> {
    let mut store = cast.open(ctx.wait, "cast check", &ctx.clock)?;
    let problems = crate::base::store::check_store(&mut store, registry())?;
    if ctx.printer.is_json() {
        ctx.printer
            .json(&serde_json::json!({ "ok": problems.is_empty(), "problems": problems }))?;
    } else if problems.is_empty() {
        ctx.printer.line("ok")?;
    } else {
        for p in &problems {
            ctx.printer.line(format!("{}: {}", p.area, p.detail))?;
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Error::data(format!(
            "{} problem(s) in the cast's store",
            problems.len()
        )))
    }
}

/// How long `status` waits for a member's store before showing it as busy.
const PEEK: Duration = Duration::from_millis(200);
