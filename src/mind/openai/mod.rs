//! The HTTP mind: any OpenAI-compatible server (llama-swap, llama-server, vLLM, Ollama).
//!
//! `[llm] url` is the base URL ending in `/v1`. Every call has a connect timeout and an
//! overall timeout. A server still loading its model answers 503: that is retried with
//! bounded exponential backoff up to `[llm] load_retries` times. A server that cannot be
//! reached, times out or drops the connection is an `Unavailable` error (exit 69) naming the
//! URL and what to do. Other HTTP errors quote a bounded excerpt of what the server said: a
//! 4xx is a configuration error (exit 78: a wrong key, URL, model or budget), a 5xx is
//! `Unavailable`. An answer that is not an OpenAI completion is a data error (exit 65). The reply text is returned as it
//! came (cut at `[llm] max_reply_chars`): reading it as an action is [`crate::mind::parse`]'s
//! job.

mod fit;
mod served;
mod swap;
mod wire;

use std::time::{Duration, Instant};

use serde_json::Value;

use crate::base::config::{Endpoint, Llm};
use crate::base::exit::{Error, Result};
use crate::base::http;
use crate::mind::{Mind, Prompt, Reply, Sampling};

pub use served::{Props, Route, route, same_model};
pub use wire::{request_body, touch_body};

/// How long to wait between retries of a server that is still loading.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Backoff {
    /// The first wait; each next one doubles.
    pub first: Duration,
    /// No wait is longer than this.
    pub max: Duration,
}

impl Default for Backoff {
    fn default() -> Self {
        Backoff {
            first: Duration::from_millis(500),
            max: Duration::from_secs(8),
        }
    }
}

impl Backoff {
    /// The wait before retry number `attempt` (0-based).
    pub fn delay(&self, attempt: u32) -> Duration {
        let factor = 1u32.checked_shl(attempt.min(31)).unwrap_or(u32::MAX);
        self.first.saturating_mul(factor).min(self.max)
    }
}

/// A mind behind an OpenAI-compatible HTTP server.
#[derive(Debug)]
pub struct OpenAiMind {
    base: String,
    model: String,
    api_key: Option<String>,
    endpoint: Endpoint,
    agent: ureq::Agent,
    timeout: Duration,
    load_retries: u32,
    max_reply_chars: usize,
    backoff: Backoff,
    /// Whether replies name the model `/props` says is served
    /// ([`OpenAiMind::naming_served_model`]).
    probe_served: bool,
    /// Whether the calls that keep a prompt cache are one creature's own turns, kept in the
    /// server's first slot ([`OpenAiMind::keeping_the_first_slot`]).
    first_slot: bool,
    /// What `/props` said, once asked.
    props: Option<Option<Props>>,
    /// The endpoint `auto` resolved to, once asked.
    route: Option<Route>,
}

impl OpenAiMind {
    /// A mind for `[llm]`; its `url` must be set.
    pub fn new(llm: &Llm) -> Result<OpenAiMind> {
        let base = llm
            .url
            .as_deref()
            .map(str::trim)
            .filter(|u| !u.is_empty())
            .ok_or_else(|| {
                Error::config("[llm] url is not set")
                    .hint("set [llm] url (or WIS_LLM_URL) to the server's base URL ending in /v1")
            })?;
        let connect = Duration::from_secs(llm.connect_timeout_secs.max(1));
        let timeout = Duration::from_secs(llm.timeout_secs.max(1));
        Ok(OpenAiMind {
            base: base.trim_end_matches('/').to_string(),
            model: llm.model.clone(),
            api_key: llm.api_key.clone().filter(|k| !k.is_empty()),
            endpoint: llm.endpoint,
            agent: http::agent(connect, timeout),
            timeout,
            load_retries: llm.load_retries,
            max_reply_chars: llm.max_reply_chars,
            backoff: Backoff::default(),
            probe_served: false,
            first_slot: false,
            props: None,
            route: None,
        })
    }

    /// Replaces the wait between retries of a loading server.
    pub fn with_backoff(mut self, backoff: Backoff) -> OpenAiMind {
        self.backoff = backoff;
        self
    }

    /// The URL completions are posted to.
    pub fn completion_url(&mut self) -> String {
        let endpoint = self.route().endpoint;
        http::join(&self.base, wire::path(endpoint))
    }

