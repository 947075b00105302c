//! What a sleep dreams of: the cluster it picks and the prompt it puts to the model.
//!
//! The draw reads the resonance document as the sleeps before left it (the model is asked
//! before this sleep's jobs run), and picks the largest cluster with at least
//! [`DREAM_MIN_MEMBERS`] active members, none of them with a net harmful utility record, a
//! mean strength of at least [`DREAM_MIN_STRENGTH`], and no kept dream covering half of it.
//! Ties go to the closer-knit cluster, then the older members. It reads; it writes nothing.

use serde_json::{Value, json};

use super::{
    DREAM_MAX_CHARS, DREAM_MEMBERS_MAX, DREAM_MIN_MEMBERS, DREAM_MIN_STRENGTH, SleepCycle,
};
use crate::base::exit::Result;
use crate::base::store::{Read, SINGLETON_KEY};
use crate::memory::resonance::Resonance;
use crate::memory::{Engram, EngramId, Tier};
use crate::mind::Prompt;

/// Most characters of one member shown to the model.
const MEMBER_CHARS: usize = 240;

/// A cluster drawn for a dream, and the prompt that asks for it.
#[derive(Debug, Clone, PartialEq)]
pub struct Draft {
    /// The members, strongest first.
    pub members: Vec<Engram>,
    /// How many members the cluster has in all.
    pub cluster_size: u32,
    pub prompt: Prompt,
}

impl Draft {
    pub fn ids(&self) -> Vec<EngramId> {
        self.members.iter().map(|e| e.id).collect()
    }
}

/// The cluster this sleep would dream of, if any qualifies.
pub fn draw(rx: &impl Read) -> Result<Option<Draft>> {
    let resonance: Resonance = rx.get(SINGLETON_KEY)?.unwrap_or_default();
    let cycle: SleepCycle = rx.get(SINGLETON_KEY)?.unwrap_or_default();
    let mut best: Option<(usize, f32, Draft)> = None;
    for cluster in &resonance.clusters {
        if (cluster.size as usize) < DREAM_MIN_MEMBERS {
            continue;
        }
        let mut members = Vec::new();
        for id in &cluster.members {
            if let Some(e) = crate::memory::get(rx, *id)?
                && e.tier == Tier::Active
            {
                members.push(e);
            }
        }
        if members.len() < DREAM_MIN_MEMBERS || members.iter().any(|e| e.utility.score() < 0) {
            continue;
        }
        let mean = members.iter().map(|e| e.strength).sum::<f32>() / members.len() as f32;
        if mean < DREAM_MIN_STRENGTH {
            continue;
        }
        members.sort_by(|a, b| b.strength.total_cmp(&a.strength).then(a.id.cmp(&b.id)));
        members.truncate(DREAM_MEMBERS_MAX);
        let ids: Vec<EngramId> = members.iter().map(|e| e.id).collect();
        if cycle.covers(&ids) {
            continue;
        }
        let better = best.as_ref().is_none_or(|(n, sim, _)| {
            members.len() > *n || (members.len() == *n && cluster.mean_sim > *sim)
        });
        if better {
            let prompt = prompt(&members);
            let n = members.len();
            let draft = Draft {
                members,
                cluster_size: cluster.size,
                prompt,
            };
            best = Some((n, cluster.mean_sim, draft));
        }
    }
    Ok(best.map(|(_, _, d)| d))
}

/// The prompt: the members as a list, then the ask, in the form a small base model continues.
pub fn prompt(members: &[Engram]) -> Prompt {
    let mut notes = String::new();
    for e in members {
        let body: String = e.body.split_whitespace().collect::<Vec<_>>().join(" ");
        let body: String = body.chars().take(MEMBER_CHARS).collect();
        notes.push_str(&format!("- {body}\n"));
    }
    Prompt {
        stable: "Notes that say nearly the same thing, and the one short line that says what \
                 all of them say.\n\n"
            .to_string(),
        volatile: format!("Notes:\n{notes}\nOne short line:\n"),
    }
}

/// The grammar of the answer: one line of at most [`DREAM_MAX_CHARS`] characters.
pub fn schema() -> Value {
    json!({
        "type": "object",
        "properties": {"line": {"type": "string", "maxLength": DREAM_MAX_CHARS}},
        "required": ["line"],
        "additionalProperties": false
    })
}

/// The line in a reply: the grammar's `line` field, or the reply's first line when a server
/// ignored the grammar; whitespace collapsed.
pub fn read_reply(text: &str) -> String {
    let raw = serde_json::from_str::<Value>(text.trim())
        .ok()
        .and_then(|v| v.get("line")?.as_str().map(String::from))
        .unwrap_or_else(|| text.lines().next().unwrap_or_default().to_string());
    raw.split_whitespace().collect::<Vec<_>>().join(" ")
}
