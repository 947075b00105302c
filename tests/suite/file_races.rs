//! The file tools against a symbolic-link race: while the tools write and read `d/...`,
//! another thread swaps `d` between a real directory and a link to a directory outside the
//! workspace. Whatever the interleaving, nothing is created, written or read outside, and
//! every call ends in a typed outcome.

use std::os::unix::fs::symlink;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use wis::base::config::Organs;
use wis::creature::FailKind;
use wis::world::files::{read_file, write_file};
use wis::world::sandbox::Limits;

/// Swaps `ws/d` between a directory and a link to `outside` until `stop`.
fn swapper(ws: &Path, outside: &Path, stop: Arc<AtomicBool>) -> std::thread::JoinHandle<u64> {
    let (ws, outside) = (ws.to_path_buf(), outside.to_path_buf());
    std::thread::spawn(move || {
        let (d, parked, link) = (ws.join("d"), ws.join("parked"), ws.join("d.link"));
        let mut swaps = 0;
        while !stop.load(Ordering::Relaxed) {
            // d: a real directory, then the link renamed over it (atomically), then back.
            let _ = std::fs::remove_file(&link);
            let _ = symlink(&outside, &link);
            let _ = std::fs::rename(&d, &parked);
            let _ = std::fs::rename(&link, &d);
            let _ = std::fs::remove_file(&d);
            let _ = std::fs::rename(&parked, &d);
            swaps += 1;
        }
        swaps
    })
}

#[test]
fn a_link_swapped_in_between_check_and_use_never_leads_outside() {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path().join("workspace");
    let outside = dir.path().join("outside");
    std::fs::create_dir_all(ws.join("d")).unwrap();
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(outside.join("secret.txt"), "the secret").unwrap();
    std::fs::write(ws.join("d").join("secret.txt"), "inside").unwrap();
    let limits = Limits::from_organs(&Organs::default());
    let stop = Arc::new(AtomicBool::new(false));
    let swaps = swapper(&ws, &outside, stop.clone());
    let mut kinds = std::collections::BTreeMap::new();
    for i in 0..400 {
        let out = write_file(&ws, &format!("d/sub{}/f.txt", i % 7), "planted", &limits);
        *kinds.entry(out.fail_kind.to_string()).or_insert(0) += 1;
        let out = write_file(&ws, "d/f.txt", "planted", &limits);
        *kinds.entry(out.fail_kind.to_string()).or_insert(0) += 1;
        let out = read_file(&ws, "d/secret.txt", 1000);
        assert!(
            !out.output.contains("the secret"),
            "read outside: {}",
            out.output
        );
        *kinds.entry(out.fail_kind.to_string()).or_insert(0) += 1;
    }
    stop.store(true, Ordering::Relaxed);
    let swaps = swaps.join().unwrap();
    let mut found: Vec<String> = std::fs::read_dir(&outside)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    found.sort();
    eprintln!("{swaps} swaps; outcomes {kinds:?}; outside holds {found:?}");
    assert_eq!(found, ["secret.txt"], "something was created outside");
    let typed = [
        FailKind::Ok,
        FailKind::Denied,
        FailKind::NotFound,
        FailKind::InvalidArgs,
    ]
    .map(|k| k.to_string());
    assert!(kinds.keys().all(|k| typed.contains(k)), "{kinds:?}");
}
