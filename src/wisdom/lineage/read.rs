//! The strict reader of heirloom volumes: a header line, then exactly the declared number of
//! records, each line at most [`MAX_LINE_BYTES`], every key known, every value of its type,
//! a format version this wis reads (1 or 2; a version 1 volume holding a key of version 2's is
//! refused too). Anything else is a [`ReadError`] naming the file and the
//! line, which is bad data (exit 65). It reads a line at a time, never holding more than one
//! line beyond the records it returns, and hashes the bytes as they pass (the volume's
//! identity when it is imported).

use std::collections::HashSet;
use std::io::{BufRead, Read as _};
use std::path::Path;

use sha2::Digest;

use super::format::{
    Chain, Commissions, FORMAT, FORMAT_V1, Header, ItemKind, MAX_LINE_BYTES, MAX_LIST, MAX_RECORDS,
    MAX_SIGNATURE_CHARS, MAX_TEXT_CHARS, Record, VERSION, VERSION_V1, content_id, format_of,
    valid_volume_id,
};
use crate::base::exit::{Error, Result};

/// A volume read whole.
#[derive(Debug, Clone, PartialEq)]
pub struct Volume {
    pub header: Header,
    pub records: Vec<Record>,
    /// SHA-256 (hex) of the file's bytes.
    pub sha256: String,
    /// Where it was read from, as given.
    pub file: String,
}

/// Why a volume was refused, and where.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{file}:{line}: {problem}")]
pub struct ReadError {
    pub file: String,
    /// 1-based; 0 when the file has no line at all.
    pub line: usize,
    pub problem: String,
}

impl From<ReadError> for Error {
    fn from(e: ReadError) -> Error {
        Error::data(format!("heirloom volume {e}"))
            .hint("the format is described in heirlooms/README.md (schema: heirlooms/schema.json)")
    }
}

/// Reads the volume at `path` (66 when it does not exist, 74 when it cannot be read, 65 when
/// it is not a well-formed volume).
pub fn read_path(path: &Path) -> Result<Volume> {
    let file = std::fs::File::open(path).map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            Error::no_input(format!("there is no heirloom volume {}", path.display()))
        } else {
            Error::io_at(path, e)
        }
    })?;
    let name = path.display().to_string();
    read_from(&name, std::io::BufReader::new(file)).map_err(|e| match e {
        Failure::Bad(bad) => bad.into(),
        Failure::Io(io) => Error::io_at(path, io),
    })
}

/// Reads a volume from bytes (what the fuzz target and the tests feed it).
pub fn read_bytes(name: &str, bytes: &[u8]) -> Result<Volume, ReadError> {
    read_from(name, bytes).map_err(|e| match e {
        Failure::Bad(bad) => bad,
        Failure::Io(io) => ReadError {
            file: name.to_string(),
            line: 0,
            problem: io.to_string(),
        },
    })
}

enum Failure {
    Bad(ReadError),
    Io(std::io::Error),
}

fn read_from(name: &str, mut r: impl BufRead) -> Result<Volume, Failure> {
    let bad = |line: usize, problem: String| {
        Failure::Bad(ReadError {
            file: name.to_string(),
            line,
            problem,
        })
    };
    let mut hasher = sha2::Sha256::new();
    let mut buf = Vec::new();
    let mut n = 0usize;
    let mut header: Option<Header> = None;
    let mut records: Vec<Record> = Vec::new();
    let mut seen: HashSet<String> = HashSet::new();
    loop {
        buf.clear();
        let got = (&mut r)
            .take(MAX_LINE_BYTES as u64 + 1)
            .read_until(b'\n', &mut buf)
            .map_err(Failure::Io)?;
        if got == 0 {
            break;
        }
        n += 1;
        hasher.update(&buf);
        let ended = buf.last() == Some(&b'\n');
        let text = if ended {
            &buf[..buf.len() - 1]
        } else {
            &buf[..]
        };
        if text.len() > MAX_LINE_BYTES || (!ended && got > MAX_LINE_BYTES) {
            return Err(bad(n, format!("the line is over {MAX_LINE_BYTES} bytes")));
        }
        if text.iter().all(u8::is_ascii_whitespace) {
            return Err(bad(n, "a blank line".into()));
        }
        let Some(h) = &header else {
            header = Some(parse_header(text).map_err(|p| bad(n, p))?);
            continue;
        };
        if records.len() as u64 >= h.records {
            return Err(bad(
                n,
                format!("more records than the {} the header declares", h.records),
            ));
        }
        let record: Record = serde_json::from_slice(text).map_err(|e| bad(n, e.to_string()))?;
        check_record(&record).map_err(|p| bad(n, p))?;
        if h.version == VERSION_V1
            && let Some(key) = record.v2_key()
        {
            return Err(bad(n, v1_holds(key)));
        }
        if !seen.insert(record.id.clone()) {
            return Err(bad(n, format!("record {} appears twice", record.id)));
        }
        records.push(record);
    }
    let Some(header) = header else {
        return Err(bad(0, "empty: a volume starts with its header line".into()));
    };
    if records.len() as u64 != header.records {
        return Err(bad(
            n,
            format!(
                "the header declares {} records, the volume holds {}",
                header.records,
                records.len()
            ),
        ));
    }
    let sha256 = hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    Ok(Volume {
        header,
        records,
        sha256,
        file: name.to_string(),
    })
}

