//! WIS7 for recall, in process: with `[wisdom] recall_enabled` off, a tick's prompt and its
//! store writes do not depend on anything recall keeps. Two creatures live the same three
//! turns; one also holds recall's material (a situation index with a verified fix, bets, a
//! strategy engram for the step). Their fourth turn, with the flag off, sends the same prompt
//! and writes the same documents, byte for byte; a copy of the second with the flag on shows
//! the block and writes more. And the two calls a tick makes, alone: with the flag off they
//! read nothing, write nothing and add nothing to the prompt.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use serde_json::json;
use wis::base::clock::Clock;
use wis::base::config::Config;
use wis::base::home::Home;
use wis::base::store::{Layout, Read, Store, decode, encode};
use wis::creature::heartbeat::Turn;
use wis::creature::{Action, FailKind};
use wis::memory::{Kind, LazyMemory, Memory, NewEngram, Provenance};
use wis::mind::Prompt;
use wis::turn::documents::registry;
use wis::turn::tick::{TickOptions, tick};
use wis::wisdom::episodes::{Episode, action_signature};
use wis::wisdom::recall::{prepare, record};

use crate::support::{mind, store};

const PLAN: &str = r#"{"thought": "look it up", "plan": ["find the pump port"]}"#;
const FAIL: &str = r#"{"tool": "read_file", "args": {"path": "pump.conf"}}"#;
const RECOVER: &str = r#"{"tool": "read_file", "args": {"path": "notes/pump.txt"}}"#;

/// The documents recall keeps.
const RECALL_SCHEMAS: [&str; 4] = [
    "wis.situation.v1",
    "wis.situation_vector.v1",
    "wis.situation_index.v1",
    "wis.bet.v1",
];

/// Lives one tick per answer; the prompts sent.
fn live(home: &Home, recall: bool, answers: &[&str]) -> Vec<Prompt> {
    let mut config = Config::default();
    config.wisdom.recall_enabled = recall;
    let (script, prompts) = mind::script(answers);
    let opts = TickOptions {
        wait: Duration::from_secs(5),
        dry_run: false,
        ..Default::default()
    };
    for _ in answers {
        tick(home, &config, &Clock::pinned(1_000), &opts, &mut || {
            mind::open(&script)
        })
        .unwrap();
    }
    prompts.take()
}

fn born(root: &Path) -> Home {
    let home = store::born(root, 0);
    std::fs::create_dir_all(home.workspace().join("notes")).unwrap();
    std::fs::write(home.workspace().join("notes/pump.txt"), "port 8731\n").unwrap();
    home
}

pub(crate) fn open(home: &Home) -> Store {
    store::open(&home.store_path())
}

pub(crate) type Dump = BTreeMap<(String, String), Vec<u8>>;
/// Documents a tick changed: before and after (`None`: absent).
pub(crate) type Writes = BTreeMap<(String, String), (Option<Vec<u8>>, Option<Vec<u8>>)>;

/// Every document, raw, by schema and key; episodes with their measured duration zeroed
/// (it is wall-clock time, the one thing two identical lives do not share).
pub(crate) fn dump(home: &Home) -> Dump {
    dump_store(&open(home))
}

/// [`dump`] of a store.
pub(crate) fn dump_store(store: &Store) -> Dump {
    let rx = store.read().unwrap();
    let mut out = BTreeMap::new();
    for ty in registry() {
        let rows: Vec<(String, Vec<u8>)> = match ty.layout {
            Layout::Ring { .. } => rx
                .ring_raw(ty.schema, None)
                .unwrap()
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
            _ => rx.keyed_all_raw(ty.schema).unwrap(),
        };
        for (key, mut bytes) in rows {
            if ty.schema == "wis.episode.v1" {
                let mut ep: Episode = decode(&bytes).unwrap();
                ep.duration_ms = 0;
                bytes = encode(&ep).unwrap();
            }
            out.insert((ty.schema.to_string(), key), bytes);
        }
    }
    out
}

/// What a tick wrote: every document it added, changed or removed, before and after.
pub(crate) fn diff(before: &Dump, after: &Dump) -> Writes {
    let keys: std::collections::BTreeSet<_> = before.keys().chain(after.keys()).collect();
    keys.into_iter()
        .filter(|k| before.get(*k) != after.get(*k))
        .map(|k| {
            (
                (*k).clone(),
                (before.get(k).cloned(), after.get(k).cloned()),
            )
        })
        .collect()
}

pub(crate) fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

