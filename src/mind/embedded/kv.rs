//! The embedded mind's prompt cache between processes: each tick is a new process, so without
//! it every tick reads its whole prompt again. After a call the model's memory of the tokens it
//! read (llama.cpp's per-sequence state) is written to one file in the home's cache folder; the
//! next call loads it, keeps the tokens its prompt shares with the saved ones from the start,
//! and reads only the rest.
//!
//! The file is a cache, never a source of truth. It is named by a key made of the model file's
//! SHA-256, the context settings and the wis build, so another model, other settings or another
//! llama.cpp never load it. It is wis's own container around llama.cpp's state bytes: a header
//! with the token count, the state's length and the SHA-256 of both, checked before llama.cpp
//! sees a byte (llama.cpp's own state files abort the process on some damage). A file that
//! fails the check or does not load is ignored and replaced; a state larger than
//! [`MAX_STATE_BYTES`] is not kept. Deleting the folder at any time costs one full read of the
//! next prompt. Writes go to a temporary file renamed into place, so a killed process leaves the
//! old file or the new one, never half of one.

use std::fs;
use std::io::{Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use llama_cpp_2::context::LlamaContext;
use llama_cpp_2::context::session::LlamaStateSeqFlags;
use llama_cpp_2::token::LlamaToken;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::Loaded;

/// The largest saved state kept (about 14k tokens of Gemma 3 270M at 18 KiB per token).
pub const MAX_STATE_BYTES: u64 = 256 << 20;
/// The file that remembers the model file's SHA-256 for its size and modification time, so the
/// 250 MB file is hashed once, not every tick.
const MODEL_HASH_FILE: &str = "model-sha256.json";
const PREFIX: &str = "mind-";
const SUFFIX: &str = ".kv";
/// The container: magic, token count (u32), state length (u64), SHA-256 of tokens and state.
const MAGIC: &[u8; 8] = b"WISKVST1";
const HEADER: usize = 8 + 4 + 8 + 32;

/// The context settings a saved state depends on.
pub(super) struct Settings {
    pub window: u32,
    pub batch: u32,
}

/// One home's saved state for one model and one set of context settings.
#[derive(Debug, Clone)]
pub(super) struct StateFile {
    path: PathBuf,
}

#[derive(Serialize, Deserialize, PartialEq)]
struct ModelHash {
    path: PathBuf,
    len: u64,
    modified_ns: u128,
    sha256: String,
}

impl StateFile {
    /// The state file in `dir` for this model and these settings (the folder is made when the
    /// first state is saved). `None` when the model file cannot be read for its hash.
    pub fn locate(dir: &Path, loaded: &Loaded, settings: &Settings) -> Option<StateFile> {
        let sha = model_sha256(dir, &loaded.path)?;
        let mut key = Sha256::new();
        key.update(sha.as_bytes());
        key.update(format!(
            "window={};batch={};swa_full=1;build={}",
            settings.window,
            settings.batch,
            build_identity()
        ));
        let key = hex(&key.finalize()[..8]);
        Some(StateFile {
            path: dir.join(format!("{PREFIX}{key}{SUFFIX}")),
        })
    }

    /// How many tokens the saved state holds, read from its header; `None` when there is no
    /// file with a good header.
    pub fn saved_tokens(&self) -> Option<usize> {
        let mut head = [0u8; HEADER];
        fs::File::open(&self.path)
            .ok()?
            .read_exact(&mut head)
            .ok()?;
        parse_header(&head).map(|(n, _)| n)
    }

    /// Loads the saved state into `ctx` (whose sequence 0 must be empty) and keeps the part
    /// shared with `tokens` from the start. Returns how many leading tokens need no reading; at
    /// least the last token is always left to read, so its logits exist. A file that fails the
    /// check, or that llama.cpp does not take, leaves the context empty and returns 0.
    pub fn restore(
        &self,
        ctx: &mut LlamaContext<'_>,
        tokens: &[LlamaToken],
        capacity: usize,
    ) -> usize {
        let Some((saved, state)) = self.read_checked(capacity) else {
            return 0;
        };
        // SAFETY: the bytes are a state this build's llama.cpp wrote (the key names the build)
        // and passed their checksum; llama.cpp reads them with bounds checks.
        let loaded = unsafe { ctx.state_seq_set_data_ext(&state, 0, LlamaStateSeqFlags::empty()) };
        if !loaded {
            ctx.clear_kv_cache();
            return 0;
        }
        keep_shared(ctx, &saved, tokens)
    }

    /// The saved tokens and state bytes, when the file is whole and holds at most `capacity`
    /// tokens.
    fn read_checked(&self, capacity: usize) -> Option<(Vec<LlamaToken>, Vec<u8>)> {
        let bytes = fs::read(&self.path).ok()?;
        let (n, len) = parse_header(bytes.get(..HEADER)?)?;
        if n > capacity || bytes.len() as u64 != (HEADER + 4 * n) as u64 + len {
            return None;
        }
        let body = &bytes[HEADER..];
        if Sha256::digest(body).as_slice() != &bytes[20..HEADER] {
            return None;
        }
        let tokens = body[..4 * n]
            .chunks_exact(4)
            .map(|c| LlamaToken::new(i32::from_le_bytes([c[0], c[1], c[2], c[3]])))
            .collect();
        Some((tokens, body[4 * n..].to_vec()))
    }

    /// Saves the state of sequence 0, which holds `tokens`, replacing the previous file and
    /// removing states kept for other models or settings. A state over [`MAX_STATE_BYTES`] is
    /// not kept. Errors are returned as text for the caller to drop: a cache that cannot be
    /// written costs time, never the tick.
    pub fn save(&self, ctx: &LlamaContext<'_>, tokens: &[LlamaToken]) -> Result<u64, String> {
        let dir = self.path.parent().ok_or("the state file has no folder")?;
        let flags = LlamaStateSeqFlags::empty();
        let size = ctx.state_seq_get_size_ext(0, flags);
        let total = (HEADER + 4 * tokens.len() + size) as u64;
        if total > MAX_STATE_BYTES {
            let _ = fs::remove_file(&self.path);
            return Err(format!(
                "the state is {total} bytes, over the {MAX_STATE_BYTES} kept"
            ));
        }
        let mut body = Vec::with_capacity(4 * tokens.len() + size);
        for t in tokens {
            body.extend_from_slice(&t.0.to_le_bytes());
        }
        let at = body.len();
        body.resize(at + size, 0);
        // SAFETY: the buffer holds exactly the size llama.cpp reported for this sequence.
        let copied = unsafe { ctx.state_seq_get_data_ext(body[at..].as_mut_ptr(), 0, flags) };
        if copied != size {
            return Err(format!("llama.cpp gave {copied} state bytes, not {size}"));
        }
        let mut head = Vec::with_capacity(HEADER);
        head.extend_from_slice(MAGIC);
        head.extend_from_slice(&(tokens.len() as u32).to_le_bytes());
        head.extend_from_slice(&(size as u64).to_le_bytes());
        head.extend_from_slice(&Sha256::digest(&body));
        fs::create_dir_all(dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
        let tmp = self.path.with_extension("kv.tmp");
        let written = fs::File::create(&tmp)
            .and_then(|mut f| f.write_all(&head).and_then(|()| f.write_all(&body)))
            .and_then(|()| fs::rename(&tmp, &self.path));
        if let Err(e) = written {
            let _ = fs::remove_file(&tmp);
            return Err(format!("cannot keep the state in {}: {e}", dir.display()));
        }
        for entry in fs::read_dir(dir).into_iter().flatten().flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let ours = self.path.file_name() == Some(entry.file_name().as_os_str());
            if !ours
                && name.starts_with(PREFIX)
                && (name.ends_with(SUFFIX) || name.ends_with(".kv.tmp"))
            {
                let _ = fs::remove_file(entry.path());
            }
        }
        Ok(total)
    }
}

/// The model file's SHA-256, remembered in `dir` for its path, size and modification time.
fn model_sha256(dir: &Path, model: &Path) -> Option<String> {
    let meta = fs::metadata(model).ok()?;
    let modified_ns = meta
        .modified()
        .ok()
        .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos());
    let memo = dir.join(MODEL_HASH_FILE);
    if let Some(known) = fs::read(&memo)
        .ok()
        .and_then(|b| serde_json::from_slice::<ModelHash>(&b).ok())
        && known.path == model
        && known.len == meta.len()
        && known.modified_ns == modified_ns
    {
        return Some(known.sha256);
    }
    let mut file = fs::File::open(model).ok()?;
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; 1 << 20];
    loop {
        let n = file.read(&mut buf).ok()?;
        if n == 0 {
            break;
        }
        hasher.update(&buf[..n]);
    }
    let sha256 = hex(&hasher.finalize());
    let record = ModelHash {
        path: model.to_path_buf(),
        len: meta.len(),
        modified_ns,
        sha256: sha256.clone(),
    };
    if fs::create_dir_all(dir).is_ok()
        && let Ok(bytes) = serde_json::to_vec(&record)
    {
        let _ = crate::base::home::write_atomic(&memo, &bytes);
    }
    Some(sha256)
}

