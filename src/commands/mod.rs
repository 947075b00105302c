//! The command line: global options, one module per subcommand, and the dispatch.
//!
//! Commands are thin: they parse their arguments, call into the library, and print through
//! the one [`Printer`]. Every subcommand here does real work; nothing is listed before it is
//! built.

mod cachectl;
mod cast;
mod check;
mod commission;
mod completions;
mod config;
mod curate;
mod curve;
pub mod docs;
#[cfg(all(test, unix))]
pub(crate) mod fault_sweep;
mod inbox;
mod init;
mod legacy;
mod memory;
mod mind;
mod news;
mod pause;
mod reflex;
mod replay;
mod report;
mod sleep;
mod status;
mod suite;
mod tick;
mod unlock;
mod workspace;

use std::path::PathBuf;
use std::time::Duration;

use clap::{Parser, Subcommand};

use crate::base::clock::Clock;
use crate::base::config::Config;
use crate::base::exit::Result;
use crate::base::home::Home;
use crate::base::output::{OutputFormat, Printer};
use crate::base::store::Store;

/// wis: a small language model's life and memory, one step at a time.
///
/// A creature lives in a home directory (`wis.toml`, `wis.redb`, `workspace/`). Each
/// subcommand does one step of its life on its store; cron or a shell loop composes them.
/// Exit codes: 0 ok, 64 usage, 65 bad data, 66 missing input, 69 model or organ unreachable,
/// 70 internal error, 74 I/O error, 75 busy (try again later), 78 bad configuration.
#[derive(Debug, Parser)]
#[command(name = "wis", version, propagate_version = true, max_term_width = 100)]
pub struct Cli {
    #[command(flatten)]
    pub global: Global,
    #[command(subcommand)]
    pub command: Command,
}

/// Options every subcommand takes.
#[derive(Debug, clap::Args)]
pub struct Global {
    /// The creature's home directory [default: $WIS_HOME, else `<data dir>/wis/home`].
    #[arg(long, global = true, value_name = "DIR")]
    pub home: Option<PathBuf>,

