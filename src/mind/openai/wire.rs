//! The OpenAI-compatible wire format: request bodies for chat and raw completion, and
//! reading a completion answer into a [`Reply`].
//!
//! Chat sends the schema nested as `response_format.json_schema.schema` (the only form
//! llama-server reads); raw completion sends it as a top-level `json_schema`, because
//! `response_format` is ignored there (REFERENCE.md). Unknown keys such as `seed` and
//! `cache_prompt` pass through to llama-server's sampler and are ignored by others.

use serde_json::{Map, Value, json};

use crate::base::config::Endpoint;
use crate::base::exit::{Error, Result};
use crate::base::http;
use crate::mind::{Prompt, Reply, Sampling, Usage};

/// Characters of an unexpected answer quoted in an error.
pub const EXCERPT_CHARS: usize = 300;

/// The path under the base URL for an endpoint.
pub fn path(endpoint: Endpoint) -> &'static str {
    match endpoint {
        Endpoint::Chat | Endpoint::Auto => "chat/completions",
        Endpoint::Completion => "completions",
    }
}

/// The request body for one constrained completion. A `null` schema sends no constraint.
pub fn request_body(
    endpoint: Endpoint,
    model: &str,
    prompt: &Prompt,
    schema: &Value,
    sampling: &Sampling,
) -> Value {
    let mut body = Map::new();
    body.insert("model".into(), json!(model));
    match endpoint {
        Endpoint::Chat | Endpoint::Auto => {
            let mut messages = Vec::new();
            if !prompt.stable.is_empty() {
                messages.push(json!({"role": "system", "content": prompt.stable}));
            }
            messages.push(json!({"role": "user", "content": prompt.volatile}));
            body.insert("messages".into(), Value::Array(messages));
            if !schema.is_null() {
                let format = json!({
                    "type": "json_schema",
                    "json_schema": {"name": "action", "strict": true, "schema": schema}
                });
                body.insert("response_format".into(), format);
            }
        }
        Endpoint::Completion => {
            body.insert("prompt".into(), json!(prompt.document()));
            if !schema.is_null() {
                body.insert("json_schema".into(), schema.clone());
            }
        }
    }
    body.insert(
        "temperature".into(),
        json!(f32_to_f64(sampling.temperature)),
    );
    if let Some(seed) = sampling.seed {
        body.insert("seed".into(), json!(seed));
    }
    body.insert("max_tokens".into(), json!(sampling.max_tokens));
    body.insert("cache_prompt".into(), json!(sampling.cache_prompt));
    body.insert("stream".into(), json!(false));
    Value::Object(body)
}

/// The cheapest request that makes a server load its model: one token.
pub fn touch_body(endpoint: Endpoint, model: &str) -> Value {
    match endpoint {
        Endpoint::Chat | Endpoint::Auto => json!({
            "model": model,
            "messages": [{"role": "user", "content": "."}],
            "max_tokens": 1,
            "stream": false
        }),
        Endpoint::Completion => json!({
            "model": model, "prompt": ".", "max_tokens": 1, "stream": false
        }),
    }
}

/// `0.7f32` as `0.7`, not `0.699999988079071`.
fn f32_to_f64(x: f32) -> f64 {
    x.to_string().parse().unwrap_or(f64::from(x))
}

/// Reads a completion answer; the text is cut at `max_reply_chars`.
pub fn read_answer(
    endpoint: Endpoint,
    url: &str,
    body: &str,
    max_reply_chars: usize,
) -> Result<Reply> {
    let not_openai = |what: &str| {
        Error::data(format!(
            "{url}: {what}: {}",
            http::excerpt(body, EXCERPT_CHARS)
        ))
        .hint("check that [llm] url points at an OpenAI-compatible server (its base URL ending in /v1)")
    };
    let value: Value =
        serde_json::from_str(body).map_err(|_| not_openai("the answer is not JSON"))?;
    let Some(choice) = value.pointer("/choices/0") else {
        return Err(not_openai("the answer has no choices"));
    };
    let (first, second) = match endpoint {
        Endpoint::Chat | Endpoint::Auto => ("/message/content", "/text"),
        Endpoint::Completion => ("/text", "/message/content"),
    };
    let content = choice.pointer(first).or_else(|| choice.pointer(second));
    let text = match content {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Null) | None => String::new(),
        Some(_) => return Err(not_openai("the reply text is not a string")),
    };
    let stopped_at_limit = choice.get("finish_reason").and_then(Value::as_str) == Some("length");
    let (text, cut) = cut_chars(text, max_reply_chars);
    Ok(Reply {
        text,
        truncated: stopped_at_limit || cut,
        usage: usage(&value),
        elapsed_ms: 0,
        model: value
            .get("model")
            .and_then(Value::as_str)
            .filter(|m| !m.is_empty())
            .map(String::from),
    })
}

