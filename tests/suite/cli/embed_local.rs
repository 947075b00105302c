//! `[embed] backend = "local"` through the real binary: without its model the way out is
//! named; with the installed all-MiniLM-L6-v2, a creature that switches to it sees its
//! memories as made by another embedder, re-embeds them, finds the right one for a question,
//! and gates recall at the local model's measured floor.

use crate::support::TestEnv;

#[test]
fn the_local_backend_without_its_model_is_exit_66_naming_the_fetch_script() {
    let env = TestEnv::born();
    let out = env.wis(&["-c", "embed.backend=local", "memory", "add", "the kettle"]);
    assert_eq!(out.code, 66, "{}", out.stderr);
    assert!(
        out.stderr.contains("default embedding model"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("scripts/fetch-embedder.sh"),
        "{}",
        out.stderr
    );
    let named = env.wis(&[
        "-c",
        "embed.backend=local",
        "-c",
        "embed.model_path=/nowhere/model",
        "memory",
        "search",
        "kettle",
    ]);
    assert_eq!(named.code, 66, "{}", named.stderr);
    assert!(
        named.stderr.contains("[embed] model_path /nowhere/model"),
        "{}",
        named.stderr
    );
}

#[test]
fn a_creature_switched_to_the_local_model_finds_its_memories_again() {
    let dir = wis::memory::embed::local::default_model_dir().unwrap();
    if !dir.join("model.safetensors").is_file() {
        assert!(
            std::env::var_os("WIS_TEST_REQUIRE_MODEL").is_none(),
            "WIS_TEST_REQUIRE_MODEL is set but the embedding model {} is missing \
             (run scripts/fetch-embedder.sh)",
            dir.display()
        );
        eprintln!("skipping: the embedding model {} is absent", dir.display());
        return;
    }
    let mut env = TestEnv::born();
    for body in [
        "The spare fuse is kept in the blue tin on the shelf above the workbench.",
        "To restart the greenhouse pump, run: pumpctl restart --greenhouse",
        "Recycling is collected on Thursday mornings; put the blue bin out on Wednesday night.",
    ] {
        env.json(&["memory", "add", body]);
    }
    env.set("WIS_EMBED_BACKEND", "local");
    env.set("WIS_EMBED_MODEL_PATH", dir.to_str().unwrap());
    let question = "The greenhouse pump stopped. How do I bring it back?";
    let before = env.json(&["memory", "search", question]);
    assert_eq!(before["other_space"], 3, "{before}");
    let report = env.json(&["memory", "reembed"]);
    assert_eq!(report["reembedded"], 3, "{report}");
    assert_eq!(report["backend"], "local");
    assert!(
        report["model"]
            .as_str()
            .unwrap()
            .starts_with("all-minilm-l6-v2@")
    );
    let after = env.json(&["memory", "search", question]);
    assert_eq!(after["hits"][0]["id"], 2, "{after}");
    assert_eq!(after["hits"][0]["engram"]["vector"]["dim"], 384);
    let shown = env.wis(&["config", "show"]).ok().to_string();
    assert!(
        shown.contains("recall_min_sim = 0.6  # the gate of embed.backend = \"local\"\n"),
        "{shown}"
    );
}
