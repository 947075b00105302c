//! Reply parsing against the creature's real tool table: each malformed kind, and properties
//! over arbitrary text.

use proptest::prelude::*;
use serde_json::{Map, Value, json};
use wis::creature::tool::{ArgType, ToolSpec};
use wis::creature::{Action, FailKind};
use wis::mind::Reply;
use wis::mind::parse::*;
use wis::mind::schema::MAX_STRING_CHARS;
use wis::world::tools::TOOLS;

fn all() -> Vec<&'static ToolSpec> {
    TOOLS.iter().collect()
}

fn reason(text: &str) -> ParseReason {
    parse_action(text, &all()).expect_err(text).reason
}

#[test]
fn a_valid_action_parses() {
    let action = parse_action(r#"{"tool":"bash","args":{"command":"ls -la"}}"#, &all()).unwrap();
    assert_eq!(action, Action::new("bash", json!({"command": "ls -la"})));
}

#[test]
fn reply_is_always_allowed() {
    let action = parse_action(r#"{"tool":"reply","args":{"text":"8731"}}"#, &[]).unwrap();
    assert_eq!(action.str_arg("text"), Some("8731"));
    assert_eq!(
        reason(r#"{"tool":"reply","args":{}}"#),
        ParseReason::InvalidArgs
    );
}

#[test]
fn prose_around_json_is_read() {
    let text = "I will list files.\n```json\n{\"tool\": \"note_list\", \"args\": {}}\n```";
    assert_eq!(parse_action(text, &all()).unwrap().tool, "note_list");
}

#[test]
fn empty_replies() {
    for text in ["", "   ", "\n\t\n"] {
        assert_eq!(reason(text), ParseReason::Empty);
    }
}

#[test]
fn no_json() {
    assert_eq!(reason("I think I should run ls."), ParseReason::NoJson);
    assert_eq!(reason("\"bash\""), ParseReason::NoJson);
}

#[test]
fn truncated() {
    assert_eq!(
        reason(r#"{"tool":"bash","args":{"command":"ls"#),
        ParseReason::Truncated
    );
    assert_eq!(
        reason(r#"{"tool":"bash","args":{"command":"ls"}"#),
        ParseReason::Truncated
    );
    assert_eq!(reason("{"), ParseReason::Truncated);
}

#[test]
fn a_cut_reply_with_bad_json_is_truncated() {
    let reply = Reply {
        text: r#"{"tool":"bash","args":{"command":"ls"}, }"#.into(),
        truncated: true,
        ..Reply::default()
    };
    let failure = parse_reply(&reply, &all()).unwrap_err();
    assert_eq!(failure.reason, ParseReason::Truncated);
    let whole = Reply {
        truncated: false,
        ..reply
    };
    assert_eq!(
        parse_reply(&whole, &all()).unwrap_err().reason,
        ParseReason::InvalidJson
    );
}

#[test]
fn invalid_json() {
    assert_eq!(
        reason("{'tool': 'bash', 'args': {}}"),
        ParseReason::InvalidJson
    );
    assert_eq!(reason(r#"{"tool": bash}"#), ParseReason::InvalidJson);
}

#[test]
fn bad_shapes() {
    assert_eq!(reason(r#"{"thought":"hmm"}"#), ParseReason::BadShape);
    assert_eq!(reason(r#"{"tool":3,"args":{}}"#), ParseReason::BadShape);
    let extra = r#"{"tool":"note_list","args":{},"why":"curious"}"#;
    assert_eq!(reason(extra), ParseReason::BadShape);
}

#[test]
fn unknown_and_locked_tools_fail_alike() {
    let visible: Vec<&ToolSpec> = TOOLS.iter().filter(|t| t.name != "bash").collect();
    let locked = parse_action(r#"{"tool":"bash","args":{"command":"ls"}}"#, &visible);
    let unknown = parse_action(r#"{"tool":"bosh","args":{"command":"ls"}}"#, &visible);
    let (locked, unknown) = (locked.unwrap_err(), unknown.unwrap_err());
    assert_eq!(locked.reason, ParseReason::UnknownTool);
    assert_eq!(unknown.reason, ParseReason::UnknownTool);
    assert_eq!(
        locked.detail.replace("bash", "X"),
        unknown.detail.replace("bosh", "X")
    );
}

#[test]
fn invalid_args() {
    let cases = [
        (r#"{"tool":"bash","args":{}}"#, "missing \"command\""),
        (
            r#"{"tool":"bash","args":{"command":5}}"#,
            "should be string, got an integer",
        ),
        (
            r#"{"tool":"bash","args":{"command":"ls","cwd":"/"}}"#,
            "unexpected argument \"cwd\"",
        ),
        (r#"{"tool":"bash","args":"ls"}"#, "not an object"),
        (r#"{"tool":"bash"}"#, "\"args\" is missing"),
        (
            r#"{"tool":"note_close","args":{"notebook":"plan","number":"2"}}"#,
            "should be integer",
        ),
        (
            r#"{"tool":"note_close","args":{"notebook":"plan","number":2.5}}"#,
            "got a number",
        ),
        (r#"{"tool":"bash","args":{"command":null}}"#, "got null"),
    ];
    for (text, needle) in cases {
        let failure = parse_action(text, &all()).expect_err(text);
        assert_eq!(failure.reason, ParseReason::InvalidArgs, "{text}");
        assert!(
            failure.detail.contains(needle),
            "{text}: {}",
            failure.detail
        );
    }
}

#[test]
fn every_argument_problem_is_named() {
    let text = r#"{"tool":"write_file","args":{"path":1,"mode":"w"}}"#;
    let detail = parse_action(text, &all()).unwrap_err().detail;
    for needle in [
        "\"path\" should be string",
        "missing \"content\"",
        "unexpected argument \"mode\"",
    ] {
        assert!(detail.contains(needle), "{detail}");
    }
}

#[test]
fn an_overlong_string_argument_is_invalid() {
    let long = "x".repeat(MAX_STRING_CHARS as usize + 1);
    let text = json!({"tool": "bash", "args": {"command": long}}).to_string();
    assert_eq!(reason(&text), ParseReason::InvalidArgs);
}

#[test]
fn an_integral_float_is_an_integer() {
    let text = r#"{"tool":"note_close","args":{"notebook":"plan","number":2.0}}"#;
    let action = parse_action(text, &all()).unwrap();
    assert_eq!(action.args["number"], json!(2));
}

#[test]
fn the_raw_reply_is_kept_bounded() {
    let text = format!("{}{}", "words ".repeat(1000), "no json");
    let failure = parse_action(&text, &all()).unwrap_err();
    assert_eq!(failure.raw.chars().count(), RAW_KEEP_CHARS);
    assert!(text.starts_with(&failure.raw));
}

#[test]
fn a_long_detail_is_bounded() {
    let name = "t".repeat(5000);
    let failure = parse_action(&json!({"tool": name, "args": {}}).to_string(), &all()).unwrap_err();
    assert_eq!(failure.reason, ParseReason::UnknownTool);
    assert_eq!(failure.detail.chars().count(), DETAIL_MAX_CHARS + 1);
    assert!(failure.detail.ends_with('…'));
}

#[test]
fn a_failure_is_a_parse_error_outcome() {
    let failure = parse_action("nothing", &all()).unwrap_err();
    let outcome = failure.outcome();
    assert_eq!(outcome.fail_kind, FailKind::ParseError);
    assert!(!outcome.success);
    assert_eq!(outcome.output, "no_json: no JSON object in the reply");
}

#[test]
fn reasons_have_distinct_snake_case_names() {
    let names: std::collections::BTreeSet<_> =
        ParseReason::ALL.iter().map(|r| r.as_str()).collect();
    assert_eq!(names.len(), ParseReason::ALL.len());
    for r in ParseReason::ALL {
        assert_eq!(serde_json::to_string(&r).unwrap(), format!("\"{r}\""));
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let deep = format!("{}{}", "{\"a\":".repeat(5000), "1");
    assert!(parse_action(&deep, &all()).is_err());
    let closed = format!("{}1{}", "{\"a\":".repeat(5000), "}".repeat(5000));
    assert!(parse_action(&closed, &all()).is_err());
}

/// A valid action for one of the tools, with values of the right types.
fn arb_action() -> impl Strategy<Value = Action> {
    let tool = prop::sample::select(TOOLS.iter().collect::<Vec<_>>());
    (tool, any::<String>(), any::<i64>(), any::<bool>()).prop_map(|(spec, s, n, b)| {
        let mut args = Map::new();
        for a in spec.args {
            let value = match a.ty {
                ArgType::String => Value::String(s.chars().take(200).collect()),
                ArgType::Integer => Value::from(n),
                ArgType::Boolean => Value::Bool(b),
            };
            args.insert(a.name.to_string(), value);
        }
        Action {
            tool: spec.name.to_string(),
            args,
        }
    })
}

proptest! {
    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        let _ = parse_action(&text, &all());
    }

    #[test]
    fn json_like_text_never_panics(text in r#"[{}\[\]":,a-z0-9 \\]{0,200}"#) {
        let _ = parse_action(&text, &all());
    }

    #[test]
    fn valid_actions_round_trip(action in arb_action(), before in "[A-Za-z .,!]{0,40}") {
        prop_assert_eq!(parse_action(&action.to_json(), &all()), Ok(action.clone()));
        let wrapped = format!("{before}\n{}\nthat is all", action.to_json());
        prop_assert_eq!(parse_action(&wrapped, &all()), Ok(action));
    }

    #[test]
    fn any_strict_prefix_of_an_action_is_truncated(action in arb_action(), cut in 1usize..400) {
        let json = action.to_json();
        let cut = cut.min(json.len() - 1);
        if let Some(prefix) = json.get(..cut) {
            prop_assert_eq!(reason(prefix), ParseReason::Truncated);
        }
    }

    #[test]
    fn the_raw_text_is_a_bounded_prefix(text in any::<String>()) {
        if let Err(f) = parse_action(&text, &all()) {
            prop_assert!(f.raw.chars().count() <= RAW_KEEP_CHARS);
            prop_assert!(text.starts_with(&f.raw));
            prop_assert!(f.detail.chars().count() <= DETAIL_MAX_CHARS + 1);
        }
    }
}
