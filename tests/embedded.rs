//! The embedded mind on the real model (the base Gemma 3 270M from `scripts/fetch-model.sh`):
//! every reply parses and conforms to the action schema, greedy decoding repeats itself, and
//! damaged model files end as clear errors, never as a crash.
//!
//! Run with `cargo test --features embedded --test embedded`. Without the model these tests
//! print why and pass; with `WIS_TEST_REQUIRE_MODEL=1` (CI) a missing model fails them.

#![cfg(feature = "embedded")]

mod support;

use std::path::Path;
use std::process::Command;

use serde_json::Value;
use wis::base::exit::Kind;
use wis::creature::ToolSpec;
use wis::mind::embedded::{EmbeddedMind, EmbeddedOptions};
use wis::mind::schema::action_schema;
use wis::mind::{Mind, Prompt, Sampling};
use wis::world::TOOLS;

use support::conform::conforms;

fn options() -> EmbeddedOptions {
    EmbeddedOptions {
        n_ctx: 4096,
        threads: 0,
        max_reply_chars: 4000,
    }
}

fn schema() -> Value {
    let tools: Vec<&ToolSpec> = TOOLS.iter().collect();
    action_schema(&tools)
}

fn sampling(temperature: f32, seed: u64) -> Sampling {
    Sampling {
        temperature,
        seed: Some(seed),
        max_tokens: 96,
        cache_prompt: false,
    }
}

/// A scripted task in the Q/A document form the model continues: one worked example per tool,
/// each question an imperative task (the best of the formats `examples/prompt_formats`
/// measured).
fn prompt(task: &str) -> Prompt {
    const EXAMPLES: &[(&str, &str)] = &[
        (
            "show what todo.md says",
            r#"{"tool": "read_file", "args": {"path": "todo.md"}}"#,
        ),
        (
            "write ok into result.txt",
            r#"{"tool": "write_file", "args": {"path": "result.txt", "content": "ok"}}"#,
        ),
        (
            "show how much disk space is free",
            r#"{"tool": "bash", "args": {"command": "df -h"}}"#,
        ),
        (
            "add 'call Bob' to the errands notebook",
            r#"{"tool": "note_append", "args": {"notebook": "errands", "text": "call Bob"}}"#,
        ),
        (
            "read the ideas notebook",
            r#"{"tool": "note_read", "args": {"notebook": "ideas"}}"#,
        ),
        (
            "mark note 1 of the errands notebook done",
            r#"{"tool": "note_close", "args": {"notebook": "errands", "number": 1}}"#,
        ),
        (
            "answer the keeper's greeting: good morning!",
            r#"{"tool": "reply", "args": {"text": "Good morning! I am well."}}"#,
        ),
        (
            "list your notebooks",
            r#"{"tool": "note_list", "args": {}}"#,
        ),
        (
            "check what you are able to do now",
            r#"{"tool": "check_tools", "args": {}}"#,
        ),
    ];
    Prompt {
        stable: EXAMPLES
            .iter()
            .map(|(q, a)| format!("Q: {q}\nA: {a}\n\n"))
            .collect(),
        volatile: format!("Q: {task}\nA: "),
    }
}

