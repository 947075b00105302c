//! Paths nearby: the workspace's files whose names answer a path the creature asked for and
//! that is not there (`[wisdom] errands_enabled`). A small model drops a folder the keeper
//! named (`boiler.cfg` for `papers/boiler.cfg`) or adds an extension (`a.log.txt` for
//! `a.log`); the world saying which paths are there turns the next try into the right one.
//!
//! The walk is bounded (depth, entries) and never follows a symbolic link.

use std::path::Path;

/// Folders deep the walk goes.
const DEPTH: usize = 4;
/// Entries the walk looks at, at most.
const ENTRIES: usize = 2_000;
/// Paths named, at most.
pub const SHOWN: usize = 3;

/// The workspace's files whose name answers `asked`: the same file name, the same name
/// without its extension, or a path that ends with what was asked; at most [`SHOWN`], sorted.
pub fn similar(workspace: &Path, asked: &str) -> Vec<String> {
    let asked = asked.trim().trim_start_matches("./");
    let name = asked.rsplit('/').next().unwrap_or(asked);
    let stem = |n: &str| n.split('.').next().unwrap_or(n).to_lowercase();
    let want_stem = stem(name);
    if want_stem.is_empty() {
        return Vec::new();
    }
    let mut found = Vec::new();
    let mut seen = 0usize;
    let mut stack = vec![(workspace.to_path_buf(), String::new(), 0usize)];
    while let Some((dir, rel, depth)) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            seen += 1;
            if seen > ENTRIES {
                break;
            }
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            let file = entry.file_name().to_string_lossy().to_string();
            let path = if rel.is_empty() {
                file.clone()
            } else {
                format!("{rel}/{file}")
            };
            if kind.is_dir() && depth + 1 < DEPTH {
                stack.push((entry.path(), path, depth + 1));
            } else if kind.is_file()
                && path != asked
                && (file == name || stem(&file) == want_stem || path.ends_with(asked))
            {
                found.push(path);
            }
        }
    }
    found.sort();
    found.dedup();
    found.truncate(SHOWN);
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dropped_folder_or_an_added_extension_finds_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let ws = dir.path();
        std::fs::create_dir_all(ws.join("papers/old")).unwrap();
        std::fs::write(ws.join("papers/boiler.cfg"), "x").unwrap();
        std::fs::write(ws.join("papers/old/app.log"), "x").unwrap();
        std::fs::write(ws.join("notes.txt"), "x").unwrap();
        assert_eq!(similar(ws, "boiler.cfg"), vec!["papers/boiler.cfg"]);
        assert_eq!(similar(ws, "app.log.txt"), vec!["papers/old/app.log"]);
        assert_eq!(similar(ws, "boiler.txt"), vec!["papers/boiler.cfg"]);
        assert!(similar(ws, "nothing.txt").is_empty());
        assert!(similar(ws, "").is_empty());
    }

    #[test]
    fn a_link_is_never_followed() {
        let dir = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("secret.txt"), "x").unwrap();
        std::os::unix::fs::symlink(outside.path(), dir.path().join("out")).unwrap();
        assert!(similar(dir.path(), "secret.txt").is_empty());
    }
}