/// Cuts a text at `max` characters, saying whether it did.
fn cut_chars(text: String, max: usize) -> (String, bool) {
    match text.char_indices().nth(max) {
        Some((at, _)) => (text[..at].to_string(), true),
        None => (text, false),
    }
}

/// `usage` and llama-server's `timings`, where present.
fn usage(value: &Value) -> Usage {
    let count = |ptr: &str| {
        value
            .pointer(ptr)
            .and_then(Value::as_u64)
            .map(|n| u32::try_from(n).unwrap_or(u32::MAX))
    };
    let ms = |ptr: &str| value.pointer(ptr).and_then(Value::as_f64);
    Usage {
        prompt_tokens: count("/usage/prompt_tokens").or_else(|| count("/timings/prompt_n")),
        cached_tokens: count("/timings/cache_n")
            .or_else(|| count("/usage/prompt_tokens_details/cached_tokens")),
        completion_tokens: count("/usage/completion_tokens")
            .or_else(|| count("/timings/predicted_n")),
        prompt_ms: ms("/timings/prompt_ms"),
        predicted_ms: ms("/timings/predicted_ms"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sampling() -> Sampling {
        Sampling {
            temperature: 0.7,
            seed: Some(42),
            max_tokens: 64,
            cache_prompt: true,
        }
    }

    #[test]
    fn temperature_keeps_its_decimal_form() {
        let prompt = Prompt::default();
        let body = request_body(Endpoint::Chat, "m", &prompt, &json!({}), &sampling());
        assert_eq!(body["temperature"].to_string(), "0.7");
    }

    #[test]
    fn no_schema_sends_no_constraint() {
        let prompt = Prompt::default();
        let chat = request_body(Endpoint::Chat, "m", &prompt, &Value::Null, &sampling());
        assert!(chat.get("response_format").is_none());
        let raw = request_body(
            Endpoint::Completion,
            "m",
            &prompt,
            &Value::Null,
            &sampling(),
        );
        assert!(raw.get("json_schema").is_none());
    }

    #[test]
    fn an_empty_stable_part_sends_no_system_message() {
        let prompt = Prompt {
            stable: String::new(),
            volatile: "hi".into(),
        };
        let body = request_body(Endpoint::Chat, "m", &prompt, &json!({}), &sampling());
        assert_eq!(body["messages"], json!([{"role": "user", "content": "hi"}]));
    }

    #[test]
    fn answers_are_read_with_usage_and_timings() {
        let body = r#"{"choices":[{"message":{"content":"abcdef"},"finish_reason":"stop"}],
            "usage":{"prompt_tokens":12,"completion_tokens":3},
            "timings":{"prompt_ms":1.5,"predicted_ms":2.25,"cache_n":9}}"#;
        let reply = read_answer(Endpoint::Chat, "u", body, 4).unwrap();
        assert_eq!(reply.text, "abcd");
        assert!(reply.truncated);
        assert_eq!(reply.usage.prompt_tokens, Some(12));
        assert_eq!(reply.usage.cached_tokens, Some(9));
        assert_eq!(reply.usage.predicted_ms, Some(2.25));
        let openai = r#"{"choices":[{"text":"x"}],
            "usage":{"prompt_tokens":40,"prompt_tokens_details":{"cached_tokens":32}}}"#;
        let reply = read_answer(Endpoint::Completion, "u", openai, 4).unwrap();
        assert_eq!(reply.usage.cached_tokens, Some(32));
        assert_eq!(reply.model, None, "an answer without `model` names none");
        let named = r#"{"model":"qwen-7b","choices":[{"text":"x"}]}"#;
        let reply = read_answer(Endpoint::Completion, "u", named, 4).unwrap();
        assert_eq!(reply.model.as_deref(), Some("qwen-7b"));
    }

    #[test]
    fn null_content_is_an_empty_reply_and_garbage_is_an_error() {
        let body = r#"{"choices":[{"message":{"content":null},"finish_reason":"stop"}]}"#;
        assert_eq!(read_answer(Endpoint::Chat, "u", body, 10).unwrap().text, "");
        let err = read_answer(Endpoint::Chat, "u", "<html>oops</html>", 10).unwrap_err();
        assert_eq!(err.kind, crate::base::exit::Kind::Data);
        assert!(err.message.contains("<html>oops</html>"), "{}", err.message);
        assert!(read_answer(Endpoint::Completion, "u", r#"{"data":[]}"#, 10).is_err());
    }

    #[test]
    fn cutting_respects_character_boundaries() {
        assert_eq!(cut_chars("héllo".into(), 2), ("hé".to_string(), true));
        assert_eq!(cut_chars("hé".into(), 2), ("hé".to_string(), false));
    }
}
