//! Rumination lanes (`[heartbeat] rumination_lanes`): the thought organs.
//!
//! A rumination is *analytic* (the plan: what is blocked, what next) or *associative*: every
//! third rumination, when sleep has left material, the creature is offered one thing that
//! comes to mind: an incubating failure (a situation it has not solved) or a resonance cluster
//! (memories alike enough to belong together). When the musing's plan is adopted (the
//! rumination replans from it), a *bridge* is recorded: the material, the steps it produced
//! as candidate interventions, and, for a cluster, a dream seed that sleep's dream job prefers.
//! A candidate settles as useful when its plan step later closes with an adjudicated success
//! in its situation (the episode ledger says so, never the creature). Everything lives in one
//! capped document, `wis.musings.v1`.

use serde::{Deserialize, Serialize};

use crate::base::clock::Millis;
use crate::base::exit::Result;
use crate::base::store::{Layout, Read, SINGLETON_KEY, Tx};
use crate::creature::cut_middle;
use crate::doc;
use crate::memory::resonance::Resonance;
use crate::memory::{EngramId, Tier};
use crate::wisdom::episodes::{Episode, situation_key};
use crate::wisdom::incubation::Incubation;

/// Musings kept (the newest); the queue sleep's dream job reads is their open seeds.
pub const MUSINGS_CAP: usize = 64;
/// Every this many ruminations, one is associative (when there is material).
pub const ASSOCIATIVE_EVERY: u64 = 3;
/// Most characters of the material shown.
const MATERIAL_CHARS: usize = 300;
/// Members of a cluster shown as material.
const CLUSTER_SHOWN: usize = 3;

/// The lane a rumination took.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lane {
    Analytic,
    Associative,
}

impl Lane {
    pub fn as_str(self) -> &'static str {
        match self {
            Lane::Analytic => "analytic",
            Lane::Associative => "associative",
        }
    }
}

/// What an associative rumination was offered.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Material {
    /// `incubation` or `cluster`.
    pub source: String,
    /// As the creature read it.
    pub text: String,
    /// An incubating failure's situation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub situation: Option<String>,
    /// A cluster's members (the dream seed of a bridge).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub members: Vec<EngramId>,
}

/// A plan step a bridge proposed, and how it turned out.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Candidate {
    pub step: String,
    /// The tick whose adjudicated success closed the step: the candidate was useful.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub useful_at: Option<u64>,
}

/// One rumination taken in a lane.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Musing {
    pub tick: u64,
    pub at: Millis,
    pub lane: Lane,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub material: Option<Material>,
    /// The musing was adopted into the plan: an associative one is then a bridge.
    pub adopted: bool,
    /// A bridge's candidate interventions (its plan steps).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub candidates: Vec<Candidate>,
}

impl Musing {
    /// An adopted associative musing.
    pub fn bridge(&self) -> bool {
        self.lane == Lane::Associative && self.adopted
    }
}

/// The lanes' record: every musing so far counted, the newest kept.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Musings {
    /// Ruminations taken in a lane, ever.
    pub count: u64,
    pub entries: Vec<Musing>,
}

doc!(Musings, "wis.musings", 1, Layout::Singleton);

impl Musings {
    /// The clusters bridges asked to dream of (newest first): the dream job's queue.
    pub fn dream_seeds(&self) -> Vec<&[EngramId]> {
        self.entries
            .iter()
            .rev()
            .filter(|m| m.bridge())
            .filter_map(|m| m.material.as_ref())
            .filter(|m| !m.members.is_empty())
            .map(|m| m.members.as_slice())
            .collect()
    }
}

/// What this rumination will be: its lane, and the material offered.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    pub lane: Lane,
    pub material: Option<Material>,
}

