//! Red gates over the source itself: `grant` has exactly three callers, and no string in the
//! code names a body part of any morph outside the lexicon table.

use std::path::{Path, PathBuf};

use wis::creature::morph::body_nouns_in;

/// Every `.rs` file under `src/` that is not a test module, with its text up to its test
/// module (tests may say anything).
fn sources() -> Vec<(PathBuf, String)> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    walk(&root, &mut files);
    files.sort();
    files
        .into_iter()
        .filter(|p| {
            // Test modules kept in files of their own may say anything too.
            let rel = p
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            !rel.ends_with("tests.rs") && !rel.split('/').any(|c| c == "tests")
        })
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            let code = match text.find("#[cfg(test)]") {
                Some(at) => text[..at].to_string(),
                None => text,
            };
            let code: String = code
                .lines()
                .filter(|l| !l.trim_start().starts_with("//"))
                .map(|l| format!("{l}\n"))
                .collect();
            (
                p.strip_prefix(root.parent().unwrap())
                    .unwrap()
                    .to_path_buf(),
                code,
            )
        })
        .collect()
}

#[test]
fn grant_has_exactly_three_callers() {
    let call = regex::Regex::new(r"\bgrant\(").unwrap();
    let mut callers = Vec::new();
    for (path, code) in sources() {
        for (n, line) in code.lines().enumerate() {
            if call.is_match(line) && !line.contains("fn grant(") {
                callers.push(format!("{}:{}", path.display(), n + 1));
            }
        }
    }
    let files: Vec<String> = callers
        .iter()
        .map(|c| c.split(':').next().unwrap().to_string())
        .collect();
    assert_eq!(
        files,
        [
            "src/turn/progression/milestone.rs",
            "src/turn/progression/seed.rs",
            "src/turn/quests/mod.rs",
        ],
        "the callers of grant(): {callers:?}"
    );
}

#[test]
fn no_string_in_the_code_names_a_body_part_outside_the_lexicon() {
    let literal = regex::Regex::new(r#"(?s)"(?:[^"\\]|\\.)*""#).unwrap();
    let mut found = Vec::new();
    for (path, code) in sources() {
        if path.ends_with("creature/morph.rs") {
            continue;
        }
        for m in literal.find_iter(&code) {
            let nouns = body_nouns_in(m.as_str());
            if !nouns.is_empty() {
                found.push(format!("{}: {} {nouns:?}", path.display(), m.as_str()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "body nouns outside the lexicon:\n{}",
        found.join("\n")
    );
}
