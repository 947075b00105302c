//! The fault sweep over a tick (a turn that asks the model and acts on the store) and over
//! `wis sleep` on a creature with a few turns behind it.

use std::time::Duration;

use super::{BORN, Figures, copy_home, fingerprint, sweep, ticks};
use crate::base::clock::Clock;
use crate::base::config::Config;
use crate::base::exit::Result;
use crate::base::home::Home;
use crate::mind::{Mind, Prompt, Reply, Sampling};
use crate::turn::birth::{BirthOptions, birth};
use crate::turn::sleep::sleep_now;
use crate::turn::tick::{TickOptions, tick};

/// Thinks when asked to think, else writes a note.
struct Diligent;

impl Mind for Diligent {
    fn describe(&self) -> String {
        "diligent".into()
    }
    fn complete(&mut self, prompt: &Prompt, _: &serde_json::Value, _: &Sampling) -> Result<Reply> {
        let text = if prompt.volatile.contains("## Think") {
            r#"{"thought": "I should keep notes.", "plan": ["write a note"]}"#
        } else {
            r#"{"tool": "note_append", "args": {"notebook": "log", "text": "a day went by"}}"#
        };
        Ok(Reply {
            text: text.into(),
            ..Reply::default()
        })
    }
}

pub(super) fn tick_at(home: &Home, at: i64) -> Result<()> {
    let opts = TickOptions {
        wait: Duration::from_secs(1),
        dry_run: false,
        ..Default::default()
    };
    tick(
        home,
        &Config::default(),
        &Clock::pinned(at),
        &opts,
        &mut || Ok(Box::new(Diligent)),
    )
    .map(|_| ())
}

/// A creature born in `dir` that has lived `turns` ticks.
pub(super) fn grown(dir: &std::path::Path, turns: i64) -> Home {
    let home = Home::new(dir.join("home"));
    let opts = BirthOptions {
        seed: Some(7),
        name: None,
        force: false,
        dark: true,
        wait: Duration::from_secs(1),
    };
    birth(&home, &opts, &Clock::pinned(BORN)).unwrap();
    for i in 1..=turns {
        tick_at(&home, BORN + 60_000 * i).unwrap();
    }
    home
}

pub(crate) fn report(name: &str, f: &Figures) {
    eprintln!(
        "{name}: {} I/O-error points, {} disk-full points, {} power-loss points, {} absorbed",
        f.io, f.full, f.power, f.absorbed
    );
}

#[test]
fn a_tick_survives_a_fault_at_every_point() {
    let dir = tempfile::tempdir().unwrap();
    let template = grown(dir.path(), 3);
    let before = ticks(&template);
    let figures = sweep(
        "tick",
        &template,
        Some(1),
        &|home| tick_at(home, BORN + 60_000 * 10),
        &|_, after, ok| {
            let now = ticks(after);
            assert!(
                now == before || now == before + 1,
                "ticks {before} -> {now}"
            );
            if ok {
                assert_eq!(now, before + 1, "a tick that succeeded was lost");
            }
        },
    );
    report("tick", &figures);
    assert!(figures.power > 0 && figures.io > 0 && figures.full > 0);
}

#[test]
fn a_sleep_is_all_or_nothing_at_every_point() {
    let dir = tempfile::tempdir().unwrap();
    let template = grown(dir.path(), 4);
    let before = fingerprint(&template);
    let slept = {
        let (_dir, home) = copy_home(&template);
        sleep_once(&home).unwrap();
        fingerprint(&home)
    };
    let figures = sweep("sleep", &template, Some(0), &sleep_once, &|_, after, ok| {
        let now = fingerprint(after);
        assert!(now == before || now == slept, "a sleep was half written");
        if ok {
            assert!(now == slept, "a sleep that succeeded was lost");
        }
    });
    report("sleep", &figures);
    assert!(figures.power > 0);
}

fn sleep_once(home: &Home) -> Result<()> {
    sleep_now(
        home,
        &Config::default(),
        &Clock::pinned(BORN + 3_600_000),
        Duration::from_secs(1),
    )
    .map(|_| ())
}
