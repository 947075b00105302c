//! Keeping results: the store's ring, the frozen battery identities, and `--out FILE.jsonl`.
//!
//! A battery version, once it has a result, is immutable: its SHA-256 is recorded with the
//! first result, and a run of the same version with other bytes is refused before any model
//! is asked (exit 65, naming the version). A change is a new version file.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::battery::Battery;
use super::result::{BatteryRecord, CurveResult, RESULTS_CAP_MAX};
use crate::base::exit::{Error, Result};
use crate::base::store::{Doc, Layout, Read, Tx};

/// Refuses a battery whose bytes differ from those of its version's first result.
pub fn check_frozen(rx: &impl Read, battery: &Battery) -> Result<()> {
    match rx.get::<BatteryRecord>(&battery.version)? {
        Some(first) if first.sha256 != battery.sha256 => Err(Error::data(format!(
            "battery {} has changed since its first recorded result ({}): sha256 {} then, {} now",
            battery.version,
            crate::base::clock::rfc3339(first.first_result_at),
            short(&first.sha256),
            short(&battery.sha256),
        ))
        .hint(format!(
            "a battery with results is frozen: restore the bytes of {}, or save the change as a new version file (e.g. {})",
            battery.path.display(),
            next_version_name(&battery.version)
        ))),
        _ => Ok(()),
    }
}

/// Records one arm's result: the battery's identity with its first result, then the result,
/// keeping at most `cap` results. Returns the result's sequence number.
pub fn record(tx: &mut Tx, battery: &Battery, result: &CurveResult, cap: u64) -> Result<u64> {
    check_frozen(tx, battery)?;
    if tx.get::<BatteryRecord>(&battery.version)?.is_none() {
        tx.put(
            &battery.version,
            &BatteryRecord {
                version: battery.version.clone(),
                sha256: battery.sha256.clone(),
                tasks: battery.tasks.len() as u32,
                path: battery.path.display().to_string(),
                first_result_at: result.finished_at,
            },
        )?;
    }
    let seq = tx.push(result)?;
    tx.trim_ring::<CurveResult>(cap)?;
    Ok(seq)
}

/// Checks `[curve] results_cap` against the ring's declared cap.
pub fn checked_cap(cap: u64) -> Result<u64> {
    let Layout::Ring { cap: max } = CurveResult::LAYOUT else {
        return Err(Error::internal("curve results are not a ring"));
    };
    debug_assert_eq!(max, RESULTS_CAP_MAX);
    if cap == 0 || cap > max {
        return Err(Error::config(format!(
            "[curve] results_cap = {cap} must be between 1 and {max}"
        )));
    }
    Ok(cap)
}

/// `--out FILE.jsonl`: results appended one JSON object per line.
#[derive(Debug)]
pub struct OutFile {
    file: File,
    path: PathBuf,
}

impl OutFile {
    /// Opens (creating) a file for appending; done before any model is asked, so a bad path
    /// fails the run at once.
    pub fn open(path: &Path) -> Result<OutFile> {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| Error::io_at(path, e).context("opening --out"))?;
        Ok(OutFile {
            file,
            path: path.to_path_buf(),
        })
    }

    /// Appends one result as one line, durably.
    pub fn append(&mut self, result: &CurveResult) -> Result<()> {
        let mut line = serde_json::to_string(result)
            .map_err(|e| Error::internal(format!("encoding a curve result: {e}")))?;
        line.push('\n');
        self.file
            .write_all(line.as_bytes())
            .and_then(|_| self.file.sync_data())
            .map_err(|e| Error::io_at(&self.path, e))
    }
}

fn short(sha: &str) -> String {
    format!("{}…", &sha[..sha.len().min(12)])
}

/// `v1` → `v2`, `v3-test` → `v4-test` (the first number counts up); a name without a number
/// gets `-2` appended.
fn next_version_name(version: &str) -> String {
    let Some(start) = version.find(|c: char| c.is_ascii_digit()) else {
        return format!("{version}-2.jsonl");
    };
    let len = version[start..]
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(version.len() - start);
    match version[start..start + len].parse::<u64>() {
        Ok(n) => format!(
            "{}{}{}.jsonl",
            &version[..start],
            n.saturating_add(1),
            &version[start + len..]
        ),
        Err(_) => format!("{version}-2.jsonl"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_versions() {
        assert_eq!(next_version_name("v1"), "v2.jsonl");
        assert_eq!(next_version_name("house-v9"), "house-v10.jsonl");
        assert_eq!(next_version_name("house"), "house-2.jsonl");
        assert_eq!(next_version_name("v3-test"), "v4-test.jsonl");
        assert_eq!(next_version_name("v3-tune"), "v4-tune.jsonl");
    }

    #[test]
    fn the_configured_cap_is_bounded_by_the_declared_one() {
        assert_eq!(checked_cap(1000).unwrap(), 1000);
        assert_eq!(checked_cap(0).unwrap_err().code(), 78);
        assert_eq!(checked_cap(RESULTS_CAP_MAX + 1).unwrap_err().code(), 78);
    }
}
