//! The CultCache round trip of a creature that has lived: rings (episodes, stream), keyed
//! documents (notebooks) and singletons all travel, and export → import into a fresh creature
//! → export gives identical bytes.

use crate::support::TestEnv;
use crate::support::fake_openai::FakeOpenAi;

#[test]
fn a_lived_creature_round_trips_byte_for_byte() {
    let server = FakeOpenAi::builder()
        .reply(r#"{"thought": "start", "plan": ["look", "note"]}"#)
        .reply(r#"{"tool": "bash", "args": {"command": "echo hi"}}"#)
        .reply(r#"{"tool": "note_append", "args": {"notebook": "ideas", "text": "keep notes"}}"#)
        .reply(r#"{"tool": "reply", "args": {"text": "hello"}}"#)
        .start();
    let mut env = TestEnv::born();
    env.use_mind(&server);
    for _ in 0..4 {
        env.wis(&["tick"]).ok();
    }
    let first = env.dir.path().join("first.cc");
    env.wis(&["cachectl", "export", "--out", first.to_str().unwrap()])
        .ok();
    let summary = env
        .wis(&[
            "cachectl",
            "verify",
            first.to_str().unwrap(),
            "--output-format",
            "json",
        ])
        .json();
    let text = summary.to_string();
    for schema in [
        "wis.episode.v1",
        "wis.stream.v1",
        "wis.notebook.v1",
        "wis.persona.v1",
    ] {
        assert!(text.contains(schema), "{schema} missing from {text}");
    }

    let other = TestEnv::new();
    other.wis(&["init", "--seed", "99"]).ok();
    other
        .wis(&["cachectl", "import", first.to_str().unwrap()])
        .ok();
    other.wis(&["check"]).ok();
    let second = other.dir.path().join("second.cc");
    other
        .wis(&["cachectl", "export", "--out", second.to_str().unwrap()])
        .ok();
    assert!(
        std::fs::read(&first).unwrap() == std::fs::read(&second).unwrap(),
        "the round trip changed bytes"
    );
    let status = other.wis(&["status", "--output-format", "json"]).json();
    assert_eq!(status["ticks"], 4);
    assert_eq!(status["documents"]["wis.episode.v1"], 3);
}