/// The token count and state length of a container header with the right magic.
fn parse_header(head: &[u8]) -> Option<(usize, u64)> {
    if head.len() < HEADER || &head[..8] != MAGIC {
        return None;
    }
    let n = u32::from_le_bytes(head[8..12].try_into().ok()?) as usize;
    let len = u64::from_le_bytes(head[12..20].try_into().ok()?);
    Some((n, len))
}

/// This build of wis (and so of llama.cpp): the executable's size and modification time. A
/// state saved by another build is not loaded.
fn build_identity() -> String {
    std::env::current_exe()
        .and_then(fs::metadata)
        .map(|m| {
            let modified = m
                .modified()
                .ok()
                .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos());
            format!("{}:{modified}", m.len())
        })
        .unwrap_or_else(|_| env!("CARGO_PKG_VERSION").to_string())
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Keeps in `ctx`, which holds `held`, only the leading tokens `held` shares with `tokens`, and
/// returns how many; at least the last of `tokens` is always left to read, so its logits exist.
/// A context that cannot be trimmed is emptied (0 kept).
pub(super) fn keep_shared(
    ctx: &mut LlamaContext<'_>,
    held: &[LlamaToken],
    tokens: &[LlamaToken],
) -> usize {
    let shared = held
        .iter()
        .zip(tokens)
        .take_while(|(a, b)| a == b)
        .count()
        .min(tokens.len().saturating_sub(1));
    let trimmed = u32::try_from(shared)
        .ok()
        .is_some_and(|p| ctx.kv_cache_seq_rm(0, Some(p), None).is_ok());
    if shared == 0 || !trimmed {
        ctx.clear_kv_cache();
        return 0;
    }
    shared
}