#[test]
fn ten_completions_all_conform_to_the_action_schema() {
    let Some(path) = support::model::model() else {
        return;
    };
    let mut mind = EmbeddedMind::load(&path, options()).unwrap();
    let schema = schema();
    let tasks = [
        "read the file notes.txt",
        "say hello to the keeper",
        "write 'hi' into hello.txt",
        "show what tools you have",
        "read the plan notebook",
        "close note 2 of the plan notebook",
        "count the lines of log.txt",
        "list the notebooks",
        "remember that the pump runs on port 8731",
        "print the current directory",
    ];
    for (i, task) in tasks.iter().enumerate() {
        // Half greedy (the curve's setting), half sampled (a tick's).
        let s = if i % 2 == 0 {
            sampling(0.0, 7)
        } else {
            sampling(0.7, i as u64)
        };
        let reply = mind.complete(&prompt(task), &schema, &s).unwrap();
        let value: Value = serde_json::from_str(&reply.text)
            .unwrap_or_else(|e| panic!("reply {i} does not parse ({e}): {:?}", reply.text));
        conforms(&schema, &value).unwrap_or_else(|e| panic!("reply {i} {value}: {e}"));
        let usage = &reply.usage;
        assert!(usage.prompt_tokens.unwrap() > 50);
        assert!(usage.completion_tokens.unwrap() > 5);
        assert!(usage.prompt_ms.unwrap() > 0.0 && usage.predicted_ms.unwrap() > 0.0);
        let cut = if reply.truncated {
            " (closed at the limit)"
        } else {
            ""
        };
        eprintln!("{task:45} -> {}{cut} ({} ms)", reply.text, reply.elapsed_ms);
    }
}

#[test]
fn greedy_replies_repeat_and_the_model_loads_once() {
    let Some(path) = support::model::model() else {
        return;
    };
    let mut a = EmbeddedMind::load(&path, options()).unwrap();
    let mut b = EmbeddedMind::load(&path, options()).unwrap();
    assert!(
        std::ptr::eq(a.model().unwrap(), b.model().unwrap()),
        "one load per process"
    );
    let schema = schema();
    let p = prompt("read the file todo.txt");
    let first = a.complete(&p, &schema, &sampling(0.0, 1)).unwrap();
    let second = b.complete(&p, &schema, &sampling(0.0, 2)).unwrap();
    assert_eq!(first.text, second.text);
    assert!(a.describe().contains("gemma3"), "{}", a.describe());
}

#[test]
fn a_prompt_longer_than_the_window_is_a_config_error() {
    let Some(path) = support::model::model() else {
        return;
    };
    let small = EmbeddedOptions {
        n_ctx: 64,
        ..options()
    };
    let mut mind = EmbeddedMind::load(&path, small).unwrap();
    let err = mind
        .complete(
            &prompt(&"very long task ".repeat(40)),
            &schema(),
            &sampling(0.0, 1),
        )
        .unwrap_err();
    assert_eq!(err.kind, Kind::Config, "{}", err.message);
    assert!(err.message.contains("n_ctx"));
}

#[test]
fn a_missing_model_is_no_input_with_a_hint() {
    let err = EmbeddedMind::load(Path::new("/nonexistent/model.gguf"), options()).unwrap_err();
    assert_eq!(err.kind, Kind::NoInput);
    assert!(err.hint.unwrap().contains("scripts/fetch-model.sh"));
}

/// The damaged files, each loaded by a child process so that even an abort inside llama.cpp
/// would fail this test instead of killing the test binary.
#[test]
fn damaged_models_are_data_errors_not_crashes() {
    let dir = tempfile::tempdir().unwrap();
    let mut files = vec![
        ("garbage", b"this is not a model at all".repeat(100)),
        ("empty", Vec::new()),
        ("unknown-architecture", tiny_gguf("no-such-architecture")),
        ("gemma3-without-tensors", tiny_gguf("gemma3")),
    ];
    if let Some(real) = support::model::model() {
        let head = std::fs::read(&real).unwrap()[..8 << 20].to_vec();
        files.push(("truncated-real-model", head));
    }
    for (name, bytes) in &files {
        let path = dir.path().join(format!("{name}.gguf"));
        std::fs::write(&path, bytes).unwrap();
        let out = Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "child_loads_one_model",
                "--include-ignored",
                "--nocapture",
            ])
            .env("WIS_TEST_CHILD_MODEL", &path)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{name}: the child did not exit cleanly ({:?}):\n{stdout}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(stdout.contains("child-result: data"), "{name}: {stdout}");
    }
}

