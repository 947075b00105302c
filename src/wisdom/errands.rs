//! What the keeper's errands teach (`[wisdom] errands_enabled`, design §3.6): when the world
//! shows an errand of a named kind done, each step the creature did for it (its look, its
//! action, its answer) is kept as a procedure of that kind, and the next errand of the kind is
//! shown the nearest one as a worked example in the prompt's own Q/A form, right above its step.
//!
//! A precedent is an ordinary `procedure` engram, lived (`experienced`), so it is recalled,
//! settled, curated and passed on like any memory. Its sources hold what a prompt needs: the
//! kind (`errand:copy`), the role (`role:act`), the task it did (`task:…`), the action in the
//! channel's JSON form (`example:{…}`), the lines an answer was picked from (`known:…`), and the
//! action's shape (`shape:bash cp`): the bet of showing it settles on that shape, since the
//! next errand of the kind names other paths. At most [`KEPT_PER_ROLE`] of one kind and role
//! stay active; the oldest goes to the archive. A precedent is verified by the world when it is
//! made (the commission's check held: its witness, `fate.witnessed`), so it is passed on to an
//! heir whole ([`lesson`]: the sources a heirloom record carries, and an heir's precedent made
//! back from them) whatever its settled score.

use serde::Serialize;

use crate::base::clock::Millis;
use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::creature::Action;
use crate::memory::{EngramId, Filter, Kind, Memory, NewEngram, Provenance, Tier, Witness};
use crate::wisdom::episodes::action_shape;

/// Active precedents kept of one kind and role.
pub const KEPT_PER_ROLE: usize = 3;
/// Most characters of a task or an action a precedent keeps (a source's bound).
const PART_CHARS: usize = 190;
/// Candidates drawn when recalling precedents.
const POOL: usize = 64;

/// What a step was to its errand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// The look before an answer: a read, a count, a command.
    Look,
    /// The action an errand asks for (write, copy, make a folder…).
    Act,
    /// The reply that answered it.
    Answer,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Look => "look",
            Role::Act => "act",
            Role::Answer => "answer",
        }
    }

    /// Reads `look`, `act` or `answer`.
    pub fn parse(text: &str) -> Option<Role> {
        match text {
            "look" => Some(Role::Look),
            "act" => Some(Role::Act),
            "answer" => Some(Role::Answer),
            _ => None,
        }
    }
}

/// A precedent's parts, as its sources hold them: what a heirloom record carries of a lesson,
/// and what an heir's precedent is made back from ([`sources`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parts {
    pub kind: String,
    pub role: Role,
    pub task: String,
    /// The action, in the channel's JSON form.
    pub example: String,
    pub shape: String,
    pub known: Vec<String>,
}

/// The parts of a precedent whose sources hold them all.
pub fn parts(sources: &[String]) -> Option<Parts> {
    Some(Parts {
        kind: source_of(sources, "errand:")?.to_string(),
        role: Role::parse(source_of(sources, "role:")?)?,
        task: source_of(sources, "task:")?.to_string(),
        example: source_of(sources, "example:")?.to_string(),
        shape: source_of(sources, "shape:")?.to_string(),
        known: sources
            .iter()
            .filter_map(|s| s.strip_prefix("known:"))
            .map(str::to_string)
            .collect(),
    })
}

/// The sources a precedent of these parts holds, in the order [`remember`] writes them; none
/// when its task, action or shape is too long to show whole (a known line too long is left
/// out).
pub fn sources(p: &Parts) -> Option<Vec<String>> {
    let mut out = vec![
        format!("errand:{}", cut(&p.kind)?),
        format!("role:{}", p.role.as_str()),
        format!("task:{}", cut(&p.task)?),
        format!("example:{}", cut(&p.example)?),
        format!("shape:{}", cut(&p.shape)?),
    ];
    out.extend(
        p.known
            .iter()
            .take(3)
            .filter_map(|k| cut(k))
            .map(|k| format!("known:{k}")),
    );
    Some(out)
}

/// A precedent as a prompt shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Precedent {
    pub engram: EngramId,
    pub kind: String,
    pub task: String,
    /// The action, in the channel's JSON form.
    pub action: String,
    /// For an answer: the lines it was picked from.
    pub known: Vec<String>,
    pub sim: f32,
    pub provenance: Provenance,
    /// The heirloom volume it came in, for an inherited lesson.
    pub volume: Option<String>,
    /// What the bet of showing it settles on.
    pub shape: String,
}

