//! Battery v3's action tasks: each has the call that does its job and the files it works on
//! (those it reads or changes are in the house; what it makes is not), and a transfer's answer is
//! not the call the life made for the job it transfers, on a file no commission names.

use std::collections::BTreeSet;

use super::{commissions, files, halves, root};
use crate::wisdom::curve::{Answer, Domain, Scorer};

/// An action task's job: the call that does it (scores 1) and, for a transfer, the call the life
/// made for the job it transfers (scores 0: the same job on the file the life touched is not the
/// answer); the house files the call reads or changes, and what it makes.
struct Job {
    id: &'static str,
    right: &'static str,
    life: Option<&'static str>,
    uses: &'static [&'static str],
    makes: &'static [&'static str],
}

const fn job(
    id: &'static str,
    right: &'static str,
    uses: &'static [&'static str],
    makes: &'static [&'static str],
) -> Job {
    Job {
        id,
        right,
        life: None,
        uses,
        makes,
    }
}

const fn transfer(
    id: &'static str,
    right: &'static str,
    life: &'static str,
    uses: &'static [&'static str],
    makes: &'static [&'static str],
) -> Job {
    Job {
        life: Some(life),
        ..job(id, right, uses, makes)
    }
}

const MKDIR_LOGS: &str = r#"{"tool":"bash","args":{"command":"mkdir -p logs"}}"#;
const READ_NOTES: &str = r#"{"tool":"read_file","args":{"path":"notes.txt"}}"#;
const APPEND_EGGS: &str = r#"{"tool":"bash","args":{"command":"echo 'eggs' >> shopping.txt"}}"#;
const COPY_SOUP: &str =
    r#"{"tool":"bash","args":{"command":"cp recipes/soup.txt recipes/soup.bak"}}"#;
const WRITE_HELLO: &str =
    r#"{"tool":"write_file","args":{"path":"greeting.txt","content":"hello"}}"#;

const JOBS: &[Job] = &[
    job("procedure-logs", MKDIR_LOGS, &[], &["logs"]),
    job("procedure-read-notes", READ_NOTES, &["notes.txt"], &[]),
    job("procedure-eggs", APPEND_EGGS, &["shopping.txt"], &[]),
    job(
        "procedure-soup-copy",
        COPY_SOUP,
        &["recipes/soup.txt"],
        &["recipes/soup.bak"],
    ),
    job("procedure-greeting", WRITE_HELLO, &[], &["greeting.txt"]),
    transfer(
        "transfer-mkdir",
        r#"{"tool":"bash","args":{"command":"mkdir -p archive"}}"#,
        MKDIR_LOGS,
        &[],
        &["archive"],
    ),
    transfer(
        "transfer-copy",
        r#"{"tool":"bash","args":{"command":"cp recipes/bread.txt recipes/bread.bak"}}"#,
        COPY_SOUP,
        &["recipes/bread.txt"],
        &["recipes/bread.bak"],
    ),
    transfer(
        "transfer-append",
        r#"{"tool":"bash","args":{"command":"echo rake >> shed/tools.txt"}}"#,
        APPEND_EGGS,
        &["shed/tools.txt"],
        &[],
    ),
    transfer(
        "transfer-write",
        r#"{"tool":"write_file","args":{"content":"goodbye","path":"farewell.txt"}}"#,
        WRITE_HELLO,
        &[],
        &["farewell.txt"],
    ),
    transfer(
        "transfer-read",
        r#"{"tool":"read_file","args":{"path":"shed/lamp.conf"}}"#,
        r#"{"tool":"read_file","args":{"path":"pump.conf"}}"#,
        &["shed/lamp.conf"],
        &[],
    ),
];

#[test]
fn every_v3_action_task_has_the_call_that_does_it_and_its_files() {
    let house: BTreeSet<String> = files(&root().join("v3.house"))
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    let words: String = commissions()
        .iter()
        .map(|c| c.words.clone() + "\n")
        .collect();
    let tasks: Vec<_> = halves().into_iter().flat_map(|b| b.tasks).collect();
    let action_ids: BTreeSet<&str> = tasks
        .iter()
        .filter(|t| matches!(t.scorer, Scorer::ActionSignature { .. }))
        .map(|t| t.id.as_str())
        .collect();
    let table_ids: BTreeSet<&str> = JOBS.iter().map(|j| j.id).collect();
    assert_eq!(action_ids, table_ids);
    for Job {
        id,
        right,
        life,
        uses,
        makes,
    } in JOBS
    {
        let task = tasks.iter().find(|t| t.id == *id).unwrap();
        let score = |raw: &str| task.scorer.score(&Answer::from_reply(raw));
        assert_eq!(score(right), 1.0, "{id}: {right}");
        if let Scorer::ActionSignature { tool, .. } = &task.scorer {
            let bare = format!(r#"{{"tool":"{tool}","args":{{}}}}"#);
            assert_eq!(score(&bare), 0.0, "{id}: a call without arguments");
        }
        for f in *uses {
            assert!(house.contains(*f), "{id}: {f} is not in the house");
            assert!(task.prompt.contains(f), "{id}: the prompt names {f}");
        }
        for f in *makes {
            assert!(
                !house
                    .iter()
                    .any(|h| h == f || h.starts_with(&format!("{f}/"))),
                "{id}: {f}"
            );
        }
        if task.domain == Domain::Transfer {
            let life = life.expect("a transfer names the call the life made");
            assert_eq!(
                score(life),
                0.0,
                "{id}: the life's own call is not the answer"
            );
            for f in uses.iter().chain(makes.iter()) {
                assert!(!words.contains(f), "{id}: a commission touches {f}");
            }
        } else {
            assert!(life.is_none(), "{id}");
            for f in uses.iter().chain(makes.iter()) {
                assert!(words.contains(f), "{id}: no commission names {f}");
            }
        }
    }
}
