//! WIS7 for reflexes, in process: with `[wisdom] reflexes_enabled` off, a tick's prompt and
//! store writes do not depend on anything reflexes keep. Two creatures live the same turns;
//! one also holds an armed reflex for the situation the next turn acts in, and the reflex
//! state (a cursor, a streak, a metric). Their next turn, with the flag off, sends the same
//! prompt and writes the same documents, byte for byte; a copy of the second with the flag on
//! fires the reflex before the prompt (the soak mode: the model still runs and sees it), and
//! with `reflex_saves_tick` the model is not asked at all.

use std::time::Duration;

use wis::base::clock::Clock;
use wis::base::config::Config;
use wis::base::home::Home;
use wis::mind::Prompt;
use wis::turn::tick::{TickOptions, TickOutcome, tick};
use wis::wisdom::reflex::metric::Handled;
use wis::wisdom::reflex::{Provenance, Reflex, ReflexAction, ReflexState, Status, Streak, Trigger};

use crate::recall_flag_off::{Dump, copy_dir, diff, dump, open};
use crate::support::{mind, store};

const PLAN: &str = r#"{"thought": "look it up", "plan": ["find the pump port"]}"#;
const READ: &str = r#"{"tool": "read_file", "args": {"path": "notes/pump.txt"}}"#;
const SITUATION: &str = "-|find the pump port";
const REFLEX_SCHEMAS: [&str; 2] = ["wis.reflex.v1", "wis.reflex_state.v1"];

fn config(enabled: bool, saves: bool) -> Config {
    let mut config = Config::default();
    config.wisdom.reflexes_enabled = enabled;
    config.wisdom.reflex_saves_tick = saves;
    config
}

/// Lives one tick per answer (more ticks than answers: the rest must not ask); the prompts.
fn live(home: &Home, config: &Config, ticks: usize, answers: &[&str]) -> Vec<Prompt> {
    let (script, prompts) = mind::script(answers);
    let opts = TickOptions {
        wait: Duration::from_secs(5),
        dry_run: false,
        ..Default::default()
    };
    for _ in 0..ticks {
        let done = tick(home, config, &Clock::pinned(1_000), &opts, &mut || {
            mind::open(&script)
        })
        .unwrap();
        assert!(matches!(done, TickOutcome::Turn(_)));
    }
    prompts.take()
}

fn born(root: &std::path::Path) -> Home {
    let home = store::born(root, 0);
    std::fs::create_dir_all(home.workspace().join("notes")).unwrap();
    std::fs::write(home.workspace().join("notes/pump.txt"), "port 8731\n").unwrap();
    home
}

/// An armed reflex for the situation, and a state with a cursor, a streak and a tally.
fn arm(home: &Home) {
    let store = open(home);
    let mut tx = store.write().unwrap();
    let reflex = Reflex {
        id: "r1".into(),
        trigger: Trigger {
            situation_key: SITUATION.into(),
            guard: None,
            world: None,
        },
        action: ReflexAction {
            tool: "read_file".into(),
            args: r#"{"path":"notes/pump.txt"}"#.into(),
            signature: "read_file notes/pump.txt".into(),
        },
        provenance: Provenance {
            episode_ids: vec![0],
            successes: 5,
            last_adjudicated: 1_000,
        },
        status: Status::Armed,
        fired: 0,
        failed: 0,
        armed_by: Some("operator".into()),
        armed_at: Some(1_000),
        proposed_tick: 2,
        last_fired: None,
        demoted_tick: None,
        last_failure: None,
        inherited: None,
    };
    tx.put("r1", &reflex).unwrap();
    let mut state = ReflexState {
        cursor: 1,
        next_id: 1,
        ..ReflexState::default()
    };
    state.streaks.insert(
        SITUATION.into(),
        Streak {
            signature: reflex.action.signature.clone(),
            tool: "read_file".into(),
            args: reflex.action.args.clone(),
            successes: 1,
            episodes: vec![0],
            first_tick: 2,
            last_tick: 2,
            last_at: 1_000,
            created: false,
        },
    );
    state.metric.count(1_000, Handled::Model, true);
    tx.set(&state).unwrap();
    tx.commit().unwrap();
}

fn reflex_docs(d: &Dump) -> usize {
    d.keys()
        .filter(|(s, _)| REFLEX_SCHEMAS.contains(&s.as_str()))
        .count()
}

#[test]
fn with_reflexes_off_an_armed_reflex_changes_neither_prompt_nor_writes() {
    let dir = tempfile::tempdir().unwrap();
    let plain = born(&dir.path().join("plain"));
    let wise = born(&dir.path().join("wise"));
    let off = config(false, true);
    live(&plain, &off, 2, &[PLAN, READ]);
    live(&wise, &off, 2, &[PLAN, READ]);
    arm(&wise);
    let (soak, below) = (dir.path().join("soak"), dir.path().join("below"));
    copy_dir(wise.root(), &soak);
    copy_dir(wise.root(), &below);
    let (soak, below) = (Home::new(soak), Home::new(below));

    let (plain_before, wise_before) = (dump(&plain), dump(&wise));
    assert_eq!(
        reflex_docs(&plain_before),
        0,
        "a life with reflexes off keeps none"
    );
    assert_eq!(reflex_docs(&wise_before), 2);
    let plain_prompt = live(&plain, &off, 1, &[READ]);
    let wise_prompt = live(&wise, &off, 1, &[READ]);
    assert_eq!(plain_prompt, wise_prompt, "the prompt is byte-identical");
    assert!(!wise_prompt[0].volatile.contains("REFLEX"));
    let plain_writes = diff(&plain_before, &dump(&plain));
    let wise_writes = diff(&wise_before, &dump(&wise));
    assert!(!plain_writes.is_empty());
    assert_eq!(
        plain_writes, wise_writes,
        "the store writes are byte-identical"
    );

    // The control, soak mode: the reflex fires before the prompt; the model sees it.
    let soak_before = dump(&soak);
    let prompts = live(&soak, &config(true, false), 1, &[READ]);
    assert!(
        prompts[0]
            .volatile
            .contains(&format!("REFLEX] handled {SITUATION} via read_file")),
        "{}",
        prompts[0].volatile
    );
    let soak_writes = diff(&soak_before, &dump(&soak));
    assert!(soak_writes.keys().any(|(s, _)| s == "wis.reflex.v1"));

    // And with reflex_saves_tick the model is never asked (the script has no answer).
    let prompts = live(&below, &config(true, true), 1, &[]);
    assert!(prompts.is_empty(), "the model was asked");
}

/// A reflex is subject to the model's loop detection: firing again and again while the
/// situation does not change, advancing nothing, forces a rumination, where no reflex fires and
/// the model is asked. (The model's own read was a first success; the four firings after it
/// repeat it.)
#[test]
fn a_reflex_repeating_in_an_unchanged_situation_trips_the_loop_detection() {
    let dir = tempfile::tempdir().unwrap();
    let home = born(dir.path());
    live(&home, &config(false, false), 2, &[PLAN, READ]);
    arm(&home);
    let prompts = live(&home, &config(true, true), 5, &[PLAN]);
    assert_eq!(prompts.len(), 1, "four firings, then the model");
    assert!(
        prompts[0]
            .volatile
            .contains("you keep doing the same thing"),
        "{}",
        prompts[0].volatile
    );
    let store = open(&home);
    let rx = store.read().unwrap();
    let r1: Reflex = wis::base::store::Read::get(&rx, "r1").unwrap().unwrap();
    assert_eq!(r1.fired, 4);
}
