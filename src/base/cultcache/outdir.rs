//! The projection as a directory: one pretty JSON file per record, for review diffs.
//!
//! `DIR/<type>/<key>.json` per record and `DIR/index.json` listing them. Names are made
//! safe for any filesystem: bytes outside `A-Z a-z 0-9 . _ -` (and a leading `.`) are
//! written as `%XX`, and a name longer than 160 bytes keeps its first 120 and adds a hash of
//! the whole. Names Windows reserves for devices (`CON`, `PRN`, `AUX`, `NUL`, `COM0`–`COM9`,
//! `LPT0`–`LPT9`, in any case, alone or before a dot) have their first byte written as
//! `%XX` too (`CON` → `%43ON`). The directory is built beside `DIR` and renamed into place, so a reader sees
//! the old projection or the new one; an existing `DIR` is replaced only when it is empty or
//! holds a projection (its `index.json` says so), never a directory of something else.

use std::io::Write;
use std::path::{Path, PathBuf};

use serde::Serialize;
use sha2::{Digest, Sha256};

use super::project;
use super::read::CultFile;
use crate::base::exit::{Error, Result};

/// What `index.json` holds.
#[derive(Debug, Clone, Serialize)]
pub struct Index {
    /// Always `cultcache`: marks the directory as a projection wis may replace.
    pub projection: &'static str,
    pub format: &'static str,
    pub records: usize,
    pub entries: Vec<IndexEntry>,
}

/// One record's file.
#[derive(Debug, Clone, Serialize)]
pub struct IndexEntry {
    pub key: String,
    #[serde(rename = "type")]
    pub type_name: String,
    pub file: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub stripped: Vec<String>,
}

/// A name safe as one path component.
pub fn safe_name(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    for (i, b) in raw.bytes().enumerate() {
        let plain = b.is_ascii_alphanumeric() || b == b'_' || b == b'-' || (b == b'.' && i > 0);
        if plain {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    if out.is_empty() {
        out.push('%');
    }
    if reserved_on_windows(&out) {
        let first = out.as_bytes()[0];
        out.replace_range(..1, &format!("%{first:02X}"));
    }
    if out.len() > 160 {
        let digest = Sha256::digest(raw.as_bytes());
        let hash: String = digest[..8].iter().map(|b| format!("{b:02x}")).collect();
        out.truncate(120);
        out.push('~');
        out.push_str(&hash);
    }
    out
}

/// Whether Windows reserves a name for a device: the part before the first dot is one.
fn reserved_on_windows(name: &str) -> bool {
    let stem = name
        .split('.')
        .next()
        .unwrap_or_default()
        .to_ascii_uppercase();
    match stem.as_bytes() {
        b"CON" | b"PRN" | b"AUX" | b"NUL" => true,
        [b'C', b'O', b'M', d] | [b'L', b'P', b'T', d] => d.is_ascii_digit(),
        _ => false,
    }
}

fn is_projection(dir: &Path) -> bool {
    let Ok(text) = std::fs::read_to_string(dir.join("index.json")) else {
        return false;
    };
    serde_json::from_str::<serde_json::Value>(&text)
        .is_ok_and(|v| v.get("projection").and_then(|p| p.as_str()) == Some("cultcache"))
}

fn io(path: &Path) -> impl Fn(std::io::Error) -> Error + '_ {
    move |e| Error::io_at(path, e)
}

/// Projects a file into `dir`.
pub fn project_to_dir(bytes: &[u8], dir: &Path, keep_vectors: bool) -> Result<Index> {
    let replacing = dir.exists();
    if replacing {
        let empty = std::fs::read_dir(dir).map_err(io(dir))?.next().is_none();
        if !empty && !is_projection(dir) {
            return Err(
                Error::usage(format!("{} exists and is not a projection", dir.display()))
                    .hint("name a new or empty directory, or one an earlier projection wrote"),
            );
        }
    }
    let mut file = CultFile::open(bytes)?;
    let name = dir
        .file_name()
        .map_or_else(|| "projection".into(), |n| n.to_string_lossy().into_owned());
    let parent = dir
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let staging = parent.join(format!(".{name}.new-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&staging);
    let result = build(&mut file, &staging, keep_vectors).and_then(|index| {
        swap_in(&staging, dir, replacing)?;
        Ok(index)
    });
    if result.is_err() {
        let _ = std::fs::remove_dir_all(&staging);
    }
    result
}

fn build(file: &mut CultFile<'_>, staging: &Path, keep_vectors: bool) -> Result<Index> {
    std::fs::create_dir_all(staging).map_err(io(staging))?;
    let shape = file.shape;
    let mut entries = Vec::new();
    project::for_each(file, keep_vectors, |p| -> Result<()> {
        let type_dir = safe_name(p.type_name);
        let rel = format!("{type_dir}/{}.json", safe_name(p.key));
        let dir = staging.join(&type_dir);
        std::fs::create_dir_all(&dir).map_err(io(&dir))?;
        let path: PathBuf = staging.join(&rel);
        let mut text = serde_json::to_vec_pretty(p)
            .map_err(|e| Error::internal(format!("encoding JSON: {e}")))?;
        text.push(b'\n');
        std::fs::write(&path, text).map_err(io(&path))?;
        entries.push(IndexEntry {
            key: p.key.to_string(),
            type_name: p.type_name.to_string(),
            file: rel,
            stripped: p.stripped(),
        });
        Ok(())
    })?;
    let index = Index {
        projection: "cultcache",
        format: shape.label(),
        records: entries.len(),
        entries,
    };
    let path = staging.join("index.json");
    let mut out = std::fs::File::create(&path).map_err(io(&path))?;
    serde_json::to_writer_pretty(&mut out, &index)
        .map_err(|e| Error::internal(format!("encoding JSON: {e}")))?;
    out.write_all(b"\n").map_err(io(&path))?;
    Ok(index)
}

fn swap_in(staging: &Path, dir: &Path, replacing: bool) -> Result<()> {
    if !replacing {
        return std::fs::rename(staging, dir).map_err(io(dir));
    }
    let old = staging.with_extension("old");
    let _ = std::fs::remove_dir_all(&old);
    std::fs::rename(dir, &old).map_err(io(dir))?;
    if let Err(e) = std::fs::rename(staging, dir) {
        let _ = std::fs::rename(&old, dir);
        return Err(Error::io_at(dir, e));
    }
    let _ = std::fs::remove_dir_all(&old);
    Ok(())
}
