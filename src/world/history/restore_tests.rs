//! Restores on a real disk: the latest version or the one a tick names, what the file held
//! kept first (so a restore is undone by another), a deleted file and its folder brought back,
//! and each refusal with its exit code, the file untouched.

use super::tests::{bash, caps, home, look};
use super::*;

fn read(home: &super::tests::Home, rel: &str) -> String {
    std::fs::read_to_string(home.ws.join(rel)).unwrap()
}

#[test]
fn the_latest_version_comes_back_and_a_restore_is_undone_by_another() {
    let home = home();
    home.write("todo.txt", "buy milk");
    let mut h = home.open(caps());
    look(&mut h, &By::Outside, 0);
    home.write("todo.txt", "hello");
    look(&mut h, &bash(), 1);
    let done = h.restore(&home.ws, "todo.txt", None, 1, 5).unwrap();
    assert_eq!(read(&home, "todo.txt"), "buy milk");
    assert!(!done.already);
    let kept = done.kept.expect("what it held is kept");
    assert_eq!((kept.what, kept.by.clone()), (What::Restored, By::Restore));
    // The restore's own change is no change to the next look.
    assert!(look(&mut h, &bash(), 2).is_empty());
    let undone = h.restore(&home.ws, "./todo.txt", None, 2, 6).unwrap();
    assert_eq!(undone.version.id, kept.id);
    assert_eq!(read(&home, "todo.txt"), "hello");
    let again = h.restore(&home.ws, "todo.txt", Some(2), 2, 7).unwrap();
    assert_eq!(read(&home, "todo.txt"), "buy milk");
    assert!(!again.already);
    let same = h.restore(&home.ws, "todo.txt", Some(2), 2, 8);
    assert!(same.unwrap().already);
}

#[test]
fn at_names_the_file_as_it_was_when_that_tick_began() {
    let home = home();
    home.write("a.txt", "one");
    let mut h = home.open(caps());
    look(&mut h, &By::Outside, 0);
    home.write("a.txt", "two");
    look(&mut h, &bash(), 2);
    home.write("a.txt", "three");
    look(&mut h, &bash(), 5);
    h.restore(&home.ws, "a.txt", Some(1), 6, 0).unwrap();
    assert_eq!(read(&home, "a.txt"), "one");
    h.restore(&home.ws, "a.txt", Some(3), 6, 0).unwrap();
    assert_eq!(
        read(&home, "a.txt"),
        "two",
        "at tick 3 it held what tick 2 wrote"
    );
    let future = h.restore(&home.ws, "a.txt", Some(9), 6, 0).unwrap_err();
    assert_eq!(future.code(), 64, "{future}");
    // The restores themselves are versions at tick 6: at 7 nothing changed it since.
    let after = h.restore(&home.ws, "a.txt", Some(7), 7, 0).unwrap_err();
    assert_eq!(after.code(), 64, "{after}");
    assert_eq!(read(&home, "a.txt"), "two");
}

#[test]
fn a_deleted_file_comes_back_with_its_folder() {
    let home = home();
    home.write("notes/deep/plan.txt", "keep me");
    let mut h = home.open(caps());
    look(&mut h, &By::Outside, 0);
    std::fs::remove_dir_all(home.ws.join("notes")).unwrap();
    look(&mut h, &bash(), 1);
    let done = h
        .restore(&home.ws, "notes/deep/plan.txt", None, 1, 0)
        .unwrap();
    assert_eq!(read(&home, "notes/deep/plan.txt"), "keep me");
    assert!(done.kept.is_none(), "nothing was there to keep");
}

#[test]
fn refusals_leave_the_file_as_it_was() {
    let home = home();
    home.write("a.txt", "old");
    home.write("d", "a file, then a folder");
    let mut h = home.open(caps());
    look(&mut h, &By::Outside, 0);
    home.write("a.txt", "new");
    std::fs::remove_file(home.ws.join("d")).unwrap();
    std::fs::create_dir(home.ws.join("d")).unwrap();
    look(&mut h, &bash(), 1);
    let code = |r: crate::base::exit::Result<Restored>| r.unwrap_err().code();
    assert_eq!(code(h.restore(&home.ws, "never.txt", None, 1, 0)), 66);
    assert_eq!(code(h.restore(&home.ws, "../a.txt", None, 1, 0)), 64);
    assert_eq!(code(h.restore(&home.ws, "/etc/passwd", None, 1, 0)), 64);
    assert_eq!(
        code(h.restore(&home.ws, "d", None, 1, 0)),
        65,
        "a folder now"
    );
    // A copy that does not hash to its name is never restored.
    let v = h.versions_of(b"a.txt")[0].clone();
    let blob = home.hist.join("blobs").join(v.blob.unwrap().hex());
    std::fs::write(&blob, "tampered").unwrap();
    assert_eq!(code(h.restore(&home.ws, "a.txt", None, 1, 0)), 65);
    assert_eq!(read(&home, "a.txt"), "new");
}

#[test]
fn a_file_too_large_to_keep_is_not_restored_over() {
    let home = home();
    let caps = Caps {
        file_max_bytes: 8,
        ..caps()
    };
    home.write("a.txt", "small");
    let mut h = home.open(caps);
    look(&mut h, &By::Outside, 0);
    home.write("a.txt", "far too large to keep");
    look(&mut h, &bash(), 1);
    let err = h.restore(&home.ws, "a.txt", None, 1, 0).unwrap_err();
    assert_eq!(err.code(), 65, "{err}");
    assert_eq!(read(&home, "a.txt"), "far too large to keep");
}