/// Run by `damaged_models_are_data_errors_not_crashes` in a child process.
#[test]
#[ignore = "run as a child process by damaged_models_are_data_errors_not_crashes"]
fn child_loads_one_model() {
    let Some(path) = std::env::var_os("WIS_TEST_CHILD_MODEL") else {
        eprintln!(
            "nothing to do: this test runs as a child of damaged_models_are_data_errors_not_crashes"
        );
        return;
    };
    let err = EmbeddedMind::load(Path::new(&path), options()).unwrap_err();
    println!(
        "child-result: {} ({}) hint: {:?}",
        err.kind.label(),
        err.message,
        err.hint
    );
    assert!(err.hint.is_some());
}

/// A structurally valid GGUF with no tensors and the given architecture.
fn tiny_gguf(architecture: &str) -> Vec<u8> {
    let mut out = b"GGUF".to_vec();
    out.extend(3u32.to_le_bytes());
    out.extend(0u64.to_le_bytes());
    out.extend(1u64.to_le_bytes());
    let key = "general.architecture";
    out.extend((key.len() as u64).to_le_bytes());
    out.extend(key.as_bytes());
    out.extend(8u32.to_le_bytes());
    out.extend((architecture.len() as u64).to_le_bytes());
    out.extend(architecture.as_bytes());
    out
}

#[test]
fn a_kept_state_serves_the_shared_prefix_and_a_damaged_one_is_replaced() {
    let Some(path) = support::model::model() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let state_dir = dir.path().join("cache");
    let mut cached = EmbeddedMind::load(&path, options())
        .unwrap()
        .keep_state_in(&state_dir);
    let mut fresh = EmbeddedMind::load(&path, options()).unwrap();
    let schema = schema();
    let keep = Sampling {
        cache_prompt: true,
        ..sampling(0.0, 3)
    };
    let first = cached
        .complete(&prompt("read the file todo.txt"), &schema, &keep)
        .unwrap();
    assert_eq!(first.usage.cached_tokens, Some(0), "nothing kept yet");
    let states: Vec<_> = std::fs::read_dir(&state_dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".kv"))
        .collect();
    assert_eq!(states.len(), 1, "{states:?}");

    // The next prompt shares the examples: only its own question is read.
    let next = prompt("write 'hi' into hello.txt");
    let second = cached.complete(&next, &schema, &keep).unwrap();
    let (total, served) = (
        second.usage.prompt_tokens.unwrap(),
        second.usage.cached_tokens.unwrap(),
    );
    assert!(served * 10 >= total * 8, "{served} of {total} served");
    assert!(served < total);
    // Reading less does not change the action (the arithmetic of a shorter batch may change
    // the whitespace between its tokens, so the replies are compared as JSON).
    let reference = fresh.complete(&next, &schema, &sampling(0.0, 3)).unwrap();
    let action = |text: &str| serde_json::from_str::<Value>(text).unwrap();
    assert_eq!(action(&second.text), action(&reference.text));
    eprintln!(
        "{served} of {total} prompt tokens from the kept state -> {}",
        second.text
    );

    // A damaged state is ignored (nothing served), the reply is the same, and it is replaced.
    let state = state_dir.join(&states[0]);
    let mut bytes = std::fs::read(&state).unwrap();
    bytes.truncate(bytes.len() / 3);
    std::fs::write(&state, &bytes).unwrap();
    let third = cached.complete(&next, &schema, &keep).unwrap();
    assert_eq!(third.usage.cached_tokens, Some(0));
    assert_eq!(
        third.text, reference.text,
        "read whole, the reply repeats exactly"
    );
    assert!(std::fs::metadata(&state).unwrap().len() > bytes.len() as u64);
    // So is one flipped byte in the middle of a whole-length file.
    let mut bytes = std::fs::read(&state).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x5a;
    std::fs::write(&state, &bytes).unwrap();
    let flipped = cached.complete(&next, &schema, &keep).unwrap();
    assert_eq!(flipped.usage.cached_tokens, Some(0));
    assert_eq!(flipped.text, reference.text);
    assert_ne!(std::fs::read(&state).unwrap(), bytes, "replaced");
    // Calls without cache_prompt neither read nor write it.
    let before = std::fs::metadata(&state).unwrap().modified().unwrap();
    let plain = cached.complete(&next, &schema, &sampling(0.0, 3)).unwrap();
    assert_eq!(plain.usage.cached_tokens, Some(0));
    assert_eq!(
        std::fs::metadata(&state).unwrap().modified().unwrap(),
        before
    );
}