/// Chooses the lane of the next rumination: associative every [`ASSOCIATIVE_EVERY`]th one
/// when sleep left material (an open incubation entry or a cluster of active memories, taken
/// in turns), else analytic.
pub fn choose(rx: &impl Read) -> Result<Choice> {
    let musings: Musings = rx.get(SINGLETON_KEY)?.unwrap_or_default();
    let analytic = Choice {
        lane: Lane::Analytic,
        material: None,
    };
    if musings.count % ASSOCIATIVE_EVERY != ASSOCIATIVE_EVERY - 1 {
        return Ok(analytic);
    }
    let turn = musings.count / ASSOCIATIVE_EVERY;
    let failing = incubating(rx)?;
    let cluster = cluster(rx, &musings)?;
    let material = if turn % 2 == 0 {
        failing.or(cluster)
    } else {
        cluster.or(failing)
    };
    Ok(match material {
        Some(material) => Choice {
            lane: Lane::Associative,
            material: Some(material),
        },
        None => analytic,
    })
}

/// The most recently troubling open incubation entry.
fn incubating(rx: &impl Read) -> Result<Option<Material>> {
    let incubation: Incubation = rx.get(SINGLETON_KEY)?.unwrap_or_default();
    let Some(entry) = incubation
        .entries
        .iter()
        .filter(|e| e.closed.is_none())
        .max_by_key(|e| (e.last_tick, e.failures))
    else {
        return Ok(None);
    };
    let step = entry
        .situation
        .split_once('|')
        .map_or(entry.situation.as_str(), |(_, s)| s);
    let mut text = format!("\"{step}\" failed {} times", entry.failures);
    if !entry.tried.is_empty() {
        text.push_str(&format!("; tried: {}", entry.tried.join(", ")));
    }
    Ok(Some(Material {
        source: "incubation".into(),
        text: cut_middle(&text, MATERIAL_CHARS),
        situation: Some(entry.situation.clone()),
        members: Vec::new(),
    }))
}

/// The largest cluster of at least two active memories that no earlier musing was offered.
fn cluster(rx: &impl Read, musings: &Musings) -> Result<Option<Material>> {
    let resonance: Resonance = rx.get(SINGLETON_KEY)?.unwrap_or_default();
    let offered = |members: &[EngramId]| {
        musings
            .entries
            .iter()
            .filter_map(|m| m.material.as_ref())
            .any(|m| !m.members.is_empty() && m.members == members)
    };
    let mut clusters: Vec<_> = resonance.clusters.iter().collect();
    clusters.sort_by(|a, b| b.size.cmp(&a.size).then(b.mean_sim.total_cmp(&a.mean_sim)));
    for c in clusters {
        if offered(&c.members) {
            continue;
        }
        let mut bodies = Vec::new();
        for id in &c.members {
            if let Some(e) = crate::memory::get(rx, *id)?
                && e.tier == Tier::Active
            {
                bodies.push(e.body.split_whitespace().collect::<Vec<_>>().join(" "));
            }
        }
        if bodies.len() < 2 {
            continue;
        }
        bodies.truncate(CLUSTER_SHOWN);
        return Ok(Some(Material {
            source: "cluster".into(),
            text: cut_middle(&bodies.join("; "), MATERIAL_CHARS),
            situation: None,
            members: c.members.clone(),
        }));
    }
    Ok(None)
}

/// Most characters of an associative musing's thought (the grammar's cap; see
/// [`associative_cue`]).
pub const THOUGHT_MAX_CHARS: u64 = 120;

