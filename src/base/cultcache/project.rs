//! The JSON working projection: a CultCache file as JSON for people and review diffs.
//!
//! One object per record, its fields always in this order: `key`, `type` (the schema name),
//! `schemaId`, `storedAt`, `payload`; then `payloadEncoding: "base64"` and `payloadError`
//! when the payload is not MessagePack (the payload is then its bytes in base64), and
//! `stripped` (JSON pointers into the payload) when vectors were left out.
//!
//! A payload is decoded as one bounded MessagePack value and written with map keys sorted,
//! so the same records always project to the same bytes whatever order a writer used. A
//! map key that is not a string is written as its text (a number, `true`, `null`, base64
//! for a binary; containers, which no JavaScript writer produces, in a debug rendering).
//! Values JSON has no form for are tagged objects: `{"$bin": base64}`,
//! `{"$ext": type, "$base64": data}`, `{"$float": "NaN" | "Infinity" | "-Infinity"}`. Two
//! values are written as the reference library reads them: a timestamp (extension -1, which
//! it decodes to a `Date`) as `JSON.stringify` writes that `Date` (`2026-01-01T00:00:00.500Z`:
//! whole milliseconds, always three fraction digits), and a float32 as the double it becomes
//! (`0.699999988079071`, not `0.7`). A vector (an array of 16 or more numbers, at least one of
//! them a fraction) becomes `{"$stripped": "vector", "len": n}` unless vectors are kept.

use std::borrow::Cow;
use std::cell::RefCell;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
use serde_json::json;

use super::decode::decode_one;
use super::read::{CultFile, ReadError, Record};
use super::value::Value;

/// Arrays this long or longer may be vectors.
pub const VECTOR_MIN_LEN: usize = 16;

/// One record, ready to write as JSON.
#[derive(Debug)]
pub struct Projection<'r> {
    pub key: &'r str,
    pub type_name: &'r str,
    pub schema_id: &'r str,
    pub stored_at: &'r str,
    payload: Result<Value<'r>, String>,
    raw: &'r [u8],
    sink: Sink,
}

/// Where a projection notes the vectors it left out.
#[derive(Debug)]
struct Sink {
    keep_vectors: bool,
    stripped: RefCell<Vec<String>>,
}

impl<'r> Projection<'r> {
    pub fn new(record: &'r Record<'_>, type_name: &'r str, keep_vectors: bool) -> Self {
        Projection {
            key: record.key,
            type_name,
            schema_id: record.schema_id,
            stored_at: record.stored_at,
            payload: decode_one(&record.payload).map_err(|e| e.to_string()),
            raw: &record.payload,
            sink: Sink {
                keep_vectors,
                stripped: RefCell::new(Vec::new()),
            },
        }
    }

    /// Whether the payload decoded as MessagePack.
    pub fn is_messagepack(&self) -> bool {
        self.payload.is_ok()
    }

    /// The JSON pointers of what was stripped (known once the projection has been written).
    pub fn stripped(&self) -> Vec<String> {
        self.sink.stripped.borrow().clone()
    }
}

impl Serialize for Projection<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.sink.stripped.borrow_mut().clear();
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("key", self.key)?;
        map.serialize_entry("type", self.type_name)?;
        map.serialize_entry("schemaId", self.schema_id)?;
        map.serialize_entry("storedAt", self.stored_at)?;
        match &self.payload {
            Ok(value) => map.serialize_entry(
                "payload",
                &Json {
                    value,
                    path: None,
                    out: &self.sink,
                },
            )?,
            Err(why) => {
                map.serialize_entry("payload", &STANDARD.encode(self.raw))?;
                map.serialize_entry("payloadEncoding", "base64")?;
                map.serialize_entry("payloadError", why)?;
            }
        }
        let stripped = self.sink.stripped.borrow();
        if !stripped.is_empty() {
            map.serialize_entry("stripped", &*stripped)?;
        }
        drop(stripped);
        map.end()
    }
}

/// Where a value sits in the payload, as a chain of steps up to the root.
struct Path<'p> {
    parent: Option<&'p Path<'p>>,
    step: Step<'p>,
}

enum Step<'p> {
    Key(&'p str),
    Index(usize),
}

fn pointer(path: Option<&Path<'_>>) -> String {
    let mut steps = Vec::new();
    let mut at = path;
    while let Some(p) = at {
        steps.push(match p.step {
            Step::Key(k) => k.replace('~', "~0").replace('/', "~1"),
            Step::Index(i) => i.to_string(),
        });
        at = p.parent;
    }
    steps.iter().rev().map(|s| format!("/{s}")).collect()
}

/// A payload value written as JSON.
struct Json<'v, 'p> {
    value: &'v Value<'v>,
    path: Option<&'p Path<'p>>,
    out: &'p Sink,
}

