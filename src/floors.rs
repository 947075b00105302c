//! The floors stay floors: a source scan that fails when a lower floor imports a higher one.
//!
//! The floors are the table in the crate's documentation (`src/lib.rs`) and in
//! `docs/design.md`. Test code (files named `tests.rs` or `*_tests.rs`, folders named `tests`,
//! and everything after a `#[cfg(test)]`) may reach any floor, to build a whole creature; the
//! product code may not.

use std::path::{Path, PathBuf};

/// Each top-level module and its floor, lowest first. Modules on one floor do not import each
/// other either: that would be a cycle waiting to happen.
const FLOORS: &[(&str, u8)] = &[
    ("base", 0),
    ("creature", 1),
    ("mind", 2),
    ("memory", 2),
    ("world", 3),
    ("wisdom", 4),
    ("turn", 5),
    ("commands", 6),
];

/// Paths at the crate root that are not floors: macros exported from the ground floor.
const ROOT_MACROS: &[(&str, u8)] = &[("doc", 0)];

fn floor(module: &str) -> Option<u8> {
    FLOORS
        .iter()
        .chain(ROOT_MACROS)
        .find(|(m, _)| *m == module)
        .map(|&(_, f)| f)
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The product code of a file: nothing after `#[cfg(test)]`, no comment lines.
fn product_code(text: &str) -> String {
    let code = text.split("#[cfg(test)]").next().unwrap_or_default();
    code.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The floor-crossing imports of one file of module `top`: `(line, target)` pairs.
fn crossings(rel: &Path, code: &str) -> Vec<String> {
    let parts: Vec<String> = rel
        .with_extension("")
        .iter()
        .map(|c| c.to_string_lossy().into_owned())
        .collect();
    let top = parts[0].as_str();
    let Some(own) = floor(top) else {
        return Vec::new();
    };
    // The file's module path: `world/units/table.rs` is world::units::table; a `mod.rs` is
    // its folder.
    let mut module: Vec<&str> = parts.iter().map(String::as_str).collect();
    if module.last() == Some(&"mod") {
        module.pop();
    }
    let path = regex::Regex::new(r"\b(crate::|(?:super::)+)([a-z_]+|\{)").unwrap();
    let mut found = Vec::new();
    for (n, line) in code.lines().enumerate() {
        for m in path.captures_iter(line) {
            let head = &m[1];
            let target = if head == "crate::" {
                m[2].to_string()
            } else {
                let ups = head.matches("super").count();
                if ups < module.len() {
                    continue;
                }
                m[2].to_string()
            };
            if target == "{" {
                found.push(format!(
                    "{}:{}: a grouped crate-root import",
                    rel.display(),
                    n + 1
                ));
                continue;
            }
            match floor(&target) {
                _ if target == top => {}
                Some(f) if f < own => {}
                Some(f) => found.push(format!(
                    "{}:{}: {top} (floor {own}) imports {target} (floor {f})",
                    rel.display(),
                    n + 1
                )),
                None => found.push(format!(
                    "{}:{}: `{target}` is not on any floor",
                    rel.display(),
                    n + 1
                )),
            }
        }
    }
    found
}

#[test]
fn no_floor_imports_a_floor_above_or_beside_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    files(&src, &mut all);
    let mut found = Vec::new();
    for path in all {
        let rel = path.strip_prefix(&src).unwrap();
        let name = rel.file_name().unwrap().to_string_lossy();
        let test_file =
            name == "tests.rs" || name.ends_with("_tests.rs") || rel.iter().any(|c| c == "tests");
        if rel.components().count() < 2 || test_file {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        found.extend(crossings(rel, &product_code(&text)));
    }
    assert!(
        found.is_empty(),
        "imports across floors:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_scan_sees_a_crossing() {
    let up = crossings(
        Path::new("world/units.rs"),
        "use crate::turn::tick;\nuse crate::creature::Persona;",
    );
    assert_eq!(up.len(), 1, "{up:?}");
    let beside = crossings(Path::new("mind/parse.rs"), "use crate::memory::Memory;");
    assert_eq!(beside.len(), 1, "{beside:?}");
    let up_by_super = crossings(
        Path::new("world/units/table.rs"),
        "use super::super::super::turn::x;",
    );
    assert_eq!(up_by_super.len(), 1, "{up_by_super:?}");
    let own = crossings(
        Path::new("world/units/table.rs"),
        "use super::Unit;\nuse crate::world::x;",
    );
    assert!(own.is_empty(), "{own:?}");
    let test_code = product_code("use crate::base::x;\n#[cfg(test)]\nuse crate::turn::y;");
    assert!(!test_code.contains("turn"));
}
