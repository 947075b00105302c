//! The embedded mind's prompt cache between processes: each tick is a new process, so without
//! it every tick reads its whole prompt again. After a call the model's memory of the tokens it
//! read (llama.cpp's per-sequence state) is written to one file in the home's cache folder; the
//! next call loads it, keeps the tokens its prompt shares with the saved ones from the start,
//! and reads only the rest.
//!
//! The file is a cache, never a source of truth: it is named by a key made of the model file's
//! SHA-256 and the context settings, so another model or other settings never load it; a file
//! that does not load (damaged, truncated, from another llama.cpp) is ignored and replaced; a
//! state larger than [`MAX_STATE_BYTES`] is not kept. Deleting the folder at any time costs one
//! full read of the next prompt. Writes go to a temporary file renamed into place, so a killed
//! process leaves the old file or the new one, never half of one.

use std::fs;
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use llama_cpp_2::context::LlamaContext;
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
/// llama.cpp's per-sequence state file starts with its magic, its version and the token count.
const SEQ_MAGIC: u32 = 0x6767_7371; // "ggsq"

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
            "window={};batch={};swa_full=1",
            settings.window, settings.batch
        ));
        let key = hex(&key.finalize()[..8]);
        Some(StateFile {
            path: dir.join(format!("{PREFIX}{key}{SUFFIX}")),
        })
    }

    /// How many tokens the saved state holds, read from its header; `None` when there is no
    /// usable file.
    pub fn saved_tokens(&self) -> Option<usize> {
        let mut head = [0u8; 12];
        fs::File::open(&self.path)
            .ok()?
            .read_exact(&mut head)
            .ok()?;
        let word = |i: usize| u32::from_le_bytes([head[i], head[i + 1], head[i + 2], head[i + 3]]);
        (word(0) == SEQ_MAGIC).then_some(word(8) as usize)
    }

    /// Loads the saved state into `ctx` (whose sequence 0 must be empty) and keeps the part
    /// shared with `tokens` from the start. Returns how many leading tokens need no reading; at
    /// least the last token is always left to read, so its logits exist. Anything that does not
    /// load leaves the context empty and returns 0.
    pub fn restore(
        &self,
        ctx: &mut LlamaContext<'_>,
        tokens: &[LlamaToken],
        capacity: usize,
    ) -> usize {
        if !self.path.is_file() {
            return 0;
        }
        let Ok((saved, _)) = ctx.state_seq_load_file(&self.path, 0, capacity) else {
            ctx.clear_kv_cache();
            return 0;
        };
        let shared = saved
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

    /// Saves the state of sequence 0, which holds `tokens`, replacing the previous file and
    /// removing states kept for other models or settings. A state over [`MAX_STATE_BYTES`] is
    /// not kept. Errors are returned as text for the caller to drop: a cache that cannot be
    /// written costs time, never the tick.
    pub fn save(&self, ctx: &LlamaContext<'_>, tokens: &[LlamaToken]) -> Result<u64, String> {
        let dir = self.path.parent().ok_or("the state file has no folder")?;
        fs::create_dir_all(dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
        let tmp = self.path.with_extension("kv.tmp");
        let written = ctx
            .state_seq_save_file(&tmp, 0, tokens)
            .map_err(|e| format!("llama.cpp cannot save its state: {e}"));
        let written = match written {
            Ok(n) if (n as u64) <= MAX_STATE_BYTES => n as u64,
            Ok(n) => {
                let _ = fs::remove_file(&tmp);
                let _ = fs::remove_file(&self.path);
                return Err(format!(
                    "the state is {n} bytes, over the {MAX_STATE_BYTES} kept"
                ));
            }
            Err(e) => {
                let _ = fs::remove_file(&tmp);
                return Err(e);
            }
        };
        fs::rename(&tmp, &self.path).map_err(|e| format!("cannot keep the state: {e}"))?;
        for entry in fs::read_dir(dir).into_iter().flatten().flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let ours = self
                .path
                .file_name()
                .is_some_and(|f| f == entry.file_name().as_os_str());
            if !ours
                && name.starts_with(PREFIX)
                && (name.ends_with(SUFFIX) || name.ends_with(".kv.tmp"))
            {
                let _ = fs::remove_file(entry.path());
            }
        }
        Ok(written)
    }

    #[cfg(test)]
    pub fn path(&self) -> &Path {
        &self.path
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

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
