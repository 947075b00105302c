//! Distillation: what was lived becomes decision-shaped memory (design §4.9). A sleep job,
//! before consolidation, mechanical, no model call, behind `[wisdom] distill_enabled`.
//!
//! It reads only the episodes pushed since its cursor (and the news since its own), so its cost
//! is linear in what is new, never in the ledger, and writes engrams of provenance
//! `experienced`, each naming the episodes it came from (`episode:<n>`) and, when it
//! recommends an action, that action's signature (`signature:…`) and call (`action:{…}`), so
//! the bets of the calling convention settle on it:
//!
//! - **scars** from the creature's failures: `In "<step>": <action> failed (<kind>): <what it
//!   saw>`, one per (situation, signature, failure kind), refreshed when it fails so again;
//! - **guardrails** from a failure followed by a fix in the same situation (a different action
//!   that closed the step or commission): `In "<step>": do <fix>, not <failure> (it failed:
//!   <kind>)`;
//! - **procedures** from the actions that together closed a step or a commission, when there
//!   were more than one: `To "<step>": <first>, then <second>`;
//! - **facts** from what a read or a command showed the first time: `notes.txt says: …`,
//!   `` `date` shows: … ``, a newer reading of the same superseding the older; and from the
//!   grants and quests the creature lived: `At tick 50, at your first sleep, you were granted
//!   U1 memory, the tools …`.
//!
//! A reading of a file or a command, first or not, is held against the facts already kept
//! ([`heir::judge_readings`]): the same text again is the world's witness on the fact (`read
//! again at tick T, unchanged`); an inherited or told fact it shows otherwise is demoted,
//! `contradicted by the read at tick T: …` (a fact about an ancestor's house, not this one).
//!
//! What is not new merges into what exists: an item whose key it made before is refreshed (its
//! strength restored, the new episode added to its sources) instead of written again. Failures
//! waiting for a fix and the actions of a step not closed yet are carried to the next sleep in
//! the job's document, within caps.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::base::clock::Millis;
use crate::base::exit::Result;
use crate::base::store::{Layout, Read, Tx};
use crate::creature::news::{NewsItem, NewsKind};
use crate::creature::{Action, FailKind, REPLY, UnitId};
use crate::doc;
use crate::memory::{self, Archived, EngramId, Gone, Kind, Memory, NewEngram, Provenance, Tier};
use crate::wisdom::episodes::Episode;
use crate::wisdom::lineage::heir::{self, Reading};
use crate::wisdom::replay::history::ReplayRecord;
use crate::world::units;

/// Most items one sleep writes or refreshes.
pub const ITEMS_PER_SLEEP: usize = 64;
/// Most episodes one sleep reads; the rest wait for the next.
pub const EPISODES_PER_SLEEP: usize = 5_000;
/// Items remembered by key, for refreshing instead of duplicating.
const KEYS_CAP: usize = 4_096;
/// Situations whose failures wait for a fix, and failures kept for each.
const PENDING_CAP: usize = 256;
const PENDING_PER_SITUATION: usize = 4;
/// Situations whose successful actions wait for their step to close, and actions kept for each.
const RUNNING_CAP: usize = 128;
const RUNNING_PER_SITUATION: usize = 8;
/// Tools that look at or keep the plan: no part of a procedure for a step.
const PLAN_LOOKS: &[&str] = &[
    "note_read",
    "note_list",
    "note_append",
    "note_close",
    "note_reopen",
    "check_tools",
];
/// Most characters of what an observation contributes to a body.
const SEEN_CHARS: usize = 200;

/// A failure waiting for its fix.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Pending {
    pub seq: u64,
    pub signature: String,
    pub brief: String,
    pub fail_kind: FailKind,
}

/// An action that advanced something on a step not closed yet.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Done {
    pub seq: u64,
    pub signature: String,
    pub brief: String,
    pub action: String,
}

