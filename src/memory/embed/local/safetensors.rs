//! A safetensors file, read without trusting it: an 8-byte little-endian header length, a
//! JSON header naming each tensor's dtype, shape and byte range, then the raw little-endian
//! data.
//!
//! [`Tensors::open`] reads and checks only the header: its length against the file, every
//! entry's dtype, shape and range (the range inside the data, its length equal to the shape's
//! element count times the dtype's width, no two ranges overlapping, every product computed
//! with overflow checks). [`Tensors::f32`] then reads one tensor of an expected shape straight
//! into its vector, in bounded chunks. Nothing is allocated from a length the file states before that length is
//! checked against the file's real size. A file that fails is a data error (exit 65) saying
//! what is wrong; the loader adds the file's name and the way out.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

use crate::base::exit::{Error, Result};

/// Longest header read (the real one is about 11 KiB).
const MAX_HEADER_BYTES: u64 = 16 << 20;
/// Bytes read from the file at once when a tensor is loaded (a multiple of the 64 KiB the
/// fingerprint samples by).
const CHUNK_BYTES: usize = 1 << 20;

/// One tensor's entry in the header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub dtype: String,
    pub shape: Vec<usize>,
    /// Byte range within the data section.
    pub begin: u64,
    pub end: u64,
}

/// An opened safetensors file whose header passed the checks.
#[derive(Debug)]
pub struct Tensors {
    file: File,
    /// The header's bytes, as read (part of the model's fingerprint).
    pub header: Vec<u8>,
    entries: BTreeMap<String, Entry>,
    /// Where the data section starts in the file.
    data_start: u64,
}

/// Bytes per element of the dtypes safetensors defines; `None` for an unknown one.
fn width(dtype: &str) -> Option<u64> {
    Some(match dtype {
        "BOOL" | "U8" | "I8" | "F8_E4M3" | "F8_E5M2" => 1,
        "U16" | "I16" | "F16" | "BF16" => 2,
        "U32" | "I32" | "F32" => 4,
        "U64" | "I64" | "F64" => 8,
        _ => return None,
    })
}

impl Tensors {
    /// Opens `path` and checks its header (a missing file is exit 66, a malformed one 65).
    pub fn open(path: &Path) -> Result<Tensors> {
        let mut file = File::open(path).map_err(|e| Error::io_at(path, e))?;
        let len = file.metadata().map_err(|e| Error::io_at(path, e))?.len();
        if len < 8 {
            return Err(Error::data(format!(
                "{len} bytes: too short for a header length"
            )));
        }
        let mut n = [0u8; 8];
        file.read_exact(&mut n).map_err(|e| Error::io_at(path, e))?;
        let n = u64::from_le_bytes(n);
        if n > MAX_HEADER_BYTES || n > len - 8 {
            return Err(Error::data(format!(
                "the header claims {n} bytes; the file has {} after the length",
                len - 8
            )));
        }
        let mut header = vec![0u8; n as usize];
        file.read_exact(&mut header)
            .map_err(|e| Error::io_at(path, e))?;
        let data_len = len - 8 - n;
        let entries = parse(&header, data_len).map_err(Error::data)?;
        Ok(Tensors {
            file,
            header,
            entries,
            data_start: 8 + n,
        })
    }

    /// The header entry of `name`.
    pub fn entry(&self, name: &str) -> Option<&Entry> {
        self.entries.get(name)
    }

