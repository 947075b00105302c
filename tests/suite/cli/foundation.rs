//! End-to-end tests of the foundation commands through the real binary: init, status,
//! pause/resume, check, config, and the store's refusals.

use crate::support::fake_openai::FakeOpenAi;
use crate::support::{TestEnv, bytes, snapshot};

#[test]
fn init_then_status_text_and_json() {
    let env = TestEnv::new();
    let out = snapshot!(env, "init", ["init", "--seed", "42"])
        .ok()
        .to_string();
    assert!(out.contains("was born"), "{out}");
    assert!(out.contains("seed 42"), "{out}");
    assert!(
        env.path("wis.toml").exists()
            && env.path("wis.redb").exists()
            && env.path("workspace").is_dir()
    );

    let text = snapshot!(env, "status-newborn", ["status"])
        .ok()
        .to_string();
    assert!(
        text.contains("infant") && text.contains("live") && text.contains("U0"),
        "{text}"
    );
    snapshot!(
        env,
        "status-newborn-json",
        ["status", "--output-format", "json"]
    );
    let json = env.json(&["status"]);
    assert_eq!(json["seed"], 42);
    assert_eq!(json["ticks"], 0);
    assert_eq!(json["level"], 1);
    assert_eq!(json["paused"], false);
    assert_eq!(json["nap_threshold"], 280.0);
    assert_eq!(json["units"][0]["unit"], "U0");
    assert_eq!(json["documents"]["wis.persona.v1"], 1);
    assert_eq!(json["born_at"], crate::support::EPOCH_MS);
}

#[test]
fn same_seed_same_creature_random_seed_is_recorded() {
    let a = TestEnv::new();
    let b = TestEnv::new();
    a.wis(&["init", "--seed", "7"]).ok();
    b.wis(&["init", "--seed", "7"]).ok();
    let ja = a.wis(&["status", "--output-format", "json"]).json();
    let jb = b.wis(&["status", "--output-format", "json"]).json();
    assert_eq!((&ja["name"], &ja["morph"]), (&jb["name"], &jb["morph"]));

    let c = TestEnv::new();
    let born = c.wis(&["init", "--output-format", "json"]).json();
    assert_eq!(born["seed_given"], false);
    let status = c.wis(&["status", "--output-format", "json"]).json();
    assert_eq!(status["seed"], born["seed"]);
}

#[test]
fn wis_toml_holds_every_default_commented_and_loads() {
    let env = TestEnv::born();
    let text = env.read("wis.toml");
    for section in [
        "[llm]",
        "[embed]",
        "[context]",
        "[wisdom]",
        "[curve]",
        "[organs]",
    ] {
        assert!(text.contains(section), "{section}");
    }
    for key in [
        "# recall_min_sim = 0.55",
        "# block_max_chars = 700",
        "# recall_enabled = false",
    ] {
        assert!(text.contains(key), "{key}");
    }
    env.wis(&["config", "check"]).ok();
}