impl Precedent {
    /// The worked example: `Q: task` and `A: action`, after the lines an answer came from.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for k in &self.known {
            out.push_str(&format!("Known fact: {k}\n"));
        }
        out.push_str(&format!("Q: {}\nA: {}\n", self.task, self.action));
        out
    }
}

fn source_of<'a>(sources: &'a [String], prefix: &str) -> Option<&'a str> {
    sources.iter().find_map(|s| s.strip_prefix(prefix))
}

fn cut(text: &str) -> Option<String> {
    let one = text.replace('\n', " ");
    (one.chars().count() <= PART_CHARS).then_some(one)
}

/// What a done errand showed: the commission and its episodes (`commission:ID`,
/// `episode:T` sources) and the world's witness (its check held).
#[derive(Debug, Clone)]
pub struct Done {
    pub evidence: Vec<String>,
    pub witness: Witness,
}

/// Keeps what a done errand of `kind` taught: `action` did `task` in `role` (with `known`,
/// the lines an answer came from), verified by the world when it was made (`done`'s
/// witness). A precedent of the same kind, role and task is not kept twice (the one held is
/// witnessed again); past [`KEPT_PER_ROLE`] the oldest of the kind and role is archived.
/// Returns the engram kept, or none when the task or the action is too long to show whole.
#[allow(clippy::too_many_arguments)]
pub fn remember(
    tx: &mut Tx<'_>,
    memory: &Memory,
    kind: &str,
    role: Role,
    task: &str,
    action: &Action,
    known: &[String],
    done: &Done,
    now: Millis,
) -> Result<Option<EngramId>> {
    let (Some(task), Some(json)) = (cut(task), cut(&action.to_json())) else {
        return Ok(None);
    };
    let same = held(tx, kind, role)?;
    if let Some((id, e)) = same
        .into_iter()
        .find(|(_, e)| source_of(&e.sources, "task:") == Some(task.as_str()))
    {
        witness(tx, e, &done.witness)?;
        return Ok(Some(id));
    }
    let shape = action_shape(action);
    let body = match role {
        Role::Look => format!("To do a \"{kind}\" errand, look first: \"{task}\" -> {shape}."),
        Role::Act => format!(
            "To do a \"{kind}\" errand (\"{task}\"): {}.",
            action.brief(120)
        ),
        Role::Answer => format!(
            "To answer a \"{kind}\" errand (\"{task}\"), reply with what the look showed: {}.",
            action.brief(120)
        ),
    };
    let mut new = NewEngram::new(Kind::Procedure, body, Provenance::Experienced)
        .source(format!("errand:{kind}"))
        .source(format!("role:{}", role.as_str()))
        .source(format!("task:{task}"))
        .source(format!("example:{json}"))
        .source(format!("shape:{shape}"));
    for k in known.iter().take(3).filter_map(|k| cut(k)) {
        new = new.source(format!("known:{k}"));
    }
    for e in done.evidence.iter().take(6) {
        new = new.source(e.clone());
    }
    let id = memory.remember(tx, new, now)?;
    if let Some(e) = crate::memory::get(tx, id)? {
        witness(tx, e, &done.witness)?;
    }
    let mut kept = held(tx, kind, role)?;
    kept.sort_by_key(|(id, e)| std::cmp::Reverse((e.created, *id)));
    for (old, _) in kept.into_iter().skip(KEPT_PER_ROLE) {
        memory.set_tier(tx, old, Tier::Archive, now)?;
    }
    Ok(Some(id))
}

/// Keeps the world's witness on a precedent.
fn witness(tx: &mut Tx<'_>, mut e: crate::memory::Engram, w: &Witness) -> Result<()> {
    e.fate.witness(w.clone());
    tx.put(&e.id.key(), &e)
}

/// The active precedents of `kind` and `role`.
fn held(rx: &impl Read, kind: &str, role: Role) -> Result<Vec<(EngramId, crate::memory::Engram)>> {
    let errand = format!("errand:{kind}");
    let role = format!("role:{}", role.as_str());
    Ok(rx
        .all::<crate::memory::Engram>()?
        .into_iter()
        .filter_map(|(key, e)| EngramId::parse(&key).map(|id| (id, e)))
        .filter(|(_, e)| {
            e.kind == Kind::Procedure
                && e.tier == Tier::Active
                && e.sources.contains(&errand)
                && e.sources.contains(&role)
        })
        .collect())
}

