//! `[llm]`: which mind the creature thinks with, and how wis talks to it.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

/// How the HTTP mind sends a prompt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Endpoint {
    /// Chosen by what the server reports (`GET /props`): raw completion for a model without a
    /// chat template (a base model), chat otherwise (`wis config check` says which and why).
    #[default]
    Auto,
    /// `/v1/chat/completions` with `response_format` (instruction-tuned models).
    Chat,
    /// `/v1/completions` with a raw prompt and a top-level `json_schema` (base models).
    Completion,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Llm {
    /// Base URL of an OpenAI-compatible server, ending in `/v1`. Unset: the embedded model.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// Model name sent to the server (llama-swap picks the upstream by it).
    pub model: String,
    /// Bearer token for the server, if it wants one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub api_key: Option<String>,
    /// `auto`, `chat` or `completion` (raw prompt).
    pub endpoint: Endpoint,
    /// Path of a GGUF file for the embedded mind. Unset: the default model in wis's data dir.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model_path: Option<PathBuf>,
    /// Threads for the embedded mind. 0: the available cores.
    pub threads: u32,
    /// Seconds to wait for a reply.
    pub timeout_secs: u64,
    /// Seconds to wait for a connection.
    pub connect_timeout_secs: u64,
    /// How many times a server that is still loading (503) is retried, with backoff.
    pub load_retries: u32,
    /// Most tokens the model may generate for one action.
    pub max_tokens: u32,
    /// A reply longer than this many characters is cut here before parsing.
    pub max_reply_chars: usize,
    /// Sampling temperature for ticks (the curve always uses 0).
    pub temperature: f32,
    /// Sampler seed. Unset: a fresh seed each call.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
}

impl Default for Llm {
    fn default() -> Self {
        Llm {
            url: None,
            model: "gemma-3-270m".into(),
            api_key: None,
            endpoint: Endpoint::Auto,
            model_path: None,
            threads: 0,
            timeout_secs: 120,
            connect_timeout_secs: 5,
            load_retries: 6,
            max_tokens: 256,
            max_reply_chars: 4000,
            temperature: 0.7,
            seed: None,
        }
    }
}