/// The cue of an associative rumination: three worked examples of a musing turned into steps
/// (two failures, one cluster, none about the same things as another), then the material as
/// the question.
///
/// Measured on the base Gemma 3 270M (`examples/prompt_formats file`, greedy, the rumination
/// grammar; a real prompt of a creature three ticks old; eight materials, four failures and
/// four clusters, scored by whether the plan names the material): with one example, the plan
/// copied the example's steps ("try the restart the manual gives") in 6 of 6, and 3 of 6
/// named the material; with no example 0 of 6; with these three, 3 of 8, and four thoughts
/// ran on until the reply was cut (an empty plan). Capping the thought at
/// [`THOUGHT_MAX_CHARS`] in the grammar ended the run-ons: 5 of 8 plans named the material
/// ("list the files here", "read the boiler manual file I find"), one copied an example's
/// step word for word, and the steps often keep an example's shape ("… file I find").
pub fn associative_cue(material: &Material) -> String {
    format!(
        "## Think\n\
         No tool this turn: something comes to mind. Think about what it suggests, then write a short plan of concrete steps.\n\
         Q: this comes to mind: \"open the shed\" failed 2 times; tried: bash `shedctl open`\n\
         A: {{\"thought\": \"shedctl open did not open the shed. Its help may show the right way.\", \"plan\": [\"run shedctl --help\", \"open the shed the way the help says\"]}}\n\
         Q: this comes to mind: The kettle is in the kitchen cupboard; The cupboard key hangs by the door\n\
         A: {{\"thought\": \"To get the kettle I need the key by the door first.\", \"plan\": [\"take the key by the door\", \"get the kettle from the kitchen cupboard\"]}}\n\
         Q: this comes to mind: \"read the fence notes\" failed 3 times; tried: read_file `fence.txt`\n\
         A: {{\"thought\": \"fence.txt is not where I looked. Listing the files will show where the notes are.\", \"plan\": [\"list the files here\", \"read the fence notes file I find\"]}}\n\
         Q: this comes to mind: {}\n\
         A: ",
        material.text.replace('\n', " ")
    )
}

/// Records a rumination taken in `choice`'s lane, in `tx`: adopted when it replanned
/// (`steps` not empty). Returns the musing.
pub fn record(
    tx: &mut Tx<'_>,
    choice: &Choice,
    steps: &[String],
    tick: u64,
    now: Millis,
) -> Result<Musing> {
    let mut musings: Musings = tx.get(SINGLETON_KEY)?.unwrap_or_default();
    let adopted = !steps.is_empty();
    let candidates = if choice.lane == Lane::Associative && adopted {
        steps
            .iter()
            .map(|s| Candidate {
                step: s.trim().to_string(),
                useful_at: None,
            })
            .collect()
    } else {
        Vec::new()
    };
    let musing = Musing {
        tick,
        at: now,
        lane: choice.lane,
        material: choice.material.clone(),
        adopted,
        candidates,
    };
    musings.count += 1;
    musings.entries.push(musing.clone());
    let over = musings.entries.len().saturating_sub(MUSINGS_CAP);
    musings.entries.drain(..over);
    tx.put(SINGLETON_KEY, &musings)?;
    Ok(musing)
}

/// Settles, in `tx`, the candidates whose step `step` closed this turn: useful when the
/// ledger holds an adjudicated success (the model's, not a reflex's) in the step's situation.
/// Returns how many settled.
pub fn settle(tx: &mut Tx<'_>, objective: Option<&str>, step: &str, tick: u64) -> Result<usize> {
    let mut musings: Musings = match tx.get(SINGLETON_KEY)? {
        Some(m) => m,
        None => return Ok(0),
    };
    let key = situation_key(objective, Some(step));
    let open: Vec<(usize, usize)> = musings
        .entries
        .iter()
        .enumerate()
        .flat_map(|(i, m)| {
            m.candidates
                .iter()
                .enumerate()
                .filter(|(_, c)| {
                    c.useful_at.is_none() && situation_key(objective, Some(&c.step)) == key
                })
                .map(move |(j, _)| (i, j))
        })
        .collect();
    if open.is_empty() {
        return Ok(0);
    }
    let succeeded = tx
        .ring::<Episode>(Some(200))?
        .iter()
        .any(|(_, e)| e.situation == key && e.success && !e.automated && e.tool != "note_close");
    if !succeeded {
        return Ok(0);
    }
    for &(i, j) in &open {
        musings.entries[i].candidates[j].useful_at = Some(tick);
    }
    tx.put(SINGLETON_KEY, &musings)?;
    Ok(open.len())
}

#[cfg(test)]
mod tests;
