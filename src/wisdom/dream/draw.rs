//! What a sleep dreams of: the cluster it picks and the prompt it puts to the model.
//!
//! The draw reads the resonance document as the sleeps before left it (the model is asked
//! before this sleep's jobs run), and picks the largest cluster with at least
//! [`DREAM_MIN_MEMBERS`] active members, none of them with a net harmful utility record, a
//! mean strength of at least [`DREAM_MIN_STRENGTH`], and no kept dream covering half of it.
//! Ties go to the closer-knit cluster, then the older members. A cluster a rumination's
//! bridge asked to dream of (rumination lanes, `wisdom::musing`: the queue of dream seeds)
//! goes before any other that qualifies. It reads; it writes nothing.

use serde_json::{Value, json};

use super::{
    DREAM_MAX_CHARS, DREAM_MEMBERS_MAX, DREAM_MIN_MEMBERS, DREAM_MIN_STRENGTH, SleepCycle,
};
use crate::base::exit::Result;
use crate::base::store::{Read, SINGLETON_KEY};
use crate::memory::resonance::Resonance;
use crate::memory::{Engram, EngramId, Tier};
use crate::mind::Prompt;
use crate::wisdom::musing::Musings;

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
    let musings: Musings = rx.get(SINGLETON_KEY)?.unwrap_or_default();
    let seeds = musings.dream_seeds();
    let mut best: Option<(bool, usize, f32, Draft)> = None;
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
        let seeded = seeds.iter().any(|seed| {
            let shared = seed
                .iter()
                .filter(|id| cluster.members.contains(id))
                .count();
            shared * 2 >= seed.len()
        });
        let better = best.as_ref().is_none_or(|(s, n, sim, _)| {
            (seeded && !*s)
                || (seeded == *s
                    && (members.len() > *n || (members.len() == *n && cluster.mean_sim > *sim)))
        });
        if better {
            let prompt = prompt(&members);
            let n = members.len();
            let draft = Draft {
                members,
                cluster_size: cluster.size,
                prompt,
            };
            best = Some((seeded, n, cluster.mean_sim, draft));
        }
    }
    Ok(best.map(|(_, _, _, d)| d))
}

/// Worked examples shown before the cluster: alike notes, then one line that says what they
/// say in fewer words, in the answer's own JSON form. Measured on the base Gemma 3 270M
/// (`examples/prompt_formats file`, six clusters of house facts, greedy, the dream grammar):
/// asked with no example it answered 3 of 6 with the cluster's fact (a runaway number for two);
/// with examples whose line repeated their first note it answered 5 of 6, mostly copying the
/// first note; with these, whose lines name the thing and then the fact, 6 of 6, four of them
/// shorter than any note ("Store backup at 02:00.", "Life.log in the home: failed ticks.").
const EXAMPLES: [(&[&str], &str); 3] = [
    (
        &[
            "the kettle is kept in the kitchen cupboard",
            "you find the kettle in the cupboard of the kitchen",
            "the kitchen cupboard holds the kettle",
        ],
        "Kettle: in the kitchen cupboard.",
    ),
    (
        &[
            "the gate code is 4417",
            "type 4417 to open the gate",
            "4417 opens the garden gate",
        ],
        "Garden gate code: 4417.",
    ),
    (
        &[
            "the cat is fed at seven each morning",
            "every morning at seven the cat gets its food",
            "feed the cat at 7 in the morning",
        ],
        "Cat: fed at 7 each morning.",
    ),
];

fn notes<'a>(bodies: impl IntoIterator<Item = &'a str>) -> String {
    let mut notes = String::from("Notes:\n");
    for body in bodies {
        let body: String = body.split_whitespace().collect::<Vec<_>>().join(" ");
        let body: String = body.chars().take(MEMBER_CHARS).collect();
        notes.push_str(&format!("- {body}\n"));
    }
    notes
}

/// The prompt, in the form a small base model continues: the frame and the worked examples
/// (the stable part, the same for every dream), then the members as notes and the cue.
pub fn prompt(members: &[Engram]) -> Prompt {
    let mut stable = String::from(
        "Each group of notes says nearly the same thing; the line after it says it once, \
         shorter.\n\n",
    );
    for (bodies, line) in EXAMPLES {
        let answer = json!({ "line": line });
        stable.push_str(&format!(
            "{}In one line: {answer}\n\n",
            notes(bodies.iter().copied())
        ));
    }
    Prompt {
        stable,
        volatile: format!(
            "{}In one line: ",
            notes(members.iter().map(|e| e.body.as_str()))
        ),
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
