//! Incubation: failure situations the creature has not solved yet, kept where each sleep
//! revisits them (`wis.incubation.v1`, one capped document).
//!
//! A dead end is a situation whose latest run of failures (at least [`DEAD_END_FAILURES`]) no
//! success in the situation has ended: the episode ledger says so, nothing else (WIS1). Each
//! sleep reads the ledger once, opens an entry for a new dead end, revisits the open ones
//! (their failures and the actions tried, counted afresh), and closes an entry when a success
//! in its situation after its failures is on record: the fix, adjudicated by the world. An
//! entry whose failures left the ledger with no fix on record is closed without one. At most
//! [`OPEN_CAP`] entries are open (the most recent dead ends) and [`CLOSED_KEPT`] closed ones
//! are kept.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::base::store::Layout;
use crate::doc;
use crate::wisdom::episodes::Episode;
use crate::wisdom::recall::situation::indexable;

/// Failures in a row, unended, that make a dead end.
pub const DEAD_END_FAILURES: u32 = 2;
/// Most open entries, and closed entries kept.
pub const OPEN_CAP: usize = 64;
pub const CLOSED_KEPT: usize = 64;
/// Most distinct failing actions named in an entry.
pub const TRIED_MAX: usize = 4;

/// How an entry was closed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Closed {
    pub sleep: u64,
    /// The fix's signature and tick; `None` when the failures left the ledger unfixed.
    pub fix: Option<String>,
    pub tick: Option<u64>,
}

/// One unresolved (or once unresolved) failure situation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    pub situation: String,
    /// Failures in its latest run.
    pub failures: u32,
    /// Distinct failing action signatures, newest last.
    pub tried: Vec<String>,
    pub first_tick: u64,
    pub last_tick: u64,
    pub opened_sleep: u64,
    /// Sleeps that found it still open after the one that opened it.
    pub revisits: u32,
    pub closed: Option<Closed>,
}

/// The incubation document.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Incubation {
    pub entries: Vec<Entry>,
}

doc!(Incubation, "wis.incubation", 1, Layout::Singleton);

/// What one sleep's revisit did.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Revisit {
    pub opened: Vec<String>,
    pub revisited: u32,
    /// Closed situations and their fix.
    pub closed: Vec<(String, Option<String>)>,
}

/// What the ledger says of one situation.
#[derive(Default)]
struct Track {
    run: Vec<(u64, String)>,
    last_success: Option<(u64, String)>,
}

impl Incubation {
    pub fn open(&self) -> impl Iterator<Item = &Entry> {
        self.entries.iter().filter(|e| e.closed.is_none())
    }

    /// Revisits every entry against the ledger (`episodes`, oldest first) at `sleep`.
    pub fn revisit(&mut self, episodes: impl IntoIterator<Item = Episode>, sleep: u64) -> Revisit {
        let mut tracks: HashMap<String, Track> = HashMap::new();
        for ep in episodes.into_iter().filter(indexable) {
            let t = tracks.entry(ep.situation).or_default();
            if ep.success {
                t.run.clear();
                t.last_success = Some((ep.tick, ep.signature));
            } else {
                t.run.push((ep.tick, ep.signature));
            }
        }
        let mut done = Revisit::default();
        for entry in self.entries.iter_mut().filter(|e| e.closed.is_none()) {
            let track = tracks.remove(&entry.situation).unwrap_or_default();
            if let Some((tick, fix)) = track.last_success.filter(|(t, _)| *t > entry.last_tick) {
                entry.closed = Some(Closed {
                    sleep,
                    fix: Some(fix.clone()),
                    tick: Some(tick),
                });
                done.closed.push((entry.situation.clone(), Some(fix)));
            } else if track.run.is_empty() {
                entry.closed = Some(Closed {
                    sleep,
                    fix: None,
                    tick: None,
                });
                done.closed.push((entry.situation.clone(), None));
            } else {
                fill(entry, &track.run);
                entry.revisits += 1;
                done.revisited += 1;
            }
        }
        let mut fresh: Vec<(String, Track)> = tracks
            .into_iter()
            .filter(|(_, t)| t.run.len() as u32 >= DEAD_END_FAILURES)
            .collect();
        fresh.sort_by_key(|(s, t)| (t.run[0].0, s.clone()));
        for (situation, track) in fresh {
            let mut entry = Entry {
                situation: situation.clone(),
                failures: 0,
                tried: Vec::new(),
                first_tick: 0,
                last_tick: 0,
                opened_sleep: sleep,
                revisits: 0,
                closed: None,
            };
            fill(&mut entry, &track.run);
            self.entries.push(entry);
            done.opened.push(situation);
        }
        self.cap();
        done
    }

    /// Keeps the [`OPEN_CAP`] most recent open entries and the [`CLOSED_KEPT`] newest closed.
    fn cap(&mut self) {
        let (mut open, mut closed): (Vec<Entry>, Vec<Entry>) =
            self.entries.drain(..).partition(|e| e.closed.is_none());
        open.sort_by_key(|e| std::cmp::Reverse(e.last_tick));
        open.truncate(OPEN_CAP);
        open.sort_by_key(|e| e.first_tick);
        closed.sort_by_key(|e| e.closed.as_ref().map(|c| c.sleep));
        let drop = closed.len().saturating_sub(CLOSED_KEPT);
        closed.drain(..drop);
        self.entries = closed;
        self.entries.extend(open);
    }
}

fn fill(entry: &mut Entry, run: &[(u64, String)]) {
    entry.failures = run.len() as u32;
    entry.first_tick = run[0].0;
    entry.last_tick = run[run.len() - 1].0;
    let mut tried: Vec<String> = Vec::new();
    for (_, sig) in run.iter().rev() {
        if !tried.contains(sig) && tried.len() < TRIED_MAX {
            tried.push(sig.clone());
        }
    }
    tried.reverse();
    entry.tried = tried;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wisdom::recall::tests::{bash, episode};

    #[test]
    fn a_dead_end_opens_is_revisited_and_closes_when_a_fix_is_on_record() {
        let mut ledger = vec![
            episode(1, "-|a", &bash("cat a"), false),
            episode(2, "-|a", &bash("cat b"), false),
            episode(3, "-|b", &bash("cat x"), false),
            episode(4, "-|c", &bash("ls"), true),
        ];
        let mut inc = Incubation::default();
        let r = inc.revisit(ledger.clone(), 1);
        assert_eq!(
            r.opened,
            vec!["-|a".to_string()],
            "one failure is no dead end"
        );
        let e = &inc.entries[0];
        assert_eq!((e.failures, e.tried.len()), (2, 2));

        ledger.push(episode(5, "-|a", &bash("cat c"), false));
        let r = inc.revisit(ledger.clone(), 2);
        assert_eq!((r.revisited, r.opened.len()), (1, 0));
        assert_eq!(inc.entries[0].failures, 3);

        ledger.push(episode(6, "-|a", &bash("ls a"), true));
        let r = inc.revisit(ledger.clone(), 3);
        assert_eq!(r.closed.len(), 1);
        let closed = inc.entries[0].closed.clone().unwrap();
        assert_eq!((closed.sleep, closed.tick), (3, Some(6)));
        assert!(inc.open().next().is_none());
    }
}
