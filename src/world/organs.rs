//! The organs: sight and voice are services at URLs in `[organs]`, each probed before its unit
//! is granted (an organ that does not answer holds the grant pending), and the two tools that
//! use them, `vision` and `speak`. Both run with the store closed.
//!
//! Sight is an OpenAI-compatible server with a vision model (`vision_url`, ending in `/v1`):
//! the probe is `GET {vision_url}/models`, a look is a chat completion with the image as a data
//! URL. Voice is an OpenAI-compatible speech server (`speak_url`, ending in `/v1`): the probe
//! is `GET {speak_url}/models`, speaking is `POST {speak_url}/audio/speech` with
//! `{"model": "tts-1", "voice": "alloy", "input": TEXT, "response_format": "wav"}`, and the
//! audio of the last thing said is kept as `voice/last.wav` in the workspace.

use std::path::Path;
use std::time::Duration;

use base64::Engine;
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::paths;
use crate::base::config::{Config, Organs};
use crate::base::http;
use crate::creature::{FailKind, Outcome, cut_middle};

/// Largest image `vision` sends.
pub const MAX_IMAGE_BYTES: u64 = 8 << 20;
/// Longest text `speak` says.
pub const MAX_SPEECH_CHARS: usize = 1000;

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

fn agent(config: &Config) -> ureq::Agent {
    http::agent(
        Duration::from_secs(config.organs.probe_timeout_secs.max(1)),
        Duration::from_secs(config.llm.timeout_secs.max(1)),
    )
}

/// `vision`: looks at an image file in the workspace.
pub fn vision(workspace: &Path, path: &str, question: Option<&str>, config: &Config) -> Outcome {
    let (Some(base), _) = Organ::Sight.url(&config.organs) else {
        return Outcome::fail(
            FailKind::Unreachable,
            "nothing answers: sight is not connected",
        );
    };
    let confined = match paths::confine(workspace, path) {
        Ok(c) => c,
        Err(e) => return e.into_outcome(),
    };
    let mime = match confined
        .rel
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_lowercase)
    {
        Some(e) if e == "png" => "image/png",
        Some(e) if e == "jpg" || e == "jpeg" => "image/jpeg",
        Some(e) if e == "gif" => "image/gif",
        Some(e) if e == "webp" => "image/webp",
        _ => {
            return Outcome::fail(
                FailKind::InvalidArgs,
                format!("{} is not a png, jpg, gif or webp file", confined.shown()),
            );
        }
    };
    let bytes = match read_bounded(&confined) {
        Ok(b) => b,
        Err(o) => return o,
    };
    let data = base64::engine::general_purpose::STANDARD.encode(&bytes);
    let body = json!({
        "model": config.organs.vision_model.clone().unwrap_or_else(|| config.llm.model.clone()),
        "max_tokens": config.llm.max_tokens.max(128),
        "messages": [{"role": "user", "content": [
            {"type": "text", "text": question.filter(|q| !q.trim().is_empty()).unwrap_or("Describe this image.")},
            {"type": "image_url", "image_url": {"url": format!("data:{mime};base64,{data}")}}
        ]}]
    });
    let url = http::join(base, "chat/completions");
    let reply = match http::try_post_json(&agent(config), &url, None, &body) {
        Ok(r) if r.ok() => r,
        Ok(r) => {
            return Outcome::fail(
                FailKind::Unreachable,
                format!("sight answered HTTP {}", r.status),
            );
        }
        Err(e) => {
            return Outcome::fail(
                FailKind::Unreachable,
                format!("sight did not answer: {}", http::why(&e)),
            );
        }
    };
    let text = serde_json::from_str::<serde_json::Value>(&reply.body)
        .ok()
        .and_then(|v| {
            v.pointer("/choices/0/message/content")?
                .as_str()
                .map(String::from)
        });
    match text {
        Some(t) if !t.trim().is_empty() => {
            Outcome::ok(cut_middle(t.trim(), config.context.obs_max_chars))
        }
        _ => Outcome::fail(
            FailKind::Unreachable,
            "sight answered, but with nothing seen",
        ),
    }
}

fn read_bounded(confined: &paths::Confined) -> Result<Vec<u8>, Outcome> {
    use std::io::Read;
    let file = paths::open_beneath(confined, libc::O_RDONLY, 0).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => Outcome::fail(
            FailKind::NotFound,
            format!("there is no file {}", confined.shown()),
        ),
        _ if paths::is_link_refusal(&e) => {
            Outcome::fail(FailKind::Denied, "that path leads outside")
        }
        _ => Outcome::fail(
            FailKind::NotFound,
            format!("{} cannot be read: {e}", confined.shown()),
        ),
    })?;
    let mut bytes = Vec::new();
    file.take(MAX_IMAGE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Outcome::fail(FailKind::NotFound, format!("{}: {e}", confined.shown())))?;
    if bytes.len() as u64 > MAX_IMAGE_BYTES {
        return Err(Outcome::fail(
            FailKind::TooLarge,
            "the image is larger than 8 MB",
        ));
    }
    Ok(bytes)
}

/// `speak`: says a text aloud through the voice organ and keeps the audio.
pub fn speak(workspace: &Path, text: &str, config: &Config) -> Outcome {
    let (Some(base), _) = Organ::Voice.url(&config.organs) else {
        return Outcome::fail(
            FailKind::Unreachable,
            "nothing answers: the voice is not connected",
        );
    };
    let text = text.trim();
    if text.is_empty() {
        return Outcome::fail(FailKind::InvalidArgs, "there is nothing to say");
    }
    if text.chars().count() > MAX_SPEECH_CHARS {
        return Outcome::fail(
            FailKind::TooLarge,
            format!("at most {MAX_SPEECH_CHARS} characters at once"),
        );
    }
    let body = json!({"model": "tts-1", "voice": "alloy", "input": text, "response_format": "wav"});
    let url = http::join(base, "audio/speech");
    let audio = match http::try_post_json_bytes(&agent(config), &url, &body) {
        Ok((200..=299, audio)) => audio,
        Ok((status, _)) => {
            return Outcome::fail(
                FailKind::Unreachable,
                format!("the voice answered HTTP {status}"),
            );
        }
        Err(e) => {
            let why = format!("the voice did not answer: {}", http::why(&e));
            return Outcome::fail(FailKind::Unreachable, why);
        }
    };
    let limits = super::sandbox::Limits::from_organs(&config.organs);
    let kept = super::files::write_bytes(workspace, "voice/last.wav", &audio, &limits);
    let note = if kept.success {
        "; kept as voice/last.wav"
    } else {
        ""
    };
    Outcome::ok(format!("said aloud: {}{note}", cut_middle(text, 200)))
}
