//! An OpenAI-compatible embeddings stand-in: `POST /v1/embeddings` with
//! `{"model","input":[…]}` answered by `{"data":[{"embedding":[…],"index":i}]}` — in
//! reverse order, so that clients must use `index`, and not normalised, so that they must
//! normalise.

use std::sync::{Arc, Mutex};

use serde_json::{Value, json};

use super::server::Server;

/// The model the stand-in serves.
pub const MODEL: &str = "mini-embed";
/// The dimension of its vectors.
pub const DIM: usize = 8;

#[derive(Debug, Default)]
pub struct State {
    /// How many texts each request carried.
    pub batches: Vec<usize>,
    /// Answer every request with this status instead.
    pub fail_with: Option<u16>,
}

pub struct Embeddings {
    pub server: Server,
    pub state: Arc<Mutex<State>>,
}

/// The stand-in's vector for a text: letter counts folded into `DIM` buckets, plus one so
/// that no text is all zero.
pub fn vector(text: &str) -> Vec<f32> {
    let mut v = vec![0.0f32; DIM];
    v[0] = 1.0;
    for b in text.bytes().filter(u8::is_ascii_alphabetic) {
        v[(b.to_ascii_lowercase() - b'a') as usize % DIM] += 3.0;
    }
    v
}

impl Embeddings {
    pub fn start() -> Embeddings {
        let state = Arc::new(Mutex::new(State::default()));
        let shared = state.clone();
        let server = Server::start(Box::new(move |req| {
            let mut st = shared.lock().unwrap();
            if let Some(status) = st.fail_with {
                return (status, json!({ "error": "failing on purpose" }).to_string());
            }
            if req.method != "POST" || req.path != "/v1/embeddings" {
                return (404, json!({ "error": "no such route" }).to_string());
            }
            let body: Value = serde_json::from_str(&req.body).unwrap_or(Value::Null);
            if body["model"] != MODEL {
                return (404, json!({ "error": "model not found" }).to_string());
            }
            let inputs: Vec<String> =
                serde_json::from_value(body["input"].clone()).unwrap_or_default();
            st.batches.push(inputs.len());
            let data: Vec<Value> = inputs
                .iter()
                .enumerate()
                .rev()
                .map(|(i, t)| json!({ "object": "embedding", "index": i, "embedding": vector(t) }))
                .collect();
            let reply = json!({ "object": "list", "data": data, "model": MODEL,
                                "usage": { "prompt_tokens": 0, "total_tokens": 0 } });
            (200, reply.to_string())
        }));
        Embeddings { server, state }
    }

    /// The base URL, ending in /v1.
    pub fn url(&self) -> String {
        format!("{}/v1", self.server.url)
    }
}