/// The job's document: its cursors, what it made by key, and what waits for the next sleep.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct DistillState {
    /// The next episode (ring number) to read.
    pub cursor: u64,
    /// The next news item to read.
    pub news_cursor: u64,
    /// Item keys (a hash of what the item is about) and the engram each made, oldest first.
    pub keys: Vec<(u64, EngramId)>,
    /// Failures waiting for a fix, by situation.
    pub pending: BTreeMap<String, Vec<Pending>>,
    /// Actions on a step not closed yet, by situation.
    pub running: BTreeMap<String, Vec<Done>>,
    /// The next replay record to read for guardrails it could not teach.
    #[serde(default)]
    pub replay_cursor: u64,
}

doc!(DistillState, "wis.distill", 1, Layout::Singleton);

/// What one distillation made.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Distilled {
    pub episodes: u64,
    pub news: u64,
    pub scars: u64,
    pub guardrails: u64,
    pub procedures: u64,
    pub facts: u64,
    /// Items that were not new and were refreshed.
    pub refreshed: u64,
    /// Facts a newer reading superseded (moved to the archive tier).
    pub superseded: u64,
    /// Guardrails replay could not teach with, written again in the action's own form.
    pub redistilled: u64,
    /// Facts a later reading of the same file or command showed unchanged (the world's
    /// witness).
    #[serde(default)]
    pub confirmed: u64,
    /// Inherited or told facts a reading here showed otherwise, demoted.
    #[serde(default)]
    pub contradicted: u64,
    /// The engrams written or refreshed.
    pub memories: Vec<EngramId>,
    /// Stopped at [`ITEMS_PER_SLEEP`] with episodes left for the next sleep.
    pub stopped: bool,
}

impl Distilled {
    /// The receipt's line: `distilled 3 facts, 1 guardrail, … from 40 episodes`.
    pub fn line(&self) -> String {
        let n = |v: u64, one: &str, many: &str| format!("{v} {}", if v == 1 { one } else { many });
        format!(
            "{}, {}, {}, {} from {} episodes and {} news items; {} refreshed, {} superseded{}",
            n(self.facts, "fact", "facts"),
            n(self.guardrails, "guardrail", "guardrails"),
            n(self.procedures, "procedure", "procedures"),
            n(self.scars, "scar", "scars"),
            self.episodes,
            self.news,
            self.refreshed,
            self.superseded,
            if self.redistilled > 0 {
                format!(", {} redistilled after replay", self.redistilled)
            } else {
                String::new()
            }
        ) + &self.readings_line()
    }

    /// What the readings did to the facts held: `; 2 read again unchanged, 1 inherited
    /// contradicted here` (nothing when they did nothing).
    fn readings_line(&self) -> String {
        match (self.confirmed, self.contradicted) {
            (0, 0) => String::new(),
            (c, 0) => format!("; {c} read again unchanged"),
            (0, x) => format!("; {x} inherited contradicted here"),
            (c, x) => format!("; {c} read again unchanged, {x} inherited contradicted here"),
        }
    }

    fn made(&self) -> usize {
        self.memories.len()
    }
}

/// An item to remember or refresh.
struct Item {
    kind: Kind,
    key: u64,
    body: String,
    sources: Vec<String>,
    /// A fact whose newer reading supersedes the older (the key is what it is about).
    supersedes: bool,
}

