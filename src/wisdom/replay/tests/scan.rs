//! WIS4, made structural: the replay code cannot name dispatch, the sandbox, a tool, an organ,
//! a skill runner or a process, so no executor is reachable from it, whatever it is asked.
//!
//! The scan reads the product code of every file under `src/wisdom/replay/` (comment lines and
//! everything after `#[cfg(test)]` left out, as the floors scan does; this folder is test
//! code). Of the world floor it may name the prompt alone.

use std::path::{Path, PathBuf};

/// Words no replay code may contain.
const FORBIDDEN: &[&str] = &[
    "dispatch",
    "sandbox",
    "execute",
    "organs",
    "delegate",
    "skills::",
    "memory_tools",
    "std::process",
    "Command",
    "spawn",
];

/// The only world module replay may name.
const WORLD_ALLOWED: &[&str] = &["prompt"];

fn product_code(text: &str) -> String {
    let code = text.split("#[cfg(test)]").next().unwrap_or_default();
    code.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// What a file's code names that it may not.
fn mentions(code: &str) -> Vec<String> {
    let world = regex::Regex::new(r"world::\{?([a-z_]+)").unwrap();
    let mut found = Vec::new();
    for (n, line) in product_code(code).lines().enumerate() {
        for word in FORBIDDEN {
            if line.contains(word) {
                found.push(format!("line {}: names `{word}`", n + 1));
            }
        }
        for m in world.captures_iter(line) {
            if !WORLD_ALLOWED.contains(&&m[1]) {
                found.push(format!("line {}: names world::{}", n + 1, &m[1]));
            }
        }
        if line.contains("world::{") || line.contains("crate::{") {
            found.push(format!(
                "line {}: a grouped import the scan cannot read",
                n + 1
            ));
        }
    }
    found
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n != "tests") {
                files(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn wis4_replay_code_names_no_executor() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/wisdom/replay");
    let mut all = Vec::new();
    files(&dir, &mut all);
    assert!(all.len() >= 5, "{all:?}");
    let mut found = Vec::new();
    for path in all {
        let text = std::fs::read_to_string(&path).unwrap();
        for m in mentions(&text) {
            found.push(format!("{}: {m}", path.display()));
        }
    }
    assert!(
        found.is_empty(),
        "replay names an executor:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_scan_catches_a_planted_mention() {
    let planted = [
        "use crate::world::dispatch::execute;",
        "use crate::world::sandbox::run;",
        "let t = crate::world::tools::get(\"bash\");",
        "use super::super::super::world::organs;",
        "use crate::world::{prompt, dispatch};",
        "std::process::Command::new(\"sh\").spawn();",
        "use crate::world::skills::Runnable;",
    ];
    for line in planted {
        assert!(!mentions(line).is_empty(), "missed: {line}");
    }
    let clean = "use crate::world::prompt::{self, Tail};\n// dispatch in a comment\n\
                 #[cfg(test)]\nuse crate::world::dispatch;";
    assert!(mentions(clean).is_empty(), "{:?}", mentions(clean));
}
