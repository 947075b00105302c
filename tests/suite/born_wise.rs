//! WIS7 for existing creatures, in process: the wise birth lives in the `wis.toml` that
//! `wis init` writes, never in the compiled defaults. A home whose `wis.toml` names no
//! `[wisdom]` flag (the commented template every home got before, or an operator's own file)
//! ticks exactly as a home with no `wis.toml` at all: the same prompts, the same store writes,
//! byte for byte. A home with the wise birth's `wis.toml` lives the same answers differently.

use std::path::Path;
use std::time::Duration;

use wis::base::clock::Clock;
use wis::base::config::{Config, TEMPLATE, wise_template};
use wis::base::home::Home;
use wis::mind::Prompt;
use wis::turn::tick::{TickOptions, tick};

use crate::recall_flag_off::{Dump, dump};
use crate::support::{mind, store};

const PLAN: &str = r#"{"thought": "look it up", "plan": ["find the pump port"]}"#;
const FAIL: &str = r#"{"tool": "read_file", "args": {"path": "pump.conf"}}"#;
const RECOVER: &str = r#"{"tool": "read_file", "args": {"path": "notes/pump.txt"}}"#;
const LIFE: [&str; 5] = [PLAN, FAIL, FAIL, RECOVER, RECOVER];
/// Answers a wise life may also ask for: a second thought is one more call on a turn.
const SPARE: [&str; 5] = [RECOVER; 5];

/// A dark newborn whose `wis.toml` is `config` (`None`: no file at all).
fn home(root: &Path, config: Option<&str>) -> Home {
    let home = store::born(root, 0);
    match config {
        Some(text) => std::fs::write(home.config_path(), text).unwrap(),
        None => std::fs::remove_file(home.config_path()).unwrap(),
    }
    std::fs::create_dir_all(home.workspace().join("notes")).unwrap();
    std::fs::write(home.workspace().join("notes/pump.txt"), "port 8731\n").unwrap();
    home
}

/// Lives one tick per answer of [`LIFE`] with the home's own configuration (a mind answering
/// [`LIFE`], then [`SPARE`]): the prompts sent and the store after.
fn live(home: &Home) -> (Vec<Prompt>, Dump) {
    let config = home.config(&[]).unwrap();
    let (script, prompts) = mind::script(&[&LIFE[..], &SPARE[..]].concat());
    let opts = TickOptions {
        wait: Duration::from_secs(5),
        ..Default::default()
    };
    for _ in LIFE {
        tick(home, &config, &Clock::pinned(1_000), &opts, &mut || {
            mind::open(&script)
        })
        .unwrap();
    }
    (prompts.take(), dump(home))
}

#[test]
fn an_old_home_naming_no_flag_ticks_as_the_compiled_defaults_do() {
    let dir = tempfile::tempdir().unwrap();
    let bare = home(&dir.path().join("bare"), None);
    let commented = home(&dir.path().join("commented"), Some(TEMPLATE));
    let own = home(
        &dir.path().join("own"),
        Some("[llm]\ntemperature = 0.7\n\n[heartbeat]\nrecovery_secs = 0\n"),
    );
    let wise = home(&dir.path().join("wise"), Some(&wise_template()));
    for h in [&bare, &commented, &own] {
        assert_eq!(h.config(&[]).unwrap(), Config::default());
    }
    assert!(wise.config(&[]).unwrap().wisdom.recall_enabled);

    let (bare_prompts, bare_store) = live(&bare);
    for old in [&commented, &own] {
        let (prompts, store) = live(old);
        assert_eq!(prompts, bare_prompts, "the prompts are byte-identical");
        assert!(
            store == bare_store,
            "the store writes are byte-identical ({})",
            old.root().display()
        );
    }
    assert!(
        bare_prompts
            .iter()
            .all(|p| !p.volatile.contains("Before you act"))
    );

    // The control: the wise birth's file lives the same answers otherwise (recall keeps its
    // ledger of situations from the first work turn on).
    let (_, wise_store) = live(&wise);
    assert!(wise_store != bare_store);
    let kept = |d: &Dump, schema: &str| d.keys().filter(|(s, _)| s == schema).count();
    assert_eq!(kept(&bare_store, "wis.situation.v1"), 0);
    assert!(kept(&wise_store, "wis.situation.v1") > 0);
}