/// Distils what was lived since the cursor, in `tx`, at `now`; `sleeps` names the sleep a
/// grant was made at.
pub fn distill(
    tx: &mut Tx<'_>,
    memory: &Memory,
    now: Millis,
    sleeps: &SleepTicks,
) -> Result<Distilled> {
    let (mut state, _) = tx.singleton_or_default::<DistillState>()?;
    let mut out = Distilled::default();
    let mut items: Vec<Item> = Vec::new();
    let mut readings: Vec<Reading> = Vec::new();
    let episodes = tx.ring_from::<Episode>(state.cursor)?;
    for (seq, e) in episodes.into_iter().take(EPISODES_PER_SLEEP) {
        if items.len() >= ITEMS_PER_SLEEP {
            out.stopped = true;
            break;
        }
        state.cursor = seq + 1;
        out.episodes += 1;
        readings.extend(reading(seq, &e));
        items.extend(from_episode(&mut state, seq, &e));
    }
    for (seq, n) in tx.ring_from::<NewsItem>(state.news_cursor)? {
        if items.len() >= ITEMS_PER_SLEEP {
            out.stopped = true;
            break;
        }
        state.news_cursor = seq + 1;
        out.news += 1;
        items.extend(from_news(&n, sleeps.get(&n.tick).copied()));
    }
    for item in items {
        remember(tx, memory, &mut state, item, now, &mut out)?;
    }
    // What was read again confirms a fact held, or contradicts an inherited one.
    let judged = heir::judge_readings(tx, memory, &readings, now)?;
    out.confirmed = judged.confirmed.len() as u64;
    out.contradicted = judged.contradicted.len() as u64;
    let replays = tx.ring_from::<ReplayRecord>(state.replay_cursor)?;
    for (seq, record) in replays {
        state.replay_cursor = seq + 1;
        for id in record.redistill {
            if out.made() < ITEMS_PER_SLEEP {
                redistill(tx, memory, &mut state, id, now, &mut out)?;
            }
        }
    }
    trim(&mut state);
    tx.set(&state)?;
    Ok(out)
}

/// The items one episode makes, and what it leaves waiting.
fn from_episode(state: &mut DistillState, seq: u64, e: &Episode) -> Vec<Item> {
    let mut items = Vec::new();
    if e.automated || e.tool == "unreadable" || e.tool == "think" {
        return items;
    }
    let step = step_text(e);
    let brief = brief(e);
    let seen = seen(e);
    if !e.success {
        items.push(Item {
            kind: Kind::Scar,
            key: key(&["scar", &e.situation, &e.signature, e.fail_kind.as_str()]),
            body: cut(&format!(
                "In \"{step}\": {brief} failed ({}): {seen}",
                e.fail_kind
            )),
            sources: vec![format!("episode:{seq}")],
            supersedes: false,
        });
        let waiting = state.pending.entry(e.situation.clone()).or_default();
        if !waiting.iter().any(|p| p.signature == e.signature) {
            waiting.push(Pending {
                seq,
                signature: e.signature.clone(),
                brief: brief.clone(),
                fail_kind: e.fail_kind,
            });
            if waiting.len() > PENDING_PER_SITUATION {
                waiting.remove(0);
            }
        }
        return items;
    }
    if !e.advanced.any() {
        return items;
    }
    let closed = e.advanced.step_closed || e.advanced.commission_closed;
    // A verified fix: a different action that closed the step or commission, after failures
    // in the situation.
    if closed && let Some(failures) = state.pending.remove(&e.situation) {
        for f in failures
            .iter()
            .filter(|f| f.signature != e.signature)
            .take(2)
        {
            items.push(Item {
                kind: Kind::Strategy,
                key: key(&["guardrail", &e.situation, &e.signature, &f.signature]),
                body: cut(&format!(
                    "In \"{step}\": do {brief}, not {} (it failed: {})",
                    f.brief, f.fail_kind
                )),
                sources: vec![
                    format!("episode:{}", f.seq),
                    format!("episode:{seq}"),
                    format!("signature:{}", e.signature),
                    format!("action:{}", e.action),
                ],
                supersedes: false,
            });
        }
    }
    // What a first read or command showed.
    if e.advanced.first_success
        && let Some(fact) = fact(e, &seen)
    {
        items.push(Item {
            kind: Kind::Fact,
            key: key(&["fact", &e.signature]),
            body: cut(&fact),
            sources: vec![format!("episode:{seq}")],
            supersedes: true,
        });
    }
    // The actions that together closed the step: the work on it, not the look at the plan.
    let done = state.running.entry(e.situation.clone()).or_default();
    if !PLAN_LOOKS.contains(&e.tool.as_str()) && !done.iter().any(|d| d.signature == e.signature) {
        done.push(Done {
            seq,
            signature: e.signature.clone(),
            brief: brief.clone(),
            action: e.action.clone(),
        });
        if done.len() > RUNNING_PER_SITUATION {
            done.remove(0);
        }
    }
    if closed {
        let done = state.running.remove(&e.situation).unwrap_or_default();
        if done.len() > 1 {
            let steps: Vec<&str> = done.iter().map(|d| d.brief.as_str()).collect();
            let signatures: Vec<&str> = done.iter().map(|d| d.signature.as_str()).collect();
            let mut sources: Vec<String> =
                done.iter().map(|d| format!("episode:{}", d.seq)).collect();
            sources.push(format!("signature:{}", done[0].signature));
            sources.push(format!("action:{}", done[0].action));
            items.push(Item {
                kind: Kind::Procedure,
                key: key(&["procedure", &e.situation, &signatures.join("\u{1f}")]),
                body: cut(&format!("To \"{step}\": {}", steps.join(", then "))),
                sources,
                supersedes: false,
            });
        }
    }
    items
}

