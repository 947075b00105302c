//! The memory panel: engrams now by kind, tier and provenance; the engrams each of the last
//! sleeps left, by kind (drawn as stacked bars) and provenance (told from each engram's creation time and archive
//! mark against the sleep's receipt, so no history is kept twice); what each sleep's memory
//! jobs did (distilled, merged, reinforced, demoted, archived, in the jobs' own words); the
//! utility records of the memories shown most often; and an index of the newest memories and
//! every memory the page names, each with its anchor (`#mem-e12`), which the sleeps and the demotions link to.

use std::collections::{BTreeMap, BTreeSet};

use crate::base::html::{Cell, Html, escape, field};
use crate::memory::{Engram, EngramId, Kind, Provenance, Tier};
use crate::turn::sleep::SleepReceipt;

use super::{chart, figure};

/// Memories whose utility records are shown (the most settled first).
const TOP_SHOWN: usize = 10;
/// The newest memories the index always holds.
const NEWEST: usize = 5;
/// Most memories the index holds.
const INDEX_MAX: usize = 300;
/// The sleep jobs that change memory, as their receipt lines name them.
const MEMORY_JOBS: [&str; 4] = ["distillation", "consolidation", "curation", "dream"];

#[derive(Debug)]
pub(super) struct Panel {
    by_kind: BTreeMap<Kind, (u64, u64)>,
    by_provenance: BTreeMap<Provenance, u64>,
    /// Per sleep (oldest first): its number, tick, engrams in the active tier by kind and by
    /// provenance, and its memory jobs' lines.
    history: Vec<SleepRow>,
    top: Vec<Engram>,
    index: Vec<Engram>,
    /// Ids the page names that no longer exist.
    missing: Vec<String>,
}

#[derive(Debug)]
struct SleepRow {
    sleep: u64,
    tick: u64,
    kinds: BTreeMap<Kind, u64>,
    provenance: BTreeMap<Provenance, u64>,
    jobs: Vec<String>,
}

/// The anchors a page has: ids of memories listed in the index.
pub(super) type Linked = BTreeSet<String>;

/// A memory's id as a link to its entry in the index, or as text when it has none.
pub(super) fn link(id: &str, linked: &Linked) -> String {
    if linked.contains(id) {
        format!("<a href=\"#mem-{0}\">{0}</a>", escape(id))
    } else {
        escape(id)
    }
}

impl Panel {
    /// `named`: the memory ids other panels show, in order (the index keeps them first).
    pub fn gather(engrams: &[Engram], receipts: &[SleepReceipt], named: &[String]) -> Panel {
        let mut by_kind: BTreeMap<Kind, (u64, u64)> = BTreeMap::new();
        let mut by_provenance = BTreeMap::new();
        for e in engrams {
            let slot = by_kind.entry(e.kind).or_default();
            match e.tier {
                Tier::Active => slot.0 += 1,
                Tier::Archive => slot.1 += 1,
            }
            *by_provenance.entry(e.provenance).or_default() += 1;
        }
        let history = receipts
            .iter()
            .map(|r| {
                let mut kinds = BTreeMap::new();
                let mut provenance = BTreeMap::new();
                for e in engrams.iter().filter(|e| active_at(e, r.at)) {
                    *kinds.entry(e.kind).or_default() += 1;
                    *provenance.entry(e.provenance).or_default() += 1;
                }
                SleepRow {
                    sleep: r.sleep,
                    tick: r.tick,
                    kinds,
                    provenance,
                    jobs: r
                        .jobs
                        .iter()
                        .filter(|j| MEMORY_JOBS.contains(&j.job.as_str()))
                        .map(|j| format!("{}: {}", j.job, j.summary))
                        .collect(),
                }
            })
            .collect();
        let mut top: Vec<&Engram> = engrams.iter().filter(|e| !e.utility.is_empty()).collect();
        top.sort_by_key(|e| (std::cmp::Reverse(settlements(e)), e.id));
        top.truncate(TOP_SHOWN);
        let by_id: BTreeMap<String, &Engram> =
            engrams.iter().map(|e| (e.id.to_string(), e)).collect();
        let mut wanted: Vec<String> = top.iter().map(|e| e.id.to_string()).collect();
        wanted.extend(
            named
                .iter()
                .filter_map(|n| EngramId::parse(n).map(|i| i.to_string())),
        );
        wanted.extend(engrams.iter().rev().take(NEWEST).map(|e| e.id.to_string()));
        let mut seen = BTreeSet::new();
        let mut index = Vec::new();
        let mut missing = Vec::new();
        for id in wanted {
            if index.len() >= INDEX_MAX || !seen.insert(id.clone()) {
                continue;
            }
            match by_id.get(&id) {
                Some(e) => index.push((*e).clone()),
                None => missing.push(id),
            }
        }
        Panel {
            by_kind,
            by_provenance,
            history,
            top: top.into_iter().cloned().collect(),
            index,
            missing,
        }
    }

    /// The ids that have an anchor on the page.
    pub fn linked(&self) -> Linked {
        self.index.iter().map(|e| e.id.to_string()).collect()
    }

