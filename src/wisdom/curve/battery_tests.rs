use std::path::{Path, PathBuf};

use super::*;
use crate::wisdom::curve::Answer;

const HAND_WRITTEN: &str = r#"{"id":"a","domain":"ops","prompt":"Which file is your store?","scorer":{"type":"exact","answer":"wis.redb"}}

{"id": "b", "domain": "subsystems", "prompt": "Cap?", "scorer": {"type": "regex", "pattern": "\\b12\\b", "flags": "m"}}
{"scorer": {"must_include": ["memorize", "recall"], "type": "claim", "must_exclude": ["delegate"]}, "prompt": "Tools after sleep one?", "domain": "recall", "id": "c"}
{"id":"d","domain":"procedure","prompt":"Read your plan.","scorer":{"type":"action_signature","tool":"note_read","args_pattern":"\"notebook\":\"plan\""}}
"#;

fn parse(text: &str) -> Result<Battery> {
    Battery::parse(Path::new("b/v9.jsonl"), "v9", text.as_bytes())
}

fn err(text: &str) -> Error {
    parse(text).expect_err("should be refused")
}

#[test]
fn a_hand_written_battery_loads_in_any_key_order() {
    let b = parse(HAND_WRITTEN).unwrap();
    assert_eq!(b.version, "v9");
    let ids: Vec<&str> = b.tasks.iter().map(|t| t.id.as_str()).collect();
    assert_eq!(ids, ["a", "b", "c", "d"]);
    assert_eq!(b.tasks[2].line, 4, "blank lines count as lines");
    assert_eq!(b.tasks[2].domain, Domain::Recall);
    assert_eq!(b.tasks[3].scorer.kind(), "action_signature");
    assert_eq!(b.sha256, sha256_hex(HAND_WRITTEN.as_bytes()));
    assert_eq!(b.sha256.len(), 64);
    let answer = Answer::Text("memorize; recall".into());
    assert_eq!(b.tasks[2].scorer.score(&answer), 1.0);
}

