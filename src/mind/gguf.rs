//! A GGUF file checked before llama.cpp sees it.
//!
//! llama.cpp trusts its input in places (a bad file can reach a `GGML_ASSERT`, which aborts the
//! whole process), so the embedded mind walks the file's structure first: the magic, the
//! version, every metadata entry, every tensor's shape, type and offset, and that each
//! tensor's bytes lie inside the file. Nothing is preallocated from a length read from the
//! file, and every count is bounded by the bytes that remain. A file that fails here is a data
//! error (exit 65) that says what is wrong, never a crash.

use std::fs::File;
use std::io::{BufReader, Read, Seek};
use std::path::Path;

use crate::base::exit::{Error, Result};

mod types;

/// The first four bytes of every GGUF file.
pub const MAGIC: &[u8; 4] = b"GGUF";
/// Most dimensions a tensor may have (`GGML_MAX_DIMS`).
const MAX_DIMS: u32 = 4;
/// Longest metadata key or tensor name read into memory.
const MAX_NAME_BYTES: u64 = 64 * 1024;
/// Alignment of the tensor data when `general.alignment` is absent.
const DEFAULT_ALIGNMENT: u64 = 32;

/// What the walk learned about a file that passed it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Summary {
    pub version: u32,
    pub tensors: u64,
    pub metadata: u64,
    /// `general.architecture`, e.g. `gemma3`.
    pub architecture: Option<String>,
    /// `general.name`, when the file has one.
    pub name: Option<String>,
    /// Whether the file carries `tokenizer.chat_template` (a base model does not).
    pub chat_template: bool,
    pub file_bytes: u64,
}

/// Checks that `path` is a well-formed GGUF file whose tensors lie inside it.
pub fn check(path: &Path) -> Result<Summary> {
    let file = File::open(path).map_err(|e| Error::io_at(path, e))?;
    let len = file.metadata().map_err(|e| Error::io_at(path, e))?.len();
    let mut walk = Walk {
        r: BufReader::with_capacity(1 << 16, file),
        pos: 0,
        len,
    };
    walk.file().map_err(|problem| {
        Error::data(format!(
            "{} is not a usable GGUF model: {problem}",
            path.display()
        ))
        .hint(
            "point [llm] model_path at a complete GGUF file; for the default model run scripts/fetch-model.sh",
        )
    })
}

/// A cursor over the file that knows how many bytes remain.
struct Walk<R> {
    r: R,
    pos: u64,
    len: u64,
}

type Step<T> = std::result::Result<T, String>;

impl<R: Read + Seek> Walk<R> {
    fn file(&mut self) -> Step<Summary> {
        let mut magic = [0u8; 4];
        self.bytes(&mut magic, "the magic")?;
        if &magic != MAGIC {
            return Err(format!(
                "it starts with {magic:02x?}, not the GGUF magic \"GGUF\""
            ));
        }
        let version = self.u32("the version")?;
        if !(2..=3).contains(&version) {
            return Err(format!("GGUF version {version} is not supported (2 or 3)"));
        }
        let tensors = self.u64("the tensor count")?;
        let metadata = self.u64("the metadata count")?;
        // Each metadata entry takes at least 12 bytes, each tensor record at least 28.
        self.bounded(metadata, 12, "metadata entries")?;
        self.bounded(tensors, 28, "tensors")?;
        let mut summary = Summary {
            version,
            tensors,
            metadata,
            file_bytes: self.len,
            ..Summary::default()
        };
        let mut alignment = DEFAULT_ALIGNMENT;
        for _ in 0..metadata {
            let key = self.name("a metadata key")?;
            let ty = self.u32("a metadata type")?;
            match (key.as_str(), ty) {
                ("general.alignment", 4) => {
                    alignment = u64::from(self.u32("general.alignment")?);
                    if alignment == 0 || !alignment.is_power_of_two() {
                        return Err(format!(
                            "general.alignment {alignment} is not a power of two"
                        ));
                    }
                }
                ("general.architecture", 8) => summary.architecture = Some(self.name(&key)?),
                ("general.name", 8) => summary.name = Some(self.name(&key)?),
                ("tokenizer.chat_template", 8) => {
                    summary.chat_template = true;
                    self.skip_value(ty, &key, true)?;
                }
                _ => self.skip_value(ty, &key, true)?,
            }
        }
        let mut infos = Vec::new();
        for _ in 0..tensors {
            let name = self.name("a tensor name")?;
            let dims = self.u32("a tensor's dimension count")?;
            if dims == 0 || dims > MAX_DIMS {
                return Err(format!("tensor {name} has {dims} dimensions (1 to 4)"));
            }
            let mut shape = [1u64; MAX_DIMS as usize];
            for d in shape.iter_mut().take(dims as usize) {
                *d = self.u64("a tensor dimension")?;
            }
            let ty = self.u32("a tensor type")?;
            let offset = self.u64("a tensor offset")?;
            let bytes =
                types::tensor_bytes(ty, &shape).map_err(|e| format!("tensor {name}: {e}"))?;
            infos.push((name, offset, bytes));
        }
        let data_start = self.pos.div_ceil(alignment) * alignment;
        for (name, offset, bytes) in infos {
            if offset % alignment != 0 {
                return Err(format!("tensor {name} is not aligned to {alignment} bytes"));
            }
            let end = data_start
                .checked_add(offset)
                .and_then(|s| s.checked_add(bytes));
            if end.is_none_or(|end| end > self.len) {
                return Err(format!(
                    "tensor {name} ends past the end of the file ({} bytes): truncated?",
                    self.len
                ));
            }
        }
        Ok(summary)
    }