/// Whether an array is a vector.
pub fn is_vector(items: &[Value<'_>]) -> bool {
    items.len() >= VECTOR_MIN_LEN
        && items.iter().all(Value::is_number)
        && items.iter().any(|v| {
            matches!(v, Value::F32(x) if x.fract() != 0.0)
                || matches!(v, Value::F64(x) if x.fract() != 0.0)
        })
}

/// A map key as JSON text.
fn key_text<'v>(key: &'v Value<'v>) -> Cow<'v, str> {
    match key {
        Value::Str(s) => Cow::Borrowed(s),
        Value::UInt(n) => Cow::Owned(n.to_string()),
        Value::Int(n) => Cow::Owned(n.to_string()),
        Value::F32(x) => Cow::Owned(f64::from(*x).to_string()),
        Value::F64(x) => Cow::Owned(x.to_string()),
        Value::Bool(b) => Cow::Owned(b.to_string()),
        Value::Nil => Cow::Borrowed("null"),
        Value::Bin(b) => Cow::Owned(STANDARD.encode(b)),
        Value::Array(_) | Value::Map(_) | Value::Ext(..) => Cow::Owned(format!("{key:?}")),
    }
}

fn non_finite(x: f64) -> &'static str {
    if x.is_nan() {
        "NaN"
    } else if x > 0.0 {
        "Infinity"
    } else {
        "-Infinity"
    }
}

impl Serialize for Json<'_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.value {
            Value::Nil => s.serialize_unit(),
            Value::Bool(b) => s.serialize_bool(*b),
            Value::UInt(n) => s.serialize_u64(*n),
            Value::Int(n) => s.serialize_i64(*n),
            // The library reads a float32 as the double of the same value.
            Value::F32(x) if x.is_finite() => s.serialize_f64(f64::from(*x)),
            Value::F64(x) if x.is_finite() => s.serialize_f64(*x),
            Value::F32(x) => json!({ "$float": non_finite(f64::from(*x)) }).serialize(s),
            Value::F64(x) => json!({ "$float": non_finite(*x) }).serialize(s),
            Value::Str(v) => s.serialize_str(v),
            Value::Bin(b) => json!({ "$bin": STANDARD.encode(b) }).serialize(s),
            Value::Ext(-1, d) if let Some(time) = super::js::iso_time(d) => s.serialize_str(&time),
            Value::Ext(t, d) => json!({ "$ext": t, "$base64": STANDARD.encode(d) }).serialize(s),
            Value::Array(items) if !self.out.keep_vectors && is_vector(items) => {
                self.out.stripped.borrow_mut().push(pointer(self.path));
                json!({ "$stripped": "vector", "len": items.len() }).serialize(s)
            }
            Value::Array(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for (i, item) in items.iter().enumerate() {
                    let path = Path {
                        parent: self.path,
                        step: Step::Index(i),
                    };
                    seq.serialize_element(&Json {
                        value: item,
                        path: Some(&path),
                        out: self.out,
                    })?;
                }
                seq.end()
            }
            Value::Map(entries) => {
                let mut sorted: Vec<(Cow<str>, &Value)> =
                    entries.iter().map(|(k, v)| (key_text(k), v)).collect();
                sorted.sort_by(|a, b| a.0.cmp(&b.0));
                let mut map = s.serialize_map(Some(sorted.len()))?;
                for (key, item) in &sorted {
                    let path = Path {
                        parent: self.path,
                        step: Step::Key(key.as_ref()),
                    };
                    map.serialize_entry(
                        key.as_ref(),
                        &Json {
                            value: item,
                            path: Some(&path),
                            out: self.out,
                        },
                    )?;
                }
                map.end()
            }
        }
    }
}

/// One stored payload (a document's MessagePack bytes) as the projection writes it, vectors
/// kept: what a published JSON Schema describes (`wis check --schemas`). The error says why
/// the bytes are not one MessagePack value.
pub fn payload_json(payload: &[u8]) -> Result<serde_json::Value, String> {
    let value = decode_one(payload).map_err(|e| e.to_string())?;
    let sink = Sink {
        keep_vectors: true,
        stripped: RefCell::new(Vec::new()),
    };
    serde_json::to_value(Json {
        value: &value,
        path: None,
        out: &sink,
    })
    .map_err(|e| e.to_string())
}

/// Projects every record of a file, in file order, handing each to `each`.
pub fn for_each<E: From<ReadError>>(
    file: &mut CultFile<'_>,
    keep_vectors: bool,
    mut each: impl FnMut(&Projection<'_>) -> Result<(), E>,
) -> Result<usize, E> {
    let mut n = 0;
    while let Some(record) = file.next_record()? {
        let type_name = file.type_name(&record);
        each(&Projection::new(&record, type_name, keep_vectors))?;
        n += 1;
    }
    Ok(n)
}