    /// Seconds to wait while another process holds the store, then exit 75.
    #[arg(
        long,
        global = true,
        value_name = "SECONDS",
        env = "WIS_WAIT",
        default_value_t = 10.0
    )]
    pub wait: f64,

    /// Output format of reporting commands.
    #[arg(long, global = true, value_enum, default_value_t = OutputFormat::Text)]
    pub output_format: OutputFormat,

    /// Set a configuration key for this run, over wis.toml and WIS_* variables
    /// (repeatable), e.g. `--config llm.url=http://127.0.0.1:8080/v1`.
    #[arg(short = 'c', long = "config", global = true, value_name = "KEY=VALUE")]
    pub config: Vec<String>,

    /// Print only data: no notes, warnings or progress on stderr (errors still).
    #[arg(short, long, global = true)]
    pub quiet: bool,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Birth a creature in a home.
    ///
    /// Draws its genome (name, morph, temperament) from --seed, or from a random seed that is
    /// recorded; writes wis.toml with every default, commented; creates the store and the
    /// workspace. An existing creature is refused unless --force, which archives it first.
    Init(init::Args),
    /// Live one heartbeat: a work, rumination or sleep turn.
    ///
    /// Sleeps when sleep pressure is over its threshold, ruminates when nothing is actionable
    /// or after repeated failures, otherwise asks the model for one action, runs it sandboxed,
    /// and records the judged outcome. Prints one line (or one JSON object). Exit 75 when
    /// another turn is in flight (cron simply tries again), 69 when the model does not answer.
    Tick(tick::Args),
    /// Run the sleep turn now, show what it would do, or show a receipt.
    ///
    /// Resets sleep pressure, counts a sleep, runs the sleep's jobs in order (consolidation,
    /// curation, the quest's stall check and the next quest's issue, the milestone unlocks),
    /// and stores a receipt naming what each did and the memories it changed. `--dry-run`
    /// writes nothing; `wis sleep show [N]` prints a receipt. Refused (exit 75) while a turn
    /// is in flight.
    Sleep(sleep::Args),
    /// Replay recorded failures with verified fixes, and closed predictions, against the model;
    /// score, never execute.
    ///
    /// Draws --batch failures whose fix was later verified and closed predictions (seeded,
    /// favouring recent, well-verified and never-replayed ones), rebuilds each decision's
    /// prompt with today's recall, asks the model once each with the tick's grammar, and scores
    /// the answer against the record (a prediction by the check the world confirmed or
    /// refuted): learned, unlearned, divergent or malformed. Nothing is executed. Refused
    /// (exit 75) while a turn is in flight; exit 69 when no model answers. `wis replay history`
    /// shows past reports.
    Replay(replay::Args),
    /// Judge memory by its utility record now, as sleep does (`[wisdom] curation_enabled`).
    ///
    /// Useful memories are reinforced; those with an empty or negative record past their grace
    /// decay, and below the strength floor move to the archive tier (never deleted).
    Curate(curate::Args),
    /// Show the creature: the keeper's figures first (done rate and ticks to done, per kind),
    /// then age, level, sleep pressure, body, store.
    Status(status::Args),
    /// Write the growth report: one self-contained HTML page that shows whether the creature
    /// is getting wiser.
    ///
    /// Panels: life (age, level, units and the tick each arrived, XP per tick, steps closed,
    /// the repeat rate, commissions), the curve (each arm's score against age with its 95%
    /// interval, the latest paired gains), below the model (ticks per day reflexes resolved, the
    /// success rates of reflex and model ticks, the approvals queue with the `wis reflex arm
    /// ID` to run, demotions and their scars), memory (engrams over the sleeps, what each sleep
    /// did to them, the most-shown memories' utility), replay (the learned rate per replay),
    /// lineage (generations side by side) and the last sleep receipts. With --cast DIR, the
    /// cast's page instead: its members, the initiative order and the turn timeline.
    ///
    /// The page needs nothing else: its style and pictures are inline, it has no script and
    /// fetches nothing, and every list is capped, so its size is bounded. It reads the store as
    /// `wis status` does and writes nothing there; a store that stays busy past --wait exits
    /// 75. Publish it from cron after each sleep:
    /// `0 * * * * wis --home H report --out /srv/www/H.html`.
    Report(report::Args),
    /// Pause the creature: ticks do nothing until `wis resume`.
    Pause(pause::Args),
    /// Resume a paused creature.
    Resume(pause::Args),
    /// Check the store: redb integrity and wis's invariants (exit 65 when damaged).
    ///
    /// Runs redb's own integrity check, then checks that every document decodes as its
    /// registered type, rings are within their caps, and no turn is half recorded. With
    /// `--schemas`, also validates the heartbeat state, the pending turn and the sleep
    /// receipts against their published JSON Schemas.
    Check(check::Args),
    /// Inspect and validate the configuration.
    #[command(subcommand)]
    Config(config::Command),
    /// The experience curve: battery scores against the creature's age, per arm.
    #[command(subcommand)]
    Curve(curve::Command),
    /// The body, unit by unit: list what is granted, held and locked; grant what is earned.
    #[command(subcommand)]
    Unlock(unlock::Command),
    /// News for the operator: units granted or held, quests issued, passed, failed.
    News(news::Args),
    /// Print a shell completion script.
    Completions(completions::Args),
    /// What the creature remembers: list, show, search, stats, add, restore, reembed, mirror.
    #[command(subcommand)]
    Memory(memory::Command),
    /// The model the creature thinks with: serve keeps the embedded model resident between
    /// ticks.
    #[command(subcommand)]
    Mind(mind::Command),
    /// CultCache files: export and import the store, project and verify any file.
    #[command(subcommand)]
    Cachectl(cachectl::Command),
    /// Reflexes: actions promoted from streaks of successes and fired below the model: list,
    /// show, scan, arm, disarm.
    #[command(subcommand)]
    Reflex(reflex::Command),
    /// The keeper's channel: give the creature work, confirm or reject what it did.
    ///
    /// A commission is the creature's next step, ahead of its own plan, shown in its prompt
    /// as your words; with --check it is done when the world shows it, otherwise it waits
    /// for your confirmation. `wis inbox` is what the creature said back.
    #[command(subcommand)]
    Commission(commission::Command),
    /// What the creature said to you: its replies, and the commission each answers.
    Inbox(inbox::Args),
    /// A cast: creatures sharing one machine and model server, taking turns by one
    /// initiative law: init, add, remove, arena, object, organ, tick, status, log, review,
    /// export, check.
    Cast(cast::Args),
    /// The commission suite: draw a house and the keeper's errands from a seed, and summarize
    /// the lives that did them (per kind, first half against second, wise against dark).
    #[command(subcommand)]
    Suite(suite::Command),
    /// Lineage: export the creature's validated corpus as a heirloom volume, import volumes
    /// into a newborn, show the generational metrics.
    #[command(subcommand)]
    Legacy(legacy::Command),
    /// The workspace's history: earlier versions of the files the creature changed or
    /// deleted, kept so nothing of yours is lost: history, restore.
    #[command(subcommand)]
    Workspace(workspace::Command),
}