/// The sleeps taken, by the tick each was taken at: tick → the sleep's number (1 for the
/// first). The sleep floor reads it from its receipts.
pub type SleepTicks = BTreeMap<u64, u64>;

/// "your first sleep", "your sleep number 5".
fn sleep_words(n: u64) -> String {
    match n {
        1 => "your first sleep".into(),
        2 => "your second sleep".into(),
        3 => "your third sleep".into(),
        n => format!("your sleep number {n}"),
    }
}

/// The items a news item makes: the grants and quests the creature lived, as statements. A
/// grant made at a sleep names it ("At tick 50, at your first sleep, you were granted U1
/// memory, the tools memorize, recall, heirlooms"): the question a creature is asked about it
/// names the sleep and the tools, and recall finds a statement by the words it shares.
fn from_news(n: &NewsItem, sleep: Option<u64>) -> Vec<Item> {
    let body = match n.kind {
        NewsKind::Grant => {
            let Some(unit) = n.subject.parse::<UnitId>().ok().and_then(units::unit) else {
                return Vec::new();
            };
            let tools: Vec<&str> = unit.specs().map(|t| t.name).collect();
            let when = match sleep {
                Some(k) => format!("At tick {}, at {},", n.tick, sleep_words(k)),
                None => format!("At tick {}", n.tick),
            };
            format!(
                "{when} you were granted {} {}, the tools {}",
                unit.id,
                unit.name,
                tools.join(", ")
            )
        }
        NewsKind::QuestIssued | NewsKind::QuestPassed | NewsKind::QuestFailed => {
            format!("At tick {}: {}", n.tick, n.text)
        }
        _ => return Vec::new(),
    };
    vec![Item {
        kind: Kind::Fact,
        key: key(&["news", n.kind.as_str(), &n.subject, &n.tick.to_string()]),
        body: cut(&body),
        sources: vec![format!("tick:{}", n.tick)],
        supersedes: false,
    }]
}

/// The source that marks a guardrail written again after replay could not teach with it.
const REDISTILLED: &str = "redistilled:";

/// A guardrail replay showed into an unlearned answer, written again with the fix in the
/// action channel's own JSON form (what a small model copies where it reads past prose); the
/// old one is archived as superseded. Once: one that fails again is curation's to judge.
fn redistill(
    tx: &mut Tx<'_>,
    memory: &Memory,
    state: &mut DistillState,
    id: EngramId,
    now: Millis,
    out: &mut Distilled,
) -> Result<()> {
    let Some(mut old) = memory::get(tx, id)? else {
        return Ok(());
    };
    let action = old
        .sources
        .iter()
        .find_map(|s| s.strip_prefix("action:"))
        .map(str::to_string);
    let again = old.sources.iter().any(|s| s.starts_with(REDISTILLED));
    let (Some(action), false, Kind::Strategy, Provenance::Experienced, Tier::Active) =
        (action, again, old.kind, old.provenance, old.tier)
    else {
        return Ok(());
    };
    // `In "<step>": do <fix>, not <failure> (it failed: <kind>)`.
    let body = match old.body.split_once(": do ") {
        Some((head, rest)) => {
            let not = rest.split_once(", not ").map_or("", |(_, n)| n);
            format!("{head}: {action} worked; not {not}")
        }
        None => format!("{} The action that worked: {action}", old.body),
    };
    let mut new = NewEngram::new(Kind::Strategy, cut(&body), Provenance::Experienced);
    for s in old
        .sources
        .iter()
        .filter(|s| !s.starts_with(REDISTILLED))
        .take(memory::MAX_SOURCES - 1)
    {
        new = new.source(s.clone());
    }
    new = new.source(format!("{REDISTILLED}{id}"));
    let mark = Archived {
        gone: Gone::Superseded,
        sleep: None,
        at: now,
    };
    memory.archive(tx, &mut old, mark)?;
    let fresh = memory.remember(tx, new, now)?;
    for (_, made) in state.keys.iter_mut().filter(|(_, made)| *made == id) {
        *made = fresh;
    }
    out.redistilled += 1;
    out.memories.push(fresh);
    Ok(())
}