/// The precedents to show a step of an errand: of its `kind` when the keeper named one (any
/// kind otherwise, when its task is alike enough), in `role`, nearest `query` first, at most
/// `n`.
pub fn recall(
    rx: &impl Read,
    memory: &Memory,
    kind: Option<&str>,
    role: Role,
    query: &str,
    n: usize,
) -> Result<Vec<Precedent>> {
    let hits = memory
        .recall(rx, query, &Filter::active().kind(Kind::Procedure), POOL)?
        .hits;
    let floor = memory.embedder().calibration().known_min_sim;
    let role_tag = format!("role:{}", role.as_str());
    let mut out = Vec::new();
    for h in hits {
        if out.len() == n {
            break;
        }
        let s = &h.engram.sources;
        if !s.contains(&role_tag) {
            continue;
        }
        let Some(of) = source_of(s, "errand:") else {
            continue;
        };
        let fits = match kind {
            Some(k) => of == k,
            None => h.sim >= floor,
        };
        let (Some(task), Some(action), Some(shape)) = (
            source_of(s, "task:"),
            source_of(s, "example:"),
            source_of(s, "shape:"),
        ) else {
            continue;
        };
        if !fits {
            continue;
        }
        out.push(Precedent {
            engram: h.id,
            kind: of.to_string(),
            task: task.to_string(),
            action: action.to_string(),
            known: s
                .iter()
                .filter_map(|x| x.strip_prefix("known:"))
                .map(str::to_string)
                .collect(),
            sim: h.sim,
            provenance: h.engram.provenance,
            volume: source_of(s, crate::memory::engram::HEIRLOOM_SOURCE)
                .map(|v| v.chars().take(60).collect()),
            shape: shape.to_string(),
        });
    }
    Ok(out)
}

/// The source a keeper's correction of an errand carries: `correction:KIND`, or `correction`
/// for an errand of no named kind.
fn correction_tag(kind: Option<&str>) -> String {
    match kind {
        Some(k) => format!("correction:{k}"),
        None => "correction".into(),
    }
}

/// Keeps the keeper's rejection of commission `id` (`text`, of `kind`) as a correction: a
/// strategy engram of provenance `keeper`, shown above the next errand of its kind and
/// settled like any memory shown.
pub fn remember_correction(
    tx: &mut Tx<'_>,
    memory: &Memory,
    id: u64,
    text: &str,
    kind: Option<&str>,
    why: &str,
    now: Millis,
) -> Result<EngramId> {
    let body = format!("The keeper said of \"{text}\": {why}");
    let new = NewEngram::new(Kind::Strategy, body, Provenance::Keeper)
        .source("keeper")
        .source(format!("commission:{id}"))
        .source(correction_tag(kind));
    memory.remember(tx, new, now)
}

/// The keeper's newest correction to show a step of an errand of `kind` (of a named kind: that
/// kind's; otherwise one whose words are alike enough to `query`).
pub fn correction(
    rx: &impl Read,
    memory: &Memory,
    kind: Option<&str>,
    query: &str,
) -> Result<Option<(EngramId, crate::memory::Engram, f32)>> {
    let tag = correction_tag(kind);
    if kind.is_some() {
        let newest = rx
            .all::<crate::memory::Engram>()?
            .into_iter()
            .rev()
            .filter_map(|(key, e)| EngramId::parse(&key).map(|id| (id, e)))
            .find(|(_, e)| e.tier == Tier::Active && e.sources.contains(&tag));
        return Ok(newest.map(|(id, e)| (id, e, 1.0)));
    }
    let floor = memory.embedder().calibration().known_min_sim;
    let hits = memory
        .recall(rx, query, &Filter::active().kind(Kind::Strategy), POOL)?
        .hits;
    Ok(hits
        .into_iter()
        .find(|h| h.sim >= floor && h.engram.sources.contains(&tag))
        .map(|h| (h.id, h.engram, h.sim)))
}

#[cfg(test)]
#[path = "errands_tests.rs"]
mod tests;