/// A newborn is born wise: its wis.toml sets every [wisdom] flag on its own line, each under
/// a comment saying why, but reflex_auto_arm, which it sets off; `wis config show` shows them
/// on and names the line each came from. `--dark` births with every flag commented out.
#[test]
fn a_newborn_is_born_wise_and_dark_on_request() {
    let env = TestEnv::born_wise(42);
    let text = env.read("wis.toml");
    let flags = [
        "recall_enabled",
        "prose_recall_enabled",
        "replay_enabled",
        "curation_enabled",
        "reflexes_enabled",
        "reflex_saves_tick",
        "reflex_auto_arm",
        "dreams_enabled",
        "distill_enabled",
        "second_thought_enabled",
    ];
    let lines: Vec<&str> = text.lines().collect();
    for flag in flags {
        let on = flag != "reflex_auto_arm";
        let at = lines
            .iter()
            .position(|l| *l == format!("{flag} = {on}"))
            .unwrap_or_else(|| panic!("{flag} is not set: {text}"));
        let why = if on { "# Born on: " } else { "# Born off: " };
        assert!(
            lines[..at].iter().rev().take(2).any(|l| l.starts_with(why)),
            "{flag} has no reason above it"
        );
    }
    let shown = env.wis(&["config", "show"]).ok().to_string();
    for flag in flags {
        let on = flag != "reflex_auto_arm";
        assert!(
            shown
                .lines()
                .any(|l| l.starts_with(&format!("{flag} = {on}  # wis.toml line "))),
            "{flag}: {shown}"
        );
    }
    assert!(shown.contains("\nreplay_batch = 4  # default\n"), "{shown}");
    let json = env.json(&["config", "show"]);
    assert_eq!(json["wisdom"]["distill_enabled"], true);
    assert!(
        json["origins"]["wisdom.distill_enabled"]
            .as_str()
            .unwrap()
            .starts_with("wis.toml line "),
        "{json}"
    );

    let dark = TestEnv::new();
    let born = dark.wis(&["init", "--seed", "42", "--dark"]);
    assert!(born.stderr.contains("born dark"), "{}", born.stderr);
    let shown = dark.wis(&["config", "show"]).ok().to_string();
    for flag in flags {
        assert!(
            shown.contains(&format!("\n{flag} = false  # default\n")),
            "{flag}: {shown}"
        );
        assert!(
            dark.read("wis.toml")
                .contains(&format!("\n# {flag} = false\n"))
        );
    }
    // A flag set above the file says so.
    let flagged = dark
        .wis(&["--config", "wisdom.recall_enabled=true", "config", "show"])
        .ok()
        .to_string();
    assert!(flagged.contains("recall_enabled = true  # --config wisdom.recall_enabled=true"));
}

#[test]
fn init_twice_is_refused_and_force_archives() {
    let env = TestEnv::born();
    let before = bytes(&env.path("wis.redb"));
    let run = env.wis(&["init", "--seed", "2"]);
    run.code(64);
    assert!(
        run.stderr.contains("already lives") && run.stderr.contains("--force"),
        "{}",
        run.stderr
    );
    assert!(
        bytes(&env.path("wis.redb")) == before,
        "refused init must not touch the store"
    );

    env.write("workspace/keep.txt", "old life");
    env.write("wis.toml", "[llm]\nmodel = \"mine\"\n");
    let out = env.wis(&["init", "--seed", "2", "--force"]);
    out.ok();
    assert!(out.stderr.contains("archived"), "{}", out.stderr);
    let archives: Vec<_> = std::fs::read_dir(env.path("archive")).unwrap().collect();
    assert_eq!(archives.len(), 1);
    let dir = archives[0].as_ref().unwrap().path();
    let old = env
        .wis(&[
            "--home",
            dir.to_str().unwrap(),
            "status",
            "--output-format",
            "json",
        ])
        .json();
    assert_eq!(old["seed"], 1, "the old creature lives on in the archive");
    assert_eq!(
        std::fs::read_to_string(dir.join("workspace/keep.txt")).unwrap(),
        "old life"
    );
    assert!(
        !env.path("workspace/keep.txt").exists(),
        "the newborn gets an empty workspace"
    );
    assert!(
        env.read("wis.toml").contains("mine"),
        "the operator's configuration is kept"
    );
    let status = env.wis(&["status", "--output-format", "json"]).json();
    assert_eq!(status["seed"], 2);
}

#[test]
fn status_names_the_mind_and_still_answers_with_a_broken_configuration() {
    let mut env = TestEnv::born();
    let json = env.wis(&["status", "--output-format", "json"]).json();
    assert!(
        json["mind"].as_str().unwrap().starts_with("none:"),
        "{json}"
    );
    env.set("WIS_LLM_URL", "http://127.0.0.1:9/v1");
    let json = env.wis(&["status", "--output-format", "json"]).json();
    assert_eq!(
        json["mind"],
        "server http://127.0.0.1:9/v1 (model gemma-3-270m)"
    );
    env.write("wis.toml", "[llm]\nbogus = 1\n");
    let json = env.wis(&["status", "--output-format", "json"]).json();
    assert!(json["mind"].as_str().unwrap().contains("bogus"), "{json}");
}

