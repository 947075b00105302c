//! The bounded decoder, for bytes nobody vouches for.
//!
//! Untrusted MessagePack is decoded here first, never straight into recursive types: nesting
//! is capped ([`Limits::depth`]), every decoded value counts against a budget
//! ([`Limits::values`]), and a length prefix is believed only after the bytes it claims are
//! known to be there (each element needs at least one byte, a string or binary its whole
//! length). Nothing is preallocated from a length prefix, so an `array32` claiming
//! 0xFFFFFFFF elements or a `bin32` claiming 4 GiB fails at once, in constant memory.

use thiserror::Error;

use super::value::Value;

/// How far a decoder will go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Containers nested deeper than this are refused.
    pub depth: usize,
    /// Values (scalars and containers) one call to [`Decoder::value`] may decode.
    pub values: usize,
}

/// The deepest nesting wis reads (containers inside containers), well past anything the
/// reference writes for a document.
pub const MAX_DEPTH: usize = 100;

/// The most values one item may hold: 16,777,216. Each value takes at least one byte of
/// input, so this bounds the memory of one decoded item (about 32 bytes a value) to some
/// 512 MiB, whatever the file claims.
pub const MAX_VALUES: usize = 1 << 24;

impl Default for Limits {
    fn default() -> Self {
        Limits {
            depth: MAX_DEPTH,
            values: MAX_VALUES,
        }
    }
}

/// Why bytes are not (acceptable) MessagePack.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DecodeError {
    #[error("truncated at byte {at}: {what} needs {need} bytes, {left} left")]
    Truncated {
        at: usize,
        what: &'static str,
        need: u64,
        left: usize,
    },
    #[error("over wis's depth limit {limit}: nested deeper than {limit} levels at byte {at}")]
    TooDeep { at: usize, limit: usize },
    #[error("over wis's values limit {limit}: more than {limit} values in one item at byte {at}")]
    TooMany { at: usize, limit: usize },
    #[error("a string at byte {at} is not UTF-8")]
    Utf8 { at: usize },
    #[error("the reserved marker 0xc1 at byte {at}")]
    Reserved { at: usize },
    #[error("{left} byte(s) left over after the value at byte {at}")]
    Trailing { at: usize, left: usize },
}

impl DecodeError {
    /// Whether the bytes may be valid MessagePack that only a limit of wis's refused.
    pub fn is_limit(&self) -> bool {
        matches!(
            self,
            DecodeError::TooDeep { .. } | DecodeError::TooMany { .. }
        )
    }

    /// What the error is, prefixed as a reader should see it: a limit says it is one, a
    /// string that is not UTF-8 says so (the reference would read it with U+FFFD in place of
    /// the bad bytes; wis refuses it), anything else says the bytes are not MessagePack.
    pub fn described(&self) -> String {
        match self {
            _ if self.is_limit() => format!("too large to read: {self}"),
            DecodeError::Utf8 { .. } => format!("not valid text: {self}"),
            _ => format!("not MessagePack: {self}"),
        }
    }
}

/// Hands out a few elements of room up front at most; the rest grows with what is read.
const PREALLOC: usize = 16;

/// Reads bounded values from a byte slice.
#[derive(Debug, Clone)]
pub struct Decoder<'a> {
    buf: &'a [u8],
    pos: usize,
    limits: Limits,
    values: usize,
}

impl<'a> Decoder<'a> {
    pub fn new(buf: &'a [u8]) -> Self {
        Self::with_limits(buf, Limits::default())
    }

    pub fn with_limits(buf: &'a [u8], limits: Limits) -> Self {
        Decoder {
            buf,
            pos: 0,
            limits,
            values: 0,
        }
    }

    /// Where the next read starts.
    pub fn pos(&self) -> usize {
        self.pos
    }

    pub fn remaining(&self) -> usize {
        self.buf.len() - self.pos
    }