    /// Reads tensor `name`, which must be F32 of exactly `shape`. `sample` sees every
    /// 64 KiB chunk's first 64 bytes as they are read (the fingerprint).
    pub fn f32(
        &mut self,
        name: &str,
        shape: &[usize],
        sample: &mut dyn FnMut(&[u8]),
    ) -> Result<Vec<f32>> {
        let Some(entry) = self.entries.get(name) else {
            return Err(Error::data(format!("no tensor {name}")));
        };
        if entry.dtype != "F32" || entry.shape != shape {
            return Err(Error::data(format!(
                "tensor {name} is {} {:?}; expected F32 {shape:?}",
                entry.dtype, entry.shape
            )));
        }
        let bytes = (entry.end - entry.begin) as usize;
        self.file
            .seek(SeekFrom::Start(self.data_start + entry.begin))
            .map_err(|e| Error::io(format!("seeking to tensor {name}: {e}")))?;
        let mut out = vec![0.0f32; bytes / 4];
        // SAFETY: the byte view covers exactly the vector's initialised memory, and every bit
        // pattern is a valid f32, so whatever the file holds leaves `out` valid.
        let raw: &mut [u8] =
            unsafe { std::slice::from_raw_parts_mut(out.as_mut_ptr().cast::<u8>(), bytes) };
        for chunk in raw.chunks_mut(CHUNK_BYTES) {
            self.file
                .read_exact(chunk)
                .map_err(|e| Error::io(format!("reading tensor {name}: {e}")))?;
            for block in chunk.chunks(64 << 10) {
                sample(&block[..block.len().min(64)]);
            }
        }
        // The file is little-endian; so is every machine wis is built for but a big-endian one.
        if cfg!(target_endian = "big") {
            for v in &mut out {
                *v = f32::from_bits(v.to_bits().swap_bytes());
            }
        }
        if let Some(bad) = out.iter().position(|x| !x.is_finite()) {
            return Err(Error::data(format!(
                "tensor {name} holds a non-finite value at {bad}"
            )));
        }
        Ok(out)
    }
}

/// Parses and checks a header against a data section of `data_len` bytes; the error says
/// what is wrong.
pub fn parse(header: &[u8], data_len: u64) -> std::result::Result<BTreeMap<String, Entry>, String> {
    let json: serde_json::Map<String, serde_json::Value> = serde_json::from_slice(header)
        .map_err(|e| format!("the header is not a JSON object: {e}"))?;
    let mut entries = BTreeMap::new();
    for (name, value) in json {
        if name == "__metadata__" {
            continue;
        }
        entries.insert(name.clone(), entry(&name, &value, data_len)?);
    }
    let mut ranges: Vec<(&String, &Entry)> = entries.iter().collect();
    ranges.sort_by_key(|(_, e)| (e.begin, e.end));
    for pair in ranges.windows(2) {
        let ((a, ea), (b, eb)) = (pair[0], pair[1]);
        if eb.begin < ea.end {
            return Err(format!("tensors {a} and {b} overlap"));
        }
    }
    Ok(entries)
}

/// One entry, checked.
fn entry(
    name: &str,
    value: &serde_json::Value,
    data_len: u64,
) -> std::result::Result<Entry, String> {
    let bad = |why: &str| format!("tensor {name}: {why}");
    let dtype = value["dtype"].as_str().ok_or_else(|| bad("no dtype"))?;
    let width = width(dtype).ok_or_else(|| bad(&format!("unknown dtype {dtype}")))?;
    let shape: Vec<usize> = value["shape"]
        .as_array()
        .ok_or_else(|| bad("no shape"))?
        .iter()
        .map(|d| d.as_u64().and_then(|d| usize::try_from(d).ok()))
        .collect::<Option<_>>()
        .ok_or_else(|| bad("a dimension is not a whole number"))?;
    let offsets = value["data_offsets"]
        .as_array()
        .filter(|o| o.len() == 2)
        .ok_or_else(|| bad("data_offsets is not two numbers"))?;
    let (begin, end) = match (offsets[0].as_u64(), offsets[1].as_u64()) {
        (Some(b), Some(e)) if b <= e && e <= data_len => (b, e),
        _ => {
            return Err(bad(&format!(
                "data_offsets {offsets:?} lie outside the {data_len} data bytes"
            )));
        }
    };
    let bytes = shape
        .iter()
        .try_fold(width, |acc, d| acc.checked_mul(*d as u64))
        .ok_or_else(|| bad("its shape overflows"))?;
    if bytes != end - begin {
        return Err(bad(&format!(
            "shape {shape:?} of {dtype} needs {bytes} bytes; its range holds {}",
            end - begin
        )));
    }
    Ok(Entry {
        dtype: dtype.to_string(),
        shape,
        begin,
        end,
    })
}