/// Writes `item`, or refreshes the engram its key made before (a fact's newer reading
/// supersedes it instead).
fn remember(
    tx: &mut Tx<'_>,
    memory: &Memory,
    state: &mut DistillState,
    item: Item,
    now: Millis,
    out: &mut Distilled,
) -> Result<()> {
    let known = state
        .keys
        .iter()
        .find(|(k, _)| *k == item.key)
        .map(|(_, id)| *id);
    if let Some(id) = known
        && let Some(mut engram) = memory::get(tx, id)?
        && engram.tier == Tier::Active
    {
        if engram.body == item.body || !item.supersedes {
            engram.strength = engram
                .strength
                .max(Provenance::Experienced.initial_strength());
            for s in item.sources {
                if !engram.sources.contains(&s) {
                    engram.sources.push(s);
                }
            }
            while engram.sources.len() > memory::MAX_SOURCES {
                // Keep the first (where it began) and the newest.
                engram.sources.remove(1);
            }
            engram.updated = now;
            tx.put(&id.key(), &engram)?;
            out.refreshed += 1;
            out.memories.push(id);
            return Ok(());
        }
        let mark = Archived {
            gone: Gone::Superseded,
            sleep: None,
            at: now,
        };
        memory.archive(tx, &mut engram, mark)?;
        out.superseded += 1;
    }
    let mut new = NewEngram::new(item.kind, item.body, Provenance::Experienced);
    for s in item.sources.into_iter().take(memory::MAX_SOURCES) {
        new = new.source(cut_source(&s));
    }
    let id = memory.remember(tx, new, now)?;
    state.keys.retain(|(k, _)| *k != item.key);
    state.keys.push((item.key, id));
    match item.kind {
        Kind::Scar => out.scars += 1,
        Kind::Strategy => out.guardrails += 1,
        Kind::Procedure => out.procedures += 1,
        _ => out.facts += 1,
    }
    out.memories.push(id);
    debug_assert!(out.made() <= ITEMS_PER_SLEEP * 2);
    Ok(())
}

/// Keeps the job's document within its caps.
fn trim(state: &mut DistillState) {
    if state.keys.len() > KEYS_CAP {
        let extra = state.keys.len() - KEYS_CAP;
        state.keys.drain(..extra);
    }
    trim_map(&mut state.pending, PENDING_CAP, |v| v.last().map(|p| p.seq));
    trim_map(&mut state.running, RUNNING_CAP, |v| v.last().map(|d| d.seq));
}

/// Drops the entries whose newest item is oldest until `cap` remain.
fn trim_map<T>(
    map: &mut BTreeMap<String, Vec<T>>,
    cap: usize,
    newest: impl Fn(&Vec<T>) -> Option<u64>,
) {
    while map.len() > cap {
        let oldest = map
            .iter()
            .min_by_key(|(_, v)| newest(v).unwrap_or(0))
            .map(|(k, _)| k.clone());
        match oldest {
            Some(k) => {
                map.remove(&k);
            }
            None => break,
        }
    }
}

/// The step as it was written, else the situation's normalized step.
fn step_text(e: &Episode) -> String {
    e.step.clone().unwrap_or_else(|| {
        e.situation
            .split_once('|')
            .map(|(_, s)| s.to_string())
            .unwrap_or_default()
    })
}

