//! The mind: the model behind the [`Mind`] trait, and the one action channel it speaks in.
//!
//! A mind turns a [`Prompt`] into a [`Reply`] constrained by the action schema (see
//! [`schema`]). Backends: an OpenAI-compatible HTTP server (llama-swap, llama-server, vLLM,
//! Ollama), and the embedded llama.cpp model behind the `embedded` cargo feature. What the reply
//! means is decided by [`parse`], never by the backend: a reply that does not parse becomes a
//! typed `parse_error` outcome, not a crash.

pub mod calls;
#[cfg(feature = "embedded")]
pub mod embedded;
mod extract;
pub mod gguf;
pub mod load;
pub mod local;
pub mod open;
pub mod openai;
pub mod parse;
#[cfg(unix)]
pub mod resident;
pub mod schema;
#[cfg(test)]
pub(crate) mod testing;

pub use local::{EmbeddedStatus, default_model_path, embedded_status, open_default};

use serde::Serialize;

use crate::base::exit::Result;

/// What the model is shown, in two parts so a server's prompt cache keeps working: the
/// stable prefix is byte-identical from tick to tick while nothing is granted; the volatile
/// tail changes every tick.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Prompt {
    pub stable: String,
    pub volatile: String,
}

impl Prompt {
    /// The whole prompt as one document (for raw completion and the embedded model).
    pub fn document(&self) -> String {
        format!("{}{}", self.stable, self.volatile)
    }

    pub fn chars(&self) -> usize {
        self.stable.chars().count() + self.volatile.chars().count()
    }
}

/// How to sample.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
pub struct Sampling {
    pub temperature: f32,
    pub seed: Option<u64>,
    pub max_tokens: u32,
    /// Whether the server may reuse its prompt cache (off for reproducible battery runs).
    pub cache_prompt: bool,
}

/// Token counts and timings, where the backend reports them.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Usage {
    pub prompt_tokens: Option<u32>,
    /// Leading prompt tokens served from a cache instead of being read (llama-server's
    /// `timings.cache_n` or `usage.prompt_tokens_details.cached_tokens`, the embedded mind's
    /// saved state).
    pub cached_tokens: Option<u32>,
    pub completion_tokens: Option<u32>,
    /// Milliseconds spent on the prompt and on generation (llama-server `timings`, embedded).
    pub prompt_ms: Option<f64>,
    pub predicted_ms: Option<f64>,
}

impl Usage {
    /// The usage of several calls together (a tick that asked twice): each figure summed over
    /// the calls that report it, `None` when none does.
    pub fn total<'a>(calls: impl IntoIterator<Item = &'a Usage>) -> Usage {
        fn add<T: std::ops::Add<Output = T>>(a: Option<T>, b: Option<T>) -> Option<T> {
            match (a, b) {
                (Some(a), Some(b)) => Some(a + b),
                (a, b) => a.or(b),
            }
        }
        calls.into_iter().fold(Usage::default(), |t, u| Usage {
            prompt_tokens: add(t.prompt_tokens, u.prompt_tokens),
            cached_tokens: add(t.cached_tokens, u.cached_tokens),
            completion_tokens: add(t.completion_tokens, u.completion_tokens),
            prompt_ms: add(t.prompt_ms, u.prompt_ms),
            predicted_ms: add(t.predicted_ms, u.predicted_ms),
        })
    }
}

/// What came back.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Reply {
    /// The reply text, cut at `[llm] max_reply_chars`.
    pub text: String,
    /// The model stopped at its token limit, or the text was cut.
    pub truncated: bool,
    pub usage: Usage,
    /// Wall time of the call, in milliseconds.
    pub elapsed_ms: u64,
    /// The model that answered, as the backend names it (a server's `/props` model path or
    /// its answer's `model` field, the embedded GGUF's file name); `None` when it does not say.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
}

/// A model that can be asked for one action.
pub trait Mind {
    /// One line naming the backend and model, for status and logs.
    fn describe(&self) -> String;

    /// Asks for one reply constrained by `schema` (the action channel's JSON Schema).
    /// Errors are about reaching the model (exit 69 and friends); a malformed reply is not an
    /// error here.
    fn complete(
        &mut self,
        prompt: &Prompt,
        schema: &serde_json::Value,
        sampling: &Sampling,
    ) -> Result<Reply>;

    /// How many tokens `text` is for this model, where the backend can count (the embedded
    /// tokenizer, llama-server's `/tokenize`); `None` where it cannot.
    fn count_tokens(&mut self, _text: &str) -> Option<usize> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_usage_of_two_calls_is_their_sum() {
        let a = Usage {
            prompt_tokens: Some(100),
            cached_tokens: Some(90),
            completion_tokens: Some(5),
            prompt_ms: Some(10.0),
            predicted_ms: None,
        };
        let b = Usage {
            prompt_tokens: Some(120),
            cached_tokens: None,
            completion_tokens: Some(7),
            prompt_ms: Some(20.0),
            predicted_ms: None,
        };
        let t = Usage::total([&a, &b]);
        assert_eq!(t.prompt_tokens, Some(220));
        assert_eq!(t.cached_tokens, Some(90));
        assert_eq!(t.completion_tokens, Some(12));
        assert_eq!(t.prompt_ms, Some(30.0));
        assert_eq!(t.predicted_ms, None);
        assert_eq!(Usage::total([]), Usage::default());
    }
}
