//! Embeddings: text to unit vectors behind the [`Embedder`] trait.
//!
//! The built-in [`HashEmbedder`] needs no model: feature-hashed word unigrams, word bigrams
//! and character trigrams, L2-normalised, in a fixed dimension. [`LocalEmbedder`] runs a small
//! sentence-embedding model (all-MiniLM-L6-v2) in process. [`HttpEmbedder`] asks an
//! OpenAI-compatible server (`POST {url}/embeddings`: llama-server, Ollama, vLLM). Every
//! vector is stored with its backend, model, dimension and the sha256 of its text, so a
//! change of embedder is seen and `wis memory reembed` can redo exactly what is stale.

mod calibration;
mod hash;
mod http;
pub mod local;

use std::time::Duration;

pub use calibration::Calibration;
pub use hash::{HASH_MODEL, HashEmbedder, terms};
pub use http::{HTTP_BATCH, HttpEmbedder};
pub use local::LocalEmbedder;

use super::engram::{VectorMeta, text_sha256};
use crate::base::config::{Embed, EmbedBackend};
use crate::base::exit::{Error, Result};

/// Turns texts into L2-normalised vectors of one dimension.
pub trait Embedder: Send + Sync {
    /// `hash`, `local` or `http`.
    fn backend(&self) -> &str;
    /// The model (for `hash`, the feature-set version).
    fn model(&self) -> &str;
    /// The dimension, when known before the first call (the HTTP backend learns it).
    fn dim(&self) -> Option<usize>;
    /// Most texts sent in one call.
    fn max_batch(&self) -> usize;
    /// The floors and fusion weight measured for this embedder's similarity scale.
    fn calibration(&self) -> Calibration;
    /// One vector per text, in order, each of unit length (or all zero for a text with
    /// nothing to embed).
    fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>>;
}

/// The embedder `[embed]` configures.
pub fn from_config(cfg: &Embed) -> Result<Box<dyn Embedder>> {
    match cfg.backend {
        EmbedBackend::Hash => Ok(Box::new(HashEmbedder::new(cfg.dim))),
        EmbedBackend::Local => {
            let dir = match &cfg.model_path {
                Some(dir) => dir.clone(),
                None => local::default_model_dir()?,
            };
            Ok(Box::new(LocalEmbedder::open(
                &dir,
                cfg.model_path.is_some(),
            )?))
        }
        EmbedBackend::Http => {
            let url = cfg.url.as_deref().ok_or_else(|| {
                Error::config("[embed] backend = \"http\" needs url").hint(
                    "set [embed] url to the embeddings server's base URL ending in /v1, \
                     or use backend = \"hash\"",
                )
            })?;
            let model = cfg.model.as_deref().ok_or_else(|| {
                Error::config("[embed] backend = \"http\" needs model")
                    .hint("set [embed] model to the name the server serves embeddings under")
            })?;
            Ok(Box::new(HttpEmbedder::new(
                url,
                model,
                Duration::from_secs(cfg.timeout_secs.max(1)),
            )))
        }
    }
}

/// Embeds exactly one text.
pub fn embed_one(embedder: &dyn Embedder, text: &str) -> Result<Vec<f32>> {
    embedder
        .embed(&[text])?
        .pop()
        .ok_or_else(|| Error::internal("the embedder returned no vector"))
}

/// Whether a stored vector's metadata differs from what `embedder` would make of `text`.
pub fn is_stale(meta: &VectorMeta, text: &str, embedder: &dyn Embedder) -> bool {
    meta.backend != embedder.backend()
        || meta.model != embedder.model()
        || embedder.dim().is_some_and(|d| d != meta.dim as usize)
        || meta.text_sha256 != text_sha256(text)
}

/// Scales a vector to unit length; false (and left as is) when it is all zero.
pub fn normalize(v: &mut [f32]) -> bool {
    let norm = v
        .iter()
        .map(|x| f64::from(*x) * f64::from(*x))
        .sum::<f64>()
        .sqrt();
    if norm == 0.0 || !norm.is_finite() {
        return false;
    }
    for x in v.iter_mut() {
        *x = (f64::from(*x) / norm) as f32;
    }
    true
}

/// 64-bit FNV-1a with a final mix: a small, stable hash (the same on every platform and
/// every run), used for features and space fingerprints.
#[derive(Debug, Clone, Copy)]
pub struct Fnv(u64);

impl Fnv {
    pub fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    pub fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= u64::from(*b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// The hash, mixed (splitmix64's finaliser) so that every bit depends on every input.
    pub fn finish(self) -> u64 {
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

impl Default for Fnv {
    fn default() -> Self {
        Fnv::new()
    }
}
