//! The battery: a frozen set of house-domain tasks, one JSON object per line.
//!
//! ```text
//! {"id": "ops-store", "domain": "ops", "prompt": "…", "scorer": {"type": "exact", "answer": "wis.redb"}}
//! ```
//!
//! The format is strict on purpose: exactly the four keys `id`, `domain`
//! (`ops|subsystems|recall|detail|procedure|transfer`), `prompt` and `scorer`, and in a scorer exactly its own
//! keys (see [`super::score`]). A misspelt key is an error rather than a silently vacuous
//! scorer, because a battery is frozen once it has results. Blank lines are skipped; lines are
//! bounded ([`MAX_LINE_BYTES`]); ids are unique. Any problem is an error naming the file and the
//! line (exit 65).
//!
//! A battery's version is its file stem (`exam_battery/v1.jsonl` is `v1`); its identity is
//! the SHA-256 of its bytes, recorded with every result (see [`super::record`]).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::score::{Scorer, ScorerSpec};
use crate::base::exit::{Error, Result};

/// Most bytes of one battery line.
pub const MAX_LINE_BYTES: usize = 64 * 1024;
/// Most bytes of a whole battery file.
pub const MAX_FILE_BYTES: u64 = 8 * 1024 * 1024;

const FORMAT_HINT: &str = "each line is one task: {\"id\", \"domain\", \"prompt\", \"scorer\": {\"type\", …}}; see exam_battery/README.md";

/// What a task is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Domain {
    /// The machine's operations.
    Ops,
    /// The creature's own subsystems and tools.
    Subsystems,
    /// Situational calls only lived memory answers: what the keeper asked for.
    Recall,
    /// What a life read or was told but was never asked about (a path in a config, a number in
    /// a log line): only lived memory answers it.
    Detail,
    /// Procedures, answered by acting.
    Procedure,
    /// A job it did, asked on a file or folder it never touched: answered by acting.
    Transfer,
}

/// One line as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Line {
    id: String,
    domain: Domain,
    prompt: String,
    scorer: ScorerSpec,
}

/// One task: a prompt and its mechanical scorer.
#[derive(Debug, Clone)]
pub struct Task {
    pub id: String,
    pub domain: Domain,
    pub prompt: String,
    pub scorer: Scorer,
    /// The line it was read from (1-based).
    pub line: usize,
}

/// A loaded battery.
#[derive(Debug, Clone)]
pub struct Battery {
    pub path: PathBuf,
    /// The file stem: `v1`.
    pub version: String,
    /// SHA-256 of the file's bytes, lowercase hex.
    pub sha256: String,
    pub tasks: Vec<Task>,
}

/// The frozen batteries shipped inside the binary, by file name: a configured battery that is
/// not found as a file resolves to one of these, so `wis curve run` works from any directory.
pub const SHIPPED: &[(&str, &str)] = &[
    ("v1.jsonl", include_str!("../../../exam_battery/v1.jsonl")),
    ("v2.jsonl", include_str!("../../../exam_battery/v2.jsonl")),
    (
        "v3-tune.jsonl",
        include_str!("../../../exam_battery/v3-tune.jsonl"),
    ),
    (
        "v3-test.jsonl",
        include_str!("../../../exam_battery/v3-test.jsonl"),
    ),
];

