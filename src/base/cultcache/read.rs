//! Reading a CultCache file of either shape, one record at a time.
//!
//! A file is one MessagePack array, and nothing after it: bytes past the array are refused,
//! naming where they start. An empty (0-byte) file is an empty store, as the reference
//! treats a file with nothing in it. When its first item is the string `cultcache.store.v1`
//! it is a v1 snapshot `[format, catalog, records]`; another `cultcache.store.*` string is
//! a format this wis does not know (refused, not guessed at); otherwise it is the legacy
//! envelope array of `{key, type, payload, storedAt}` maps, whose schema id is its `type`.
//! The catalog is read up front; records are decoded lazily, each as one bounded value,
//! so memory stays flat however many records a file holds. A record's payload is
//! normalized as the reference does: `bin` as it is, an array of byte values (or a Node
//! `{type: "Buffer", data}` object) as those bytes, any other value re-encoded to bytes.

use std::borrow::Cow;

use thiserror::Error;

use super::catalog::Catalog;
use super::decode::{DecodeError, Decoder};
use super::encode::EncodeError;
use super::js::encode_js;
use super::value::Value;

/// The v1 snapshot's format string.
pub const FORMAT_V1: &str = "cultcache.store.v1";

/// Which shape a file has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// `["cultcache.store.v1", catalog, records]`.
    Snapshot,
    /// An array of `{key, type, payload, storedAt}` maps.
    Legacy,
    /// A 0-byte file: no records.
    Empty,
}

impl Shape {
    pub fn label(self) -> &'static str {
        match self {
            Shape::Snapshot => FORMAT_V1,
            Shape::Legacy => "legacy envelope array",
            Shape::Empty => "empty file",
        }
    }
}

/// How a record's payload was stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PayloadForm {
    /// A MessagePack `bin`.
    Bin,
    /// An array of byte values, or a Node `{type: "Buffer", data: [...]}` object.
    ByteArray,
    /// Any other value, re-encoded to bytes.
    Plain,
}

/// Why a file cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReadError {
    #[error("{}", .0.described())]
    Malformed(DecodeError),
    #[error(
        "{left} byte(s) follow the store at byte {at}: a CultCache file is one MessagePack array"
    )]
    Trailing { at: usize, left: usize },
    #[error("not a CultCache file: {0}")]
    NotCultCache(String),
    #[error("format {0} is not one this wis reads (it reads {FORMAT_V1} and the legacy shape)")]
    UnknownFormat(String),
    #[error("{0}")]
    Catalog(String),
    #[error("record {index}{}: {why}", key.as_deref().map(|k| format!(" `{k}`")).unwrap_or_default())]
    Record {
        index: usize,
        key: Option<String>,
        why: String,
    },
}

impl From<DecodeError> for ReadError {
    fn from(e: DecodeError) -> Self {
        match e {
            DecodeError::Trailing { at, left } => ReadError::Trailing { at, left },
            e => ReadError::Malformed(e),
        }
    }
}

/// One record.
#[derive(Debug, Clone, PartialEq)]
pub struct Record<'a> {
    /// Its position in the file, from 0.
    pub index: usize,
    pub key: &'a str,
    /// The schema id as the record names it.
    pub schema_id: &'a str,
    pub stored_at: &'a str,
    pub payload: Cow<'a, [u8]>,
    pub form: PayloadForm,
}

/// An open file: its shape and catalog, and the records still to read.
#[derive(Debug)]
pub struct CultFile<'a> {
    pub shape: Shape,
    pub catalog: Catalog,
    /// How many records the file holds.
    pub len: usize,
    dec: Decoder<'a>,
    next: usize,
}

