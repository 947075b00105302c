//! The tests' JSON Schema checker (`support::conform`) itself, on the action schema: what it
//! must accept and what it must refuse, so a test that leans on it can trust its verdict.

use crate::support::conform::conforms;

#[test]
fn the_subset_accepts_and_refuses_what_it_should() {
    let tools: Vec<&wis::creature::tool::ToolSpec> = wis::world::TOOLS.iter().collect();
    let schema = wis::mind::schema::action_schema(&tools);
    let ok = serde_json::json!({"tool": "read_file", "args": {"path": "a.txt"}});
    assert_eq!(conforms(&schema, &ok), Ok(()));
    for bad in [
        serde_json::json!({"tool": "read_file", "args": {}}),
        serde_json::json!({"tool": "read_file", "args": {"path": 3}}),
        serde_json::json!({"tool": "fly", "args": {}}),
        serde_json::json!({"tool": "note_list", "args": {"extra": true}}),
        serde_json::json!({"tool": "note_close", "args": {"notebook": "plan", "number": "1"}}),
    ] {
        assert!(conforms(&schema, &bad).is_err(), "{bad} should be refused");
    }
}