impl Battery {
    /// The battery `configured` names: an absolute path as it is; a relative one against the
    /// working directory, then the home; and when neither holds it, the shipped battery of
    /// the same file name (its path shown as `(built in) NAME`). Otherwise exit 66 naming
    /// every place looked at.
    pub fn resolve(configured: &Path, home: &Path) -> Result<Battery> {
        if configured.is_absolute() || configured.exists() {
            return Battery::load(configured);
        }
        let in_home = home.join(configured);
        if in_home.exists() {
            return Battery::load(&in_home);
        }
        let name = configured
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("");
        match SHIPPED.iter().find(|(shipped, _)| *shipped == name) {
            Some((_, text)) => {
                let path = PathBuf::from(format!("(built in) {name}"));
                Battery::parse(&path, &version_of(configured)?, text.as_bytes())
            }
            None => Err(Error::no_input(format!(
                "no battery at {} (looked in the working directory and in {})",
                configured.display(),
                home.display()
            ))
            .hint(format!(
                "set [curve] battery to a battery file, or to one shipped with wis: {}",
                SHIPPED
                    .iter()
                    .map(|(n, _)| format!("exam_battery/{n}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))),
        }
    }

    /// Reads and checks a battery file.
    pub fn load(path: &Path) -> Result<Battery> {
        let meta = std::fs::metadata(path).map_err(|e| battery_io(path, e))?;
        if meta.len() > MAX_FILE_BYTES {
            return Err(Error::data(format!(
                "{}: {} bytes, more than a battery may hold ({MAX_FILE_BYTES})",
                path.display(),
                meta.len()
            )));
        }
        let bytes = std::fs::read(path).map_err(|e| battery_io(path, e))?;
        let version = version_of(path)?;
        Battery::parse(path, &version, &bytes)
    }

    /// Checks a battery's bytes; `path` names it in errors.
    pub fn parse(path: &Path, version: &str, bytes: &[u8]) -> Result<Battery> {
        let name = path.display().to_string();
        let mut tasks: Vec<Task> = Vec::new();
        let mut seen: HashMap<String, usize> = HashMap::new();
        for (i, raw) in bytes.split(|&b| b == b'\n').enumerate() {
            let n = i + 1;
            let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
            if raw.len() > MAX_LINE_BYTES {
                return Err(line_error(
                    &name,
                    n,
                    format!(
                        "{} bytes, more than a line may hold ({MAX_LINE_BYTES})",
                        raw.len()
                    ),
                ));
            }
            let text = std::str::from_utf8(raw)
                .map_err(|e| line_error(&name, n, format!("not UTF-8: {e}")))?;
            if text.trim().is_empty() {
                continue;
            }
            let task = parse_line(text).map_err(|why| line_error(&name, n, why))?;
            if let Some(first) = seen.insert(task.id.clone(), n) {
                return Err(line_error(
                    &name,
                    n,
                    format!("id {:?} was already used on line {first}", task.id),
                ));
            }
            tasks.push(Task { line: n, ..task });
        }
        if tasks.is_empty() {
            return Err(Error::data(format!("{name}: the battery has no tasks")).hint(FORMAT_HINT));
        }
        Ok(Battery {
            path: path.to_path_buf(),
            version: version.to_string(),
            sha256: sha256_hex(bytes),
            tasks,
        })
    }
}

fn parse_line(text: &str) -> std::result::Result<Task, String> {
    let line: Line = serde_json::from_str(text).map_err(|e| {
        // The whole document is one line, so serde's "at line 1 column N" says only N.
        let msg = e.to_string();
        let msg = msg.split(" at line ").next().unwrap_or(&msg).to_string();
        format!("column {}: {msg}", e.column())
    })?;
    let id = line.id.trim();
    if id.is_empty() || id.chars().any(char::is_control) {
        return Err(format!(
            "id {:?} must be a non-empty single-line name",
            line.id
        ));
    }
    if line.prompt.trim().is_empty() {
        return Err(format!("task {id}: the prompt is empty"));
    }
    let scorer = Scorer::compile(&line.scorer).map_err(|why| format!("task {id}: {why}"))?;
    Ok(Task {
        id: id.to_string(),
        domain: line.domain,
        prompt: line.prompt,
        scorer,
        line: 0,
    })
}

/// A battery's version: its file stem, a plain name.
pub fn version_of(path: &Path) -> Result<String> {
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    let ok = !stem.is_empty()
        && stem
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if !ok {
        return Err(Error::usage(format!(
            "{}: a battery's file name is its version and must be a plain name such as v1.jsonl",
            path.display()
        )));
    }
    Ok(stem.to_string())
}

/// Lowercase hex SHA-256.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn line_error(file: &str, line: usize, why: String) -> Error {
    Error::data(format!("{file}:{line}: {why}")).hint(FORMAT_HINT)
}

fn battery_io(path: &Path, err: std::io::Error) -> Error {
    Error::io_at(path, err)
        .context("reading the battery")
        .hint("pass --battery FILE, or set [curve] battery in wis.toml")
}

#[cfg(test)]
#[path = "battery_tests.rs"]
mod tests;
