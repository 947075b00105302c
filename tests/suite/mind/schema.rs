//! The action schema over the creature's real tool table: it names exactly the tools it is
//! given, and `reply`, and an action's tool comes before its arguments.

use wis::creature::REPLY;
use wis::creature::tool::ToolSpec;
use wis::mind::schema::{action_schema, schema_tool_names};
use wis::world::tools::TOOLS;

#[test]
fn schema_names_exactly_the_given_tools_and_reply() {
    let tools: Vec<&ToolSpec> = TOOLS.iter().filter(|t| t.name != "bash").collect();
    let schema = action_schema(&tools);
    let names = schema_tool_names(&schema);
    assert!(!names.contains(&"bash".to_string()));
    assert_eq!(names.last().map(String::as_str), Some(REPLY));
    assert_eq!(names.len(), tools.len() + 1);
}

#[test]
fn tool_comes_before_args() {
    let schema = action_schema(&[&TOOLS[0]]);
    let text = schema.to_string();
    assert!(text.find("\"tool\"").unwrap() < text.find("\"args\"").unwrap());
}

/// The schema over every tool, as the model's grammar is made from it: a change of its text is
/// a reviewed snapshot diff, whatever the code that builds it.
#[test]
fn the_schema_over_every_tool_is_pinned() {
    let tools: Vec<&ToolSpec> = TOOLS.iter().collect();
    let text = serde_json::to_string_pretty(&action_schema(&tools)).unwrap();
    insta::assert_snapshot!("action-schema-every-tool", text);
}

/// `predict` takes exactly one of `check` and `stat`: the schema offers one shape of its
/// arguments per alternative, each closed, so a grammar-bound model cannot give both or neither
/// (measured on the 270M: 16 of 269 work ticks of a 300-tick life were `predict` calls the tool
/// refused for that).
#[test]
fn predict_takes_exactly_one_of_check_and_stat() {
    let predict = TOOLS.iter().find(|t| t.name == "predict").unwrap();
    let schema = action_schema(&[predict]);
    let shapes = schema
        .pointer("/anyOf/0/properties/args/anyOf")
        .and_then(|s| s.as_array())
        .expect("one shape per alternative");
    assert_eq!(shapes.len(), 2);
    for (shape, given, absent) in [(&shapes[0], "check", "stat"), (&shapes[1], "stat", "check")] {
        let required: Vec<&str> = shape["required"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        assert!(
            required.contains(&given) && required.contains(&"claim"),
            "{required:?}"
        );
        assert!(required.contains(&"within"), "{required:?}");
        assert!(shape.pointer(&format!("/properties/{absent}")).is_none());
        assert_eq!(shape["additionalProperties"], serde_json::json!(false));
    }
    // A tool with no alternatives keeps its one closed shape.
    let read = TOOLS.iter().find(|t| t.name == "read_file").unwrap();
    let schema = action_schema(&[read]);
    assert!(schema.pointer("/anyOf/0/properties/args/anyOf").is_none());
    assert!(
        schema
            .pointer("/anyOf/0/properties/args/properties/path")
            .is_some()
    );
}

/// `predict`'s `stat` is bound to the form the tool reads: every declared stat path, every
/// operator, a whole number; whatever the pattern admits parses.
#[test]
fn a_predicted_stat_is_bound_to_the_declared_vocabulary() {
    use wis::creature::criterion::{Criterion, Op, STATS};
    use wis::world::tools::predict::STAT_PATTERN;
    let paths: Vec<String> = STATS.iter().map(|s| s.path.replace('.', "\\.")).collect();
    let ops: Vec<&str> = Op::ALL.iter().map(|o| o.as_str()).collect();
    assert_eq!(
        STAT_PATTERN,
        format!("^({}) ({}) [0-9]{{1,3}}$", paths.join("|"), ops.join("|")),
        "the pattern names exactly the declared stats and operators"
    );
    let re = regex::Regex::new(STAT_PATTERN).unwrap();
    for s in STATS {
        for op in ops.iter() {
            let text = format!("{} {op} 2", s.path);
            assert!(re.is_match(&text), "{text}");
            assert!(Criterion::parse(&text).is_ok(), "{text}");
        }
    }
    for refused in [
        "live >= 2",
        "two skills.live >= 2",
        "skills.live >= two",
        "skills_live >= 2",
    ] {
        assert!(!re.is_match(refused), "{refused}");
    }
    let predict = TOOLS.iter().find(|t| t.name == "predict").unwrap();
    let schema = action_schema(&[predict]);
    assert_eq!(
        schema.pointer("/anyOf/0/properties/args/anyOf/1/properties/stat/pattern"),
        Some(&serde_json::json!(STAT_PATTERN))
    );
}
