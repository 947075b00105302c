//! Bringing a model resident: one cheap request, then (through llama-swap) polling
//! `GET /running` until the model is `ready`.
//!
//! llama-swap has no "load" endpoint: a request for a model swaps it in. The experience
//! curve uses these to restore the creature's resident model after other arms ran (WIS6).

use std::time::{Duration, Instant};

use serde_json::Value;

use super::{OpenAiMind, wire};
use crate::base::exit::{Error, Result};
use crate::base::http;

impl OpenAiMind {
    /// Sends one request of one token, so the server (or llama-swap) loads this model.
    /// A loading server is retried like any call; the answer's text is not read. `auto`
    /// touches through chat, which every server answers (asking `/props` first could load
    /// another model through llama-swap).
    pub fn touch(&self) -> Result<()> {
        let body = wire::touch_body(self.endpoint, &self.model);
        let url = http::join(&self.base, wire::path(self.endpoint));
        self.post(&url, &body).map(|_| ())
    }

    /// Polls llama-swap's `GET {root}/running` every `poll` until this model's state is
    /// `ready`, for at most `within`. A server without `/running` is not llama-swap: that is a
    /// configuration error, said at once.
    pub fn wait_ready_llama_swap(&self, within: Duration, poll: Duration) -> Result<()> {
        let url = http::join(http::server_root(&self.base), "running");
        let deadline = Instant::now() + within;
        loop {
            let last = match http::try_get(&self.agent, &url, self.api_key.as_deref()) {
                Ok(reply) if reply.status == 404 => {
                    return Err(Error::config(format!("{url} answered 404")).hint(
                        "waiting for a model to be ready needs llama-swap in front of the \
                         model servers; check [llm] url",
                    ));
                }
                Ok(reply) if reply.ok() => match model_state(&reply.body, &self.model) {
                    Some(state) if state == "ready" => return Ok(()),
                    Some(state) => format!("state {state:?}"),
                    None => "not running".to_string(),
                },
                Ok(reply) => format!("status {}", reply.status),
                Err(e) => http::why(&e),
            };
            let now = Instant::now();
            if now >= deadline {
                return Err(Error::unavailable(format!(
                    "model {:?} was not ready at {url} within {}s (last seen: {last})",
                    self.model,
                    within.as_secs_f64()
                ))
                .hint("check llama-swap's log, or allow the model longer to load"));
            }
            std::thread::sleep(poll.min(deadline - now));
        }
    }
}

/// The state llama-swap reports for `model`, if it lists it.
fn model_state(body: &str, model: &str) -> Option<String> {
    let value: Value = serde_json::from_str(body).ok()?;
    value
        .get("running")?
        .as_array()?
        .iter()
        .find(|entry| entry.get("model").and_then(Value::as_str) == Some(model))?
        .get("state")?
        .as_str()
        .map(String::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_are_read_per_model() {
        let body =
            r#"{"running":[{"model":"a","state":"starting"},{"model":"b","state":"ready"}]}"#;
        assert_eq!(model_state(body, "a").as_deref(), Some("starting"));
        assert_eq!(model_state(body, "b").as_deref(), Some("ready"));
        assert_eq!(model_state(body, "c"), None);
        assert_eq!(model_state("not json", "a"), None);
        assert_eq!(model_state(r#"{"running":[]}"#, "a"), None);
    }
}