#[test]
fn every_domain_is_read_and_an_unknown_one_names_them_all() {
    let lines: Vec<String> = [
        "ops",
        "subsystems",
        "recall",
        "detail",
        "procedure",
        "transfer",
    ]
    .iter()
    .map(|d| {
        format!(
            r#"{{"id":"{d}","domain":"{d}","prompt":"p","scorer":{{"type":"exact","answer":"a"}}}}"#
        )
    })
    .collect();
    let b = parse(&lines.join("\n")).unwrap();
    let domains: Vec<Domain> = b.tasks.iter().map(|t| t.domain).collect();
    assert_eq!(
        domains,
        [
            Domain::Ops,
            Domain::Subsystems,
            Domain::Recall,
            Domain::Detail,
            Domain::Procedure,
            Domain::Transfer,
        ]
    );
    let e =
        err(r#"{"id":"x","domain":"details","prompt":"p","scorer":{"type":"exact","answer":"a"}}"#);
    assert_eq!(e.code(), 65);
    for d in ["detail", "transfer"] {
        assert!(e.message.contains(d), "{}", e.message);
    }
}

#[test]
fn crlf_line_ends_are_accepted() {
    let b = parse(&HAND_WRITTEN.replace('\n', "\r\n")).unwrap();
    assert_eq!(b.tasks.len(), 4);
}

#[test]
fn a_bad_line_is_named_by_file_and_line() {
    let mut lines: Vec<String> = HAND_WRITTEN.lines().map(String::from).collect();
    lines[3] = r#"{"id":"c","domain":"recall","prompt":"x","scorer":{"type":"claim","must_include":["a"]},"note":"x"}"#.into();
    let e = err(&lines.join("\n"));
    assert_eq!(e.code(), 65);
    assert!(e.message.starts_with("b/v9.jsonl:4: "), "{}", e.message);
    assert!(e.message.contains("note"), "{}", e.message);
    assert!(e.hint.is_some());
}

#[test]
fn every_required_key_and_type_is_checked() {
    let cases = [
        (
            r#"{"domain":"ops","prompt":"p","scorer":{"type":"exact","answer":"a"}}"#,
            "id",
        ),
        (
            r#"{"id":"x","prompt":"p","scorer":{"type":"exact","answer":"a"}}"#,
            "domain",
        ),
        (
            r#"{"id":"x","domain":"ops","scorer":{"type":"exact","answer":"a"}}"#,
            "prompt",
        ),
        (r#"{"id":"x","domain":"ops","prompt":"p"}"#, "scorer"),
        (
            r#"{"id":"x","domain":"chores","prompt":"p","scorer":{"type":"exact","answer":"a"}}"#,
            "chores",
        ),
        (
            r#"{"id":7,"domain":"ops","prompt":"p","scorer":{"type":"exact","answer":"a"}}"#,
            "string",
        ),
        (
            r#"{"id":"x","domain":"ops","prompt":" ","scorer":{"type":"exact","answer":"a"}}"#,
            "prompt is empty",
        ),
        (
            r#"{"id":"","domain":"ops","prompt":"p","scorer":{"type":"exact","answer":"a"}}"#,
            "id",
        ),
        (
            r#"{"id":"x","domain":"ops","prompt":"p","scorer":{"type":"regex","pattern":"("}}"#,
            "does not compile",
        ),
        (
            r#"{"id":"x","domain":"ops","prompt":"p","scorer":{"type":"exact","answer":"a","extra":1}}"#,
            "extra",
        ),
        (
            r#"{"id":"x","domain":"ops","prompt":"p","scorer":{"type":"exact","answer":"a"}"#,
            "column",
        ),
        ("# a comment", "column 1"),
    ];
    for (line, expect) in cases {
        let e = err(line);
        assert!(
            e.message.starts_with("b/v9.jsonl:1: "),
            "{line}: {}",
            e.message
        );
        assert!(e.message.contains(expect), "{line}: {}", e.message);
    }
}

#[test]
fn duplicate_ids_name_both_lines() {
    let line = r#"{"id":"x","domain":"ops","prompt":"p","scorer":{"type":"exact","answer":"a"}}"#;
    let e = err(&format!("{line}\n{line}\n"));
    assert!(e.message.starts_with("b/v9.jsonl:2: "), "{}", e.message);
    assert!(e.message.contains("line 1"), "{}", e.message);
}

#[test]
fn lines_are_bounded_and_utf8() {
    let long = format!(
        r#"{{"id":"x","domain":"ops","prompt":"{}","scorer":{{"type":"exact","answer":"a"}}}}"#,
        "p".repeat(MAX_LINE_BYTES)
    );
    assert!(err(&long).message.contains("more than a line may hold"));
    let bad = Battery::parse(Path::new("v.jsonl"), "v", b"{\"id\":\"\xff\"}").unwrap_err();
    assert!(
        bad.message.contains("v.jsonl:1: not UTF-8"),
        "{}",
        bad.message
    );
}

#[test]
fn an_empty_battery_is_refused() {
    assert!(err("\n  \n").message.contains("no tasks"));
}

#[test]
fn the_version_is_the_file_stem() {
    assert_eq!(
        version_of(Path::new("exam_battery/v1.jsonl")).unwrap(),
        "v1"
    );
    assert_eq!(
        version_of(Path::new("/x/house-v2.jsonl")).unwrap(),
        "house-v2"
    );
    assert_eq!(
        version_of(Path::new("x/we ird.jsonl")).unwrap_err().code(),
        64
    );
}

#[test]
fn a_missing_battery_is_missing_input() {
    let e = Battery::load(Path::new("/nonexistent/v1.jsonl")).unwrap_err();
    assert_eq!(e.code(), 66);
    assert!(e.message.contains("/nonexistent/v1.jsonl"), "{}", e.message);
}

#[test]
fn a_battery_not_found_resolves_to_the_shipped_one_or_names_where_it_looked() {
    let dir = tempfile::tempdir().unwrap();
    // (Tests run in the repository, where exam_battery/v1.jsonl exists: ask for another path
    // with the same file name.)
    let shipped = Battery::resolve(Path::new("nowhere/v1.jsonl"), dir.path()).unwrap();
    assert_eq!(shipped.version, "v1");
    assert_eq!(shipped.path, PathBuf::from("(built in) v1.jsonl"));
    let file = Battery::load(Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/exam_battery/v1.jsonl"
    )))
    .unwrap();
    assert_eq!(shipped.sha256, file.sha256, "the shipped copy is the file");
    // A battery in the home wins over the shipped one.
    std::fs::create_dir_all(dir.path().join("nowhere")).unwrap();
    std::fs::write(
        dir.path().join("nowhere/v1.jsonl"),
        "{\"id\": \"a\", \"domain\": \"ops\", \"prompt\": \"q\", \"scorer\": {\"type\": \"exact\", \"answer\": \"x\"}}\n",
    )
    .unwrap();
    let home = Battery::resolve(Path::new("nowhere/v1.jsonl"), dir.path()).unwrap();
    assert_eq!(home.tasks.len(), 1);
    let err = Battery::resolve(Path::new("batteries/v7.jsonl"), dir.path()).unwrap_err();
    assert_eq!(err.code(), 66);
    assert!(err.to_string().contains("batteries/v7.jsonl"), "{err}");
}
