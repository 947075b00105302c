//! The keeper's commands beside a living creature: one process ticks it, one gives, confirms
//! and rejects commissions, one reads (`status`, `inbox`, `commission list`, `report --out`),
//! all at once through the real binary. Only exits 0 and 75 (busy, nothing written) appear;
//! no tick fails for a reader or a keeper (it waits within `--wait`); every tick that exited 0
//! is counted once, every commission given is kept, every word that exited 0 landed, and the
//! store passes `wis check`. (`scripts/soak.sh` runs the same loops for longer, and with
//! several ticking processes.)

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use crate::support::TestEnv;
use crate::support::fake_openai::{Answer, FakeOpenAi};

const PLAN: &str = r#"{"thought": "I keep a log", "plan": ["append a note to log"]}"#;
const NOTE: &str = r#"{"tool": "note_append", "args": {"notebook": "log", "text": "a tick"}}"#;
const TICKS: usize = 12;

fn code(env: &TestEnv, args: &[&str]) -> i32 {
    env.wis(args).code
}

#[test]
fn ticks_keepers_and_readers_at_once_lose_nothing() {
    let server = FakeOpenAi::builder()
        .answers([Answer::content(PLAN)])
        .then_forever(Answer::content(NOTE))
        .start();
    let mut env = TestEnv::born();
    env.use_mind(&server);
    let env = &env;
    let ticks_before = env.json(&["status"])["ticks"].as_u64().unwrap();
    let done = std::sync::atomic::AtomicBool::new(false);
    let (tick_codes, words, read_codes) = std::thread::scope(|s| {
        let ticker = s.spawn(|| {
            let codes: Vec<i32> = (0..TICKS)
                .map(|_| code(env, &["--wait", "20", "tick"]))
                .collect();
            done.store(true, std::sync::atomic::Ordering::SeqCst);
            codes
        });
        let keeper = s.spawn(|| {
            // (what was asked, its exit) in order; a short wait, so that busy is seen. Six
            // errands at most, within `[keeper] max_open`; then the keeper goes on rejecting.
            let mut words: Vec<(Vec<String>, i32)> = Vec::new();
            let mut n = 0;
            while !done.load(std::sync::atomic::Ordering::SeqCst) || n < 3 {
                n += 1;
                let text = format!("errand {n}");
                let mut asked = vec![
                    vec!["commission", "confirm", "1"],
                    vec!["commission", "reject", "2", "not yet"],
                ];
                if n <= 6 {
                    asked.insert(0, vec!["commission", "add", text.as_str()]);
                }
                for args in asked {
                    let mut line = vec!["--wait", "0.2"];
                    line.extend(&args);
                    let c = code(env, &line);
                    words.push((args.iter().map(|a| a.to_string()).collect(), c));
                }
            }
            words
        });
        let reader = s.spawn(|| {
            let mut codes: BTreeMap<String, Vec<i32>> = BTreeMap::new();
            let started = Instant::now();
            while !done.load(std::sync::atomic::Ordering::SeqCst)
                && started.elapsed() < Duration::from_secs(120)
            {
                for args in [
                    &["status"][..],
                    &["inbox"],
                    &["commission", "list", "--all"],
                    &["report", "--out", "page.html"],
                ] {
                    let mut line = vec!["--wait", "0.2"];
                    line.extend(args);
                    codes
                        .entry(args.join(" "))
                        .or_default()
                        .push(code(env, &line));
                }
            }
            codes
        });
        (
            ticker.join().unwrap(),
            keeper.join().unwrap(),
            reader.join().unwrap(),
        )
    });

    assert!(
        tick_codes.iter().all(|&c| c == 0),
        "a tick failed beside a reader or a keeper: {tick_codes:?}"
    );
    let status = env.json(&["status"]);
    assert_eq!(
        status["ticks"].as_u64().unwrap(),
        ticks_before + TICKS as u64,
        "every tick that exited 0 is counted once"
    );
    for (cmd, codes) in &read_codes {
        assert!(
            codes.iter().all(|c| [0, 75].contains(c)),
            "{cmd}: {codes:?}"
        );
    }
    for (args, c) in &words {
        // A word on a commission not given yet is 66, on one no longer live 65: refused, as
        // the keeper's script runs ahead of what has landed.
        let allowed: &[i32] = if args[1] == "add" {
            &[0, 75]
        } else {
            &[0, 65, 66, 75]
        };
        assert!(allowed.contains(c), "wis {args:?} exited {c}");
    }
    let list = env.wis(&["--output-format", "json", "commission", "list", "--all"]);
    let listed: Vec<serde_json::Value> = list
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let mut kept: Vec<(u64, String)> = listed
        .iter()
        .map(|c| {
            (
                c["id"].as_u64().unwrap(),
                c["text"].as_str().unwrap().into(),
            )
        })
        .collect();
    kept.sort();
    let given: Vec<String> = words
        .iter()
        .filter(|(a, c)| a[1] == "add" && *c == 0)
        .map(|(a, _)| a[2].clone())
        .collect();
    assert_eq!(
        kept.iter().map(|(_, t)| t.clone()).collect::<Vec<_>>(),
        given,
        "every commission given (and only those) is kept, in order"
    );
    if words.iter().any(|(a, c)| a[1] == "confirm" && *c == 0) {
        let first = listed.iter().find(|c| c["id"] == 1).unwrap();
        assert_eq!(first["status"], "confirmed");
    }
    env.wis(&["check"]).ok();
    let busy = words.iter().filter(|(_, c)| *c == 75).count()
        + read_codes.values().flatten().filter(|&&c| c == 75).count();
    eprintln!(
        "{TICKS} ticks beside {} keeper's words and {} reads: {busy} busy (75)",
        words.len(),
        read_codes.values().map(Vec::len).sum::<usize>()
    );
}
