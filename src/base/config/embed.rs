//! `[embed]`: how memories become vectors, and the optional Qdrant mirror.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

/// Which embedder turns text into vectors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum EmbedBackend {
    /// Built in: feature-hashed word and character n-grams. Needs no model.
    #[default]
    Hash,
    /// `POST {url}/embeddings` on an OpenAI-compatible server.
    Http,
    /// A sentence-embedding model run in process (`model_path`, else the default
    /// all-MiniLM-L6-v2 that `scripts/fetch-embedder.sh` installs).
    Local,
}

impl EmbedBackend {
    /// The default of `[wisdom] recall_min_sim` with this backend: the gate measured for its
    /// embedder's similarity scale (`memory::calibration_tests`). On the labelled set in
    /// `tests/fixtures/retrieval/`, 0.55 with the built-in embedder lets 24% of questions reach
    /// their memory and 1.2% their best wrong one; 0.6 with the local all-MiniLM-L6-v2, 56% and
    /// 0.6%. An HTTP embedder's model is unknown to wis: it keeps the built-in number.
    pub fn recall_min_sim(self) -> f32 {
        match self {
            EmbedBackend::Hash | EmbedBackend::Http => 0.55,
            EmbedBackend::Local => 0.6,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Embed {
    /// `hash` (built in), `local` (a model in process) or `http`.
    pub backend: EmbedBackend,
    /// Vector dimension of the built-in embedder.
    pub dim: usize,
    /// The model directory for `backend = "local"`. Unset: the default model in wis's data
    /// directory.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model_path: Option<PathBuf>,
    /// Base URL (ending in `/v1`) of the embeddings server, for `backend = "http"`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// Model name for the embeddings server.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    /// Qdrant REST URL. Set: memories are mirrored there; the store stays canonical.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub qdrant_url: Option<String>,
    /// Qdrant collection name.
    pub qdrant_collection: String,
    /// Seconds to wait for the embeddings server or Qdrant.
    pub timeout_secs: u64,
}

impl Default for Embed {
    fn default() -> Self {
        Embed {
            backend: EmbedBackend::Hash,
            dim: 256,
            model_path: None,
            url: None,
            model: None,
            qdrant_url: None,
            qdrant_collection: "wis-engrams".into(),
            timeout_secs: 10,
        }
    }
}
