//! Inheritance worth having, through the real binary against fake model servers (design §4.6):
//! a lesson of the keeper's errands, followed into a closed commission, is verified by the
//! world and passed on at the default level, whole; the heir, in another house with other
//! names, is shown it on a commission of the same kind, follows it, and its next sleep marks
//! it re-earned; an inherited lesson that fails there twice is demoted at the second failure,
//! saying so; a fact the ancestor read twice unchanged is passed on as verified and demoted,
//! with the reading that contradicted it, when the heir's house says otherwise; a fact read of
//! the creature's own writing stays behind, however verified; and the scars of one pattern
//! leave as one record with a count.

use serde_json::Value;
use wis::wisdom::lineage::format::ItemKind;
use wis::wisdom::lineage::read::{Volume, read_bytes};

use crate::support::fake_openai::{Answer, FakeOpenAi};
use crate::support::{TestEnv, snapshot};

fn bash(command: &str) -> String {
    format!(r#"{{"tool": "bash", "args": {{"command": "{command}"}}}}"#)
}

fn read(path: &str) -> String {
    format!(r#"{{"tool": "read_file", "args": {{"path": "{path}"}}}}"#)
}

fn reply(text: &str) -> String {
    format!(r#"{{"tool": "reply", "args": {{"text": "{text}"}}}}"#)
}

/// A creature born from `seed` answering with `answers`, the flags this file is about on.
fn creature(seed: u64, server: &FakeOpenAi) -> TestEnv {
    let mut env = TestEnv::born_from(seed);
    env.use_mind(server);
    env.set("WIS_ORGANS_BASH_TIMEOUT_SECS", "5");
    for flag in [
        "WIS_WISDOM_ERRANDS_ENABLED",
        "WIS_WISDOM_CURATION_ENABLED",
        "WIS_WISDOM_DISTILL_ENABLED",
    ] {
        env.set(flag, "true");
    }
    env
}

fn server(answers: &[String]) -> FakeOpenAi {
    FakeOpenAi::builder()
        .answers(answers.iter().cloned().map(Answer::content))
        .start()
}

fn give(env: &TestEnv, text: &str, check: &str, kind: &str) {
    env.wis(&["commission", "add", text, "--check", check, "--kind", kind])
        .ok();
}

fn tick(env: &TestEnv) -> Value {
    let run = env.wis(&["tick", "--output-format", "json"]);
    assert_eq!(run.code, 0, "{}\n{}", run.stdout, run.stderr);
    run.json()
}

fn done(env: &TestEnv, id: u64) -> bool {
    let c = env.json(&["commission", "show", &id.to_string()]);
    c["status"] == "done"
}

/// The active memories whose sources hold `source`.
fn with_source(env: &TestEnv, source: &str) -> Vec<Value> {
    let list = env.json(&[
        "memory",
        "list",
        "--tier",
        "active",
        "-n",
        "500",
        "--output-format",
        "json",
    ]);
    list.as_array()
        .expect("a list of memories")
        .iter()
        .filter(|e| {
            e["sources"]
                .as_array()
                .is_some_and(|s| s.iter().any(|x| x == source))
        })
        .cloned()
        .collect()
}

fn show(env: &TestEnv, id: &Value) -> (Value, String) {
    let id = format!("e{}", id.as_u64().unwrap());
    let json = env.json(&["memory", "show", &id, "--output-format", "json"]);
    let text = env.wis(&["memory", "show", &id]).ok().to_string();
    (json, text)
}

/// Exports `env` at the default level and reads the volume back strictly.
fn export(env: &TestEnv) -> (String, Volume) {
    let out = env.json(&["legacy", "export", "--output-format", "json"]);
    let path = out["path"].as_str().unwrap().to_string();
    let volume = read_bytes(&path, &std::fs::read(&path).unwrap()).unwrap();
    (path, volume)
}

/// Hands the volume at `path` to `heir` (in its own root) and imports it.
fn inherit(heir: &TestEnv, path: &str) -> Value {
    let name = std::path::Path::new(path)
        .file_name()
        .unwrap()
        .to_str()
        .unwrap();
    std::fs::copy(path, heir.root(name)).unwrap();
    heir.json(&["legacy", "import", name, "--output-format", "json"])
}

/// An elder that copied a file for the keeper, then, shown that lesson, copied two more (and
/// reached level 2 with the third).
fn copier() -> (TestEnv, FakeOpenAi) {
    let server = server(&[
        bash("cp papers/boiler.cfg papers/boiler-copy.cfg"),
        bash("cp notes.txt notes-old.txt"),
        bash("cp papers/rota.txt papers/rota-spare.txt"),
    ]);
    let env = creature(1, &server);
    env.write("workspace/papers/boiler.cfg", "pressure: 62\n");
    env.write("workspace/papers/rota.txt", "Signe, Ove\n");
    env.write("workspace/notes.txt", "hello\n");
    give(
        &env,
        "Copy papers/boiler.cfg to papers/boiler-copy.cfg.",
        "command test -f papers/boiler-copy.cfg",
        "copy",
    );
    tick(&env);
    assert!(done(&env, 1));
    give(
        &env,
        "Back up notes.txt to notes-old.txt.",
        "command test -f notes-old.txt",
        "copy",
    );
    tick(&env);
    assert!(done(&env, 2));
    give(
        &env,
        "Make a spare of papers/rota.txt named papers/rota-spare.txt.",
        "command test -f papers/rota-spare.txt",
        "copy",
    );
    tick(&env);
    assert!(done(&env, 3));
    (env, server)
}

#[test]
fn a_lesson_followed_into_a_done_commission_is_verified_by_the_world_passed_on_and_re_earned() {
    let (elder, _server) = copier();
    let first = with_source(
        &elder,
        "task:Copy papers/boiler.cfg to papers/boiler-copy.cfg.",
    );
    assert_eq!(first.len(), 1, "the first errand's lesson");
    let (json, text) = show(&elder, &first[0]["id"]);
    let id = format!("e{}", first[0]["id"]);
    snapshot!(
        elder,
        "memory-show-verified-by-the-world",
        ["memory", "show", &id]
    )
    .ok();
    assert_eq!(json["verified"]["by"][0], "world", "{json}");
    let seen: Vec<&str> = json["verified"]["world"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["how"].as_str().unwrap())
        .collect();
    assert_eq!(seen, ["errand_done", "followed_into_close"], "{json}");
    assert_eq!(json["verified"]["world"][1]["commission"], 2);
    assert_eq!(json["utility"]["followed_into_success"], 1);
    assert!(
        text.contains(
            "by the world: tick 1, errand done: commission #1 done: command test -f \
             papers/boiler-copy.cfg"
        ),
        "{text}"
    );
    assert!(
        text.contains("tick 2, followed into a close: commission #2 done"),
        "{text}"
    );

    let (path, volume) = export(&elder);
    assert_eq!(volume.header.version, 2);
    let lessons: Vec<_> = volume
        .records
        .iter()
        .filter(|r| r.kind == ItemKind::Procedure)
        .collect();
    assert_eq!(
        lessons.len(),
        3,
        "every lesson verified by the world: {lessons:#?}"
    );
    for r in &lessons {
        let l = r.lesson.as_ref().expect("a lesson travels whole");
        assert_eq!((l.errand.as_str(), l.role.as_str()), ("copy", "act"));
        assert_eq!(l.shape, "bash cp");
        assert!(!r.world.is_empty());
    }

    // The heir: another creature, another house, other names.
    let heir_server = server(&[bash("cp ledger/coal.txt ledger/coal-old.txt")]);
    let heir = creature(6, &heir_server);
    heir.write("workspace/ledger/coal.txt", "two sacks\n");
    let imported = inherit(&heir, &path);
    assert_eq!(imported["imported"]["engrams"], 3, "{imported}");
    give(
        &heir,
        "Back up ledger/coal.txt to ledger/coal-old.txt.",
        "command test -f ledger/coal-old.txt",
        "copy",
    );
    let dry = heir.json(&["tick", "--dry-run", "--output-format", "json"]);
    let prompt = dry["prompt"]["volatile"].as_str().unwrap();
    let tail = prompt.trim_end();
    // The ancestor's lesson gives the heir's errand, worded past the chore rules, its command
    // with the heir's own paths, and is shown above it.
    assert!(
        tail.ends_with("Q: run cp ledger/coal.txt ledger/coal-old.txt\nA:"),
        "{tail}"
    );
    // The stream says whose errand it was: an ancestor's, from the volume it came in (WIS5).
    let said = tail
        .lines()
        .find(|l| l.contains("gives the keeper's commission #1 its step"))
        .unwrap_or_else(|| panic!("{tail}"));
    assert!(
        said.contains("a copy errand an ancestor did (inherited from ")
            && said.ends_with("gives the keeper's commission #1 its step: run cp ledger/coal.txt ledger/coal-old.txt"),
        "{said}"
    );
    let shown = &tail[..tail.rfind("Q: run cp ledger").unwrap()];
    let example = shown.lines().rev().find(|l| l.starts_with("A: ")).unwrap();
    assert!(
        example.contains(r#""command":"cp "#),
        "the ancestor's lesson: {shown}"
    );
    tick(&heir);
    assert!(
        done(&heir, 1),
        "the heir followed it into a done commission"
    );
    let inherited = with_source(&heir, "errand:copy");
    let followed: Vec<&Value> = inherited
        .iter()
        .filter(|e| e["provenance"] == "inherited")
        .filter(|e| e["utility"]["followed_into_success"] == 1)
        .collect();
    assert_eq!(followed.len(), 1, "{inherited:#?}");
    let id = followed[0]["id"].clone();
    assert!(followed[0]["fate"].get("verified_at").is_none());
    heir.wis(&["sleep"]).ok();
    let (json, text) = show(&heir, &id);
    assert_eq!(
        json["fate"]["verified_at"], 1,
        "re-earned at the next sleep: {json}"
    );
    assert_eq!(json["verified"]["world"][0]["how"], "followed_into_close");
    assert!(text.contains("marked verified here at sleep 1"), "{text}");

    // The generations side by side: the keeper's figures, level 2, the score at an age.
    let gens = heir.json(&["legacy", "lineage", "--output-format", "json"]);
    let figures = |g: &Value| {
        (
            g["done_rate"].as_f64(),
            g["commissions_done"].as_u64(),
            g["ticks_to_first_confirmed_commission"].as_u64(),
            g["ticks_to_level_2"].as_u64(),
        )
    };
    assert_eq!(
        figures(&gens[0]),
        (Some(1.0), Some(3), Some(1), Some(3)),
        "{gens}"
    );
    assert_eq!(
        figures(&gens[1]),
        (Some(1.0), Some(1), Some(1), None),
        "{gens}"
    );
    snapshot!(heir, "legacy-lineage-generations", ["legacy", "lineage"]).ok();
    heir.wis(&["check", "--schemas"]).ok();
}

#[test]
fn an_inherited_lesson_that_fails_twice_in_the_new_house_is_demoted_saying_so() {
    let (elder, _server) = copier();
    let (path, _) = export(&elder);
    // In the heir's house the copy fails: there is no such file.
    let heir_server = server(&[
        bash("cp ledger/coal.txt ledger/coal-old.txt"),
        bash("cp ledger/coal.txt ledger/coal-old.txt"),
    ]);
    let heir = creature(7, &heir_server);
    heir.write("workspace/ledger/readme.txt", "empty\n");
    inherit(&heir, &path);
    give(
        &heir,
        "Back up ledger/coal.txt to ledger/coal-old.txt.",
        "command test -f ledger/coal-old.txt",
        "copy",
    );
    let before = with_source(&heir, "errand:copy").len();
    assert_eq!(before, 3);
    tick(&heir);
    assert_eq!(
        with_source(&heir, "errand:copy").len(),
        3,
        "once is not twice"
    );
    tick(&heir);
    let left = with_source(&heir, "errand:copy");
    assert_eq!(left.len(), 2, "demoted at its second failure here");
    let all = heir.json(&[
        "memory",
        "list",
        "--tier",
        "archive",
        "--output-format",
        "json",
    ]);
    let gone = all
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["provenance"] == "inherited")
        .expect("the demoted lesson, archived")
        .clone();
    let (_, text) = show(&heir, &gone["id"]);
    assert!(
        text.contains("demoted: it failed here 2 times before it was verified, the last at tick 2"),
        "{text}"
    );
    heir.wis(&["check", "--schemas"]).ok();
}

#[test]
fn a_fact_read_twice_is_passed_on_and_the_heir_s_own_reading_demotes_it() {
    let question = "Read notes/pump.txt and tell me the port.";
    let elder_server = server(&[
        read("notes/pump.txt"),
        reply("8731"),
        read("notes/pump.txt"),
        reply("8731"),
    ]);
    let elder = creature(1, &elder_server);
    elder.write("workspace/notes/pump.txt", "the pump listens on 8731\n");
    for id in [1, 2] {
        give(&elder, question, "reply contains 8731", "value");
        tick(&elder);
        tick(&elder);
        assert!(done(&elder, id));
    }
    elder.wis(&["sleep"]).ok();
    let facts: Vec<Value> = with_source(&elder, "episode:0")
        .into_iter()
        .filter(|e| e["kind"] == "fact")
        .collect();
    assert_eq!(facts.len(), 1, "the first reading's fact");
    let (json, text) = show(&elder, &facts[0]["id"]);
    assert_eq!(json["verified"]["world"][0]["how"], "read_again", "{json}");
    assert!(text.contains("read again at tick 3, unchanged"), "{text}");
    let (path, volume) = export(&elder);
    let fact = volume
        .records
        .iter()
        .find(|r| r.kind == ItemKind::Fact)
        .expect("verified by the world: passed on whatever its utility");
    assert_eq!(fact.utility, 0);
    assert!(
        fact.text.starts_with("notes/pump.txt says: "),
        "{}",
        fact.text
    );
    assert!(fact.text.contains("8731"));

    // The heir's house: the same file says otherwise.
    let heir_server = server(&[read("notes/pump.txt"), reply("9000")]);
    let heir = creature(8, &heir_server);
    heir.write("workspace/notes/pump.txt", "the pump listens on 9000\n");
    inherit(&heir, &path);
    let inherited: Vec<Value> = with_source(&heir, &format!("item:{}", fact.id));
    assert_eq!(inherited.len(), 1);
    give(&heir, question, "reply contains 9000", "value");
    tick(&heir);
    tick(&heir);
    assert!(done(&heir, 1));
    heir.wis(&["sleep"]).ok();
    assert!(
        with_source(&heir, &format!("item:{}", fact.id)).is_empty(),
        "the contradicted fact left the active tier"
    );
    let (json, text) = show(&heir, &inherited[0]["id"]);
    let id = format!("e{}", inherited[0]["id"]);
    snapshot!(heir, "memory-show-contradicted", ["memory", "show", &id]).ok();
    assert_eq!(json["tier"], "archive");
    assert_eq!(json["fate"]["archived"]["gone"]["why"], "contradicted");
    assert!(
        text.contains("contradicted by the read at tick 1: notes/pump.txt says: "),
        "{text}"
    );
    assert!(text.contains("9000"), "{text}");
    heir.wis(&["check", "--schemas"]).ok();
}

#[test]
fn scars_of_one_pattern_leave_as_one_record_with_a_count() {
    let plan = r#"{"thought": "the port is written somewhere", "plan": ["find the pump port"]}"#;
    let mut answers = vec![plan.to_string()];
    for path in ["a.txt", "b.txt", "c.txt", "d.txt"] {
        answers.push(read(&format!("notes/{path}")));
    }
    let elder_server = server(&answers);
    let elder = creature(1, &elder_server);
    elder.write("workspace/notes/pump.txt", "the pump listens on 8731\n");
    for _ in 0..answers.len() {
        tick(&elder);
    }
    elder.wis(&["sleep"]).ok();
    // After three failures in a row the creature stops to think: three reads failed.
    let lived: Vec<Value> = (0..answers.len())
        .flat_map(|n| with_source(&elder, &format!("episode:{n}")))
        .filter(|e| e["kind"] == "scar")
        .collect();
    assert_eq!(
        lived.len(),
        3,
        "the living creature keeps each of its scars"
    );
    let (_, volume) = export(&elder);
    let scars: Vec<_> = volume
        .records
        .iter()
        .filter(|r| r.kind == ItemKind::Scar)
        .collect();
    assert_eq!(scars.len(), 1, "{scars:#?}");
    let group = scars[0].group.as_ref().expect("one record for the pattern");
    assert_eq!(group.pattern, "read_file failed (not_found)");
    assert_eq!(group.count, 3);
    assert_eq!(group.examples.len(), 3);
    assert!(
        scars[0]
            .text
            .starts_with("read_file failed (not_found) 3 times, for example: "),
        "{}",
        scars[0].text
    );
}

#[test]
fn a_fact_read_of_its_own_writing_stays_behind() {
    // It reads the keeper's note twice (the house's words), then writes over another of the
    // keeper's files and reads it back twice (its own words).
    let question = "Read notes/pump.txt and tell me the port.";
    let plan = r#"{"thought": "the boiler note", "plan": ["write hello boiler into notes/boiler.txt", "read notes/boiler.txt", "read notes/boiler.txt once more"]}"#;
    // Written over by a command: `write_file` refuses a file it has not read.
    let write =
        r#"{"tool": "bash", "args": {"command": "printf 'hello boiler' > notes/boiler.txt"}}"#;
    let elder_server = server(&[
        read("notes/pump.txt"),
        reply("8731"),
        read("notes/pump.txt"),
        reply("8731"),
        plan.to_string(),
        write.to_string(),
        read("notes/boiler.txt"),
        read("notes/boiler.txt"),
    ]);
    let elder = creature(1, &elder_server);
    elder.write("workspace/notes/pump.txt", "the pump listens on 8731\n");
    elder.write("workspace/notes/boiler.txt", "pressure: 62\n");
    for id in [1, 2] {
        give(&elder, question, "reply contains 8731", "value");
        tick(&elder);
        tick(&elder);
        assert!(done(&elder, id));
    }
    for _ in 0..4 {
        tick(&elder);
    }
    elder.wis(&["sleep"]).ok();
    let facts = elder.json(&[
        "memory",
        "list",
        "--kind",
        "fact",
        "--output-format",
        "json",
    ]);
    let boiler = facts
        .as_array()
        .unwrap()
        .iter()
        .find(|e| {
            e["body"]
                .as_str()
                .is_some_and(|b| b.starts_with("notes/boiler.txt says: hello boiler"))
        })
        .unwrap_or_else(|| panic!("the creature itself remembers what it wrote: {facts}"));
    let (json, _) = show(&elder, &boiler["id"]);
    assert_eq!(
        json["verified"]["world"][0]["how"], "read_again",
        "read twice, it would pass on like the pump note: {json}"
    );
    let (_, volume) = export(&elder);
    let passed: Vec<&str> = volume
        .records
        .iter()
        .filter(|r| r.kind == ItemKind::Fact)
        .map(|r| r.text.as_str())
        .collect();
    assert!(
        passed
            .iter()
            .any(|t| t.starts_with("notes/pump.txt says: ")),
        "the house's words travel: {passed:?}"
    );
    assert!(
        !passed
            .iter()
            .any(|t| t.starts_with("notes/boiler.txt says: ")),
        "its own writing stays behind: {passed:?}"
    );
}