    /// Decodes one value whose containers sit `depth` levels below the top.
    pub fn value_at(&mut self, depth: usize) -> Result<Value<'a>, DecodeError> {
        self.values = 0;
        self.read(depth)
    }

    /// Decodes one value.
    pub fn value(&mut self) -> Result<Value<'a>, DecodeError> {
        self.value_at(0)
    }

    /// Fails unless every byte has been read.
    pub fn finish(&self) -> Result<(), DecodeError> {
        match self.remaining() {
            0 => Ok(()),
            left => Err(DecodeError::Trailing { at: self.pos, left }),
        }
    }

    /// Reads an array header if one comes next; its length is checked against the input.
    pub fn array_header(&mut self) -> Result<Option<usize>, DecodeError> {
        let at = self.pos;
        let n = match self.peek()? {
            m @ 0x90..=0x9f => {
                self.pos += 1;
                (m & 0x0f) as usize
            }
            0xdc => {
                self.pos += 1;
                self.uint(2)? as usize
            }
            0xdd => {
                self.pos += 1;
                self.uint(4)? as usize
            }
            _ => return Ok(None),
        };
        self.room(at, "an array", n as u64)?;
        Ok(Some(n))
    }

    /// The next marker byte, not consumed.
    pub fn peek(&self) -> Result<u8, DecodeError> {
        self.buf
            .get(self.pos)
            .copied()
            .ok_or(DecodeError::Truncated {
                at: self.pos,
                what: "a value",
                need: 1,
                left: 0,
            })
    }

    fn room(&self, at: usize, what: &'static str, need: u64) -> Result<(), DecodeError> {
        let left = self.remaining();
        if need > left as u64 {
            return Err(DecodeError::Truncated {
                at,
                what,
                need,
                left,
            });
        }
        Ok(())
    }

    fn take(&mut self, n: u64, what: &'static str) -> Result<&'a [u8], DecodeError> {
        self.room(self.pos, what, n)?;
        let start = self.pos;
        self.pos += n as usize;
        Ok(&self.buf[start..self.pos])
    }

    fn uint(&mut self, width: u64) -> Result<u64, DecodeError> {
        let bytes = self.take(width, "a number")?;
        Ok(bytes.iter().fold(0u64, |acc, &b| acc << 8 | u64::from(b)))
    }

    fn sint(&mut self, width: u64) -> Result<i64, DecodeError> {
        let raw = self.uint(width)?;
        let shift = 64 - 8 * width as u32;
        Ok(((raw << shift) as i64) >> shift)
    }

    fn read(&mut self, depth: usize) -> Result<Value<'a>, DecodeError> {
        let at = self.pos;
        self.values += 1;
        if self.values > self.limits.values {
            return Err(DecodeError::TooMany {
                at,
                limit: self.limits.values,
            });
        }
        let m = self.take(1, "a value")?[0];
        Ok(match m {
            0x00..=0x7f => Value::UInt(u64::from(m)),
            0x80..=0x8f => self.map(u64::from(m & 0x0f), depth, at)?,
            0x90..=0x9f => self.array(u64::from(m & 0x0f), depth, at)?,
            0xa0..=0xbf => self.str(u64::from(m & 0x1f), at)?,
            0xc0 => Value::Nil,
            0xc1 => return Err(DecodeError::Reserved { at }),
            0xc2 => Value::Bool(false),
            0xc3 => Value::Bool(true),
            0xc4..=0xc6 => {
                let n = self.uint(1 << (m - 0xc4))?;
                Value::Bin(self.take(n, "a binary")?)
            }
            0xc7..=0xc9 => {
                let n = self.uint(1 << (m - 0xc7))?;
                self.ext(n)?
            }
            0xca => Value::F32(f32::from_bits(self.uint(4)? as u32)),
            0xcb => Value::F64(f64::from_bits(self.uint(8)?)),
            0xcc..=0xcf => Value::UInt(self.uint(1 << (m - 0xcc))?),
            0xd0..=0xd3 => int(self.sint(1 << (m - 0xd0))?),
            0xd4..=0xd8 => self.ext(1 << (m - 0xd4))?,
            0xd9..=0xdb => {
                let n = self.uint(1 << (m - 0xd9))?;
                self.str(n, at)?
            }
            0xdc | 0xdd => {
                let n = self.uint(if m == 0xdc { 2 } else { 4 })?;
                self.array(n, depth, at)?
            }
            0xde | 0xdf => {
                let n = self.uint(if m == 0xde { 2 } else { 4 })?;
                self.map(n, depth, at)?
            }
            0xe0..=0xff => Value::Int(i64::from(m as i8)),
        })
    }

    fn str(&mut self, n: u64, at: usize) -> Result<Value<'a>, DecodeError> {
        let bytes = self.take(n, "a string")?;
        std::str::from_utf8(bytes)
            .map(Value::Str)
            .map_err(|_| DecodeError::Utf8 { at })
    }

    fn ext(&mut self, n: u64) -> Result<Value<'a>, DecodeError> {
        let ty = self.take(1, "an extension type")?[0] as i8;
        Ok(Value::Ext(ty, self.take(n, "an extension")?))
    }

    fn nest(&self, depth: usize, at: usize) -> Result<(), DecodeError> {
        if depth >= self.limits.depth {
            return Err(DecodeError::TooDeep {
                at,
                limit: self.limits.depth,
            });
        }
        Ok(())
    }

    fn array(&mut self, n: u64, depth: usize, at: usize) -> Result<Value<'a>, DecodeError> {
        self.nest(depth, at)?;
        self.room(at, "an array", n)?;
        let mut items = Vec::with_capacity((n as usize).min(PREALLOC));
        for _ in 0..n {
            items.push(self.read(depth + 1)?);
        }
        Ok(Value::Array(items))
    }

    fn map(&mut self, n: u64, depth: usize, at: usize) -> Result<Value<'a>, DecodeError> {
        self.nest(depth, at)?;
        self.room(at, "a map", n.saturating_mul(2))?;
        let mut entries = Vec::with_capacity((n as usize).min(PREALLOC));
        for _ in 0..n {
            let key = self.read(depth + 1)?;
            entries.push((key, self.read(depth + 1)?));
        }
        Ok(Value::Map(entries))
    }
}

fn int(v: i64) -> Value<'static> {
    if v >= 0 {
        Value::UInt(v as u64)
    } else {
        Value::Int(v)
    }
}

/// Decodes bytes that must hold exactly one value.
pub fn decode_one(bytes: &[u8]) -> Result<Value<'_>, DecodeError> {
    let mut dec = Decoder::new(bytes);
    let value = dec.value()?;
    dec.finish()?;
    Ok(value)
}
