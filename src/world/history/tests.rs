//! The history on a real disk in a temporary home: what a command changed is found after it
//! (overwritten, deleted, moved, renamed over, a file turned into a folder), the caps evict the
//! oldest, a huge file is listed and not kept, no link is followed out, the bound on entries
//! leaves the rest unjudged, and reads and commands make a file known.

use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};

use super::*;

pub(super) struct Home {
    pub _dir: tempfile::TempDir,
    pub ws: PathBuf,
    pub hist: PathBuf,
}

pub(super) fn home() -> Home {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path().join("workspace");
    std::fs::create_dir_all(&ws).unwrap();
    let hist = dir.path().join("history");
    Home {
        _dir: dir,
        ws,
        hist,
    }
}

pub(super) fn caps() -> Caps {
    Caps::of(&crate::base::config::Workspace::default())
}

impl Home {
    pub fn open(&self, caps: Caps) -> History {
        History::open(&self.ws, &self.hist, caps).unwrap()
    }

    pub fn write(&self, rel: &str, text: &str) {
        let path = self.ws.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    pub fn blobs(&self) -> usize {
        std::fs::read_dir(self.hist.join("blobs")).unwrap().count()
    }
}

pub(super) fn bash() -> By {
    By::Action("bash".into())
}

/// A look at everything by `by` at `tick`, saved.
pub(super) fn look(h: &mut History, by: &By, tick: u64) -> Vec<Changed> {
    let found = h.look(&Scope::All, by, tick, 1_000 * tick as i64).unwrap();
    h.save().unwrap();
    found
}

fn whats(found: &[Changed]) -> Vec<(String, What)> {
    let mut out: Vec<(String, What)> = found
        .iter()
        .map(|c| (shown(&c.version.path), c.version.what))
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

fn kept(h: &History, c: &Changed) -> String {
    let sha = c.version.blob.expect("a copy");
    String::from_utf8(h.content(&sha).unwrap().unwrap()).unwrap()
}

#[test]
fn what_a_command_overwrote_or_deleted_is_kept_and_survives_a_reopen() {
    let home = home();
    home.write("todo.txt", "buy milk");
    home.write("notes/plan.txt", "step one");
    let mut h = home.open(caps());
    assert!(
        look(&mut h, &By::Outside, 0).is_empty(),
        "a first look only copies"
    );
    // The command runs: overwrites one, deletes another, makes a third.
    home.write("todo.txt", "hello");
    std::fs::remove_file(home.ws.join("notes/plan.txt")).unwrap();
    home.write("new.txt", "mine");
    let found = look(&mut h, &bash(), 1);
    assert_eq!(
        whats(&found),
        [
            ("notes/plan.txt".into(), What::Deleted),
            ("todo.txt".into(), What::Overwritten)
        ]
    );
    assert!(found.iter().all(|c| c.unread && c.version.by == bash()));
    let todo = found
        .iter()
        .find(|c| c.version.path == b"todo.txt")
        .unwrap();
    assert_eq!(kept(&h, todo), "buy milk");
    assert_eq!(todo.version.tick, 1);
    // What the creature made it knows; the next command over it is no unread overwrite.
    home.write("new.txt", "yours now");
    let again = look(&mut h, &bash(), 2);
    assert_eq!(whats(&again), [("new.txt".into(), What::Overwritten)]);
    assert!(!again[0].unread);
    // A line added after its words: a version, but nothing was lost (never a scar).
    home.write("todo.txt", "hello\nand more");
    let added = look(&mut h, &bash(), 3);
    assert_eq!(whats(&added), [("todo.txt".into(), What::Extended)]);
    assert!(!What::Extended.destroys());
    assert_eq!(kept(&h, &added[0]), "hello");
    // Reopened, the journal gives back the same state.
    let reopened = home.open(caps());
    assert_eq!(reopened.state().versions, h.state().versions);
    assert_eq!(reopened.state().seen, h.state().seen);
    assert_eq!(reopened.state().bytes(), h.state().bytes());
}

#[test]
fn a_rename_is_a_move_and_a_replacement() {
    let home = home();
    home.write("a.txt", "first");
    home.write("b.txt", "second");
    let mut h = home.open(caps());
    look(&mut h, &By::Outside, 0);
    std::fs::rename(home.ws.join("a.txt"), home.ws.join("b.txt")).unwrap();
    let found = look(&mut h, &bash(), 3);
    assert_eq!(
        whats(&found),
        [
            ("a.txt".into(), What::Moved),
            ("b.txt".into(), What::Replaced)
        ]
    );
    let moved = found.iter().find(|c| c.version.path == b"a.txt").unwrap();
    assert_eq!(moved.version.to.as_deref(), Some(&b"b.txt"[..]));
    let replaced = found.iter().find(|c| c.version.path == b"b.txt").unwrap();
    assert_eq!(kept(&h, replaced), "second");
    // A move destroys nothing: it is no scar.
    assert!(!What::Moved.destroys() && What::Replaced.destroys());
}

#[test]
fn a_file_replaced_by_a_folder_is_deleted_and_the_same_words_are_no_change() {
    let home = home();
    home.write("x", "was a file");
    home.write("same.txt", "unchanged");
    let mut h = home.open(caps());
    look(&mut h, &By::Outside, 0);
    std::fs::remove_file(home.ws.join("x")).unwrap();
    std::fs::create_dir(home.ws.join("x")).unwrap();
    // Rewritten with the same words: its stat moves, its content does not.
    home.write("same.txt", "unchanged");
    let found = look(&mut h, &bash(), 1);
    assert_eq!(whats(&found), [("x".into(), What::Deleted)]);
    assert_eq!(kept(&h, &found[0]), "was a file");
    assert!(h.state().get(b"same.txt").is_some());
}

#[test]
fn the_caps_evict_the_oldest_and_remove_their_copies() {
    let home = home();
    let caps = Caps {
        versions_per_path: 2,
        max_versions: 3,
        ..caps()
    };
    home.write("a.txt", "v0");
    let mut h = home.open(caps);
    look(&mut h, &By::Outside, 0);
    for i in 1..=4 {
        home.write("a.txt", &format!("v{i}"));
        look(&mut h, &bash(), i);
    }
    let kept_ticks: Vec<u64> = h.versions_of(b"a.txt").iter().map(|v| v.tick).collect();
    assert_eq!(kept_ticks, [3, 4], "the two newest of the path");
    // v2, v3 in versions, v4 as last seen: the copies of v0 and v1 are gone from the disk.
    assert_eq!(home.blobs(), 3);
    for i in 0..3 {
        home.write(&format!("f{i}.txt"), "one");
    }
    look(&mut h, &bash(), 5);
    for i in 0..3 {
        home.write(&format!("f{i}.txt"), &format!("two {i}"));
    }
    look(&mut h, &bash(), 6);
    assert_eq!(h.state().versions.len(), 3, "the total cap");
    assert!(
        h.versions_of(b"a.txt").is_empty(),
        "the oldest of all went first"
    );
}

#[test]
fn the_byte_cap_evicts_versions_for_room_and_then_keeps_no_more() {
    let home = home();
    let caps = Caps {
        max_bytes: 100,
        ..caps()
    };
    home.write("a.txt", &"a".repeat(40));
    let mut h = home.open(caps);
    look(&mut h, &By::Outside, 0);
    home.write("a.txt", &"b".repeat(40));
    look(&mut h, &bash(), 1);
    assert_eq!(h.state().bytes(), 80);
    // 40 more bytes do not fit beside 80: the oldest version goes.
    home.write("b.txt", &"c".repeat(40));
    look(&mut h, &bash(), 2);
    assert!(h.state().versions.is_empty());
    assert_eq!(h.state().bytes(), 80);
    assert_eq!(home.blobs(), 2);
    // Nothing left to evict: a new file is listed, not kept.
    home.write("c.txt", &"d".repeat(40));
    look(&mut h, &bash(), 3);
    let seen = h.state().get(b"c.txt").unwrap();
    assert_eq!((seen.blob, seen.not_kept), (None, Some(NotKept::OverTotal)));
}

#[test]
fn a_huge_file_is_listed_but_not_kept() {
    let home = home();
    let caps = Caps {
        file_max_bytes: 10,
        ..caps()
    };
    home.write("big.log", &"x".repeat(11));
    let mut h = home.open(caps);
    look(&mut h, &By::Outside, 0);
    std::fs::remove_file(home.ws.join("big.log")).unwrap();
    let found = look(&mut h, &bash(), 1);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].version.blob, None);
    assert_eq!(found[0].version.not_kept, Some(NotKept::TooLarge));
    assert_eq!(found[0].version.size, 11);
}