    fn skip_value(&mut self, ty: u32, key: &str, top: bool) -> Step<()> {
        if let Some(size) = types::fixed_size(ty) {
            return self.skip(size, key);
        }
        match ty {
            8 => {
                let n = self.u64(key)?;
                self.skip(n, key)
            }
            9 if top => {
                let elem = self.u32(key)?;
                let n = self.u64(key)?;
                match types::fixed_size(elem) {
                    Some(size) => {
                        let total = n
                            .checked_mul(size)
                            .ok_or_else(|| format!("{key}: array too long"))?;
                        self.skip(total, key)
                    }
                    None if elem == 8 => {
                        self.bounded(n, 8, key)?;
                        (0..n).try_for_each(|_| self.skip_value(8, key, false))
                    }
                    None => Err(format!("{key}: array of type {elem} is not supported")),
                }
            }
            _ => Err(format!("{key}: unknown value type {ty}")),
        }
    }

    fn bounded(&self, count: u64, min_size: u64, what: &str) -> Step<()> {
        let left = self.len.saturating_sub(self.pos);
        if count.checked_mul(min_size).is_none_or(|need| need > left) {
            return Err(format!(
                "{count} {what} cannot fit in the {left} bytes left: truncated?"
            ));
        }
        Ok(())
    }

    fn name(&mut self, what: &str) -> Step<String> {
        let n = self.u64(what)?;
        if n > MAX_NAME_BYTES {
            return Err(format!("{what} is {n} bytes long"));
        }
        self.bounded(n, 1, what)?;
        let mut buf = vec![0u8; n as usize];
        self.bytes(&mut buf, what)?;
        String::from_utf8(buf).map_err(|_| format!("{what} is not UTF-8"))
    }

    fn skip(&mut self, n: u64, what: &str) -> Step<()> {
        self.bounded(n, 1, what)?;
        let step = i64::try_from(n).map_err(|_| format!("{what}: {n} bytes"))?;
        self.r
            .seek_relative(step)
            .map_err(|e| format!("{what}: {e}"))?;
        self.pos += n;
        Ok(())
    }

    fn bytes(&mut self, buf: &mut [u8], what: &str) -> Step<()> {
        self.r.read_exact(buf).map_err(|e| match e.kind() {
            std::io::ErrorKind::UnexpectedEof => format!("the file ends inside {what}: truncated?"),
            _ => format!("reading {what}: {e}"),
        })?;
        self.pos += buf.len() as u64;
        Ok(())
    }

    fn u32(&mut self, what: &str) -> Step<u32> {
        let mut b = [0u8; 4];
        self.bytes(&mut b, what)?;
        Ok(u32::from_le_bytes(b))
    }

    fn u64(&mut self, what: &str) -> Step<u64> {
        let mut b = [0u8; 8];
        self.bytes(&mut b, what)?;
        Ok(u64::from_le_bytes(b))
    }
}

#[cfg(test)]
mod tests;