impl<'a> CultFile<'a> {
    /// Reads the header and the catalog.
    pub fn open(bytes: &'a [u8]) -> Result<CultFile<'a>, ReadError> {
        let mut dec = Decoder::new(bytes);
        if bytes.is_empty() {
            return Ok(CultFile {
                shape: Shape::Empty,
                catalog: Catalog::default(),
                len: 0,
                dec,
                next: 0,
            });
        }
        let Some(len) = dec.array_header()? else {
            return Err(ReadError::NotCultCache(
                "it is not a MessagePack array".into(),
            ));
        };
        let first_is_str = len > 0 && matches!(dec.peek()?, 0xa0..=0xbf | 0xd9..=0xdb);
        if !first_is_str {
            let file = CultFile {
                shape: Shape::Legacy,
                catalog: Catalog::default(),
                len,
                dec,
                next: 0,
            };
            return file.finish_if_empty();
        }
        let format = dec.value_at(1)?;
        let format = format.as_str().unwrap_or_default();
        if format != FORMAT_V1 {
            return Err(if format.starts_with("cultcache.") {
                ReadError::UnknownFormat(format.to_string())
            } else {
                ReadError::NotCultCache(format!("it starts with the string {format:?}"))
            });
        }
        if len != 3 {
            return Err(ReadError::NotCultCache(format!(
                "a {FORMAT_V1} snapshot has 3 items, this one {len}"
            )));
        }
        let catalog = Catalog::decode(&dec.value_at(1)?).map_err(ReadError::Catalog)?;
        let Some(len) = dec.array_header()? else {
            return Err(ReadError::NotCultCache(
                "the snapshot's records are not an array".into(),
            ));
        };
        CultFile {
            shape: Shape::Snapshot,
            catalog,
            len,
            dec,
            next: 0,
        }
        .finish_if_empty()
    }

    fn finish_if_empty(self) -> Result<Self, ReadError> {
        if self.len == 0 {
            self.dec.finish()?;
        }
        Ok(self)
    }

    /// The next record, or `None` after the last (when the file is checked to end there).
    pub fn next_record(&mut self) -> Result<Option<Record<'a>>, ReadError> {
        if self.next == self.len {
            return Ok(None);
        }
        let index = self.next;
        self.next += 1;
        let value = self.dec.value_at(2)?;
        let record = match self.shape {
            Shape::Snapshot => snapshot_record(index, &value, &self.catalog),
            Shape::Legacy | Shape::Empty => legacy_record(index, &value),
        }?;
        if self.next == self.len {
            self.dec.finish()?;
        }
        Ok(Some(record))
    }

    /// The schema name of a record: its catalog entry's name, or the legacy `type`.
    pub fn type_name<'r>(&'r self, record: &'r Record<'_>) -> &'r str {
        match self.catalog.resolve(record.schema_id) {
            Some(entry) => &entry.schema_name,
            None => record.schema_id,
        }
    }
}

fn bad(index: usize, key: Option<&str>, why: impl Into<String>) -> ReadError {
    ReadError::Record {
        index,
        key: key.map(str::to_string),
        why: why.into(),
    }
}

fn snapshot_record<'a>(
    index: usize,
    value: &Value<'a>,
    catalog: &Catalog,
) -> Result<Record<'a>, ReadError> {
    let items = value
        .as_array()
        .ok_or_else(|| bad(index, None, "a record is not an array"))?;
    let field = |i: usize| {
        items
            .get(i)
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
    };
    let (Some(key), Some(schema_id), Some(stored_at)) = (field(0), field(1), field(2)) else {
        return Err(bad(
            index,
            field(0),
            "a record must have a key, a schemaId and a storedAt (non-empty strings)",
        ));
    };
    if catalog.resolve(schema_id).is_none() {
        return Err(bad(
            index,
            Some(key),
            format!("schemaId `{schema_id}` is not in the catalog"),
        ));
    }
    let (payload, form) = match items.get(3) {
        None => (Cow::Borrowed(&[][..]), PayloadForm::Bin),
        Some(p) => normalize(p).map_err(|e| bad(index, Some(key), e.to_string()))?,
    };
    Ok(Record {
        index,
        key,
        schema_id,
        stored_at,
        payload,
        form,
    })
}

fn legacy_record<'a>(index: usize, value: &Value<'a>) -> Result<Record<'a>, ReadError> {
    if !matches!(value, Value::Map(_)) {
        return Err(bad(index, None, "a legacy envelope is not a map"));
    }
    let field = |name: &str| {
        value
            .get(name)
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
    };
    let (Some(key), Some(schema_id), Some(stored_at)) =
        (field("key"), field("type"), field("storedAt"))
    else {
        return Err(bad(
            index,
            field("key"),
            "an envelope must have key, type and storedAt (non-empty strings)",
        ));
    };
    let (payload, form) = normalize(value.get("payload").unwrap_or(&Value::Nil))
        .map_err(|e| bad(index, Some(key), e.to_string()))?;
    Ok(Record {
        index,
        key,
        schema_id,
        stored_at,
        payload,
        form,
    })
}

/// A payload as bytes, the way the reference normalizes it.
pub fn normalize<'a>(payload: &Value<'a>) -> Result<(Cow<'a, [u8]>, PayloadForm), EncodeError> {
    let bytes_of = |items: &[Value]| {
        items
            .iter()
            .map(Value::as_byte)
            .collect::<Option<Vec<u8>>>()
    };
    if let Value::Bin(b) = payload {
        return Ok((Cow::Borrowed(b), PayloadForm::Bin));
    }
    if payload.get("type").and_then(Value::as_str) == Some("Buffer")
        && let Some(bytes) = payload
            .get("data")
            .and_then(|d| d.as_array())
            .and_then(bytes_of)
    {
        return Ok((Cow::Owned(bytes), PayloadForm::ByteArray));
    }
    if let Some(bytes) = payload.as_array().and_then(bytes_of) {
        return Ok((Cow::Owned(bytes), PayloadForm::ByteArray));
    }
    Ok((Cow::Owned(encode_js(payload)?), PayloadForm::Plain))
}
