//! An outage of the mind: fifty failed ticks are one stream line, and turn numbers are
//! never reused.

use std::time::Duration;

use super::outage_count;
use crate::base::clock::Clock;
use crate::base::config::Config;
use crate::base::exit::{Error, Result};
use crate::base::home::Home;
use crate::base::store::{Read, SINGLETON_KEY};
use crate::creature::Persona;
use crate::creature::stream::{StreamLine, Voice};
use crate::mind::{Mind, Prompt, Reply, Sampling};
use crate::turn::birth::{BirthOptions, birth};
use crate::turn::check::check;
use crate::turn::tick::{TickOptions, TickOutcome, tick};

const BORN: i64 = 1_767_225_600_000;

/// Fails while `failing`, then lists its notebooks.
struct Flaky {
    fail: bool,
}

impl Mind for Flaky {
    fn describe(&self) -> String {
        "flaky".into()
    }
    fn complete(&mut self, prompt: &Prompt, _: &serde_json::Value, _: &Sampling) -> Result<Reply> {
        if self.fail {
            return Err(Error::unavailable("http://fake/v1: connection refused"));
        }
        let text = if prompt.volatile.contains("## Think") {
            r#"{"thought": "I should look around.", "plan": ["list your notebooks"]}"#
        } else {
            r#"{"tool": "note_list", "args": {}}"#
        };
        Ok(Reply {
            text: text.into(),
            ..Reply::default()
        })
    }
}

fn run(home: &Home, at: i64, fail: bool) -> Result<TickOutcome> {
    let opts = TickOptions {
        wait: Duration::from_secs(1),
        dry_run: false,
        ..Default::default()
    };
    let clock = Clock::pinned(at);
    tick(home, &Config::default(), &clock, &opts, &mut || {
        Ok(Box::new(Flaky { fail }))
    })
}

fn stream(home: &Home) -> Vec<StreamLine> {
    let store = home
        .open(Duration::from_secs(1), "test", &Clock::pinned(BORN))
        .unwrap();
    let rx = store.read().unwrap();
    rx.ring::<StreamLine>(None)
        .unwrap()
        .into_iter()
        .map(|(_, l)| l)
        .collect()
}

#[test]
fn fifty_failures_are_one_line_and_turn_numbers_are_not_reused() {
    let dir = tempfile::tempdir().unwrap();
    let home = Home::new(dir.path().join("home"));
    let opts = BirthOptions::seeded(7);
    birth(&home, &opts, &Clock::pinned(BORN)).unwrap();
    let before = stream(&home).len();
    for i in 0..50 {
        let at = BORN + 60_000 * (i + 1);
        let err = run(&home, at, true).unwrap_err();
        assert!(
            err.message.contains("connection refused"),
            "{i}: {}",
            err.message
        );
    }
    let lines = stream(&home);
    assert_eq!(lines.len(), before + 1, "one outage line: {lines:#?}");
    let outage = lines.last().unwrap();
    assert_eq!(outage.voice, Voice::System);
    assert_eq!(outage_count(outage), Some(50));
    assert_eq!(outage.at, BORN + 60_000, "`at` is the first failure");
    assert!(outage.text.contains("50 times"), "{}", outage.text);
    assert!(
        outage.text.contains("from 2026-01-01T00:01:00Z"),
        "{}",
        outage.text
    );
    assert!(
        outage.text.contains("to 2026-01-01T00:50:00Z"),
        "{}",
        outage.text
    );
    assert!(
        outage.text.contains("connection refused"),
        "{}",
        outage.text
    );
    assert!(!outage.text.contains("turn 1"), "{}", outage.text);

    // The mind answers: the first real turn is turn 1, and no line claims turn 1 failed.
    let outcome = run(&home, BORN + 60_000 * 52, false).unwrap();
    assert!(matches!(outcome, TickOutcome::Turn(_)), "{outcome:?}");
    let lines = stream(&home);
    let outages: Vec<&StreamLine> = lines.iter().filter(|l| outage_count(l).is_some()).collect();
    assert_eq!(outages.len(), 1);
    assert_eq!(
        outages[0].tick, 0,
        "the outage came after turn 0, not as a turn"
    );
    assert!(lines.iter().all(|l| !l.text.contains("did not happen")));
    let store = home
        .open(Duration::from_secs(1), "test", &Clock::pinned(BORN))
        .unwrap();
    let persona: Persona = store.read().unwrap().get(SINGLETON_KEY).unwrap().unwrap();
    assert_eq!(persona.ticks, 1);
    drop(store);
    let mut store = home
        .open(Duration::from_secs(1), "test", &Clock::pinned(BORN))
        .unwrap();
    assert_eq!(check(&mut store).unwrap(), Vec::new());
    drop(store);

    // A later outage starts a new line: the last line is no longer an outage.
    let err = run(&home, BORN + 60_000 * 60, true).unwrap_err();
    assert!(
        err.message.contains("connection refused"),
        "{}",
        err.message
    );
    let lines = stream(&home);
    let outages: Vec<&StreamLine> = lines.iter().filter(|l| outage_count(l).is_some()).collect();
    assert_eq!(outages.len(), 2);
    assert_eq!(outages[1].tick, 1);
    assert_eq!(outage_count(outages[1]), Some(1));
}
