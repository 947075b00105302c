//! The HTTP embedder: `POST {url}/embeddings` with `{"model","input":[…]}` on an
//! OpenAI-compatible server, answered by `{"data":[{"embedding":[…],"index":i}]}`.
//!
//! Texts go in batches of [`HTTP_BATCH`]; replies are put back in input order by `index`,
//! checked (one vector per text, one dimension throughout, finite values) and normalised,
//! whatever the server does. An unreachable server is exit 69.

use std::sync::OnceLock;
use std::time::Duration;

use serde::Deserialize;

use super::{Embedder, normalize};
use crate::base::exit::{Error, Result};
use crate::base::http;

/// Texts per request: small enough for a llama-server's default batch, large enough that
/// re-embedding a full store is a few thousand requests rather than a hundred thousand.
pub const HTTP_BATCH: usize = 32;

/// An OpenAI-compatible embeddings endpoint.
pub struct HttpEmbedder {
    agent: ureq::Agent,
    endpoint: String,
    model: String,
    dim: OnceLock<usize>,
}

impl std::fmt::Debug for HttpEmbedder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HttpEmbedder")
            .field("endpoint", &self.endpoint)
            .field("model", &self.model)
            .finish()
    }
}

#[derive(Deserialize)]
struct Reply {
    data: Vec<Item>,
}

#[derive(Deserialize)]
struct Item {
    embedding: Vec<f32>,
    #[serde(default)]
    index: Option<usize>,
}

impl HttpEmbedder {
    /// `url` is the server's base URL ending in `/v1`.
    pub fn new(url: &str, model: &str, timeout: Duration) -> HttpEmbedder {
        HttpEmbedder {
            agent: http::agent(timeout.min(Duration::from_secs(5)), timeout),
            endpoint: http::join(url, "embeddings"),
            model: model.to_string(),
            dim: OnceLock::new(),
        }
    }

    fn request(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>> {
        let body = serde_json::json!({ "model": self.model, "input": texts });
        let reply = http::post_json(&self.agent, &self.endpoint, None, &body).map_err(|e| {
            e.hint("start the embeddings server, or set [embed] backend = \"hash\"")
        })?;
        if !reply.ok() {
            let snippet: String = reply.body.chars().take(200).collect();
            let err = format!(
                "{} answered {} for model {:?}: {snippet}",
                self.endpoint, reply.status, self.model
            );
            return Err(if reply.status >= 500 {
                Error::unavailable(err).hint("the embeddings server is failing or still loading")
            } else {
                Error::config(err).hint(
                    "check [embed] url and model; llama-server needs --embeddings and a pooling",
                )
            });
        }
        let parsed: Reply = reply.json(&format!("embeddings from {}", self.endpoint))?;
        self.check(parsed, texts.len())
    }

    /// Puts the vectors in input order and checks them.
    fn check(&self, reply: Reply, want: usize) -> Result<Vec<Vec<f32>>> {
        let bad = |why: String| Error::data(format!("embeddings from {}: {why}", self.endpoint));
        if reply.data.len() != want {
            return Err(bad(format!(
                "{} vectors for {want} texts",
                reply.data.len()
            )));
        }
        let mut out: Vec<Option<Vec<f32>>> = vec![None; want];
        for (pos, item) in reply.data.into_iter().enumerate() {
            let at = item.index.unwrap_or(pos);
            let slot = out
                .get_mut(at)
                .ok_or_else(|| bad(format!("index {at} out of range")))?;
            if slot.replace(item.embedding).is_some() {
                return Err(bad(format!("index {at} given twice")));
            }
        }
        let mut vectors: Vec<Vec<f32>> = out.into_iter().flatten().collect();
        for v in &mut vectors {
            if v.is_empty() || v.iter().any(|x| !x.is_finite()) {
                return Err(bad("an empty or non-finite vector".into()));
            }
            let dim = *self.dim.get_or_init(|| v.len());
            if v.len() != dim {
                return Err(bad(format!("dimension {} after {dim}", v.len())));
            }
            normalize(v);
        }
        Ok(vectors)
    }
}

impl Embedder for HttpEmbedder {
    fn backend(&self) -> &str {
        "http"
    }
    fn model(&self) -> &str {
        &self.model
    }
    fn dim(&self) -> Option<usize> {
        self.dim.get().copied()
    }
    fn max_batch(&self) -> usize {
        HTTP_BATCH
    }
    /// The served model is unknown to wis: the built-in embedder's numbers, as before any
    /// calibration.
    fn calibration(&self) -> super::Calibration {
        super::Calibration::HASH
    }
    fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>> {
        let mut out = Vec::with_capacity(texts.len());
        for chunk in texts.chunks(HTTP_BATCH) {
            out.extend(self.request(chunk)?);
        }
        Ok(out)
    }
}
