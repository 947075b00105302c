//! The keeper's errands in steps (`[wisdom] errands_enabled`, design §3.6), through the real
//! binary against a fake model server: a commission that asks for a value from a file is
//! closed in two steps the world judges (the read, then the reply, asked with what the read
//! showed right above the question and the reply its only tool); a reply its check does not
//! hold is told so without the check's text; a reply that only repeats the commission answers
//! nothing; a done chore of a named kind gives the next errand of its kind, worded otherwise, its
//! command with that errand's own paths; the keeper's
//! rejection comes back as a memory on the next commission of its kind; and with the flag off,
//! the commission is the one step it always was.

use crate::support::TestEnv;
use crate::support::fake_openai::{Answer, FakeOpenAi};
use serde_json::Value;

const READ: &str = r#"{"tool": "read_file", "args": {"path": "papers/boiler.cfg"}}"#;

fn reply(text: &str) -> String {
    format!(r#"{{"tool": "reply", "args": {{"text": "{text}"}}}}"#)
}

fn creature(server: &FakeOpenAi, errands: bool) -> TestEnv {
    let mut env = TestEnv::born();
    env.use_mind(server);
    env.set("WIS_ORGANS_BASH_TIMEOUT_SECS", "5");
    env.set(
        "WIS_WISDOM_ERRANDS_ENABLED",
        if errands { "true" } else { "false" },
    );
    env.write(
        "workspace/papers/boiler.cfg",
        "service code: T2-DELTA\npressure: 62\nengineer: Signe\n",
    );
    env
}

fn tick(env: &TestEnv) -> Value {
    let run = env.wis(&["tick", "--output-format", "json"]);
    assert_eq!(run.code, 0, "{}\n{}", run.stdout, run.stderr);
    run.json()
}

/// The prompt the next tick would read, and its schema.
fn next_prompt(env: &TestEnv) -> (String, String) {
    let dry = env.json(&["tick", "--dry-run", "--output-format", "json"]);
    let prompt = format!(
        "{}{}",
        dry["prompt"]["stable"].as_str().unwrap(),
        dry["prompt"]["volatile"].as_str().unwrap()
    );
    (prompt, dry["schema"].to_string())
}

fn give(env: &TestEnv, text: &str, check: &str, kind: &str) {
    env.wis(&["commission", "add", text, "--check", check, "--kind", kind])
        .ok();
}

fn show(env: &TestEnv, id: u64) -> Value {
    env.json(&[
        "commission",
        "show",
        &id.to_string(),
        "--output-format",
        "json",
    ])
}

#[test]
fn a_value_from_a_file_is_read_then_answered_from_what_the_read_showed() {
    let server = FakeOpenAi::builder()
        .answers([READ.to_string(), reply("Signe")].map(Answer::content))
        .start();
    let env = creature(&server, true);
    give(
        &env,
        "Read papers/boiler.cfg and tell me the engineer.",
        "reply contains Signe",
        "value",
    );
    let given = show(&env, 1);
    assert_eq!(
        given["stages"],
        serde_json::json!(["read papers/boiler.cfg"])
    );
    let (first, _) = next_prompt(&env);
    assert!(
        first.trim_end().ends_with("Q: read papers/boiler.cfg\nA:"),
        "the look is the step: {}",
        &first[first.len() - 300..]
    );
    let read = tick(&env);
    assert_eq!(read["xp"], 1, "the look advanced the errand");
    assert!(
        read["events"].to_string().contains("now answer it"),
        "{read}"
    );
    let looked = show(&env, 1);
    assert_eq!(
        (looked["status"].as_str(), looked["stage"].as_u64()),
        (Some("open"), Some(1))
    );
    let (answer, schema) = next_prompt(&env);
    assert!(
        answer.trim_end().ends_with(
            "Known fact: papers/boiler.cfg says: engineer: Signe\n\
             Q: Read papers/boiler.cfg and tell me the engineer.\nA:"
        ),
        "the line that answers right above the question: {}",
        &answer[answer.len() - 400..]
    );
    assert!(
        schema.contains("\"reply\"") && !schema.contains("\"read_file\""),
        "the reply is the answer's only tool: {schema}"
    );
    let done = tick(&env);
    assert!(
        done["events"].to_string().contains("commission #1 is done"),
        "{done}"
    );
    assert_eq!(show(&env, 1)["status"], "done");
    env.wis(&["check"]).ok();
}

#[test]
fn a_missed_reply_is_told_so_without_the_answer_and_a_repeat_answers_nothing() {
    let server = FakeOpenAi::builder()
        .answers(
            [
                READ.to_string(),
                reply("62"),
                reply("Read papers/boiler.cfg and tell me the engineer"),
            ]
            .map(Answer::content),
        )
        .start();
    let env = creature(&server, true);
    give(
        &env,
        "Read papers/boiler.cfg and tell me the engineer.",
        "reply contains Signe",
        "value",
    );
    tick(&env);
    let missed = tick(&env);
    let events = missed["events"].to_string();
    assert!(events.contains("did not give what was asked"), "{events}");
    assert!(
        !events.contains("Signe"),
        "the check's text is never told: {events}"
    );
    let (prompt, _) = next_prompt(&env);
    let cue = &prompt[prompt.rfind("## Now, your step").unwrap()..];
    assert!(
        cue.contains("Known fact: your last reply to this did not give what was asked"),
        "{cue}"
    );
    assert_eq!(show(&env, 1)["missed_replies"], 1);
    // The commission's own words back are no answer, whatever a check would find in them.
    tick(&env);
    let c = show(&env, 1);
    assert_eq!(
        (c["status"].as_str(), c["missed_replies"].as_u64()),
        (Some("open"), Some(2))
    );
}

#[test]
fn a_done_errand_gives_the_next_of_its_kind_its_chore_with_its_own_paths() {
    let copy =
        r#"{"tool": "bash", "args": {"command": "cp papers/boiler.cfg papers/boiler-copy.cfg"}}"#;
    let again = r#"{"tool": "bash", "args": {"command": "cp notes.txt notes-old.txt"}}"#;
    let server = FakeOpenAi::builder()
        .answers([copy, again].map(Answer::content))
        .start();
    let env = creature(&server, true);
    give(
        &env,
        "Copy papers/boiler.cfg to papers/boiler-copy.cfg.",
        "command test -f papers/boiler-copy.cfg",
        "copy",
    );
    let done = tick(&env);
    assert!(done["events"].to_string().contains("is done"), "{done}");
    let lessons = env.json(&["memory", "list", "--output-format", "json"]);
    assert!(lessons.to_string().contains("errand:copy"), "{lessons}");
    // Words that name no chore plainly: the kind's lesson gives the verb, the words the paths.
    env.write("workspace/notes.txt", "hello\n");
    give(
        &env,
        "Keep notes.txt safe as notes-old.txt.",
        "command test -f notes-old.txt && grep -q hello notes.txt",
        "copy",
    );
    assert!(
        show(&env, 2)["stages"].as_array().is_none_or(Vec::is_empty),
        "the words name no chore the rules read"
    );
    let (prompt, _) = next_prompt(&env);
    assert!(
        prompt.contains(
            "a copy errand you did before gives the keeper's commission #2 its step: \
             run cp notes.txt notes-old.txt"
        ),
        "the stream says where the step came from: {prompt}"
    );
    assert!(
        prompt
            .trim_end()
            .ends_with("Q: run cp notes.txt notes-old.txt\nA:"),
        "the command is the step: {}",
        &prompt[prompt.len() - 300..]
    );
    let done = tick(&env);
    assert!(
        done["events"].to_string().contains("commission #2 is done"),
        "{done}"
    );
    assert_eq!(
        show(&env, 2)["stages"],
        serde_json::json!(["run cp notes.txt notes-old.txt"])
    );
    // An errand of another kind is given no copy.
    env.write("workspace/plan.txt", "dig\n");
    give(
        &env,
        "Keep plan.txt safe as plan-old.txt.",
        "command test -f plan-old.txt",
        "rename",
    );
    let (prompt, _) = next_prompt(&env);
    assert!(
        prompt
            .trim_end()
            .ends_with("Q: Keep plan.txt safe as plan-old.txt.\nA:"),
        "{}",
        &prompt[prompt.len() - 300..]
    );
}

/// A creature whose first count errand (`first`, checked by `check`) is done by `look` then
/// the reply `answer`, given a second count worded past the rules ("Tally the lines of
/// notes.txt"): its step is practice's `wc -l notes.txt`, and it is done.
fn practice_counts_the_next_file(env: &TestEnv, first: &str, check: &str) {
    give(env, first, check, "count");
    tick(env);
    let done = tick(env);
    assert!(
        done["events"].to_string().contains("commission #1 is done"),
        "{done}"
    );
    env.write("workspace/notes.txt", "a\nb\nc\nd\n");
    give(
        env,
        "Tally the lines of notes.txt for me.",
        "reply contains 4",
        "count",
    );
    assert_eq!(
        show(env, 2)["stages"],
        serde_json::json!(["read notes.txt"]),
        "the words alone name a file to read"
    );
    let (prompt, _) = next_prompt(env);
    assert!(
        prompt.trim_end().ends_with("Q: run wc -l notes.txt\nA:"),
        "practice counts it: {}",
        &prompt[prompt.len() - 300..]
    );
    tick(env);
    let done = tick(env);
    assert!(
        done["events"].to_string().contains("commission #2 is done"),
        "{done}"
    );
}

fn bash(command: &str) -> String {
    format!(r#"{{"tool": "bash", "args": {{"command": "{command}"}}}}"#)
}

#[test]
fn a_done_count_gives_the_next_count_of_a_file_its_look_instead_of_a_read() {
    let server = FakeOpenAi::builder()
        .answers(
            [
                bash("wc -l papers/boiler.cfg"),
                reply("3"),
                bash("wc -l notes.txt"),
                reply("4"),
            ]
            .map(Answer::content),
        )
        .start();
    let env = creature(&server, true);
    practice_counts_the_next_file(
        &env,
        "How many lines does papers/boiler.cfg have?",
        "reply contains 3",
    );
}

#[test]
fn a_done_count_of_a_folder_gives_the_next_count_of_a_file_its_counting_program() {
    let server = FakeOpenAi::builder()
        .answers(
            [
                bash("ls papers | wc -l"),
                reply("2"),
                bash("wc -l notes.txt"),
                reply("4"),
            ]
            .map(Answer::content),
        )
        .start();
    let env = creature(&server, true);
    env.write("workspace/papers/a.txt", "a\n");
    practice_counts_the_next_file(&env, "How many files are in papers?", "reply contains 2");
}

/// A write done with `write_file` on words no rule reads is a lesson: the next write errand,
/// worded otherwise again, is given `echo 'WORD' > FILE` with the one word its sentence brings,
/// and bash closes it.
#[test]
fn a_done_write_gives_the_next_write_its_word_and_file() {
    let wrote =
        r#"{"tool": "write_file", "args": {"path": "papers/leaf.txt", "content": "fern\n"}}"#;
    let server = FakeOpenAi::builder()
        .answers([wrote.into(), bash("echo 'heron' > papers/bird.txt")].map(Answer::content))
        .start();
    let env = creature(&server, true);
    give(
        &env,
        "Make papers/leaf.txt hold fern.",
        "file papers/leaf.txt contains fern",
        "write",
    );
    assert!(
        show(&env, 1)["stages"].as_array().is_none_or(Vec::is_empty),
        "the words name no chore the rules read"
    );
    let done = tick(&env);
    assert!(
        done["events"].to_string().contains("commission #1 is done"),
        "{done}"
    );
    give(
        &env,
        "Jot down heron in papers/bird.txt.",
        "file papers/bird.txt contains heron",
        "write",
    );
    let (prompt, _) = next_prompt(&env);
    assert!(
        prompt.contains(
            "a write errand you did before gives the keeper's commission #2 its step: \
             run echo 'heron' > papers/bird.txt"
        ),
        "{prompt}"
    );
    let done = tick(&env);
    assert!(
        done["events"].to_string().contains("commission #2 is done"),
        "{done}"
    );
    assert_eq!(env.read("workspace/papers/bird.txt"), "heron\n");
}

#[test]
fn writing_the_file_a_rename_carries_is_refused_and_the_keeper_s_words_arrive_whole() {
    let write = r#"{"tool": "write_file", "args": {"path": "papers/boiler.cfg", "content": "papers/boiler.cfg"}}"#;
    let mv =
        r#"{"tool": "bash", "args": {"command": "mv papers/boiler.cfg papers/old-boiler.cfg"}}"#;
    let server = FakeOpenAi::builder()
        .answers([write, mv].map(|a| Answer::content(a.to_string())))
        .start();
    let env = creature(&server, true);
    give(
        &env,
        "Please rename papers/boiler.cfg; its new name is papers/old-boiler.cfg.",
        "command test ! -e papers/boiler.cfg && grep -q Signe papers/old-boiler.cfg",
        "rename",
    );
    assert_eq!(
        show(&env, 1)["stages"],
        serde_json::json!(["run mv papers/boiler.cfg papers/old-boiler.cfg"])
    );
    let refused = tick(&env);
    assert_eq!(refused["success"], false, "{refused}");
    assert!(
        refused["summary"]
            .to_string()
            .contains("is what your step carries"),
        "{refused}"
    );
    assert!(
        std::fs::read_to_string(env.path("workspace/papers/boiler.cfg"))
            .unwrap()
            .contains("engineer: Signe"),
        "the keeper's file is untouched"
    );
    let done = tick(&env);
    assert!(
        done["events"].to_string().contains("commission #1 is done"),
        "{done}"
    );
    assert!(
        std::fs::read_to_string(env.path("workspace/papers/old-boiler.cfg"))
            .unwrap()
            .contains("engineer: Signe")
    );
}

#[test]
fn the_keeper_s_rejection_comes_back_on_the_next_errand_of_its_kind() {
    let server = FakeOpenAi::builder()
        .answers([reply("it is done")].map(Answer::content))
        .start();
    let env = creature(&server, true);
    env.wis(&[
        "commission",
        "add",
        "tidy the papers folder",
        "--kind",
        "tidy",
    ])
    .ok();
    tick(&env);
    assert_eq!(show(&env, 1)["status"], "waiting");
    env.wis(&[
        "commission",
        "reject",
        "1",
        "put the old papers in a folder named old",
    ])
    .ok();
    env.wis(&["commission", "drop", "1"]).ok();
    env.wis(&[
        "commission",
        "add",
        "tidy the notes folder",
        "--kind",
        "tidy",
    ])
    .ok();
    let (prompt, _) = next_prompt(&env);
    let cue = &prompt[prompt.rfind("## Now, your step").unwrap()..];
    assert!(
        cue.contains(
            "Known fact: The keeper said of \"tidy the papers folder\": put the old papers in a \
             folder named old\nQ: tidy the notes folder"
        ),
        "{cue}"
    );
    let memory = env.json(&["memory", "list", "--output-format", "json"]);
    assert!(memory.to_string().contains("\"keeper\""), "{memory}");
}

#[test]
fn with_errands_off_a_commission_is_one_step_as_before() {
    let server = FakeOpenAi::builder()
        .answers([READ].map(Answer::content))
        .start();
    let env = creature(&server, false);
    give(
        &env,
        "Read papers/boiler.cfg and tell me the engineer.",
        "reply contains Signe",
        "value",
    );
    assert!(show(&env, 1).get("stages").is_none());
    let (prompt, schema) = next_prompt(&env);
    assert!(
        prompt
            .trim_end()
            .ends_with("Q: Read papers/boiler.cfg and tell me the engineer.\nA:")
    );
    assert!(schema.contains("\"read_file\""));
    tick(&env);
    let (after, _) = next_prompt(&env);
    assert!(!after.contains("now answer it"), "no stage was done");
}

#[test]
fn beside_what_the_look_showed_no_remembered_fact_is_stated_and_a_second_answer_is_picked_from_the_look()
 {
    let server = FakeOpenAi::builder()
        .answers([READ.to_string(), reply("Tomas")].map(Answer::content))
        .start();
    let mut env = creature(&server, true);
    env.set("WIS_WISDOM_PROSE_RECALL_ENABLED", "true");
    // A fact about another file, in the question's own words.
    env.wis(&[
        "memory",
        "add",
        "--kind",
        "fact",
        "The engineer of the old boiler in papers was Tomas.",
    ])
    .ok();
    give(
        &env,
        "Read papers/boiler.cfg and tell me the engineer.",
        "reply contains Signe",
        "value",
    );
    tick(&env);
    let (answer, _) = next_prompt(&env);
    let tail = &answer[answer.rfind("## Now, your step").unwrap()..];
    assert!(
        tail.contains("Known fact: papers/boiler.cfg says: engineer: Signe")
            && !tail.contains("Tomas"),
        "only what the look showed stands above the answer: {tail}"
    );
    // The reply misses; the next answer is picked among the look's words only.
    tick(&env);
    let (_, schema) = next_prompt(&env);
    assert!(schema.contains("\"Signe\""), "{schema}");
    assert!(!schema.contains("Tomas"), "{schema}");
}

#[test]
fn a_copy_errand_names_its_command_and_bash_takes_it_whole() {
    let cp =
        r#"{"tool": "bash", "args": {"command": "cp papers/boiler.cfg papers/boiler-old.cfg"}}"#;
    let server = FakeOpenAi::builder()
        .answers([cp].map(Answer::content))
        .start();
    let env = creature(&server, true);
    give(
        &env,
        "Make a copy of papers/boiler.cfg called papers/boiler-old.cfg.",
        "command test -f papers/boiler.cfg && grep -q Signe papers/boiler-old.cfg",
        "copy",
    );
    assert_eq!(
        show(&env, 1)["stages"],
        serde_json::json!(["run cp papers/boiler.cfg papers/boiler-old.cfg"]),
        "the chore is a step that names its command, built from the keeper's two paths"
    );
    let (prompt, schema) = next_prompt(&env);
    assert!(
        schema.contains(
            r#""command":{"enum":["cp papers/boiler.cfg papers/boiler-old.cfg"],"type":"string"}"#
        ) || schema.contains(
            r#""command":{"type":"string","enum":["cp papers/boiler.cfg papers/boiler-old.cfg"]}"#
        ),
        "bash takes the step's command whole: {schema}"
    );
    assert!(
        prompt
            .trim_end()
            .ends_with("Q: run cp papers/boiler.cfg papers/boiler-old.cfg\nA:"),
        "the command is the step: {}",
        &prompt[prompt.len() - 300..]
    );
    let done = tick(&env);
    let events = done["events"].to_string();
    assert!(events.contains("commission #1 is done"), "{done}");
    assert!(
        !events.contains("now answer it"),
        "a chore has nothing to answer: {done}"
    );
    assert_eq!(show(&env, 1)["status"], "done");
    assert!(env.read("workspace/papers/boiler.cfg").contains("Signe"));
    assert!(
        env.read("workspace/papers/boiler-old.cfg")
            .contains("Signe")
    );
}

#[test]
fn a_search_that_found_nothing_widens_to_the_folder_and_the_file_it_names_is_an_answer() {
    let server = FakeOpenAi::builder()
        .answers(
            [
                bash("grep -ril 'broken tap' letters"),
                bash("grep -r . letters"),
                reply("letters/april.txt"),
            ]
            .map(Answer::content),
        )
        .start();
    let env = creature(&server, true);
    env.write(
        "workspace/letters/april.txt",
        "We talked about the leaking tap.\n",
    );
    env.write(
        "workspace/letters/june.txt",
        "The flat tyre was the news.\n",
    );
    give(
        &env,
        "Which file in letters mentions the broken tap?",
        "reply contains april.txt",
        "find",
    );
    assert_eq!(
        show(&env, 1)["stages"],
        serde_json::json!(["run grep -ril 'broken tap' letters"])
    );
    let searched = tick(&env);
    assert!(
        searched["events"].to_string().contains("found nothing"),
        "{searched}"
    );
    assert_eq!(
        show(&env, 1)["stages"],
        serde_json::json!(["run grep -r . letters"]),
        "the search is widened to the folder read whole"
    );
    tick(&env);
    let (prompt, _) = next_prompt(&env);
    let tail = &prompt[prompt.len().saturating_sub(600)..];
    assert!(
        tail.contains(
            "Known fact: letters/april.txt says: We talked about the leaking tap.\n\
             Known fact: the tap is in letters/april.txt\nQ: Which file in letters"
        ),
        "the line nearest the question is stated by its file, and the file named: {tail}"
    );
    let done = tick(&env);
    assert!(
        done["events"].to_string().contains("commission #1 is done"),
        "{done}"
    );
}
