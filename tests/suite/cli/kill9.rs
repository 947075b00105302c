//! `kill -9` of a tick at random moments, 50 times: the store always opens, `wis check`
//! passes (no half-recorded tick), and a lease left by a killed turn is recovered.

use std::time::Duration;

use crate::support::TestEnv;
use crate::support::fake_openai::{Answer, FakeOpenAi};

/// A small deterministic generator, so a failure can be replayed.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

#[test]
fn fifty_random_kills_leave_a_consistent_store() {
    let mut rng = Lcg(0x5eed);
    let replies: Vec<Answer> = (0..400)
        .map(|i| {
            let text = match i % 4 {
                0 => r#"{"thought": "again", "plan": ["step one", "step two"]}"#.to_string(),
                1 => format!(
                    r#"{{"tool": "write_file", "args": {{"path": "f{i}.txt", "content": "x"}}}}"#
                ),
                2 => r#"{"tool": "note_append", "args": {"notebook": "plan", "text": "more"}}"#
                    .to_string(),
                _ => r#"{"tool": "bash", "args": {"command": "echo hi"}}"#.to_string(),
            };
            Answer::Delayed {
                wait: Duration::from_millis(i as u64 * 37 % 120),
                then: Box::new(Answer::content(text)),
            }
        })
        .collect();
    let server = FakeOpenAi::builder().answers(replies).start();
    let mut env = TestEnv::born();
    env.use_mind(&server);
    let mut killed = 0;
    let mut recovered = 0;
    for round in 0..50 {
        env.now += 60;
        let mut child = env
            .command()
            .args(["--wait", "5", "tick"])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(rng.below(250)));
        if child.try_wait().unwrap().is_none() {
            child.kill().unwrap();
            killed += 1;
        }
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "round {round}: {stderr}");
        let check = env.wis(&["check", "--output-format", "json"]);
        assert_eq!(
            check.code, 0,
            "round {round}: check failed\n{}\n{}",
            check.stdout, check.stderr
        );
        let status = env.wis(&["status", "--output-format", "json"]);
        assert_eq!(status.code, 0, "round {round}: {}", status.stderr);
        if status.json()["last_tick"]["turn"] == "interrupted" {
            recovered += 1;
        }
    }
    assert!(
        killed >= 10,
        "only {killed} of 50 ticks were killed mid-way; the test is too slow to bite"
    );
    // The next tick always completes, recovering any lease a killed turn left behind.
    env.now += 60;
    let last = env.wis(&["--wait", "5", "tick", "--output-format", "json"]);
    assert_eq!(last.code, 0, "{}", last.stderr);
    let status = env.wis(&["status", "--output-format", "json"]).json();
    assert_eq!(status["documents"]["wis.lease.v1"], 0, "no lease left");
    env.wis(&["check"]).ok();
    eprintln!(
        "killed {killed} of 50 ticks mid-way; {recovered} interrupted turns seen after a kill"
    );
}
