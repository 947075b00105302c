//! The organs: sight and voice are services at URLs in `[organs]`, each probed before its unit
//! is granted (an organ that does not answer holds the grant pending). The two tools that use
//! them are `tools/vision.rs` and `tools/speak.rs`; both run with the store closed.
//!
//! Sight is an OpenAI-compatible server with a vision model (`vision_url`, ending in `/v1`):
//! the probe is `GET {vision_url}/models`, a look is a chat completion with the image as a data
//! URL. Voice is an OpenAI-compatible speech server (`speak_url`, ending in `/v1`): the probe
//! is `GET {speak_url}/models`, speaking is `POST {speak_url}/audio/speech` with
//! `{"model": "tts-1", "voice": "alloy", "input": TEXT, "response_format": "wav"}`, and the
//! audio of the last thing said is kept as `voice/last.wav` in the workspace.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::base::config::{Config, Organs};
use crate::base::http;

/// An organ that must answer before its unit exists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Organ {
    Sight,
    Voice,
}

impl Organ {
    pub const ALL: [Organ; 2] = [Organ::Sight, Organ::Voice];

    pub fn name(self) -> &'static str {
        match self {
            Organ::Sight => "sight",
            Organ::Voice => "voice",
        }
    }

    /// The configured base URL, and the key that sets it.
    pub fn url(self, organs: &Organs) -> (Option<&str>, &'static str) {
        let (url, key) = match self {
            Organ::Sight => (&organs.vision_url, "vision_url"),
            Organ::Voice => (&organs.speak_url, "speak_url"),
        };
        (url.as_deref().map(str::trim).filter(|u| !u.is_empty()), key)
    }
}

/// What a probe found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "state", content = "why", rename_all = "lowercase")]
pub enum Probe {
    Answers,
    /// It did not answer; why, in one line.
    Silent(String),
}

/// Asks an organ whether it is there, within `[organs] probe_timeout_secs`.
pub fn probe(organ: Organ, organs: &Organs) -> Probe {
    let (url, key) = organ.url(organs);
    let Some(base) = url else {
        return Probe::Silent(format!("no [organs] {key} is configured"));
    };
    let secs = Duration::from_secs(organs.probe_timeout_secs.max(1));
    let url = http::join(base, "models");
    match http::try_get(&http::agent(secs, secs), &url, None) {
        Ok(reply) if reply.ok() => Probe::Answers,
        Ok(reply) => Probe::Silent(format!("{url} answered HTTP {}", reply.status)),
        Err(e) => Probe::Silent(format!("{url} did not answer: {}", http::why(&e))),
    }
}

/// The HTTP agent an organ is called with: it connects within `[organs] probe_timeout_secs`
/// and has `[llm] timeout_secs` to answer.
pub fn agent(config: &Config) -> ureq::Agent {
    http::agent(
        Duration::from_secs(config.organs.probe_timeout_secs.max(1)),
        Duration::from_secs(config.llm.timeout_secs.max(1)),
    )
}