/// What a version 1 volume may not hold.
fn v1_holds(key: &str) -> String {
    format!("{key:?} is a key of version {VERSION}; this volume says version {VERSION_V1}")
}

/// What this wis reads, for errors.
fn reads() -> String {
    format!("this wis reads {FORMAT_V1} version {VERSION_V1} and {FORMAT} version {VERSION}")
}

/// The header: a future format or version is named as such before any key is judged.
fn parse_header(text: &[u8]) -> Result<Header, String> {
    let value: serde_json::Value = serde_json::from_slice(text).map_err(|e| e.to_string())?;
    let format = value.get("format").and_then(|f| f.as_str());
    let version = value.get("version").and_then(|v| v.as_u64());
    match (format, version) {
        (Some(f), _) if !f.starts_with("wis.heirloom.") => {
            return Err(format!("not a heirloom volume (format {f:?})"));
        }
        (Some(f), Some(v)) if format_of(v).is_none() => {
            return Err(format!("a future format ({f} version {v}); {}", reads()));
        }
        _ => {}
    }
    let header: Header = serde_json::from_value(value).map_err(|e| e.to_string())?;
    if format_of(u64::from(header.version)) != Some(header.format.as_str()) {
        return Err(format!(
            "format {} version {}; {}",
            header.format,
            header.version,
            reads()
        ));
    }
    if header.version == VERSION_V1
        && let Some(key) = header
            .stats
            .v2_key()
            .or_else(|| header.ancestry.iter().find_map(|m| m.v2_key()))
    {
        return Err(v1_holds(key));
    }
    if !valid_volume_id(&header.volume) {
        return Err(format!("{:?} is not a volume id", header.volume));
    }
    let figures = header
        .ancestry
        .iter()
        .filter_map(|m| m.commissions.as_ref())
        .chain(header.stats.commissions.as_ref());
    if let Some(bad) = figures.into_iter().find(|c| !sound(c)) {
        return Err(format!(
            "commission figures of {} done of {} given, done rate {:?}: a rate is 0 to 1, \
             and no more are done than given",
            bad.done, bad.given, bad.done_rate
        ));
    }
    if header.records > MAX_RECORDS as u64 {
        return Err(format!(
            "{} records declared; a volume holds at most {MAX_RECORDS}",
            header.records
        ));
    }
    if header.generation == 0 {
        return Err("generation is counted from 1".into());
    }
    let lists = [
        header.lineage.len(),
        header.ancestry.len(),
        header.stats.units.len(),
        header.stats.curve.len(),
    ];
    if lists.iter().any(|n| *n > MAX_LIST) {
        return Err(format!("a list of the header is over {MAX_LIST} entries"));
    }
    if let Some(bad) = header.lineage.iter().find(|v| !valid_volume_id(v)) {
        return Err(format!("{bad:?} is not a volume id"));
    }
    Ok(header)
}

/// Whether the keeper's figures hold together.
fn sound(c: &Commissions) -> bool {
    c.done <= c.given
        && c.done_rate.is_none_or(|r| (0.0..=1.0).contains(&r))
        && c.median_ticks_to_done.is_none_or(|m| m >= 0.0)
}

fn check_record(r: &Record) -> Result<(), String> {
    let chars = r.text.chars().count();
    if r.text.trim().is_empty() || chars > MAX_TEXT_CHARS {
        return Err(format!(
            "an item's text has 1 to {MAX_TEXT_CHARS} characters; this one has {chars}"
        ));
    }
    let id = content_id(r.kind, &r.text);
    if r.id != id {
        return Err(format!("id {:?} is not the item's content id {id}", r.id));
    }
    if !(0.0..=1.0).contains(&r.strength) {
        return Err(format!("strength {} is not between 0 and 1", r.strength));
    }
    check_chain(&r.provenance)?;
    super::parts::check(r)?;
    if let Some(sig) = &r.signature {
        let n = sig.chars().count();
        if n == 0 || n > MAX_SIGNATURE_CHARS || sig.chars().any(char::is_control) {
            return Err(format!(
                "a signature has 1 to {MAX_SIGNATURE_CHARS} characters and no control \
                 characters; this one has {n}"
            ));
        }
    }
    match (&r.reflex, r.kind) {
        (Some(x), ItemKind::Reflex) => {
            let args: serde_json::Value =
                serde_json::from_str(&x.args).map_err(|e| format!("reflex args: {e}"))?;
            if !args.is_object() || x.situation_key.is_empty() || x.tool.is_empty() {
                return Err("a reflex needs a situation, a tool and object args".into());
            }
            Ok(())
        }
        (None, ItemKind::Reflex) => Err("a reflex record needs its reflex".into()),
        (Some(_), kind) => Err(format!("a {kind} record has no reflex")),
        (None, _) => Ok(()),
    }
}

fn check_chain(c: &Chain) -> Result<(), String> {
    if !matches!(c.origin.as_str(), "experienced" | "told" | "inherited") {
        return Err(format!(
            "origin {:?} is not experienced, told or inherited",
            c.origin
        ));
    }
    if c.episodes.len() > MAX_LIST || c.volumes.len() > MAX_LIST {
        return Err(format!("a provenance chain is over {MAX_LIST} entries"));
    }
    if c.episodes.iter().any(|e| e.len() > 200) {
        return Err("an episode reference is over 200 bytes".into());
    }
    if let Some(bad) = c.volumes.iter().find(|v| !valid_volume_id(v)) {
        return Err(format!("{bad:?} is not a volume id"));
    }
    Ok(())
}