#[test]
fn pause_and_resume() {
    let env = TestEnv::born();
    assert!(env.wis(&["pause"]).ok().contains("paused"));
    assert_eq!(
        env.wis(&["status", "--output-format", "json"]).json()["paused"],
        true
    );
    assert!(env.wis(&["pause"]).ok().contains("already"));
    assert!(env.wis(&["resume"]).ok().contains("live"));
    assert_eq!(
        env.wis(&["status", "--output-format", "json"]).json()["paused"],
        false
    );
}

#[test]
fn check_passes_on_a_healthy_store() {
    let env = TestEnv::born();
    assert!(snapshot!(env, "check", ["check"]).ok().contains("ok"));
    let json = snapshot!(env, "check-json", ["check", "--output-format", "json"]).json();
    assert_eq!(json["ok"], true);
}

#[test]
fn no_creature_is_66_with_a_hint() {
    let env = TestEnv::new();
    let run = env.wis(&["status"]);
    run.code(66);
    assert!(run.stderr.contains("wis init"), "{}", run.stderr);
}

#[test]
fn garbage_store_is_65_and_untouched() {
    let env = TestEnv::born();
    let garbage: Vec<u8> = (0..5000u32).map(|i| (i * 7919 % 251) as u8).collect();
    std::fs::write(env.path("wis.redb"), &garbage).unwrap();
    for cmd in [&["status"][..], &["check"], &["pause"]] {
        let run = env.wis(cmd);
        run.code(65);
        assert!(run.stderr.contains("not a redb store"), "{}", run.stderr);
        assert!(run.stderr.contains("hint:"), "{}", run.stderr);
    }
    assert!(
        bytes(&env.path("wis.redb")) == garbage,
        "the garbage store was modified"
    );
}

#[test]
fn truncated_store_is_65_and_untouched() {
    let env = TestEnv::born();
    let full = bytes(&env.path("wis.redb"));
    for len in [4096usize, full.len() / 2, full.len() - 1] {
        std::fs::write(env.path("wis.redb"), &full[..len]).unwrap();
        let run = env.wis(&["status"]);
        assert!(
            run.code == 65 || run.code == 74,
            "len {len}: exit {} {}",
            run.code,
            run.stderr
        );
        assert!(run.stderr.contains("wis.redb"), "{}", run.stderr);
        assert!(
            bytes(&env.path("wis.redb")) == full[..len],
            "len {len} was modified"
        );
    }
}

#[test]
fn incoherent_budgets_are_78_naming_the_numbers() {
    let env = TestEnv::born();
    env.write("wis.toml", "[context]\nn_ctx = 8192\n");
    let run = env.wis(&["config", "check"]);
    run.code(78);
    assert!(
        run.stderr.contains("8192") && run.stderr.contains("38000"),
        "{}",
        run.stderr
    );
    let run = env.wis(&[
        "--config",
        "context.max_total_chars=90000",
        "config",
        "check",
    ]);
    run.code(78);
}