    /// POSTs a body, retrying while the server answers 503; any other answer than 2xx is an
    /// error that says what the server said and what to do.
    fn post(&self, url: &str, body: &Value) -> Result<http::Reply> {
        let mut attempt = 0;
        loop {
            let key = self.api_key.as_deref();
            let reply = http::try_post_json(&self.agent, url, key, body)
                .map_err(|e| self.transport_error(url, &e))?;
            if reply.ok() {
                return Ok(reply);
            }
            if reply.status == 503 && attempt < self.load_retries {
                std::thread::sleep(self.backoff.delay(attempt));
                attempt += 1;
                continue;
            }
            return Err(self.status_error(url, &reply, attempt));
        }
    }

    /// The error for a request that got no HTTP answer.
    fn transport_error(&self, url: &str, err: &ureq::Error) -> Error {
        if http::is_timeout(err) {
            return Error::unavailable(format!(
                "{url} did not answer within {}s",
                self.timeout.as_secs()
            ))
            .hint("the model may be slow or stuck: check the server, or raise [llm] timeout_secs");
        }
        if http::is_cut_off(err) {
            return http::unreachable(url, err).hint(
                "the server closed the connection mid-answer (it may have crashed or been \
                 stopped): check its log",
            );
        }
        http::unreachable(url, err).hint(format!(
            "start the model server at {}, or unset [llm] url (and WIS_LLM_URL) to use the \
             embedded model",
            self.base
        ))
    }

    /// The error for an HTTP answer that is not a success.
    fn status_error(&self, url: &str, reply: &http::Reply, retries: u32) -> Error {
        let said = http::excerpt(&reply.body, wire::EXCERPT_CHARS);
        let status = reply.status;
        match status {
            503 => Error::unavailable(format!(
                "{url} is still loading after {retries} retries (503: {said})"
            ))
            .hint("wait for the server to finish loading, or raise [llm] load_retries"),
            401 | 403 => Error::config(format!("{url} refused the credentials ({status}: {said})"))
                .hint("set [llm] api_key (or WIS_LLM_API_KEY) to the server's key"),
            404 => Error::config(format!("{url} answered 404 ({said})")).hint(format!(
                "check that [llm] url is the base URL ending in /v1 and that the server \
                 serves model {:?}",
                self.model
            )),
            400..=499 => Error::config(format!("{url} rejected the request ({status}: {said})"))
                .hint(
                    "check [llm] model and endpoint, and the [context] budgets against the \
                       server's window (wis config check)",
                ),
            _ => Error::unavailable(format!("{url} failed ({status}: {said})"))
                .hint("check the model server's log"),
        }
    }
}

impl Mind for OpenAiMind {
    fn describe(&self) -> String {
        let endpoint = match self.route.as_ref().map_or(self.endpoint, |r| r.endpoint) {
            Endpoint::Auto => "auto",
            Endpoint::Chat => "chat",
            Endpoint::Completion => "completion",
        };
        format!("{} at {} ({endpoint})", self.model, self.base)
    }

    fn complete(&mut self, prompt: &Prompt, schema: &Value, sampling: &Sampling) -> Result<Reply> {
        let started = Instant::now();
        let endpoint = self.route().endpoint;
        let url = http::join(&self.base, wire::path(endpoint));
        self.check_fits(prompt, sampling)?;
        let mut body = request_body(endpoint, &self.model, prompt, schema, sampling);
        if let (Some(slot), Some(fields)) =
            (self.slot_for(sampling.cache_prompt), body.as_object_mut())
        {
            fields.insert("id_slot".into(), serde_json::json!(slot));
        }
        let answer = self.post(&url, &body)?;
        let mut reply = wire::read_answer(endpoint, &url, &answer.body, self.max_reply_chars)?;
        if let Some(served) = self.served_model() {
            reply.model = Some(served);
        }
        reply.elapsed_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
        Ok(reply)
    }

    fn count_tokens(&mut self, text: &str) -> Option<usize> {
        self.tokens_in(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_and_is_capped() {
        let b = Backoff::default();
        assert_eq!(b.delay(0), Duration::from_millis(500));
        assert_eq!(b.delay(1), Duration::from_secs(1));
        assert_eq!(b.delay(4), Duration::from_secs(8));
        assert_eq!(b.delay(u32::MAX), Duration::from_secs(8));
    }

    #[test]
    fn a_mind_needs_a_url() {
        let err = OpenAiMind::new(&Llm::default()).unwrap_err();
        assert_eq!(err.kind, crate::base::exit::Kind::Config);
        let llm = Llm {
            url: Some("http://h:1/v1/".into()),
            ..Llm::default()
        };
        let mut mind = OpenAiMind::new(&Llm {
            endpoint: Endpoint::Chat,
            ..llm
        })
        .unwrap();
        assert_eq!(mind.completion_url(), "http://h:1/v1/chat/completions");
        assert!(mind.describe().contains("http://h:1/v1"));
    }
}
