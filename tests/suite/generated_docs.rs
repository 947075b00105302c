//! The committed completions (`completions/`) and command reference (`commands/`) are
//! generated from the clap definitions; this test fails when they drift from the code.
//! Regenerate with `WIS_UPDATE_DOCS=1 cargo test --test suite generated_docs`.

use std::collections::BTreeMap;
use std::path::Path;

fn check_dir(dir: &str, expected: Vec<(String, String)>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let expected: BTreeMap<String, String> = expected.into_iter().collect();
    let update = std::env::var("WIS_UPDATE_DOCS").is_ok_and(|v| v == "1");
    if update {
        std::fs::create_dir_all(&root).unwrap();
        for entry in std::fs::read_dir(&root).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if !expected.contains_key(&name) {
                std::fs::remove_file(&path).unwrap();
            }
        }
        for (name, text) in &expected {
            std::fs::write(root.join(name), text).unwrap();
        }
        return;
    }
    let mut drift = Vec::new();
    for (name, text) in &expected {
        match std::fs::read_to_string(root.join(name)) {
            Ok(found) if &found == text => {}
            Ok(_) => drift.push(format!("{dir}/{name} differs")),
            Err(_) => drift.push(format!("{dir}/{name} is missing")),
        }
    }
    for entry in std::fs::read_dir(&root).into_iter().flatten() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if !expected.contains_key(&name) {
            drift.push(format!("{dir}/{name} is stale"));
        }
    }
    assert!(
        drift.is_empty(),
        "generated files drifted from the code:\n  {}\nregenerate: WIS_UPDATE_DOCS=1 cargo test --test suite generated_docs",
        drift.join("\n  ")
    );
}

#[test]
fn completions_match_the_code() {
    check_dir("completions", wis::commands::docs::completion_files());
}

#[test]
fn command_reference_matches_the_code() {
    check_dir("commands", wis::commands::docs::reference_pages());
}