/// llama.cpp's converter takes the schema over every tool, `predict`'s two shapes and its
/// stat's pattern included (no model needed).
#[test]
fn the_grammar_over_every_tool_compiles() {
    let tools: Vec<&ToolSpec> = TOOLS.iter().collect();
    let grammar = wis::mind::embedded::grammar_for_schema(&action_schema(&tools)).unwrap();
    assert!(grammar.contains("root"), "{grammar}");
    assert!(grammar.contains("skills") && grammar.contains("check"));
}

/// A reply cut short by its token budget still closes as JSON that conforms to its schema, by
/// the shortest road: a long text's string ends, then the required properties still missing
/// are written (`predict`'s `within` after a rambling claim), and a list ends.
#[test]
fn replies_cut_short_still_close_and_conform() {
    let Some(path) = support::model::model() else {
        return;
    };
    let mut mind = EmbeddedMind::load(&path, options()).unwrap();
    let rumination = wis::turn::tick::rumination_schema();
    let cases = [
        (
            schema(),
            "predict that you will sleep at least once within 5 turns",
        ),
        (schema(), "write a long poem about the sea into poem.txt"),
        (
            schema(),
            "add a long paragraph about pumps to the errands notebook",
        ),
        (schema(), "say hello to the keeper and tell a long story"),
        (rumination, "think about the house and plan six long steps"),
    ];
    let mut cut = 0;
    for (i, (schema, task)) in cases.iter().enumerate() {
        for (j, max) in [24u32, 40].into_iter().enumerate() {
            let mut s = sampling(1.0, (i * 10 + j) as u64);
            s.max_tokens = max;
            let reply = mind.complete(&prompt(task), schema, &s).unwrap();
            let value: Value = serde_json::from_str(&reply.text).unwrap_or_else(|e| {
                panic!(
                    "{task} at {max} tokens does not parse ({e}): {:?}",
                    reply.text
                )
            });
            if schema.get("anyOf").is_some() {
                conforms(schema, &value).unwrap_or_else(|e| panic!("{task} {value}: {e}"));
            } else {
                let plan = wis::base::schema::Schema::parse(&schema.to_string()).unwrap();
                assert!(plan.validate(&value).is_empty(), "{task} {value}");
            }
            cut += usize::from(reply.truncated);
            eprintln!("{max:>3} {task:60} -> {}", reply.text.replace('\n', " "));
        }
    }
    assert!(
        cut >= 5,
        "only {cut} of 10 replies met their limit: the test asks too little"
    );
}

