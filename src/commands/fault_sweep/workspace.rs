//! The fault sweep over `wis workspace restore`: the keeper's file, written over by the
//! creature, restored through the command itself with a fault at every point of the history's
//! own disk (an I/O error at every operation, a full disk at every write, a power loss at every
//! sync) and then of the store's. After each, the file holds the creature's words or the
//! keeper's, never a part of either; both can still be had (the file, or a version whose copy
//! hashes to its name); the command exited 0, 74 or 75; and a restore on the survivor brings
//! the keeper's words back.

use std::time::Duration;

use super::tick::{grown, report};
use super::{BORN, Figures, assert_checks, copy_home, sweep};
use crate::base::clock::Clock;
use crate::base::config::Workspace;
use crate::base::exit::Result;
use crate::base::home::Home;
use crate::base::output::{OutputFormat, Printer};
use crate::base::store::faults::Fault;
use crate::commands::Ctx;
use crate::commands::workspace::restore;
use crate::world::history::faults::Installed;
use crate::world::history::{By, Caps, History, Scope};

const PATH: &str = "notes/todo.txt";
const KEEPERS: &str = "buy milk\nwater the plants\n";
const CREATURES: &str = "hello\n";

fn caps() -> Caps {
    Caps::of(&Workspace::default())
}

/// A creature two ticks old whose keeper's file it wrote over at tick 1.
fn template(dir: &std::path::Path) -> Home {
    let home = grown(dir, 2);
    let file = home.workspace().join(PATH);
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, KEEPERS).unwrap();
    let mut history = History::open(&home.workspace(), &home.history_dir(), caps()).unwrap();
    history.look(&Scope::All, &By::Outside, 0, BORN).unwrap();
    history.save().unwrap();
    std::fs::write(&file, CREATURES).unwrap();
    let by = By::Action("write_file".into());
    let found = history.look(&Scope::All, &by, 1, BORN).unwrap();
    assert_eq!(found.len(), 1);
    history.save().unwrap();
    home
}

fn restore_keepers(home: &Home) -> Result<()> {
    let ctx = Ctx {
        home: home.clone(),
        wait: Duration::from_secs(1),
        config_flags: Vec::new(),
        printer: Printer::new(OutputFormat::Json, true),
        clock: Clock::pinned(BORN + 3_600_000),
    };
    let args = restore::Args {
        path: PATH.into(),
        at: Some(1),
    };
    restore::run(&ctx, args)
}

/// The file's words, and the words of every whole copy that can be had: each version's, and
/// the file's as last seen (a restore whose record failed after the file was put back leaves
/// the words it replaced there, and the next look makes them a version).
fn recoverable(home: &Home) -> (String, Vec<String>) {
    let file = std::fs::read_to_string(home.workspace().join(PATH)).unwrap();
    let history = History::open(&home.workspace(), &home.history_dir(), caps())
        .expect("the history reads after the fault");
    let state = history.state();
    let last_seen = state.get(PATH.as_bytes()).and_then(|s| s.blob);
    let kept = state
        .versions
        .iter()
        .filter_map(|v| v.blob)
        .chain(last_seen)
        .filter_map(|sha| history.content(&sha).unwrap())
        .map(|b| String::from_utf8(b).unwrap())
        .collect();
    (file, kept)
}

/// Nothing lost and nothing half written; a restore that succeeded holds.
fn judge(home: &Home, ok: bool, what: &str) {
    let (file, kept) = recoverable(home);
    assert!(
        file == KEEPERS || file == CREATURES,
        "{what}: the file holds {file:?}"
    );
    if ok {
        assert_eq!(file, KEEPERS, "{what}: a restore that succeeded was lost");
    }
    for words in [KEEPERS, CREATURES] {
        assert!(
            file == words || kept.iter().any(|k| k == words),
            "{what}: {words:?} is lost (file {file:?}, kept {kept:?})"
        );
    }
}

#[test]
fn a_restore_loses_nothing_at_every_fault_of_the_historys_disk() {
    let dir = tempfile::tempdir().unwrap();
    let template = template(dir.path());
    let run = |fault: Fault| {
        let (copy, home) = copy_home(&template);
        let disk = Installed::install(&home.workspace(), &home.history_dir(), fault);
        let result = restore_keepers(&home);
        let tally = disk.reboot();
        (copy, home, tally, result)
    };
    let (_copy, clean_home, clean, result) = run(Fault::None);
    result.unwrap();
    judge(&clean_home, true, "no fault");
    let mut figures = Figures::default();
    // Power losses after which the reboot took the restore back: the model is no stub.
    let mut rolled_back = 0;
    let plans: [(super::Plan, u64); 3] = [
        (Fault::Io, clean.ops),
        (Fault::Full, clean.writes),
        (Fault::Power, clean.syncs),
    ];
    for (plan, count) in plans {
        for n in 1..=count {
            let fault = plan(n);
            let what = format!("restore, {fault:?} of {count}");
            let (_copy, home, tally, result) = run(fault);
            if !tally.fired {
                result.unwrap_or_else(|e| panic!("{what}: failed without the fault: {e}"));
                continue;
            }
            match &result {
                Ok(()) => figures.absorbed += 1,
                Err(e) => {
                    assert!(
                        [74, 75].contains(&e.code()),
                        "{what}: exit {}: {e}",
                        e.code()
                    );
                    if matches!(fault, Fault::Full(_)) {
                        let says = e.hint.as_deref().is_some_and(|h| h.contains("full"));
                        assert!(says, "{what}: a full disk not said: {e} ({:?})", e.hint);
                    }
                }
            }
            judge(&home, result.is_ok(), &what);
            if matches!(fault, Fault::Power(_)) && recoverable(&home).0 == CREATURES {
                rolled_back += 1;
            }
            assert_checks(&home, &what);
            restore_keepers(&home).unwrap_or_else(|e| panic!("{what}: the run after: {e}"));
            judge(&home, true, &format!("{what}, then a clean run"));
            match fault {
                Fault::Io(_) => figures.io += 1,
                Fault::Full(_) => figures.full += 1,
                Fault::Power(_) => figures.power += 1,
                Fault::None => {}
            }
        }
    }
    eprintln!("restore (history disk): {clean:?}");
    report("restore (history disk)", &figures);
    assert!(figures.io > 0 && figures.full > 0 && figures.power > 0);
    assert!(rolled_back > 0, "no power loss undid an unsynced rename");
}

#[test]
fn a_restore_loses_nothing_at_every_fault_of_the_store() {
    let dir = tempfile::tempdir().unwrap();
    let template = template(dir.path());
    let figures = sweep(
        "restore (store)",
        &template,
        Some(0),
        &restore_keepers,
        &|_, after, ok| judge(after, ok, "restore (store)"),
    );
    report("restore (store)", &figures);
    assert!(figures.io > 0);
}