/// Characters of a reply a distilled memory quotes: enough for an answer the keeper asked
/// for (a cut answer is copied cut: "under the blue flowerpo").
const REPLY_CHARS: usize = 160;

/// `text` on one line, at most `max` characters; a longer one is cut at a word's end and
/// marked `…`, never inside a word.
fn quote(text: &str, max: usize) -> String {
    let one: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if one.chars().count() <= max {
        return one;
    }
    let head: String = one.chars().take(max).collect();
    let cut = head.rfind(' ').filter(|&i| i > 0).unwrap_or(head.len());
    format!("{}…", head[..cut].trim_end())
}

/// The action in a few words: `bash `ls logs``, `read_file `notes.txt``, `reply "…"`.
fn brief(e: &Episode) -> String {
    match serde_json::from_str::<Action>(&e.action) {
        Ok(a) if a.tool == REPLY => format!(
            "reply \"{}\"",
            quote(a.str_arg("text").unwrap_or_default(), REPLY_CHARS)
        ),
        // A call whose main argument is not one brief() names (`note_read` of a notebook)
        // is told apart by its signature.
        Ok(a) if a.brief(80) == a.tool => e.signature.chars().take(80).collect(),
        Ok(a) => a.brief(80),
        Err(_) => e.signature.chars().take(80).collect(),
    }
}

/// What the world answered, from the episode's summary.
fn seen(e: &Episode) -> String {
    let after = e
        .summary
        .split_once(" -> ")
        .map(|(_, s)| s)
        .unwrap_or(&e.summary);
    let after = after.strip_prefix("ok: ").unwrap_or(after);
    // A failure's head (`not_found (exit 1): `) is said by the item already.
    let after = match after.split_once(": ") {
        Some((head, rest)) if !e.success && head.starts_with(e.fail_kind.as_str()) => rest,
        _ => after,
    };
    after
        .chars()
        .take(SEEN_CHARS)
        .collect::<String>()
        .trim()
        .to_string()
}

/// What a successful read or command of the creature's own showed, as a fact in the form
/// distillation keeps (`notes.txt says: …`), whether or not it was a first success.
fn reading(seq: u64, e: &Episode) -> Option<Reading> {
    if !e.success || e.automated {
        return None;
    }
    let fact = fact(e, &seen(e))?;
    Some(Reading {
        fact: cut(&fact),
        tick: e.tick,
        episode: seq,
    })
}

/// A fact from what a read or a command showed, if it showed anything.
fn fact(e: &Episode, seen: &str) -> Option<String> {
    let seen = seen.trim();
    if seen.is_empty() || seen == "ok" {
        return None;
    }
    let a: Action = serde_json::from_str(&e.action).ok()?;
    match a.tool.as_str() {
        "read_file" => Some(format!("{} says: {seen}", a.str_arg("path")?)),
        "bash" => Some(format!("`{}` shows: {seen}", a.str_arg("command")?)),
        _ => None,
    }
}

/// A body cut to a bounded length, on one line.
fn cut(text: &str) -> String {
    let one: String = text.replace('\n', " ");
    if one.chars().count() <= 400 {
        return one;
    }
    let mut s: String = one.chars().take(399).collect();
    s.push('…');
    s
}

fn cut_source(s: &str) -> String {
    s.chars().take(memory::MAX_SOURCE_CHARS).collect()
}

/// The stable key of what an item is about.
fn key(parts: &[&str]) -> u64 {
    let mut h = Sha256::new();
    for p in parts {
        h.update(p.as_bytes());
        h.update([0]);
    }
    let d = h.finalize();
    let mut head = [0u8; 8];
    head.copy_from_slice(&d[..8]);
    u64::from_be_bytes(head)
}

/// The stored state, for the read-only reporters.
pub fn state(rx: &impl Read) -> Result<DistillState> {
    Ok(rx.singleton_or_default::<DistillState>()?.0)
}

#[cfg(test)]
#[path = "distill_tests.rs"]
mod tests;
