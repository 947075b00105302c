//! `delegate`: one bounded job handed to a deeper model (`[organs] delegate_url` and
//! `delegate_model`), capacity 1.
//!
//! The tool (`tools/delegate.rs`) only records the job. The job is worked at the next tick boundary, in the phase
//! where the store is closed, with the model's bounded timeout, so a tick is never blocked on
//! the store; the digest is recorded in that tick's last phase and comes back into the stream.
//! A deeper mind that does not answer is asked again at the next boundaries, up to
//! [`MAX_ATTEMPTS`] times, then the job comes back failed.

use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::base::clock::Millis;
use crate::base::config::{Config, Llm};
use crate::base::exit::Result;
use crate::base::store::{Layout, Read, Tx};
use crate::doc;
use crate::mind::openai::OpenAiMind;
use crate::mind::{Mind, Prompt, Sampling};

use crate::creature::cut_middle;

/// Jobs kept.
pub const JOBS_CAP: u64 = 200;
/// Tries at reaching the deeper mind before a job comes back failed.
pub const MAX_ATTEMPTS: u32 = 3;
/// Longest digest kept.
pub const DIGEST_CHARS: usize = 1500;

/// What the deeper mind is told besides the task.
const FRAME: &str = "You are a careful worker. A small creature hands you one bounded job. Do it \
completely and answer with a digest of the result it can use, at most a few short paragraphs: \
{\"digest\": \"...\"}\n\n## The job\n";

/// One delegated job.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Delegation {
    pub tick: u64,
    pub at: Millis,
    pub task: String,
    pub attempts: u32,
    #[serde(default)]
    pub digest: Option<String>,
    #[serde(default)]
    pub failed: Option<String>,
    #[serde(default)]
    pub returned_tick: Option<u64>,
}

doc!(
    Delegation,
    "wis.delegation",
    1,
    Layout::Ring { cap: JOBS_CAP }
);

impl Delegation {
    pub fn is_out(&self) -> bool {
        self.digest.is_none() && self.failed.is_none()
    }
}

/// The job that is out, if any (capacity 1: at most one is).
pub fn out(rx: &impl Read) -> Result<Option<(u64, Delegation)>> {
    Ok(rx
        .ring::<Delegation>(Some(4))?
        .into_iter()
        .find(|(_, d)| d.is_out()))
}

/// How working a job went.
#[derive(Debug, Clone, PartialEq)]
pub enum Worked {
    Digest(String),
    /// The deeper mind did not answer; try again later.
    Unreachable(String),
    /// It cannot be done at all.
    Refused(String),
}

/// Works one job against the deeper mind (with the store closed).
pub fn work(task: &str, config: &Config) -> Worked {
    let Some(url) = config
        .organs
        .delegate_url
        .clone()
        .filter(|u| !u.trim().is_empty())
    else {
        return Worked::Refused("no deeper mind is connected".into());
    };
    let llm = Llm {
        url: Some(url),
        model: config
            .organs
            .delegate_model
            .clone()
            .unwrap_or_else(|| config.llm.model.clone()),
        endpoint: crate::base::config::Endpoint::Chat,
        ..config.llm.clone()
    };
    let mut mind = match OpenAiMind::new(&llm) {
        Ok(m) => m,
        Err(e) => return Worked::Refused(e.message),
    };
    let prompt = Prompt {
        stable: FRAME.to_string(),
        volatile: format!("{task}\n"),
    };
    let schema = json!({
        "type": "object",
        "properties": {"digest": {"type": "string", "maxLength": DIGEST_CHARS}},
        "required": ["digest"],
        "additionalProperties": false
    });
    let sampling = Sampling {
        temperature: 0.2,
        seed: config.llm.seed,
        max_tokens: config.llm.max_tokens.max(512),
        cache_prompt: false,
    };
    match mind.complete(&prompt, &schema, &sampling) {
        Err(e) => Worked::Unreachable(e.message),
        Ok(reply) => {
            let text = serde_json::from_str::<serde_json::Value>(reply.text.trim())
                .ok()
                .and_then(|v| v.get("digest")?.as_str().map(String::from))
                .unwrap_or(reply.text);
            match text.trim() {
                "" => Worked::Refused("the deeper mind answered with nothing".into()),
                t => Worked::Digest(cut_middle(t, DIGEST_CHARS)),
            }
        }
    }
}

/// Records how job `seq` went; returns the line for the stream when it came back.
pub fn settle(tx: &mut Tx<'_>, seq: u64, worked: &Worked, tick: u64) -> Result<Option<String>> {
    let Some((_, mut job)) = tx
        .ring::<Delegation>(Some(4))?
        .into_iter()
        .find(|(s, d)| *s == seq && d.is_out())
    else {
        return Ok(None);
    };
    job.attempts += 1;
    let line = match worked {
        Worked::Digest(d) => {
            job.digest = Some(d.clone());
            Some(format!("job #{seq} came back: {d}"))
        }
        Worked::Unreachable(_) if job.attempts < MAX_ATTEMPTS => {
            tx.replace(seq, &job)?;
            return Ok(None);
        }
        Worked::Unreachable(why) | Worked::Refused(why) => {
            job.failed = Some(cut_middle(why, 300));
            Some(format!(
                "job #{seq} came back undone: {}",
                cut_middle(why, 300)
            ))
        }
    };
    job.returned_tick = Some(tick);
    tx.replace(seq, &job)?;
    Ok(line)
}
