//! Values as the reference sees them: decoded into JavaScript values, then encoded again.
//!
//! The reference normalizes a legacy payload that is neither bytes nor byte values by
//! encoding the JavaScript value it decoded. [`encode_js`] does the same to a decoded value:
//! integers wider than 2^53 become float64 (a JavaScript number), a map becomes an object
//! (string or number keys only, `__proto__` refused; integer-like keys first in ascending
//! order, the rest in insertion order; a repeated key keeps its first place and its last
//! value), and a timestamp extension becomes a `Date` (whole milliseconds) written back in
//! the shortest timestamp form. Everything else is written by the rules of
//! [`super::encode`].

use super::encode::{EncodeError, Encoder, MAX_SAFE};
use super::value::Value;

/// Re-encodes a value as the reference does after decoding it (see the module docs).
pub fn encode_js(value: &Value<'_>) -> Result<Vec<u8>, EncodeError> {
    let mut enc = Encoder::new();
    write_js(&mut enc, value)?;
    Ok(enc.into_bytes())
}

fn write_js(enc: &mut Encoder, value: &Value<'_>) -> Result<(), EncodeError> {
    match value {
        Value::Nil => enc.nil(),
        Value::Bool(b) => enc.bool(*b),
        Value::UInt(n) => enc.uint(*n),
        Value::Int(n) => enc.int(*n),
        Value::F32(x) => enc.number(f64::from(*x)),
        Value::F64(x) => enc.number(*x),
        Value::Str(s) => enc.str(s)?,
        Value::Bin(b) => enc.bin(b)?,
        Value::Array(items) => {
            enc.array_len(items.len())?;
            for item in items {
                write_js(enc, item)?;
            }
        }
        Value::Map(entries) => {
            let object = js_object(entries)?;
            enc.map_len(object.len())?;
            for (key, item) in object {
                enc.str(&key)?;
                write_js(enc, item)?;
            }
        }
        Value::Ext(-1, data) => match timestamp_millis(data) {
            Some(ms) => write_timestamp(enc, ms)?,
            None => enc.ext(-1, data)?,
        },
        Value::Ext(ty, data) => enc.ext(*ty, data)?,
    }
    Ok(())
}

/// A map as a JavaScript object: its property keys in property order.
fn js_object<'v, 'a>(
    entries: &'v [(Value<'a>, Value<'a>)],
) -> Result<Vec<(String, &'v Value<'a>)>, EncodeError> {
    let mut object: Vec<(String, &Value)> = Vec::with_capacity(entries.len().min(64));
    for (key, item) in entries {
        let key = match key {
            Value::Str("__proto__") => return Err(EncodeError::ProtoKey),
            Value::Str(s) => s.to_string(),
            Value::UInt(n) if *n <= MAX_SAFE => n.to_string(),
            Value::Int(n) if n.unsigned_abs() <= MAX_SAFE => n.to_string(),
            Value::UInt(_) | Value::Int(_) | Value::F32(_) | Value::F64(_) => {
                return Err(EncodeError::MapKey(
                    "a number JavaScript would write differently",
                ));
            }
            Value::Nil => return Err(EncodeError::MapKey("nil")),
            Value::Bool(_) => return Err(EncodeError::MapKey("a boolean")),
            Value::Bin(_) => return Err(EncodeError::MapKey("a binary")),
            Value::Array(_) => return Err(EncodeError::MapKey("an array")),
            Value::Map(_) => return Err(EncodeError::MapKey("a map")),
            Value::Ext(..) => return Err(EncodeError::MapKey("an extension")),
        };
        match object.iter_mut().find(|(k, _)| *k == key) {
            Some(slot) => slot.1 = item,
            None => object.push((key, item)),
        }
    }
    // Integer-like keys (array indices) come first, ascending; the rest keep their order.
    let index = |k: &str| -> Option<u32> {
        let n: u32 = k.parse().ok()?;
        (n != u32::MAX && n.to_string() == k).then_some(n)
    };
    object.sort_by_key(|(k, _)| index(k).map_or((1, 0), |n| (0, n)));
    Ok(object)
}

/// The seconds and nanoseconds of a timestamp extension's data (the 4-, 8- and 12-byte
/// forms), or `None` when it has another length.
pub fn timestamp_parts(data: &[u8]) -> Option<(i64, u32)> {
    let (sec, nsec): (i64, u32) = match data.len() {
        4 => (i64::from(u32::from_be_bytes(data.try_into().ok()?)), 0),
        8 => {
            let v = u64::from_be_bytes(data.try_into().ok()?);
            ((v & 0x3_ffff_ffff) as i64, (v >> 34) as u32)
        }
        12 => (
            i64::from_be_bytes(data[4..].try_into().ok()?),
            u32::from_be_bytes(data[..4].try_into().ok()?),
        ),
        _ => return None,
    };
    Some((sec, nsec))
}

/// A timestamp extension as `JSON.stringify` writes the `Date` the reference decodes it to
/// (`Date.prototype.toISOString`): whole milliseconds, always three fraction digits, UTC, a
/// four-digit year from 0000 to 9999 and a signed six-digit one beyond. `None` when it is not
/// a valid time (another length, nanoseconds past a second, or outside a `Date`'s range).
pub fn iso_time(data: &[u8]) -> Option<String> {
    let (_, nsec) = timestamp_parts(data)?;
    if nsec >= 1_000_000_000 {
        return None;
    }
    Some(iso_string(timestamp_millis(data)?))
}

/// `new Date(ms).toISOString()`, for `ms` within a `Date`'s range.
fn iso_string(ms: i64) -> String {
    let days = ms.div_euclid(86_400_000);
    let in_day = ms.rem_euclid(86_400_000);
    // Days since 1970-01-01 to a civil date (the proleptic Gregorian calendar).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    let year = if (0..=9999).contains(&year) {
        format!("{year:04}")
    } else {
        format!("{}{:06}", if year < 0 { '-' } else { '+' }, year.abs())
    };
    format!(
        "{year}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z",
        in_day / 3_600_000,
        in_day / 60_000 % 60,
        in_day / 1000 % 60,
        in_day % 1000
    )
}

/// The time of a timestamp extension as a JavaScript `Date` holds it (whole milliseconds).
fn timestamp_millis(data: &[u8]) -> Option<i64> {
    let (sec, nsec) = timestamp_parts(data)?;
    let ms = sec as f64 * 1e3 + f64::from(nsec) / 1e6;
    (ms.abs() <= 8.64e15).then(|| ms.trunc() as i64)
}

fn write_timestamp(enc: &mut Encoder, ms: i64) -> Result<(), EncodeError> {
    let sec = ms.div_euclid(1000);
    let nsec = (ms.rem_euclid(1000) * 1_000_000) as u32;
    if (0..=0x3_ffff_ffff).contains(&sec) {
        if nsec == 0 && sec <= 0xffff_ffff {
            return enc.ext(-1, &(sec as u32).to_be_bytes());
        }
        let packed = (u64::from(nsec) << 34) | sec as u64;
        return enc.ext(-1, &packed.to_be_bytes());
    }
    let mut data = nsec.to_be_bytes().to_vec();
    data.extend_from_slice(&sec.to_be_bytes());
    enc.ext(-1, &data)
}
