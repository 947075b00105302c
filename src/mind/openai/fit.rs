//! A prompt that does not fit the served window is never sent (the server would refuse it
//! with a 400 after reading it). The window is what `/props` reports; the count is the
//! server's own tokenizer (llama-server `POST /tokenize`), asked only when the text might not
//! fit: a token covers at least one byte, so a prompt whose bytes, the reply budget and the
//! chat wrapping fit the window needs no count. A server that reports no window, or cannot
//! count, is sent the prompt, and its own answer decides.

use serde_json::{Value, json};

use super::OpenAiMind;
use crate::base::exit::{Error, Result};
use crate::base::http;
use crate::mind::{Prompt, Sampling};

/// Tokens allowed for what the server adds around a prompt: the BOS token and, through chat,
/// the template's role markers.
pub const WRAPPING_TOKENS: usize = 64;

impl OpenAiMind {
    /// Refuses (exit 78) a prompt whose tokens and reply budget exceed the served window.
    pub(super) fn check_fits(&mut self, prompt: &Prompt, sampling: &Sampling) -> Result<()> {
        let Some((window, source)) = self
            .props()
            .and_then(|p| Some((p.n_ctx?, p.source.clone())))
        else {
            return Ok(());
        };
        let window = window as usize;
        let reply = sampling.max_tokens as usize;
        let doc = prompt.document();
        if doc.len() + WRAPPING_TOKENS + reply <= window {
            return Ok(());
        }
        let Some(tokens) = self.tokens_in(&doc) else {
            return Ok(());
        };
        if tokens + WRAPPING_TOKENS + reply <= window {
            return Ok(());
        }
        let chars = doc.chars().count();
        let per_token = chars as f64 / tokens.max(1) as f64;
        let room = window.saturating_sub(WRAPPING_TOKENS + reply);
        Err(Error::config(format!(
            "the prompt is {tokens} tokens on the served model ({chars} characters, {per_token:.2} \
             per token); with its reply budget of {reply} it does not fit the server's window of \
             {window} tokens ({source}), so it was not sent"
        ))
        .hint(if tokens + WRAPPING_TOKENS < window {
            format!(
                "lower [llm] max_tokens to at most {} (keep it within [context] \
                 response_reserve), or set [context] chars_per_token = {per_token:.2} and \
                 max_total_chars to at most {} (`wis config check` measures both), or serve a \
                 larger window (llama-server -c)",
                window - tokens - WRAPPING_TOKENS,
                (room as f64 * per_token).floor() as usize
            )
        } else {
            format!(
                "set [context] chars_per_token = {per_token:.2} and max_total_chars to at most \
                 {} (`wis config check` measures both), or serve a larger window \
                 (llama-server -c)",
                (room as f64 * per_token).floor() as usize
            )
        }))
    }

    /// Tokens in `text` by the server's tokenizer (with the BOS token), beside the `/props`
    /// that answered; `None` when the server cannot count.
    pub(super) fn tokens_in(&mut self, text: &str) -> Option<usize> {
        let source = self.props()?.source.clone();
        let url = match source.strip_suffix("/props") {
            Some(prefix) => format!("{prefix}/tokenize"),
            None => http::join(http::server_root(&self.base), "tokenize"),
        };
        let body = json!({"content": text, "add_special": true});
        let reply = http::try_post_json(&self.agent, &url, self.api_key.as_deref(), &body).ok()?;
        if !reply.ok() {
            return None;
        }
        let value: Value = serde_json::from_str(&reply.body).ok()?;
        Some(value.get("tokens")?.as_array()?.len())
    }
}