/// What every command gets: where the creature lives, how to print, the clock.
pub struct Ctx {
    pub home: Home,
    pub wait: Duration,
    pub config_flags: Vec<String>,
    pub printer: Printer,
    pub clock: Clock,
}

impl Ctx {
    pub fn from_global(global: &Global) -> Result<Ctx> {
        let wait = if global.wait.is_finite() && global.wait >= 0.0 {
            Duration::from_secs_f64(global.wait)
        } else {
            return Err(crate::base::exit::Error::usage(format!(
                "--wait {} is not a number of seconds",
                global.wait
            )));
        };
        let printer = Printer::new(global.output_format, global.quiet);
        printer.install();
        Ok(Ctx {
            home: Home::resolve(global.home.as_deref())?,
            wait,
            config_flags: global.config.clone(),
            printer,
            clock: Clock::from_env()?,
        })
    }

    /// The home's configuration, layered and validated.
    pub fn config(&self) -> Result<Config> {
        self.home.config(&self.config_flags)
    }

    /// Opens the store for `command` to write, waiting up to `--wait`.
    pub fn open(&self, command: &str) -> Result<Store> {
        self.home.open(self.wait, command, &self.clock)
    }

    /// Opens the store for `command` to read only (no write, no sync), waiting up to `--wait`
    /// for a writer: what a command that only reads opens.
    pub fn open_read(&self, command: &str) -> Result<Store> {
        self.home.open_read(self.wait, command, &self.clock)
    }
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<()> {
    let ctx = Ctx::from_global(&cli.global)?;
    match cli.command {
        Command::Init(args) => init::run(&ctx, args),
        Command::Tick(args) => tick::run(&ctx, args),
        Command::Sleep(args) => sleep::run(&ctx, args),
        Command::Replay(args) => replay::run(&ctx, args),
        Command::Curate(args) => curate::run(&ctx, args),
        Command::Status(args) => status::run(&ctx, args),
        Command::Report(args) => report::run(&ctx, args),
        Command::Pause(args) => pause::run(&ctx, args, true),
        Command::Resume(args) => pause::run(&ctx, args, false),
        Command::Check(args) => check::run(&ctx, args),
        Command::Config(cmd) => config::run(&ctx, cmd),
        Command::Curve(cmd) => curve::run(&ctx, cmd),
        Command::Unlock(cmd) => unlock::run(&ctx, cmd),
        Command::News(args) => news::run(&ctx, args),
        Command::Completions(args) => completions::run(&ctx, args),
        Command::Memory(cmd) => memory::run(&ctx, cmd),
        Command::Cachectl(cmd) => cachectl::run(&ctx, cmd),
        Command::Reflex(cmd) => reflex::run(&ctx, cmd),
        Command::Legacy(cmd) => legacy::run(&ctx, cmd),
        Command::Cast(args) => cast::run(&ctx, args),
        Command::Commission(cmd) => commission::run(&ctx, cmd),
        Command::Inbox(args) => inbox::run(&ctx, args),
        Command::Suite(cmd) => suite::run(&ctx, cmd),
        Command::Workspace(cmd) => workspace::run(&ctx, cmd),
        Command::Mind(cmd) => mind::run(&ctx, cmd),
    }
}

/// The clap command tree (for completions, reference pages and tests).
pub fn command() -> clap::Command {
    <Cli as clap::CommandFactory>::command()
}

#[cfg(test)]
mod tests {
    #[test]
    fn command_tree_is_well_formed() {
        super::command().debug_assert();
    }
}
