//! MessagePack written the way `@msgpack/msgpack` (the TypeScript reference's encoder, with
//! its default options) writes it, so that a file from wis is byte-for-byte the file the
//! reference would write for the same records.
//!
//! The rules, from its `Encoder`:
//! - numbers are JavaScript numbers: a safe integer (|n| <= 2^53 - 1) takes the smallest
//!   encoding: positive fixint below 0x80, then uint8, uint16, uint32, uint64; negative
//!   fixint from -32, then int8, int16, int32, int64. Anything else (fractions, NaN, the
//!   infinities, integers past 2^53) is float64; never float32. -0 is written as 0.
//! - strings: fixstr below 32 bytes of UTF-8, then str8 below 0x100, str16 below 0x10000,
//!   str32.
//! - binaries (`Uint8Array`): bin8 below 0x100, bin16 below 0x10000, bin32.
//! - arrays: fixarray below 16, array16 below 0x10000, array32; maps the same with fixmap,
//!   map16, map32, keys in the object's own order.
//! - extensions: fixext 1, 2, 4, 8, 16 for those sizes, else ext8, ext16, ext32.
//!
//! [`super::js`] re-encodes decoded values by the same rules, as JavaScript values.

use thiserror::Error;

/// Why a value cannot be written.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EncodeError {
    #[error("{what} of {len} bytes is too long for MessagePack")]
    TooLong { what: &'static str, len: usize },
    #[error("a map key must be a string or a number, not {0}")]
    MapKey(&'static str),
    #[error("the map key __proto__ is not allowed")]
    ProtoKey,
}

/// The largest integer a JavaScript number holds exactly.
pub const MAX_SAFE: u64 = (1 << 53) - 1;

/// Appends MessagePack to a buffer.
#[derive(Debug, Default)]
pub struct Encoder {
    pub out: Vec<u8>,
}

impl Encoder {
    pub fn new() -> Self {
        Encoder::default()
    }

    pub fn into_bytes(self) -> Vec<u8> {
        self.out
    }

    pub fn nil(&mut self) {
        self.out.push(0xc0);
    }

    pub fn bool(&mut self, b: bool) {
        self.out.push(if b { 0xc3 } else { 0xc2 });
    }

    /// A non-negative integer.
    pub fn uint(&mut self, n: u64) {
        if n > MAX_SAFE {
            return self.float(n as f64);
        }
        match n {
            0..=0x7f => self.out.push(n as u8),
            0x80..=0xff => self.out.extend_from_slice(&[0xcc, n as u8]),
            0x100..=0xffff => self.head(0xcd, &(n as u16).to_be_bytes()),
            0x1_0000..=0xffff_ffff => self.head(0xce, &(n as u32).to_be_bytes()),
            _ => self.head(0xcf, &n.to_be_bytes()),
        }
    }

    /// A signed integer.
    pub fn int(&mut self, n: i64) {
        if n >= 0 {
            return self.uint(n as u64);
        }
        if n.unsigned_abs() > MAX_SAFE {
            return self.float(n as f64);
        }
        match n {
            -0x20..=-1 => self.out.push(n as u8),
            -0x80..=-0x21 => self.out.extend_from_slice(&[0xd0, n as u8]),
            -0x8000..=-0x81 => self.head(0xd1, &(n as i16).to_be_bytes()),
            -0x8000_0000..=-0x8001 => self.head(0xd2, &(n as i32).to_be_bytes()),
            _ => self.head(0xd3, &n.to_be_bytes()),
        }
    }

    /// A JavaScript number.
    pub fn number(&mut self, x: f64) {
        if x.fract() == 0.0 && x.abs() <= MAX_SAFE as f64 {
            return self.int(x as i64);
        }
        self.float(x)
    }

    fn float(&mut self, x: f64) {
        let bits = if x.is_nan() {
            f64::NAN.to_bits()
        } else {
            x.to_bits()
        };
        self.head(0xcb, &bits.to_be_bytes());
    }

    pub fn str(&mut self, s: &str) -> Result<(), EncodeError> {
        self.sized(s.len(), "a string", Some(0xa0), [0xd9, 0xda, 0xdb], 32)?;
        self.out.extend_from_slice(s.as_bytes());
        Ok(())
    }

    pub fn bin(&mut self, b: &[u8]) -> Result<(), EncodeError> {
        self.sized(b.len(), "a binary", None, [0xc4, 0xc5, 0xc6], 0)?;
        self.out.extend_from_slice(b);
        Ok(())
    }

    pub fn array_len(&mut self, n: usize) -> Result<(), EncodeError> {
        self.collection(n, "an array", 0x90, [0xdc, 0xdd])
    }

    pub fn map_len(&mut self, n: usize) -> Result<(), EncodeError> {
        self.collection(n, "a map", 0x80, [0xde, 0xdf])
    }

    pub fn ext(&mut self, ty: i8, data: &[u8]) -> Result<(), EncodeError> {
        let fixed = match data.len() {
            1 => Some(0xd4),
            2 => Some(0xd5),
            4 => Some(0xd6),
            8 => Some(0xd7),
            16 => Some(0xd8),
            _ => None,
        };
        match fixed {
            Some(m) => self.out.push(m),
            None => self.sized(data.len(), "an extension", None, [0xc7, 0xc8, 0xc9], 0)?,
        }
        self.out.push(ty as u8);
        self.out.extend_from_slice(data);
        Ok(())
    }

    fn head(&mut self, marker: u8, rest: &[u8]) {
        self.out.push(marker);
        self.out.extend_from_slice(rest);
    }

    /// A length-prefixed header: `fix` below `fix_below`, then 8-, 16- and 32-bit lengths.
    fn sized(
        &mut self,
        len: usize,
        what: &'static str,
        fix: Option<u8>,
        markers: [u8; 3],
        fix_below: usize,
    ) -> Result<(), EncodeError> {
        match (fix, len) {
            (Some(f), n) if n < fix_below => self.out.push(f + n as u8),
            (_, n) if n < 0x100 => self.out.extend_from_slice(&[markers[0], n as u8]),
            (_, n) if n < 0x1_0000 => self.head(markers[1], &(n as u16).to_be_bytes()),
            (_, n) => {
                let n = u32::try_from(n).map_err(|_| EncodeError::TooLong { what, len })?;
                self.head(markers[2], &n.to_be_bytes())
            }
        }
        Ok(())
    }

    fn collection(
        &mut self,
        n: usize,
        what: &'static str,
        fix: u8,
        markers: [u8; 2],
    ) -> Result<(), EncodeError> {
        match n {
            0..=15 => self.out.push(fix + n as u8),
            16..=0xffff => self.head(markers[0], &(n as u16).to_be_bytes()),
            _ => {
                let len = u32::try_from(n).map_err(|_| EncodeError::TooLong { what, len: n })?;
                self.head(markers[1], &len.to_be_bytes())
            }
        }
        Ok(())
    }
}