    pub fn html(&self, h: &mut Html) {
        if self.by_kind.is_empty() {
            h.empty(
                "no memories yet: sleep distils them, the creature memorizes them, or tell it one",
                "wis memory add TEXT",
            );
        } else {
            let rows: Vec<Vec<Cell>> = self
                .by_kind
                .iter()
                .map(|(k, (active, archived))| {
                    vec![
                        Cell::text(k.as_str()),
                        Cell::num(active),
                        Cell::num(archived),
                    ]
                })
                .collect();
            h.table(
                "Engrams now, by kind",
                &["kind", "active", "archived"],
                &rows,
            );
            let rows: Vec<Vec<Cell>> = self
                .by_provenance
                .iter()
                .map(|(p, n)| vec![Cell::text(p.as_str()), Cell::num(n)])
                .collect();
            h.table(
                "Engrams now, by provenance",
                &["provenance", "engrams"],
                &rows,
            );
        }
        self.history_html(h);
        self.top_html(h);
        h.el("h3", "", "Memories this page names, and the newest");
        if self.index.is_empty() {
            h.empty(
                "no memory is named here yet: sleeps and settled bets name them",
                "wis sleep",
            );
        } else {
            h.raw("<ul class=\"memories\">\n");
            for e in &self.index {
                h.raw(&format!(
                    "<li id=\"mem-{id}\"><strong>{id}</strong> {} · {} · {} · strength {:.2}: {}</li>\n",
                    e.kind.as_str(),
                    e.provenance.as_str(),
                    e.tier.as_str(),
                    e.strength,
                    field(&e.body, 240),
                    id = e.id
                ));
            }
            h.raw("</ul>\n");
        }
        if !self.missing.is_empty() {
            h.el(
                "p",
                "",
                &format!("Named but no longer kept: {}.", self.missing.join(", ")),
            );
        }
    }

    fn history_html(&self, h: &mut Html) {
        h.el("h3", "", "Over the sleeps");
        if self.history.is_empty() {
            h.empty(
                "no sleep yet: sleep distils, merges and curates memory",
                "wis sleep",
            );
            return;
        }
        let kinds: Vec<Kind> = Kind::ALL
            .iter()
            .copied()
            .filter(|k| self.history.iter().any(|r| r.kinds.contains_key(k)))
            .collect();
        if kinds.is_empty() {
            h.empty(
                "no engram was in the active tier after these sleeps",
                "wis memory add TEXT",
            );
        }
        let bars: Vec<(String, String, Vec<u64>)> = self
            .history
            .iter()
            .map(|r| {
                (
                    r.sleep.to_string(),
                    format!("after sleep {} (tick {})", r.sleep, r.tick),
                    kinds
                        .iter()
                        .map(|k| *r.kinds.get(k).unwrap_or(&0))
                        .collect(),
                )
            })
            .collect();
        let names: Vec<&str> = kinds.iter().map(|k| k.as_str()).collect();
        if !kinds.is_empty() {
            figure(
                h,
                "memory_by_kind",
                &chart::stacked(
                    "Active engrams after each sleep, by kind",
                    "sleep",
                    &bars,
                    &names,
                ),
                "Each bar is a sleep, its engrams in the active tier stacked by kind; the same \
             numbers are in the table below.",
            );
        }
        let mut header: Vec<&str> = vec!["sleep", "tick"];
        header.extend(kinds.iter().map(|k| k.as_str()));
        header.extend(Provenance::ALL.iter().map(|p| p.as_str()));
        let rows: Vec<Vec<Cell>> = self
            .history
            .iter()
            .map(|r| {
                let mut row = vec![Cell::num(r.sleep), Cell::num(r.tick)];
                row.extend(
                    kinds
                        .iter()
                        .map(|k| Cell::num(r.kinds.get(k).unwrap_or(&0))),
                );
                row.extend(
                    Provenance::ALL
                        .iter()
                        .map(|p| Cell::num(r.provenance.get(p).unwrap_or(&0))),
                );
                row
            })
            .collect();
        h.table(
            "Active engrams after each sleep, by kind and by provenance",
            &header,
            &rows,
        );
        let rows: Vec<Vec<Cell>> = self
            .history
            .iter()
            .rev()
            .map(|r| {
                vec![
                    Cell::num(r.sleep),
                    Cell::text(if r.jobs.is_empty() {
                        "no memory job ran".to_string()
                    } else {
                        r.jobs.join("; ")
                    }),
                ]
            })
            .collect();
        h.table(
            "What each sleep did to memory (distilled, merged, reinforced, demoted, archived), \
             newest first",
            &["sleep", "memory jobs"],
            &rows,
        );
    }

    fn top_html(&self, h: &mut Html) {
        h.el("h3", "", "The most-shown memories and their utility");
        if self.top.is_empty() {
            h.empty(
                "no memory has a utility record yet: recall's bets and replays settle them",
                "wis memory recall --step STEP",
            );
            return;
        }
        let rows: Vec<Vec<Cell>> = self
            .top
            .iter()
            .map(|e| {
                let u = &e.utility;
                vec![
                    Cell::Raw(format!("<a href=\"#mem-{0}\">{0}</a>", e.id)),
                    Cell::text(e.kind.as_str()),
                    Cell::num(settlements(e)),
                    Cell::num(u.followed_into_success),
                    Cell::num(u.ignored),
                    Cell::num(u.into_failure),
                    Cell::num(u.taught_in_replay),
                    Cell::num(u.failed_to_teach),
                    Cell::num(u.score()),
                ]
            })
            .collect();
        h.table(
            "Utility records of the memories shown most often (settled bets and replays)",
            &[
                "memory",
                "kind",
                "shown",
                "followed into success",
                "ignored",
                "into failure",
                "taught in replay",
                "failed to teach",
                "net",
            ],
            &rows,
        );
    }
}

/// How many times the engram was shown and the showing settled.
fn settlements(e: &Engram) -> u64 {
    let u = &e.utility;
    [
        u.followed_into_success,
        u.ignored,
        u.into_failure,
        u.taught_in_replay,
        u.failed_to_teach,
    ]
    .iter()
    .map(|&n| u64::from(n))
    .sum()
}

/// Whether the engram was in the active tier at `at`: made by then, and not yet archived.
fn active_at(e: &Engram, at: crate::base::clock::Millis) -> bool {
    e.created <= at && e.fate.archived.as_ref().is_none_or(|a| a.at > at)
}
