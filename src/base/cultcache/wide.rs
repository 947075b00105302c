//! Integers JavaScript cannot hold: how they cross a file the reference library reads.
//!
//! A JavaScript number holds integers exactly only up to 2^53 ([`MAX_SAFE`]); the reference
//! decodes a wider unsigned integer rounded, and a document it saves again carries the
//! rounded value. wis keeps such values (a genome seed from before seeds were drawn below
//! 2^53, an embedding-space fingerprint) exact across the library:
//! - on export, [`widen`] writes every unsigned integer above 2^53 in a payload as its
//!   decimal string, which the library keeps byte for byte;
//! - on import, a payload that does not decode as its type as it stands is given to
//!   [`narrow`], which turns such strings back into integers, and also a whole float64 at or
//!   above 2^53 (a value an older export let the library round: it loads, rounded); the
//!   result is taken when it decodes as the type.
//!
//! Everything else in a payload is written again exactly as wis's store writes it (the
//! smallest form of each integer, a float32 as float32), so a payload with nothing wide in
//! it is never touched, and export, the library, import and export again give the same
//! bytes.

use super::decode::decode_one;
use super::encode::{EncodeError, Encoder, MAX_SAFE};
use super::value::Value;

/// Which way a payload is rewritten.
#[derive(Clone, Copy)]
enum Way {
    Widen,
    Narrow,
}

/// The payload with every unsigned integer above 2^53 as a decimal string, or `None` when
/// it has none (or is not MessagePack: it is then left as it is).
pub fn widen(payload: &[u8]) -> Option<Vec<u8>> {
    rewrite(payload, Way::Widen)
}

/// The payload with every decimal string of an integer above 2^53 (and every whole float64
/// at or above 2^53) as an unsigned integer, or `None` when it has none.
pub fn narrow(payload: &[u8]) -> Option<Vec<u8>> {
    rewrite(payload, Way::Narrow)
}

fn rewrite(payload: &[u8], way: Way) -> Option<Vec<u8>> {
    let value = decode_one(payload).ok()?;
    let mut enc = Encoder::new();
    let mut changed = false;
    write(&mut enc, &value, way, &mut changed).ok()?;
    changed.then(|| enc.into_bytes())
}

/// A decimal string's integer when it is one wider than 2^53, written canonically.
fn wide_digits(s: &str) -> Option<u64> {
    let n: u64 = s.parse().ok()?;
    (n > MAX_SAFE && n.to_string() == s).then_some(n)
}

fn write(
    enc: &mut Encoder,
    value: &Value<'_>,
    way: Way,
    changed: &mut bool,
) -> Result<(), EncodeError> {
    match (value, way) {
        (Value::UInt(n), Way::Widen) if *n > MAX_SAFE => {
            *changed = true;
            return enc.str(&n.to_string());
        }
        (Value::Str(s), Way::Narrow) if let Some(n) = wide_digits(s) => {
            *changed = true;
            uint(enc, n);
            return Ok(());
        }
        (Value::F64(x), Way::Narrow)
            if x.fract() == 0.0 && *x >= MAX_SAFE as f64 && *x < u64::MAX as f64 =>
        {
            *changed = true;
            uint(enc, *x as u64);
            return Ok(());
        }
        _ => {}
    }
    match value {
        Value::Nil => enc.nil(),
        Value::Bool(b) => enc.bool(*b),
        Value::UInt(n) => uint(enc, *n),
        Value::Int(n) => int(enc, *n),
        Value::F32(x) => head(enc, 0xca, &x.to_bits().to_be_bytes()),
        Value::F64(x) => head(enc, 0xcb, &x.to_bits().to_be_bytes()),
        Value::Str(s) => enc.str(s)?,
        Value::Bin(b) => enc.bin(b)?,
        Value::Array(items) => {
            enc.array_len(items.len())?;
            for item in items {
                write(enc, item, way, changed)?;
            }
        }
        Value::Map(entries) => {
            enc.map_len(entries.len())?;
            for (key, item) in entries {
                write(enc, key, way, changed)?;
                write(enc, item, way, changed)?;
            }
        }
        Value::Ext(ty, data) => enc.ext(*ty, data)?,
    }
    Ok(())
}

fn head(enc: &mut Encoder, marker: u8, bytes: &[u8]) {
    enc.out.push(marker);
    enc.out.extend_from_slice(bytes);
}

/// An unsigned integer in its smallest form, exactly (never as a float).
fn uint(enc: &mut Encoder, n: u64) {
    match n {
        0..=0x7f => enc.out.push(n as u8),
        0x80..=0xff => head(enc, 0xcc, &[n as u8]),
        0x100..=0xffff => head(enc, 0xcd, &(n as u16).to_be_bytes()),
        0x1_0000..=0xffff_ffff => head(enc, 0xce, &(n as u32).to_be_bytes()),
        _ => head(enc, 0xcf, &n.to_be_bytes()),
    }
}

/// A signed integer in its smallest form, exactly.
fn int(enc: &mut Encoder, n: i64) {
    match n {
        0.. => uint(enc, n as u64),
        -0x20..=-1 => enc.out.push(n as u8),
        -0x80..=-0x21 => head(enc, 0xd0, &[n as u8]),
        -0x8000..=-0x81 => head(enc, 0xd1, &(n as i16).to_be_bytes()),
        -0x8000_0000..=-0x8001 => head(enc, 0xd2, &(n as i32).to_be_bytes()),
        _ => head(enc, 0xd3, &n.to_be_bytes()),
    }
}
