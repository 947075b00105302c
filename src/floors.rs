//! The floors stay floors: a source scan that fails when a lower floor imports a higher one.
//!
//! The floors are the table in the crate's documentation (`src/lib.rs`) and in
//! `docs/design.md`. Every file under `src/` is held to them, its unit tests included: a test
//! that needs a higher floor (a whole creature, a command) belongs in `tests/`, which uses the
//! library from outside. The scan reads code only: comments, strings and character literals
//! are blanked first, and a `super::` path is resolved from the module it is written in (an
//! inline `mod tests { … }`, or a `foo_tests.rs` that `foo.rs` includes as its `tests`).

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

/// The code of a file with every comment, string and character literal replaced by spaces;
/// line breaks are kept, so line numbers stay the file's.
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(chars[i]));
                    i += 1;
                }
            }
        } else if let Some(hashes) = raw_string_at(&chars, i) {
            // r"…", r#"…"#, br"…": up to the quote followed by as many hashes.
            let open = i;
            while chars[i] != '"' {
                i += 1;
            }
            i += 1;
            while i < chars.len()
                && !(chars[i] == '"' && (1..=hashes).all(|k| chars.get(i + k) == Some(&'#')))
            {
                i += 1;
            }
            i = (i + 1 + hashes).min(chars.len());
            out.extend(chars[open..i].iter().map(|&c| blank(c)));
        } else if c == '"' {
            out.push(' ');
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                if i < chars.len() {
                    out.push(blank(chars[i]));
                    i += 1;
                }
            }
            out.push(' ');
            i += 1;
        } else if c == '\'' && is_char_literal(&chars, i) {
            out.push(' ');
            i += 1;
            while i < chars.len() && chars[i] != '\'' {
                if chars[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                out.push(' ');
                i += 1;
            }
            out.push(' ');
            i += 1;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// When a raw string starts at `i` (`r"`, `r#"`, `br"`, … not inside a name), its hashes.
fn raw_string_at(chars: &[char], i: usize) -> Option<usize> {
    let starts_name = i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
    let j = match (chars[i], chars.get(i + 1)) {
        ('r', _) => i + 1,
        ('b', Some('r')) => i + 2,
        _ => return None,
    };
    if starts_name {
        return None;
    }
    let hashes = chars[j..].iter().take_while(|&&c| c == '#').count();
    (chars.get(j + hashes) == Some(&'"')).then_some(hashes)
}

/// Whether the `'` at `i` opens a character literal (`'a'`, `'\n'`, `'\u{1F600}'`) rather
/// than a lifetime or a label (`'a`, `'static`).
fn is_char_literal(chars: &[char], i: usize) -> bool {
    match chars.get(i + 1) {
        Some('\\') => true,
        Some(_) => chars.get(i + 2) == Some(&'\''),
        None => false,
    }
}

/// The module each line of `code` is in, below the file's own: the names of the inline
/// `mod name { … }` blocks open at that line, outermost first.
fn inline_modules(code: &str) -> Vec<Vec<String>> {
    let opening = regex::Regex::new(r"\bmod\s+([a-z_][a-z0-9_]*)\s*\{").unwrap();
    let mut open: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut per_line = Vec::new();
    for line in code.lines() {
        per_line.push(open.iter().map(|(name, _)| name.clone()).collect());
        let mods: Vec<(usize, String)> = opening
            .captures_iter(line)
            .map(|m| (m.get(0).unwrap().end() - 1, m[1].to_string()))
            .collect();
        for (at, c) in line.char_indices() {
            match c {
                '{' => {
                    if let Some((_, name)) = mods.iter().find(|(brace, _)| *brace == at) {
                        open.push((name.clone(), depth));
                    }
                    depth += 1;
                }
                '}' => {
                    depth = depth.saturating_sub(1);
                    if open.last().is_some_and(|&(_, d)| d == depth) {
                        open.pop();
                    }
                }
                _ => {}
            }
        }
    }
    per_line
}

/// The module path of the file at `rel`: `world/units/table.rs` is world::units::table, a
/// `mod.rs` is its folder, and `merge_tests.rs` is `merge::tests` (its parent includes it by
/// `#[path]` as its test module).
fn file_module(rel: &Path) -> Vec<String> {
    let mut module: Vec<String> = rel
        .with_extension("")
        .iter()
        .map(|c| c.to_string_lossy().into_owned())
        .collect();
    if module.last().is_some_and(|m| m == "mod") {
        module.pop();
    }
    if let Some(parent) = module.last().and_then(|m| m.strip_suffix("_tests")) {
        let parent = parent.to_string();
        module.pop();
        module.push(parent);
        module.push("tests".into());
    }
    module
}

/// The floor-crossing imports of one file, `rel` under `src/`, whose whole text is `text`.
fn crossings(rel: &Path, text: &str) -> Vec<String> {
    let file = file_module(rel);
    let top = file[0].clone();
    let Some(own) = floor(&top) else {
        return Vec::new();
    };
    let code = code_only(text);
    let inline = inline_modules(&code);
    let path = regex::Regex::new(r"\b(crate::|(?:super::)+)([a-z_]+|\{)").unwrap();
    let mut found = Vec::new();
    for (n, line) in code.lines().enumerate() {
        let depth = file.len() + inline[n].len();
        for m in path.captures_iter(line) {
            let head = &m[1];
            if head != "crate::" && head.matches("super").count() < depth {
                continue;
            }
            let target = &m[2];
            if target == "{" {
                found.push(format!(
                    "{}:{}: a grouped crate-root import",
                    rel.display(),
                    n + 1
                ));
                continue;
            }
            match floor(target) {
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
    let mut tests_seen = 0;
    for path in all {
        let rel = path.strip_prefix(&src).unwrap();
        if rel.components().count() < 2 {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        tests_seen += usize::from(text.contains("#[test]"));
        found.extend(crossings(rel, &text));
    }
    assert!(tests_seen > 0, "the scan read no test code");
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
    assert_eq!(
        up,
        ["world/units.rs:1: world (floor 3) imports turn (floor 5)"]
    );
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
}

#[test]
fn test_code_is_held_to_the_floors_too() {
    let in_a_test_module = crossings(
        Path::new("base/x.rs"),
        "use crate::base::y;\n#[cfg(test)]\nmod tests {\n    use crate::turn::tick;\n}\n",
    );
    assert_eq!(
        in_a_test_module,
        ["base/x.rs:4: base (floor 0) imports turn (floor 5)"]
    );
    let in_a_test_file = crossings(Path::new("base/x_tests.rs"), "use crate::commands::run;");
    assert_eq!(in_a_test_file.len(), 1, "{in_a_test_file:?}");
}

#[test]
fn super_is_read_from_the_module_it_is_written_in() {
    // In `mod tests` inside commands/mod.rs, `super` is `commands`, not the crate root.
    let inline = crossings(
        Path::new("commands/mod.rs"),
        "fn command() {}\n#[cfg(test)]\nmod tests {\n    fn t() { super::command(); }\n}\n",
    );
    assert!(inline.is_empty(), "{inline:?}");
    // After the inline module closes, `super` is the file's parent again.
    let after = crossings(
        Path::new("memory/merge.rs"),
        "mod a {\n    fn f() {}\n}\nuse super::fate::Gone;\n",
    );
    assert!(after.is_empty(), "{after:?}");
    // merge_tests.rs is memory::merge::tests: two supers reach memory.
    let included = crossings(
        Path::new("memory/merge_tests.rs"),
        "use super::super::fate::Gone;",
    );
    assert!(included.is_empty(), "{included:?}");
    let out_of_memory = crossings(
        Path::new("memory/merge_tests.rs"),
        "use super::super::super::world::x;",
    );
    assert_eq!(out_of_memory.len(), 1, "{out_of_memory:?}");
}

#[test]
fn comments_and_strings_are_not_code() {
    let text = "// use crate::turn::a;\n/* crate::turn::b */\nlet s = \"crate::turn::c\";\n\
                let r = r#\"crate::turn::d\"#;\nlet c = '\"'; let t = \"crate::turn::e\";\n\
                fn f<'a>(x: &'a str) -> &'a str { x }\nuse crate::turn::f;\n";
    let found = crossings(Path::new("base/x.rs"), text);
    assert_eq!(
        found,
        ["base/x.rs:7: base (floor 0) imports turn (floor 5)"]
    );
}
