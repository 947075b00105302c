//! The workspace file tools through the library API: confinement (absolute paths, `..`,
//! links out, directly or through a parent), bounds, and the typed outcome of each case.

use std::os::unix::fs::{PermissionsExt, symlink};
use std::path::PathBuf;

use wis::base::config::Organs;
use wis::creature::FailKind;
use wis::world::files::{read_file, write_file};
use wis::world::sandbox::Limits;

struct Home {
    _dir: tempfile::TempDir,
    home: PathBuf,
    ws: PathBuf,
}

fn home() -> Home {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("home");
    let ws = home.join("workspace");
    std::fs::create_dir_all(&ws).unwrap();
    std::fs::write(home.join("wis.toml"), "api_key = \"secret\"").unwrap();
    Home {
        _dir: dir,
        home,
        ws,
    }
}

fn limits() -> Limits {
    Limits::from_organs(&Organs::default())
}

#[test]
fn write_then_read_round_trips_and_makes_parents() {
    let h = home();
    let out = write_file(&h.ws, "notes/deep/todo.txt", "one\ntwo\n", &limits());
    assert_eq!(out.fail_kind, FailKind::Ok, "{}", out.output);
    assert_eq!(out.output, "wrote 8 bytes to notes/deep/todo.txt");
    let out = read_file(&h.ws, "./notes/deep/../deep/todo.txt", 1000);
    assert_eq!(
        (out.fail_kind, out.output.as_str()),
        (FailKind::Ok, "one\ntwo")
    );
    // Replacing keeps the file's mode and leaves no temporary file behind.
    let path = h.ws.join("notes/deep/todo.txt");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    assert!(write_file(&h.ws, "notes/deep/todo.txt", "three", &limits()).success);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "three");
    assert_eq!(path.metadata().unwrap().permissions().mode() & 0o777, 0o755);
    let names: Vec<_> = std::fs::read_dir(h.ws.join("notes/deep"))
        .unwrap()
        .collect();
    assert_eq!(names.len(), 1);
}

#[test]
fn writes_outside_the_workspace_are_denied() {
    let h = home();
    let outside = h.home.join("planted.txt");
    let abs = outside.display().to_string();
    std::fs::create_dir(h.ws.join("sub")).unwrap();
    symlink(&h.home, h.ws.join("up")).unwrap();
    symlink("../planted.txt", h.ws.join("trap")).unwrap();
    for path in [
        abs.as_str(),
        "../planted.txt",
        "sub/../../planted.txt",
        "up/planted.txt",
    ] {
        let out = write_file(&h.ws, path, "x", &limits());
        assert_eq!(out.fail_kind, FailKind::Denied, "{path}: {}", out.output);
    }
    // A new directory under a parent that is a link out.
    let out = write_file(&h.ws, "up/newdir/f.txt", "x", &limits());
    assert_eq!(out.fail_kind, FailKind::Denied);
    assert!(!h.home.join("newdir").exists());
    // A dangling link pointing out is refused, not followed into creating the target.
    let out = write_file(&h.ws, "trap", "x", &limits());
    assert_eq!(out.fail_kind, FailKind::Denied);
    assert!(!outside.exists());
}

#[test]
fn reads_through_links_out_are_denied_and_links_in_are_followed() {
    let h = home();
    symlink("../wis.toml", h.ws.join("config")).unwrap();
    symlink(&h.home, h.ws.join("up")).unwrap();
    std::fs::write(h.ws.join("real.txt"), "inside").unwrap();
    symlink("real.txt", h.ws.join("alias")).unwrap();
    for path in ["config", "up/wis.toml", "/etc/passwd", "../wis.toml"] {
        let out = read_file(&h.ws, path, 1000);
        assert_eq!(out.fail_kind, FailKind::Denied, "{path}");
        assert!(!out.output.contains("secret"));
    }
    assert_eq!(read_file(&h.ws, "alias", 1000).output, "inside");
}

#[test]
fn reads_report_missing_directories_binaries_and_fifos() {
    let h = home();
    let out = read_file(&h.ws, "nope.txt", 1000);
    assert_eq!(out.fail_kind, FailKind::NotFound);
    std::fs::create_dir(h.ws.join("dir")).unwrap();
    assert_eq!(
        read_file(&h.ws, "dir", 1000).fail_kind,
        FailKind::InvalidArgs
    );
    assert_eq!(read_file(&h.ws, ".", 1000).fail_kind, FailKind::InvalidArgs);
    std::fs::write(h.ws.join("blob.bin"), [0u8, 1, 2, 255, 0, 7]).unwrap();
    let out = read_file(&h.ws, "blob.bin", 1000);
    assert_eq!(out.fail_kind, FailKind::Ok);
    assert_eq!(out.output, "(a binary file of 6 bytes; not shown)");
    let fifo = std::ffi::CString::new(h.ws.join("pipe").to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o644) }, 0);
    assert_eq!(
        read_file(&h.ws, "pipe", 1000).fail_kind,
        FailKind::InvalidArgs
    );
    std::fs::write(h.ws.join("f"), "x").unwrap();
    let out = read_file(&h.ws, "f/inner", 1000);
    assert_ne!(out.fail_kind, FailKind::Ok);
}

#[test]
fn long_files_are_read_as_head_and_tail() {
    let h = home();
    let text: String = (0..200_000).map(|i| format!("line {i}\n")).collect();
    std::fs::write(h.ws.join("big.txt"), &text).unwrap();
    let out = read_file(&h.ws, "big.txt", 600);
    assert_eq!(out.fail_kind, FailKind::Ok);
    assert!(out.output.chars().count() <= 700, "{}", out.output.len());
    assert!(out.output.starts_with("line 0\nline 1\n"));
    assert!(out.output.ends_with("line 199999"));
    assert!(out.output.contains("bytes cut"));
}

#[test]
fn oversized_writes_and_bad_targets_are_typed() {
    let h = home();
    let l = Limits {
        write_max_bytes: 10,
        ..limits()
    };
    let out = write_file(&h.ws, "big.txt", "01234567890", &l);
    assert_eq!(out.fail_kind, FailKind::TooLarge);
    assert!(!h.ws.join("big.txt").exists());
    std::fs::create_dir(h.ws.join("dir")).unwrap();
    assert_eq!(
        write_file(&h.ws, "dir", "x", &l).fail_kind,
        FailKind::InvalidArgs
    );
    assert_eq!(
        write_file(&h.ws, ".", "x", &l).fail_kind,
        FailKind::InvalidArgs
    );
    assert_eq!(
        write_file(&h.ws, "", "x", &l).fail_kind,
        FailKind::InvalidArgs
    );
    std::fs::write(h.ws.join("file"), "x").unwrap();
    let out = write_file(&h.ws, "file/child.txt", "x", &l);
    assert_eq!(out.fail_kind, FailKind::InvalidArgs, "{}", out.output);
    // A link inside the workspace is written through; a broken one inside is replaced.
    std::fs::write(h.ws.join("real.txt"), "old").unwrap();
    symlink("real.txt", h.ws.join("alias")).unwrap();
    assert!(write_file(&h.ws, "alias", "new", &l).success);
    assert_eq!(
        std::fs::read_to_string(h.ws.join("real.txt")).unwrap(),
        "new"
    );
    symlink("missing.txt", h.ws.join("broken")).unwrap();
    assert!(write_file(&h.ws, "broken", "made", &l).success);
    assert!(!h.ws.join("broken").is_symlink());
    assert_eq!(read_file(&h.ws, "broken", 100).output, "made");
}
