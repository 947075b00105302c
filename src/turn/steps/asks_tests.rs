//! What steps ask, on the phrasings plans and keepers write.

use serde_json::json;

use super::*;
use crate::creature::Unlocks;
use crate::world::units;

fn pool() -> Vec<&'static Example> {
    let mut unlocks = Unlocks::newborn(0);
    for id in crate::creature::UnitId::ALL {
        unlocks.units.insert(
            id,
            crate::creature::UnitRecord {
                state: crate::creature::UnitState::Granted,
                tick: 0,
                at: 0,
                by: crate::creature::By::Operator,
                evidence: String::new(),
                held: None,
                engram_due: false,
            },
        );
    }
    units::examples(&unlocks)
}

fn a(tool: &str, args: serde_json::Value) -> Action {
    Action::new(tool, args)
}

fn done(step: &str, action: &Action) -> bool {
    asks(step, &pool()).done_by(action)
}

#[test]
fn the_newborn_s_own_steps_are_checkable() {
    let ls = a("bash", json!({"command": "ls -la"}));
    assert!(done("list the files here", &ls));
    assert!(done("find out what is here", &ls));
    assert!(done("See what files are around.", &ls));
    assert!(!done(
        "list the files here",
        &a("note_append", json!({"notebook": "plan", "text": "hi"}))
    ));
    assert!(!done(
        "list the files here",
        &a("bash", json!({"command": "echo hi"}))
    ));
    assert!(done(
        "check what you are able to do now",
        &a("check_tools", json!({}))
    ));
    assert!(done(
        "read the plan notebook",
        &a("note_read", json!({"notebook": "plan"}))
    ));
    assert!(!done(
        "read the plan notebook",
        &a("note_read", json!({"notebook": "ideas"}))
    ));
    assert!(done("list your notebooks", &a("note_list", json!({}))));
    assert!(done("run date", &a("bash", json!({"command": "date +%s"}))));
    assert!(!done("run date", &a("bash", json!({"command": "ls"}))));
}

#[test]
fn files_are_judged_by_the_world_or_by_naming_them() {
    assert_eq!(
        asks("write hi into hello.txt", &pool()),
        Asks::World(Check::FileContains {
            path: "hello.txt".into(),
            text: "hi".into()
        })
    );
    assert_eq!(
        asks("Write 'ready' to status.txt.", &pool()),
        Asks::World(Check::FileContains {
            path: "status.txt".into(),
            text: "ready".into()
        })
    );
    assert_eq!(
        asks("make a file todo.txt that says buy milk", &pool()),
        Asks::World(Check::FileContains {
            path: "todo.txt".into(),
            text: "buy milk".into()
        })
    );
    assert_eq!(
        asks("create notes/a.md", &pool()),
        Asks::World(Check::FileExists {
            path: "notes/a.md".into()
        })
    );
    let read = a("read_file", json!({"path": "notes.txt"}));
    assert!(done("read notes.txt", &read));
    assert!(done("show what notes.txt says", &read));
    assert!(done(
        "Look at notes.txt",
        &a("bash", json!({"command": "cat notes.txt"}))
    ));
    assert!(!done(
        "read notes.txt",
        &a("read_file", json!({"path": "other.txt"}))
    ));
    assert!(done(
        "count the lines in data.csv",
        &a("bash", json!({"command": "wc -l data.csv"}))
    ));
}

#[test]
fn the_keeper_the_memory_and_skills() {
    let reply = a(REPLY, json!({"text": "it says 42"}));
    assert!(done("tell the keeper what notes.txt says", &reply));
    assert!(done("answer the keeper's greeting", &reply));
    assert!(done(
        "remember that the door code is 4411",
        &a("memorize", json!({"text": "door code 4411"}))
    ));
    assert!(done(
        "find what you know about the door",
        &a("recall", json!({"query": "door"}))
    ));
    assert!(done(
        "make a skill that shows the date",
        &a("create_skill", json!({"name": "d", "script": "date"}))
    ));
    assert!(done(
        "run the count skill",
        &a("skill_count", json!({"input": ""}))
    ));
    assert!(!done(
        "run the count skill",
        &a("skill_other", json!({"input": ""}))
    ));
    assert!(done("list your skills", &a("list_skills", json!({}))));
}

#[test]
fn vague_steps_are_unchecked() {
    assert_eq!(asks("be happy", &pool()), Asks::Unchecked);
    assert_eq!(asks("think about life", &pool()), Asks::Unchecked);
    assert!(!Asks::Unchecked.done_by(&a("bash", json!({"command": "ls"}))));
}