#[test]
fn links_are_never_followed_out_of_the_workspace() {
    let home = home();
    let outside = home._dir.path().join("outside");
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(outside.join("secret"), "s").unwrap();
    symlink(&outside, home.ws.join("out")).unwrap();
    symlink(outside.join("secret"), home.ws.join("leak")).unwrap();
    home.write("in.txt", "inside");
    let mut h = home.open(caps());
    look(&mut h, &By::Outside, 0);
    let seen: Vec<String> = h.state().seen.keys().map(|k| shown(k)).collect();
    assert_eq!(seen, ["in.txt"]);
    // A path through a link names no file, whatever it points at.
    let through = Scope::Paths(vec![b"out/secret".to_vec(), b"leak".to_vec()]);
    assert!(h.look(&through, &bash(), 1, 0).unwrap().is_empty());
    assert_eq!(h.state().seen.len(), 1);
    assert!(!Path::new(&home.hist.join("blobs").join(Sha::of(b"s").hex())).exists());
}

#[test]
fn past_the_bound_on_entries_nothing_is_judged() {
    let home = home();
    for i in 0..10 {
        home.write(&format!("f{i}.txt"), "x");
    }
    let caps = Caps {
        max_files: 4,
        ..caps()
    };
    let mut h = home.open(caps);
    look(&mut h, &By::Outside, 0);
    assert_eq!(h.state().seen.len(), 4);
    let bound = h.state().bound.clone().expect("a bound");
    assert_eq!(
        (bound.looked, shown(&bound.last)),
        (4, "f3.txt".to_string())
    );
    // Gone past the bound: not looked at, so not deleted.
    std::fs::remove_file(home.ws.join("f9.txt")).unwrap();
    std::fs::remove_file(home.ws.join("f0.txt")).unwrap();
    let found = look(&mut h, &bash(), 1);
    assert_eq!(whats(&found), [("f0.txt".into(), What::Deleted)]);
}

#[test]
fn reads_and_commands_naming_a_file_make_it_known() {
    let home = home();
    home.write("notes/todo.txt", "x");
    home.write("b.txt", "y");
    let mut h = home.open(caps());
    look(&mut h, &By::Outside, 0);
    assert!(!h.state().get(b"notes/todo.txt").unwrap().known);
    h.mark_named("cat notes/todo.txt | wc -l");
    assert!(h.state().get(b"notes/todo.txt").unwrap().known);
    h.mark_read(b"b.txt");
    assert!(h.state().get(b"b.txt").unwrap().known);
    assert!(known::names(b"cd notes && cat todo.txt", b"notes/todo.txt"));
    assert!(!known::names(b"cat todo.txt.bak", b"todo.txt"));
    assert!(!known::names(b"cat mytodo.txt", b"todo.txt"));
    assert!(!known::names(b"ls", b"todo.txt"));
}
