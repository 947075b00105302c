use serde_json::json;

use super::*;
use crate::creature::Action;

fn scorer(spec: serde_json::Value) -> Scorer {
    let spec: ScorerSpec = serde_json::from_value(spec).expect("spec parses");
    Scorer::compile(&spec).expect("spec compiles")
}

fn text(s: &str) -> Answer {
    Answer::Text(s.into())
}

fn call(tool: &str, args: serde_json::Value) -> Answer {
    Answer::from_action(Action::new(tool, args))
}

#[test]
fn normalization_folds_case_space_punctuation_and_quotes() {
    assert_eq!(normalize("  “Wis.Redb”. "), "wis.redb");
    assert_eq!(normalize("`12`"), "12");
    assert_eq!(normalize("'exit   75!'"), "exit 75");
    assert_eq!(normalize("Exit\n\t75"), "exit 75");
    assert_eq!(normalize("«plan»…"), "plan");
    // inner punctuation stays
    assert_eq!(normalize("0.55"), "0.55");
}

#[test]
fn exact_matches_after_normalizing_only() {
    let s = scorer(json!({"type": "exact", "answer": "wis.redb"}));
    assert_eq!(s.score(&text("wis.redb")), 1.0);
    assert_eq!(s.score(&text("  \"WIS.REDB\".")), 1.0);
    assert_eq!(s.score(&text("the store is wis.redb")), 0.0);
    assert_eq!(s.score(&text("wis redb")), 0.0);
}

#[test]
fn exact_takes_any_of_several_answers() {
    let s = scorer(json!({"type": "exact", "answers": ["12", "twelve"]}));
    assert_eq!(s.score(&text("Twelve.")), 1.0);
    assert_eq!(s.score(&text("12")), 1.0);
    assert_eq!(s.score(&text("13")), 0.0);
}

#[test]
fn exact_wants_one_of_answer_or_answers() {
    for spec in [
        json!({"type": "exact"}),
        json!({"type": "exact", "answer": "a", "answers": ["b"]}),
        json!({"type": "exact", "answers": []}),
        json!({"type": "exact", "answer": " ... "}),
    ] {
        let spec: ScorerSpec = serde_json::from_value(spec.clone()).unwrap();
        assert!(Scorer::compile(&spec).is_err(), "{spec:?}");
    }
}

#[test]
fn regex_searches_case_insensitively_with_flags() {
    let s = scorer(json!({"type": "regex", "pattern": r"\b(busy|retry)\b"}));
    assert_eq!(s.score(&text("The store was BUSY; try later")), 1.0);
    assert_eq!(s.score(&text("it was fine")), 0.0);
    let s = scorer(json!({"type": "regex", "pattern": "^no$", "flags": "m"}));
    assert_eq!(s.score(&text("well\nNo\n")), 1.0);
    let s = scorer(json!({"type": "regex", "pattern": "a.b", "flags": "s"}));
    assert_eq!(s.score(&text("a\nb")), 1.0);
}

#[test]
fn regex_rejects_bad_patterns_and_flags() {
    for spec in [
        json!({"type": "regex", "pattern": "(unclosed"}),
        json!({"type": "regex", "pattern": "a", "flags": "g"}),
    ] {
        let spec: ScorerSpec = serde_json::from_value(spec).unwrap();
        assert!(Scorer::compile(&spec).is_err());
    }
}

#[test]
fn claim_gives_partial_credit() {
    let s = scorer(json!({"type": "claim", "must_include": ["notebook", "number", "plan"]}));
    assert_eq!(
        s.score(&text("It takes a NOTEBOOK and a number.")),
        2.0 / 3.0
    );
    assert_eq!(s.score(&text("notebook, number, plan")), 1.0);
    assert_eq!(s.score(&text("nothing useful")), 0.0);
    // whitespace is collapsed on both sides
    let s = scorer(json!({"type": "claim", "must_include": ["went  live"]}));
    assert_eq!(s.score(&text("a skill went\nlive")), 1.0);
}

#[test]
fn claim_must_exclude_zeroes_the_score() {
    let s = scorer(json!({
        "type": "claim",
        "must_include": ["memorize", "recall"],
        "must_exclude": ["delegate"]
    }));
    assert_eq!(s.score(&text("memorize and recall")), 1.0);
    assert_eq!(s.score(&text("memorize, recall and Delegate")), 0.0);
    assert_eq!(s.score(&text("recall")), 0.5);
}

#[test]
fn action_signature_wants_a_call_to_the_tool() {
    let s = scorer(json!({"type": "action_signature", "tool": "check_tools"}));
    assert_eq!(s.score(&call("check_tools", json!({}))), 1.0);
    assert_eq!(s.score(&call("note_list", json!({}))), 0.0);
    assert_eq!(s.score(&text("check_tools")), 0.0);
    assert_eq!(s.score(&Answer::Malformed("check_tools".into())), 0.0);
}

#[test]
fn action_signature_args_pattern_reads_the_raw_call() {
    let s = scorer(json!({
        "type": "action_signature",
        "tool": "note_read",
        "args_pattern": r#""notebook":"plan""#
    }));
    assert_eq!(
        s.score(&call("note_read", json!({"notebook": "plan"}))),
        1.0
    );
    assert_eq!(
        s.score(&call("note_read", json!({"notebook": "Plan"}))),
        0.0
    );
    assert_eq!(
        s.score(&call("note_read", json!({"notebook": "ideas"}))),
        0.0
    );
    // spacing in the model's own text does not matter: the call is re-rendered compactly
    let spaced =
        Answer::from_reply(r#"{ "tool" : "note_read", "args" : { "notebook" : "plan" } }"#);
    assert_eq!(s.score(&spaced), 1.0);
}

#[test]
fn action_signature_refuses_the_reply_channel() {
    let spec: ScorerSpec =
        serde_json::from_value(json!({"type": "action_signature", "tool": "reply"})).unwrap();
    assert!(Scorer::compile(&spec).unwrap_err().contains("text channel"));
}

#[test]
fn text_scorers_read_a_calls_raw_json() {
    let s = scorer(json!({"type": "regex", "pattern": r"\bls\b"}));
    assert_eq!(s.score(&call("bash", json!({"command": "ls -la"}))), 1.0);
    let s = scorer(json!({"type": "exact", "answer": "ls"}));
    assert_eq!(s.score(&call("bash", json!({"command": "ls"}))), 0.0);
}

#[test]
fn malformed_replies_score_zero_everywhere() {
    let m = Answer::Malformed("12".into());
    for spec in [
        json!({"type": "exact", "answer": "12"}),
        json!({"type": "regex", "pattern": "12"}),
        json!({"type": "claim", "must_include": ["12"]}),
    ] {
        assert_eq!(scorer(spec).score(&m), 0.0);
    }
}

#[test]
fn unknown_scorer_keys_and_types_are_refused() {
    for spec in [
        json!({"type": "exact", "answer": "a", "anwser": "b"}),
        json!({"type": "fuzzy", "answer": "a"}),
        json!({"answer": "a"}),
    ] {
        assert!(serde_json::from_value::<ScorerSpec>(spec).is_err());
    }
}