/// `wis mind serve`'s server on the real model: the home's calls go to it, a prompt is read
/// only from where it parts from the last one, the replies are the in-process ones, a call it
/// cannot take is done in-process, and when it stops its context is the home's saved state.
#[test]
fn the_resident_mind_answers_as_the_mind_in_process_would() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    use std::time::Duration;
    use wis::mind::embedded::Resident;
    use wis::mind::resident::{Response, Socket, serve, socket_in};

    let Some(path) = support::model::model() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    let socket = socket_in(&cache);
    let mut config = wis::base::config::Config::default();
    config.llm.model_path = Some(path.clone());
    config.context.n_ctx = options().n_ctx;
    let (stop, answered, refused) = (
        Arc::new(AtomicBool::new(false)),
        Arc::new(AtomicU64::new(0)),
        Arc::new(AtomicU64::new(0)),
    );
    let bound = Socket::bind(&socket).unwrap();
    let server = {
        let (stop, answered, refused, cache) = (
            stop.clone(),
            answered.clone(),
            refused.clone(),
            cache.clone(),
        );
        std::thread::spawn(move || {
            let mut resident = Resident::open(&config, &cache).unwrap();
            serve(
                &bound,
                None,
                &|| stop.load(Ordering::SeqCst),
                &mut |r| resident.handle(r),
                &mut |s| {
                    let counter = match s.response {
                        Response::Answered(_) => &answered,
                        _ => &refused,
                    };
                    counter.fetch_add(1, Ordering::SeqCst);
                },
            )
            .unwrap();
            resident.keep_state().unwrap()
        })
    };
    let wait = Duration::from_secs(120);
    let mut home = EmbeddedMind::load(&path, options())
        .unwrap()
        .with_resident(socket.clone(), wait);
    let mut fresh = EmbeddedMind::load(&path, options()).unwrap();
    let schema = schema();
    let keep = Sampling {
        cache_prompt: true,
        ..sampling(0.0, 3)
    };
    let action = |text: &str| serde_json::from_str::<Value>(text).unwrap();

    let first = home
        .complete(&prompt("read the file todo.txt"), &schema, &keep)
        .unwrap();
    assert_eq!(first.usage.cached_tokens, Some(0));
    let next = prompt("write 'hi' into hello.txt");
    let second = home.complete(&next, &schema, &keep).unwrap();
    let (total, served) = (
        second.usage.prompt_tokens.unwrap(),
        second.usage.cached_tokens.unwrap(),
    );
    assert!(served * 10 >= total * 8, "{served} of {total} kept");
    let reference = fresh.complete(&next, &schema, &sampling(0.0, 3)).unwrap();
    assert_eq!(action(&second.text), action(&reference.text));
    // A call that must repeat exactly (no cache_prompt) gets a context of its own.
    let exact = home.complete(&next, &schema, &sampling(0.0, 3)).unwrap();
    assert_eq!(exact.text, reference.text);
    assert_eq!(exact.usage.cached_tokens, Some(0));
    // The server counts a call once its answer is on its way.
    let count = |counter: &AtomicU64, want: u64| {
        let until = std::time::Instant::now() + Duration::from_secs(10);
        while counter.load(Ordering::SeqCst) < want && std::time::Instant::now() < until {
            std::thread::sleep(Duration::from_millis(10));
        }
        counter.load(Ordering::SeqCst)
    };
    assert_eq!(count(&answered, 3), 3, "all three were the server's");

    // Another window: refused, and done in-process.
    let mut other = EmbeddedMind::load(
        &path,
        EmbeddedOptions {
            n_ctx: 2048,
            ..options()
        },
    )
    .unwrap()
    .with_resident(socket.clone(), wait);
    let elsewhere = other.complete(&next, &schema, &sampling(0.0, 3)).unwrap();
    assert_eq!(action(&elsewhere.text), action(&reference.text));
    assert_eq!(count(&refused, 1), 1);
    assert_eq!(answered.load(Ordering::SeqCst), 3);

    stop.store(true, Ordering::SeqCst);
    let kept = server.join().unwrap();
    assert!(kept > 0, "the context was kept as the home's state");
    assert!(!socket.exists());
    // A tick after the server stopped loads the model and finds its prompt read.
    let mut after = EmbeddedMind::load(&path, options())
        .unwrap()
        .keep_state_in(&cache);
    let again = after.complete(&next, &schema, &keep).unwrap();
    let reused = again.usage.cached_tokens.unwrap();
    assert!(
        reused * 10 >= total * 8,
        "{reused} of {total} from the kept state"
    );
    assert_eq!(action(&again.text), action(&reference.text));
}