/// Regression (issue 19, item 8): a setup that fit at the assumed 3.0 characters per token
/// passed `config check`, and the tick then overran the server's window. The check now counts
/// a newborn's prompt with the model's own tokenizer (here the server's `/tokenize`), checks
/// the budgets at that rate, and says which endpoint the server is sent to and why; the hint
/// it gives, followed, passes.
#[test]
fn config_check_counts_the_prompt_with_the_models_tokenizer() {
    let server = FakeOpenAi::builder()
        .n_ctx(16384)
        .tokenizer(2)
        .no_chat_template()
        .start();
    let mut env = TestEnv::born();
    env.use_mind(&server);
    let run = env.wis(&["config", "check"]);
    run.code(78);
    assert!(
        run.stdout
            .contains("endpoint: completion (the server reports no chat template"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("tokens: a newborn's prompt is"),
        "{}",
        run.stdout
    );
    assert!(
        run.stderr.contains("measured on this model"),
        "{}",
        run.stderr
    );
    let numbers =
        regex::Regex::new(r"chars_per_token = ([0-9.]+);.*max_total_chars to at most (\d+)")
            .unwrap();
    let caps = numbers
        .captures(&run.stderr)
        .expect("the hint gives numbers");
    let (per_token, total) = (&caps[1], &caps[2]);
    assert!(per_token.starts_with("1.9"), "{}", run.stderr);
    let run = env.wis(&[
        "--config",
        &format!("context.chars_per_token={per_token}"),
        "--config",
        &format!("context.max_total_chars={total}"),
        "config",
        "check",
    ]);
    run.ok();
    // Offline, nothing is counted and the server is not asked.
    let asked = server.requests().len();
    env.wis(&["config", "check", "--offline"]).ok();
    assert_eq!(server.requests().len(), asked);
}

/// max_total_chars must hold the part of the prompt that is not trimmed.
#[test]
fn budgets_smaller_than_the_fixed_prompt_are_78() {
    let env = TestEnv::born();
    env.write(
        "wis.toml",
        "[context]\nmax_total_chars = 900\nstream_max_chars = 300\nobs_max_chars = 300\n\
         memory_max_chars = 300\n",
    );
    let run = env.wis(&["config", "check", "--offline"]);
    run.code(78);
    assert!(
        run.stderr.contains("a newborn's prompt with no history"),
        "{}",
        run.stderr
    );
}

#[test]
fn misspelled_key_names_the_key() {
    let env = TestEnv::born();
    env.write("wis.toml", "[wisdom]\nrecal_enabled = true\n");
    let run = env.wis(&["config", "check"]);
    run.code(78);
    assert!(run.stderr.contains("recal_enabled"), "{}", run.stderr);
    assert!(run.stderr.contains("line 2"), "{}", run.stderr);
}

#[test]
fn env_and_flags_layer_over_the_file() {
    let mut env = TestEnv::born();
    env.write("wis.toml", "[llm]\nmodel = \"from-file\"\n");
    let shown = env.wis(&["config", "show"]).ok().to_string();
    assert!(shown.contains("from-file"));
    env.set("WIS_LLM_MODEL", "from-env");
    assert!(env.wis(&["config", "show"]).ok().contains("from-env"));
    let out = env
        .wis(&["--config", "llm.model=from-flag", "config", "show"])
        .ok()
        .to_string();
    assert!(out.contains("from-flag"), "{out}");
    env.set("WIS_WISDOM_RECALL_ENABLED", "maybe");
    let run = env.wis(&["config", "show"]);
    run.code(78);
    assert!(
        run.stderr.contains("WIS_WISDOM_RECALL_ENABLED"),
        "{}",
        run.stderr
    );
}

#[test]
fn usage_errors_are_64_and_help_is_0() {
    let env = TestEnv::new();
    env.wis(&["frobnicate"]).code(64);
    env.wis(&["init", "--seed", "notanumber"]).code(64);
    assert!(env.wis(&["--help"]).ok().contains("Exit codes"));
    env.wis(&["status", "--help"]).ok();
}

#[test]
fn json_errors_for_scripts() {
    let env = TestEnv::new();
    let run = env.wis(&["status", "--output-format", "json"]);
    run.code(66);
    let err: serde_json::Value = serde_json::from_str(run.stderr.trim()).unwrap();
    assert_eq!(err["error"]["code"], 66);
    assert_eq!(err["error"]["kind"], "no_input");
}

#[test]
fn broken_pipe_exits_quietly() {
    use std::io::Read;
    use std::process::Stdio;
    let env = TestEnv::born();
    let mut child = env
        .command()
        .args(["config", "show"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let status = child.wait().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(status.success(), "exit {status:?}: {err}");
    assert!(!err.contains("panicked") && !err.contains("error"), "{err}");
}
