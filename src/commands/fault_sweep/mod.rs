//! Fault injection swept over whole commands: each command runs once on a simulated disk to
//! count its operations, then once per fault point (an I/O error at every operation, a full
//! disk at every write, a power loss at every sync) on a fresh copy of the same home. After
//! each fault the disk reboots, the store is opened as `wis check` opens it and must pass its
//! check, no committed tick may be lost, the command must have failed with exit 74 (or, when
//! the fault came after its last durable commit, succeeded), and the same command then runs
//! clean on the survivor.

mod curve;
mod operator;
mod ops;
pub(crate) mod tick;
mod workspace;

use std::path::Path;
use std::time::Duration;

use crate::base::clock::Clock;
use crate::base::exit::Result;
use crate::base::home::Home;
use crate::base::output::{OutputFormat, Printer};
use crate::base::store::faults::{Disk, Fault, Tally};
use crate::base::store::{Read, SINGLETON_KEY, Store};
use crate::commands::Ctx;
use crate::creature::Persona;
use crate::turn::check::check;
use crate::turn::documents::registry;

pub(super) const BORN: i64 = 1_767_225_600_000;

/// A kind of fault, planned at a point.
type Plan = fn(u64) -> Fault;

/// What a sweep over one command found.
#[derive(Debug, Default)]
pub(crate) struct Figures {
    /// Fault points run, by kind: I/O error, disk full, power loss.
    pub io: u64,
    pub full: u64,
    pub power: u64,
    /// Faults after which the command still succeeded (they hit after its last commit).
    pub absorbed: u64,
}

/// A command's context on `home`, an hour after [`BORN`], printing JSON quietly.
pub(super) fn ctx(home: &Home) -> Ctx {
    Ctx {
        home: home.clone(),
        wait: Duration::from_secs(1),
        config_flags: Vec::new(),
        printer: Printer::new(OutputFormat::Json, true),
        clock: Clock::pinned(BORN + 3_600_000),
    }
}

/// The store as a deterministic snapshot: every registered document, exported at time 0.
pub(crate) fn fingerprint(home: &Home) -> Vec<u8> {
    let store = open(home);
    let rx = store.read().unwrap();
    crate::base::cultcache::export(&rx, registry(), 0).unwrap()
}

/// Opens the home's store as a command does.
pub(crate) fn open_store(home: &Home) -> Result<Store> {
    home.open(Duration::from_secs(1), "test", &Clock::pinned(BORN))
}

pub(crate) fn open(home: &Home) -> Store {
    open_store(home).unwrap()
}

pub(crate) fn ticks(home: &Home) -> u64 {
    let store = open(home);
    let persona: Persona = store.read().unwrap().get(SINGLETON_KEY).unwrap().unwrap();
    persona.ticks
}

/// The store passes what `wis check` runs.
pub(crate) fn assert_checks(home: &Home, what: &str) {
    let mut store = open(home);
    let problems = check(&mut store).unwrap();
    assert!(problems.is_empty(), "{what}: check found {problems:?}");
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// A copy of `template` in a new temporary directory (which the home lives as long as).
pub(crate) fn copy_home(template: &Home) -> (tempfile::TempDir, Home) {
    let dir = tempfile::tempdir().unwrap();
    let home = Home::new(dir.path().join("home"));
    copy_dir(template.root(), home.root());
    (dir, home)
}

/// One run of `op` on a copy of `template` planned with `fault`: the tally, the result, and
/// the rebooted home (kept alive by the returned directory).
fn run_once(
    template: &Home,
    fault: Fault,
    op: &dyn Fn(&Home) -> Result<()>,
) -> (tempfile::TempDir, Home, Tally, Result<()>) {
    let (dir, home) = copy_home(template);
    let disk = Disk::install(&home.store_path(), fault);
    let result = op(&home);
    let tally = disk.reboot();
    (dir, home, tally, result)
}

/// Sweeps every fault point of `op` on `template`. `judge` is handed the home before the
/// run, the rebooted home after it, and whether the command succeeded; it asserts that
/// nothing committed was lost and nothing was half written. `advance` is how many ticks a
/// clean run adds (`None` when the command may set the count).
pub(crate) fn sweep(
    name: &str,
    template: &Home,
    advance: Option<u64>,
    op: &dyn Fn(&Home) -> Result<()>,
    judge: &dyn Fn(&Home, &Home, bool),
) -> Figures {
    sweep_then(name, template, advance, op, op, judge)
}

/// [`sweep`], with `then` as the clean run on each survivor (for a command that cannot simply
/// run twice, say a confirmation).
pub(crate) fn sweep_then(
    name: &str,
    template: &Home,
    advance: Option<u64>,
    op: &dyn Fn(&Home) -> Result<()>,
    then: &dyn Fn(&Home) -> Result<()>,
    judge: &dyn Fn(&Home, &Home, bool),
) -> Figures {
    let (_dir, _home, clean, result) = run_once(template, Fault::None, op);
    result.unwrap_or_else(|e| panic!("{name} without a fault: {e}"));
    let mut figures = Figures::default();
    let plans: [(Plan, u64); 3] = [
        (Fault::Io, clean.ops),
        (Fault::Full, clean.writes),
        (Fault::Power, clean.syncs),
    ];
    for (plan, count) in plans {
        for n in 1..=count {
            let fault = plan(n);
            let (_dir, home, tally, result) = run_once(template, fault, op);
            let what = format!("{name}, {fault:?} of {count}");
            if !tally.fired {
                // A run that took another path (a retry) may end before the point.
                result.unwrap_or_else(|e| panic!("{what}: failed without the fault: {e}"));
                continue;
            }
            match &result {
                Ok(()) => figures.absorbed += 1,
                Err(e) => {
                    assert_eq!(e.code(), 74, "{what}: {} (hint {:?})", e, e.hint);
                    if matches!(fault, Fault::Full(_)) {
                        let says = e.hint.as_deref().is_some_and(|h| h.contains("full"));
                        assert!(
                            says,
                            "{what}: a full disk not said: {e} (hint {:?})",
                            e.hint
                        );
                    }
                }
            }
            assert_checks(&home, &what);
            judge(template, &home, result.is_ok());
            // The survivor lives on: the same command runs clean on it, counting once.
            let survived = ticks(&home);
            then(&home).unwrap_or_else(|e| panic!("{what}: the run after the fault: {e}"));
            assert_checks(&home, &format!("{what}, then a clean run"));
            if let Some(n) = advance {
                assert_eq!(ticks(&home), survived + n, "{what}: the clean run after it");
            }
            match fault {
                Fault::Io(_) => figures.io += 1,
                Fault::Full(_) => figures.full += 1,
                Fault::Power(_) => figures.power += 1,
                Fault::None => {}
            }
        }
    }
    eprintln!("{name}: {clean:?} -> {figures:?}");
    figures
}
