//! The workspace's history per workspace action (design §3.7), against one durable redb commit
//! of one episode measured in the same run, on a workspace of 100 and of 10,000 small files
//! (100 to a folder), its copies already taken.
//!
//! - `command_over_a_workspace`: what a command (`bash`, a skill) pays: the history opened,
//!   the whole workspace looked at before (nothing new) and after it (one file changed: a
//!   version and a copy), each look saved.
//! - `write_file_over_a_workspace`: what `write_file` pays: the same around its one path.
//! - `look_alone`: one look at the whole workspace that finds nothing changed, unsaved: what
//!   the size of the workspace costs, apart from the syncs of a save.
//! - `one_durable_commit_of_one_episode`: the baseline.
//!
//! Run: `cargo bench --bench history`. Ratios: each against the commit.

use std::path::{Path, PathBuf};

use wis::base::config::Workspace;
use wis::base::home::Home;
use wis::world::history::{By, Caps, History, Scope};

fn main() {
    divan::main();
}

/// The tests' way of opening a store and of bearing a creature.
#[path = "../tests/support/store.rs"]
#[allow(dead_code)]
mod store;

/// A home whose workspace holds `files` small files, every one copied by a first look.
fn workspace(files: usize) -> (tempfile::TempDir, PathBuf, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path().join("workspace");
    for i in 0..files {
        let folder = ws.join(format!("d{:03}", i / 100));
        if i % 100 == 0 {
            std::fs::create_dir_all(&folder).unwrap();
        }
        std::fs::write(folder.join(format!("f{i:05}.txt")), format!("note {i}\n")).unwrap();
    }
    let hist = dir.path().join("history");
    let mut history = History::open(&ws, &hist, caps()).unwrap();
    history.look(&Scope::All, &By::Outside, 0, 0).unwrap();
    history.save().unwrap();
    (dir, ws, hist)
}

fn caps() -> Caps {
    Caps::of(&Workspace::default())
}

/// One action around `scope` that rewrites `file`, as a tick does it.
fn action(ws: &Path, hist: &Path, scope: &Scope, file: &Path, n: &mut u64) {
    *n += 1;
    let mut history = History::open(ws, hist, caps()).unwrap();
    history.look(scope, &By::Outside, *n - 1, 0).unwrap();
    history.save().unwrap();
    std::fs::write(file, format!("rewritten {n}\n")).unwrap();
    let by = By::Action("bash".into());
    let found = history.look(scope, &by, *n, 0).unwrap();
    assert_eq!(found.len(), 1);
    history.save().unwrap();
}

#[divan::bench(args = [100, 10_000], sample_count = 30)]
fn command_over_a_workspace(bencher: divan::Bencher, files: usize) {
    let (_dir, ws, hist) = workspace(files);
    let file = ws.join("d000/f00000.txt");
    let mut n = 0;
    bencher.bench_local(|| action(&ws, &hist, &Scope::All, &file, &mut n));
}

#[divan::bench(args = [100, 10_000], sample_count = 30)]
fn write_file_over_a_workspace(bencher: divan::Bencher, files: usize) {
    let (_dir, ws, hist) = workspace(files);
    let file = ws.join("d000/f00000.txt");
    let scope = Scope::Paths(vec![b"d000/f00000.txt".to_vec()]);
    let mut n = 0;
    bencher.bench_local(|| action(&ws, &hist, &scope, &file, &mut n));
}

#[divan::bench(args = [100, 10_000], sample_count = 30)]
fn look_alone(bencher: divan::Bencher, files: usize) {
    let (_dir, ws, hist) = workspace(files);
    let mut history = History::open(&ws, &hist, caps()).unwrap();
    bencher.bench_local(|| {
        let found = history.look(&Scope::All, &By::Outside, 1, 0).unwrap();
        assert!(found.is_empty());
    });
}

#[divan::bench(sample_count = 30)]
fn one_durable_commit_of_one_episode(bencher: divan::Bencher) {
    use wis::creature::FailKind;
    use wis::wisdom::episodes::Episode;
    let dir = tempfile::tempdir().unwrap();
    let home: Home = store::born(&dir.path().join("home"), 0);
    let store = store::open(&home.store_path());
    let mut n = 0;
    bencher.bench_local(|| {
        n += 1;
        let mut tx = store.write().unwrap();
        tx.push(&Episode {
            tick: n,
            at: 0,
            situation: "-|keep going".into(),
            tool: "bash".into(),
            signature: "bash ls -la".into(),
            action: r#"{"tool":"bash","args":{"command":"ls -la"}}"#.into(),
            fail_kind: FailKind::Ok,
            success: true,
            automated: false,
            summary: "bash `ls -la` -> ok: a.txt b.txt".into(),
            duration_ms: 3,
            advanced: Default::default(),
            step: None,
        })
        .unwrap();
        tx.commit().unwrap();
    });
}