#[test]
fn with_recall_off_what_recall_keeps_changes_neither_prompt_nor_writes() {
    let dir = tempfile::tempdir().unwrap();
    let plain = born(&dir.path().join("plain"));
    let wise = born(&dir.path().join("wise"));
    live(&plain, false, &[PLAN, FAIL, RECOVER]);
    // The second lives its first turns with recall on: it keeps an index, with a fix.
    live(&wise, true, &[PLAN, FAIL, RECOVER]);
    {
        let store = open(&wise);
        let mut tx = store.write().unwrap();
        let memory = Memory::from_config(&Config::default().embed).unwrap();
        let guardrail = NewEngram::new(
            Kind::Strategy,
            "to find the pump port read the notes",
            Provenance::Told,
        );
        memory.remember(&mut tx, guardrail, 5).unwrap();
        tx.commit().unwrap();
    }
    let held = dump(&wise);
    assert!(held.keys().any(|(s, _)| s == "wis.situation.v1"));
    let on = dir.path().join("wise-on");
    copy_dir(wise.root(), &on);
    let on = Home::new(on);

    let (plain_before, wise_before) = (dump(&plain), dump(&wise));
    let recall_docs = |d: &Dump| {
        d.keys()
            .filter(|(s, _)| RECALL_SCHEMAS.contains(&s.as_str()))
            .count()
    };
    assert_eq!(
        recall_docs(&plain_before),
        0,
        "a life with recall off keeps none"
    );
    let plain_prompt = live(&plain, false, &[RECOVER]);
    let wise_prompt = live(&wise, false, &[RECOVER]);
    assert_eq!(plain_prompt, wise_prompt, "the prompt is byte-identical");
    assert!(!wise_prompt[0].volatile.contains("Before you act"));
    let plain_writes = diff(&plain_before, &dump(&plain));
    let wise_writes = diff(&wise_before, &dump(&wise));
    assert!(!plain_writes.is_empty());
    assert_eq!(
        plain_writes, wise_writes,
        "the store writes are byte-identical"
    );
    assert_eq!(recall_docs(&dump(&plain)), 0);

    // The control: the same store with the flag on shows the block and keeps its ledger.
    let on_before = dump(&on);
    let on_prompt = live(&on, true, &[RECOVER]);
    assert!(
        on_prompt[0].volatile.contains("## Before you act"),
        "{}",
        on_prompt[0].volatile
    );
    let on_writes = diff(&on_before, &dump(&on));
    assert!(
        on_writes.keys().any(|(s, _)| s == "wis.bet.v1"),
        "{:?}",
        on_writes.keys()
    );
    assert_ne!(on_writes.len(), wise_writes.len());
}

/// The pump story's situation: `cat pump.conf` fails twice, then `ss -ltnp` recovers.
const PUMP: &str = "-|find the pump port";

fn episode(tick: u64, command: &str, success: bool) -> Episode {
    let action = Action::new("bash", json!({ "command": command }));
    Episode {
        tick,
        at: tick as i64 * 60_000,
        situation: PUMP.into(),
        tool: action.tool.clone(),
        signature: action_signature(&action),
        action: action.to_json(),
        fail_kind: if success {
            FailKind::Ok
        } else {
            FailKind::NonzeroExit
        },
        success,
        automated: false,
        summary: String::new(),
        duration_ms: 1,
        advanced: Default::default(),
        step: None,
    }
}

#[test]
fn with_the_flag_off_the_two_calls_read_write_and_show_nothing() {
    let mut config = Config::default();
    config.wisdom.recall_enabled = false;
    let (_dir, store) = store::temp_store();
    let mut tx = store.write().unwrap();
    for (tick, command, success) in [
        (1, "cat pump.conf", false),
        (2, "cat pump.conf", false),
        (3, "ss -ltnp", true),
    ] {
        tx.push(&episode(tick, command, success)).unwrap();
    }
    let memory = Memory::from_config(&config.embed).unwrap();
    let guardrail = NewEngram::new(
        Kind::Strategy,
        "Find the pump port by listing sockets.",
        Provenance::Told,
    );
    memory.remember(&mut tx, guardrail, 5).unwrap();
    tx.commit().unwrap();
    let before = dump_store(&store);

    let mut tx = store.write().unwrap();
    let lazy = LazyMemory::new(&config.embed);
    let prepared = prepare(&mut tx, &config, &lazy, PUMP, Turn::Work, true).unwrap();
    assert!(prepared.block.is_none() && prepared.injected.items.is_empty());
    tx.push(&episode(4, "ss -ltnp", true)).unwrap();
    let bets = record(
        &mut tx,
        &config,
        &lazy,
        4,
        &prepared.injected,
        &Default::default(),
        9,
    )
    .unwrap();
    assert!(bets.is_empty());
    tx.commit().unwrap();
    let mut after = dump_store(&store);
    let pushed = after
        .keys()
        .rfind(|(schema, _)| schema == "wis.episode.v1")
        .cloned()
        .unwrap();
    after.remove(&pushed);
    assert_eq!(before, after, "only the episode itself was written");
}
