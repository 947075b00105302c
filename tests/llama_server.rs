//! The experience curve's larger arm on a real llama-server (the one
//! `scripts/fetch-llama-server.sh` builds), serving the embedded GGUF under a second name,
//! `gemma-large`. The model is not larger; the wiring is what is real: the resident small
//! model is the embedded one, `naive-large` is asked over HTTP, the server's own usage
//! figures become the arm's recorded compute, the crossing readout is printed, and an arm
//! whose name the server does not serve is refused (78) and records nothing.
//!
//! Run with `cargo test --features embedded --test llama_server -- --nocapture`. Without the
//! model or the server this prints why and passes; with `WIS_TEST_REQUIRE_MODEL=1` a missing
//! model fails it, and with `WIS_TEST_REQUIRE_LLAMA_SERVER=1` (CI) a missing server does.

#![cfg(feature = "embedded")]

mod support;

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;
use support::TestEnv;

/// Set in CI: a missing llama-server fails this test instead of skipping it.
const REQUIRE_SERVER: &str = "WIS_TEST_REQUIRE_LLAMA_SERVER";

/// Three questions the small model may or may not answer: the run's figures are not the point.
const BATTERY: &str = r#"{"id": "port", "domain": "recall", "prompt": "Which TCP port does the pump controller listen on?", "scorer": {"type": "exact", "answer": "8731"}}
{"id": "look", "domain": "procedure", "prompt": "How do you see what is in your home?", "scorer": {"type": "action_signature", "tool": "bash", "args_pattern": "\\bls\\b"}}
{"id": "colour", "domain": "recall", "prompt": "What colour is the tin the spare fuse is kept in?", "scorer": {"type": "exact", "answer": "blue"}}
"#;

/// The installed server (`WIS_LLAMA_SERVER`, else wis's data directory), or `None` with a
/// printed reason when it is absent and not required.
fn server_binary() -> Option<PathBuf> {
    let path = match std::env::var_os("WIS_LLAMA_SERVER") {
        Some(p) => PathBuf::from(p),
        None => wis::base::home::data_dir()
            .expect("a data directory")
            .join("bin/llama-server"),
    };
    if path.is_file() {
        return Some(path);
    }
    assert!(
        std::env::var_os(REQUIRE_SERVER).is_none(),
        "{REQUIRE_SERVER} is set but {} is missing (run scripts/fetch-llama-server.sh)",
        path.display()
    );
    eprintln!(
        "skipping: {} is absent; run scripts/fetch-llama-server.sh to run this test",
        path.display()
    );
    None
}

/// A running llama-server, killed when dropped.
struct Server {
    child: Child,
    url: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Serves `gguf` on a free loopback port and waits until `/health` says it is ready.
fn serve(binary: &Path, gguf: &Path, log: &Path) -> Server {
    let port = free_port();
    let log_file = std::fs::File::create(log).unwrap();
    let child = Command::new(binary)
        .args(["--host", "127.0.0.1", "--port", &port.to_string()])
        .arg("--model")
        .arg(gguf)
        .args(["--ctx-size", "4096", "--threads", "2", "--parallel", "1"])
        .stdout(Stdio::null())
        .stderr(log_file)
        .spawn()
        .unwrap();
    let server = Server {
        child,
        url: format!("http://127.0.0.1:{port}/v1"),
    };
    let health = format!("http://127.0.0.1:{port}/health");
    let started = Instant::now();
    loop {
        if ureq::get(&health).call().is_ok() {
            return server;
        }
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "llama-server was not ready in 120 s; its log:\n{}",
            std::fs::read_to_string(log).unwrap_or_default()
        );
        std::thread::sleep(Duration::from_millis(250));
    }
}

fn config(battery: &Path, large_url: &str, large_model: &str) -> String {
    format!(
        "[curve]\nbattery = \"{}\"\n\n\
         [curve.arms.naive-small]\nmemory = \"none\"\n\n\
         [curve.arms.wise-small]\nmemory = \"live\"\n\n\
         [curve.arms.naive-large]\nurl = \"{large_url}\"\nmodel = \"{large_model}\"\nmemory = \"none\"\n",
        battery.display()
    )
}

#[test]
fn the_large_arm_runs_on_a_real_llama_server_and_records_its_compute() {
    let Some(model) = support::model::model() else {
        return;
    };
    let Some(binary) = server_binary() else {
        return;
    };
    let mut env = TestEnv::born();
    env.set("WIS_LLM_MODEL_PATH", model.to_str().unwrap());
    env.set("WIS_LLM_THREADS", "2");
    // The second name: the same weights, served from a file called gemma-large.gguf, so the
    // server's /props names it and the arm's model matches it.
    let served = env.root("served");
    std::fs::create_dir_all(&served).unwrap();
    let gguf = served.join("gemma-large.gguf");
    std::os::unix::fs::symlink(&model, &gguf).unwrap();
    let server = serve(&binary, &gguf, &served.join("llama-server.log"));

    env.write("battery/small.jsonl", BATTERY);
    let battery = env.path("battery/small.jsonl");
    env.wis(&[
        "memory",
        "add",
        "--kind",
        "fact",
        "The spare fuse is kept in the blue tin",
    ])
    .ok();
    env.write("wis.toml", &config(&battery, &server.url, "gemma-large"));
    env.wis(&["pause"]).ok();

    let out = env.path("curve.jsonl");
    let run = env.wis(&["curve", "run", "--out", out.to_str().unwrap()]);
    let printed = run.ok().to_string();
    eprintln!("{printed}");
    assert!(
        printed.contains("naive-large"),
        "the large arm is in the table:\n{printed}"
    );
    assert!(
        printed.contains("wise-small − naive-large") || printed.contains("has not crossed"),
        "the seed's readout is printed:\n{printed}"
    );

    let results: Vec<Value> = std::fs::read_to_string(&out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(results.len(), 3, "{results:?}");
    let large = results.iter().find(|r| r["arm"] == "naive-large").unwrap();
    assert_eq!(large["url"], server.url.as_str(), "{large}");
    assert_eq!(large["model"], "gemma-large", "{large}");
    let compute = &large["compute"];
    eprintln!("naive-large compute: {compute}");
    assert_eq!(compute["calls"], 3, "one call a task: {compute}");
    assert_eq!(
        compute["reported"], compute["calls"],
        "the real server reports its usage on every call: {compute}"
    );
    assert!(compute["prompt_tokens"].as_u64().unwrap() > 0, "{compute}");
    assert!(
        compute["generated_tokens"].as_u64().unwrap() > 0,
        "{compute}"
    );
    let small = results.iter().find(|r| r["arm"] == "naive-small").unwrap();
    eprintln!("naive-small compute: {}", small["compute"]);
    assert_eq!(small["compute"]["calls"], 3, "{small}");

    // An arm whose name the server does not serve is refused, and nothing is recorded.
    env.write("wis.toml", &config(&battery, &server.url, "qwen-7b"));
    let refused = env.wis(&[
        "curve",
        "run",
        "--arm",
        "naive-large",
        "--out",
        out.to_str().unwrap(),
    ]);
    refused.code(78);
    assert!(
        refused.stderr.contains("asked for model \"qwen-7b\"")
            && refused.stderr.contains("gemma-large.gguf"),
        "{}",
        refused.stderr
    );
    assert_eq!(
        std::fs::read_to_string(&out).unwrap().lines().count(),
        3,
        "the refused arm is not a curve point"
    );
}
