//! `wis cast`: three creatures against a fake model server take turns by one initiative law.
//! Who acts is the one the law puts first; none acts while its turn is pending; recovery
//! starts when a turn completes; a `say` makes its addressee react next; an offstage member
//! only ruminates and sleeps; overlapping cast ticks and a `kill -9` mid-turn leave the
//! schedule consistent. Also the single creature's cooldown and a busy server's deferral.

use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde_json::Value;
use wis::base::store::Read;
use wis::creature::Persona;

use crate::support::fake_openai::{Answer, FakeOpenAi, Recorded};
use crate::support::{TestEnv, snapshot};

const THOUGHT: &str = r#"{"thought": "I should look around.", "plan": ["look around"]}"#;
const REPLY: &str = r#"{"tool": "reply", "args": {"text": "all is well"}}"#;

/// The prompt text of a completion request, whatever its shape.
fn prompt(req: &Recorded) -> String {
    req.json.to_string()
}

/// A responder by the prompt: a thought for a rumination, an answer for a reaction, a `say`
/// to `to` once when `say` is armed (and offered), otherwise a reply; slow for `slow`.
struct Responder {
    say: Arc<AtomicBool>,
    from: Arc<std::sync::Mutex<String>>,
    to: Arc<std::sync::Mutex<String>>,
    slow: Arc<std::sync::Mutex<Option<(String, Duration)>>>,
}

impl Responder {
    fn new() -> Responder {
        Responder {
            say: Arc::new(AtomicBool::new(false)),
            from: Arc::new(std::sync::Mutex::new(String::new())),
            to: Arc::new(std::sync::Mutex::new(String::new())),
            slow: Arc::new(std::sync::Mutex::new(None)),
        }
    }

    fn serve(&self) -> FakeOpenAi {
        let (say, from, to, slow) = (
            self.say.clone(),
            self.from.clone(),
            self.to.clone(),
            self.slow.clone(),
        );
        let answer = move |req: &Recorded| {
            let text = prompt(req);
            let reply = if text.contains("## Think") {
                THOUGHT.to_string()
            } else if let Some(at) = text.find(" said to you:") {
                let from = &text[text[..at].rfind("Q: ").map_or(0, |q| q + 3)..at];
                format!(r#"{{"tool": "say", "args": {{"to": "{from}", "text": "fine, thanks"}}}}"#)
            } else if text.contains("\"say\"")
                && text.contains(&format!("The life of {}", from.lock().unwrap()))
                && say.swap(false, Ordering::SeqCst)
            {
                let to = to.lock().unwrap().clone();
                format!(
                    r#"{{"tool": "say", "args": {{"to": "{to}", "text": "where is the key?"}}}}"#
                )
            } else {
                REPLY.to_string()
            };
            let reply = Answer::content(reply);
            match slow.lock().unwrap().clone() {
                Some((name, wait)) if text.contains(&format!("The life of {name}")) => {
                    Answer::delayed(wait, reply)
                }
                _ => reply,
            }
        };
        let chat = answer.clone();
        FakeOpenAi::builder()
            .route("POST", "/v1/chat/completions", move |r| chat(r))
            .route("POST", "/v1/completions", answer)
            .start()
    }
}

/// Three homes in one root (a and b on stage, c off stage) and their cast in `cast/`.
fn cast_of_three(env: &TestEnv, recovery: u64, max_in_flight: u32) -> (PathBuf, [PathBuf; 3]) {
    let homes = ["a", "b", "c"].map(|h| env.root(h));
    for (i, home) in homes.iter().enumerate() {
        env.wis_in(home, &["init", "--seed", &(i + 1).to_string()])
            .ok();
    }
    let cast = env.root("cast");
    env.wis(&[
        "cast",
        "init",
        cast.to_str().unwrap(),
        "--member",
        homes[0].to_str().unwrap(),
        "--member",
        homes[1].to_str().unwrap(),
        "--offstage",
        homes[2].to_str().unwrap(),
        "--recovery-secs",
        &recovery.to_string(),
        "--max-in-flight",
        &max_in_flight.to_string(),
    ])
    .ok();
    (cast, homes)
}

/// `wis --output-format json cast --dir CAST` and `rest`.
pub(super) fn cast_args<'a>(cast: &'a Path, rest: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "--output-format",
        "json",
        "cast",
        "--dir",
        cast.to_str().unwrap(),
    ];
    args.extend_from_slice(rest);
    args
}

/// The cast's status, as JSON.
pub(super) fn status(env: &TestEnv, cast: &Path) -> Value {
    let run = env.wis(&cast_args(cast, &["status"]));
    run.ok();
    run.json()
}

fn participant<'a>(status: &'a Value, id: &str) -> &'a Value {
    status["participants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == id)
        .unwrap()
}

fn id_of(status: &Value, home: &Path) -> String {
    status["participants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["home"] == home.to_str().unwrap())
        .unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string()
}

fn persona(home: &Path) -> Persona {
    crate::support::store::open(&home.join("wis.redb"))
        .read()
        .unwrap()
        .singleton()
        .unwrap()
}

#[test]
fn sixty_cast_ticks_follow_the_law() {
    let responder = Responder::new();
    let server = responder.serve();
    let mut env = TestEnv::new();
    env.use_mind(&server);
    let (cast, homes) = cast_of_three(&env, 60, 1);
    // The offstage member is tired: its first maintenance turn must be a sleep.
    {
        let store = crate::support::store::open(&homes[2].join("wis.redb"));
        let mut tx = store.write().unwrap();
        let mut p: Persona = tx.singleton().unwrap();
        p.sleep_pressure = p.nap_threshold() + 1.0;
        tx.set(&p).unwrap();
        tx.commit().unwrap();
    }
    let first = status(&env, &cast);
    let ids: Vec<String> = homes.iter().map(|h| id_of(&first, h)).collect();
    let (a, b, c) = (&ids[0], &ids[1], &ids[2]);
    *responder.from.lock().unwrap() = a.clone();
    *responder.to.lock().unwrap() = b.clone();

    let mut acted = std::collections::BTreeMap::<String, usize>::new();
    let mut kinds = Vec::new();
    let mut reacted = false;
    let mut said_at = None;
    for n in 0..60 {
        env.now += 20;
        let before = status(&env, &cast);
        let expected = before["next"].as_str().map(String::from);
        // After a few turns, a's next scene turn asks b something.
        if n == 6 {
            responder.say.store(true, Ordering::SeqCst);
        }
        let run = env.wis(&cast_args(&cast, &["tick"]));
        run.ok();
        let out = run.json();
        match expected {
            None => {
                assert_eq!(out["status"], "waiting", "tick {n}: {out}");
                continue;
            }
            Some(expected) => {
                assert_eq!(out["status"], "turn", "tick {n}: {out}");
                let receipt = &out["receipt"];
                assert_eq!(
                    receipt["id"],
                    expected.as_str(),
                    "tick {n}: the law's first"
                );
                assert_eq!(receipt["ending"], "completed", "tick {n}: {out}");
                // Recovery counts from completion, divided by the initiative speed.
                let speed = participant(&before, &expected)["initiative_speed"]
                    .as_f64()
                    .unwrap();
                let completed = receipt["completed_at"].as_i64().unwrap();
                let until = receipt["cooldown_until"].as_i64().unwrap();
                assert_eq!(until, completed + (60_000.0 / speed).round() as i64);
                *acted.entry(expected.clone()).or_default() += 1;
                kinds.push((
                    expected.clone(),
                    receipt["kind"].as_str().unwrap().to_string(),
                    receipt["turn"].as_str().unwrap_or("-").to_string(),
                ));
                if receipt["id"] == a.as_str() && out["report"]["said"].is_object() {
                    said_at = Some(n);
                    assert_eq!(out["report"]["said"]["to"], b.as_str(), "{out}");
                    // b reacts next, whatever its recovery says.
                    let after = status(&env, &cast);
                    assert_eq!(after["next"], b.as_str(), "{after}");
                    assert!(
                        participant(&after, b)["state"]
                            .as_str()
                            .unwrap()
                            .starts_with("spoken to by")
                    );
                }
                if said_at.is_some_and(|s| s + 1 == n) {
                    assert_eq!(receipt["kind"], "reaction", "{out}");
                    assert_eq!(receipt["id"], b.as_str());
                    let asked = server.completions().last().map(prompt).unwrap();
                    assert!(asked.contains("said to you:"), "{asked}");
                    // An answer opens no window of its own.
                    assert_eq!(out["report"]["said"]["to"], a.as_str(), "{out}");
                    let after = status(&env, &cast);
                    assert!(
                        !participant(&after, a)["state"]
                            .as_str()
                            .unwrap()
                            .starts_with("spoken to")
                    );
                    reacted = true;
                }
            }
        }
    }
    assert!(
        said_at.is_some() && reacted,
        "a say and its reaction happened: {kinds:?}"
    );
    // Every member acted; the offstage one only in maintenance turns, sleeping first.
    for id in &ids {
        assert!(
            acted.get(id).copied().unwrap_or(0) >= 5,
            "{acted:?} {kinds:?}"
        );
    }
    let offstage: Vec<&(String, String, String)> = kinds.iter().filter(|k| &k.0 == c).collect();
    assert!(
        offstage.iter().all(|k| k.1 == "maintenance"),
        "{offstage:?}"
    );
    assert_eq!(offstage[0].2, "sleep", "{offstage:?}");
    assert!(
        offstage[1..]
            .iter()
            .all(|k| k.2 == "rumination" || k.2 == "sleep")
    );
    assert!(
        kinds
            .iter()
            .filter(|k| &k.0 != c)
            .all(|k| k.1 != "maintenance")
    );
    // The scene reached the prompts of those on stage.
    assert!(
        server
            .completions()
            .iter()
            .any(|r| prompt(r).contains("## The scene")
                && prompt(r).contains(&format!("{a} to {b}")))
    );
    // The log, the stores (the reports themselves are pinned by
    // `every_cast_report_for_people_and_for_scripts`).
    env.wis(&["cast", "--dir", cast.to_str().unwrap(), "log", "-n", "5"])
        .ok();
    env.wis(&["cast", "--dir", cast.to_str().unwrap(), "check"])
        .ok();
    for home in &homes {
        env.wis_in(home, &["check"]).ok();
    }
    // The schedule as a CultCache file and its JSON projection.
    let file = env.root("cast.cc");
    env.wis(&[
        "cast",
        "--dir",
        cast.to_str().unwrap(),
        "export",
        "--out",
        file.to_str().unwrap(),
    ])
    .ok();
    let projected = env.wis(&["cachectl", "project", file.to_str().unwrap()]);
    let records: Vec<Value> = projected
        .ok()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let schedule = records
        .iter()
        .find(|r| r["type"] == "wis.cast.schedule")
        .unwrap_or_else(|| panic!("{records:?}"));
    assert_eq!(
        schedule["payload"]["participants"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
    assert!(
        records
            .iter()
            .filter(|r| r["type"] == "wis.cast.receipt")
            .count()
            >= 50
    );
}

/// A cast tick in the background, on the real clock.
fn spawn_tick(env: &TestEnv, cast: &Path) -> Child {
    env.command()
        .env_remove("WIS_NOW")
        .args([
            "--output-format",
            "json",
            "cast",
            "--dir",
            cast.to_str().unwrap(),
            "tick",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// `wis --output-format json cast --dir CAST WHAT` on the real clock, insisting on success.
fn real(env: &TestEnv, cast: &Path, what: &str) -> Value {
    let mut cmd = env.command();
    cmd.env_remove("WIS_NOW").args([
        "--output-format",
        "json",
        "cast",
        "--dir",
        cast.to_str().unwrap(),
        what,
    ]);
    let run = crate::support::harness::Run::of(&mut cmd);
    run.ok();
    run.json()
}

fn real_status(env: &TestEnv, cast: &Path) -> Value {
    real(env, cast, "status")
}

fn wait_pending(env: &TestEnv, cast: &Path, id: &str) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while Instant::now() < deadline {
        if participant(&real_status(env, cast), id)["pending"].is_object() {
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    panic!("{id} never became pending");
}

#[test]
fn a_pending_turn_is_never_picked_and_recovery_starts_at_completion() {
    let responder = Responder::new();
    let server = responder.serve();
    let mut env = TestEnv::new();
    env.use_mind(&server);
    let (cast, homes) = cast_of_three(&env, 5, 2);
    let first = real_status(&env, &cast);
    let next = first["next"].as_str().unwrap().to_string();
    let slow_home = homes.iter().find(|h| id_of(&first, h) == next).unwrap();
    let name = persona(slow_home).name;
    *responder.slow.lock().unwrap() = Some((name, Duration::from_secs(3)));
    let slow = spawn_tick(&env, &cast);
    wait_pending(&env, &cast, &next);
    // With room for two turns in flight, the second cast tick takes someone else.
    let second = spawn_tick(&env, &cast).wait_with_output().unwrap();
    assert!(
        second.status.success(),
        "{}",
        String::from_utf8_lossy(&second.stderr)
    );
    let second: Value = serde_json::from_slice(&second.stdout).unwrap();
    assert_ne!(second["receipt"]["id"], next.as_str(), "{second}");
    let out = slow.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let done: Value = serde_json::from_slice(&out.stdout).unwrap();
    let r = &done["receipt"];
    assert_eq!(r["id"], next.as_str());
    let (started, completed) = (
        r["started_at"].as_i64().unwrap(),
        r["completed_at"].as_i64().unwrap(),
    );
    assert!(completed - started >= 3000, "{r}");
    let speed = participant(&first, &next)["initiative_speed"]
        .as_f64()
        .unwrap();
    assert_eq!(
        r["cooldown_until"].as_i64().unwrap(),
        completed + (5000.0 / speed).round() as i64
    );
    assert_eq!(server.completions().len(), 2, "one model call per turn");
}

#[test]
fn two_cast_ticks_at_once_give_75_to_the_second_and_kill_9_is_recovered() {
    let responder = Responder::new();
    let server = responder.serve();
    let mut env = TestEnv::new();
    env.use_mind(&server);
    let (cast, homes) = cast_of_three(&env, 5, 1);
    let first = real_status(&env, &cast);
    let next = first["next"].as_str().unwrap().to_string();
    let slow_home = homes
        .iter()
        .find(|h| id_of(&first, h) == next)
        .unwrap()
        .clone();
    *responder.slow.lock().unwrap() = Some((persona(&slow_home).name, Duration::from_secs(30)));
    let before = server.completions().len();
    let mut slow = spawn_tick(&env, &cast);
    wait_pending(&env, &cast, &next);
    // Mid-turn: the member has written its lease and asked the model, which is slow.
    let deadline = Instant::now() + Duration::from_secs(20);
    while server.completions().len() == before && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    let asked = server.completions().len();
    assert!(asked > before, "the slow member never asked the model");
    let overlap = spawn_tick(&env, &cast).wait_with_output().unwrap();
    assert_eq!(
        overlap.status.code(),
        Some(75),
        "{}",
        String::from_utf8_lossy(&overlap.stderr)
    );
    assert!(String::from_utf8_lossy(&overlap.stderr).contains("at its load"));
    assert_eq!(
        server.completions().len(),
        asked,
        "no second model call was stacked"
    );
    // kill -9 mid-turn: the next cast tick recovers the mark and takes someone else.
    slow.kill().unwrap();
    slow.wait().unwrap();
    *responder.slow.lock().unwrap() = None;
    let out = real(&env, &cast, "tick");
    assert_ne!(out["receipt"]["id"], next.as_str(), "{out}");
    assert!(
        out["notes"][0].as_str().unwrap().contains("died mid-turn"),
        "{out}"
    );
    let log = env.wis(&cast_args(&cast, &["log"]));
    let receipts: Vec<Value> = log
        .ok()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(
        receipts
            .iter()
            .any(|r| r["id"] == next.as_str() && r["ending"] == "interrupted")
    );
    env.wis(&["cast", "--dir", cast.to_str().unwrap(), "check"])
        .ok();
    // The member's own next tick recovers its own turn, as a lone tick does.
    let mut cmd = env.command_in(&slow_home);
    cmd.env_remove("WIS_NOW").args(["tick"]);
    let run = crate::support::harness::Run::of(&mut cmd);
    run.ok();
    assert!(run.stderr.contains("was interrupted"), "{}", run.stderr);
    env.wis_in(&slow_home, &["check"]).ok();
}

#[test]
fn a_lone_creature_rests_after_its_turn_and_defers_to_a_busy_server() {
    let busy = Arc::new(AtomicBool::new(false));
    let slots = busy.clone();
    let server = FakeOpenAi::builder()
        .route("GET", "/slots", move |_| {
            let p = slots.load(Ordering::SeqCst);
            Answer::json(200, serde_json::json!([{"id": 0, "is_processing": p}]))
        })
        .then_forever(Answer::content(REPLY))
        .start();
    let mut env = TestEnv::born();
    env.use_mind(&server);
    env.set("WIS_HEARTBEAT_RECOVERY_SECS", "60");
    env.wis(&["tick"]).ok();
    let ticks = persona(&env.home()).ticks;
    let asked = server.completions().len();
    env.now += 30;
    let resting = env.wis(&["tick"]);
    assert!(
        resting.ok().contains("resting until 2026-01-01T00:01:00Z"),
        "{}",
        resting.stdout
    );
    assert_eq!(
        server.completions().len(),
        asked,
        "no model call while resting"
    );
    assert_eq!(persona(&env.home()).ticks, ticks);
    env.now += 31;
    busy.store(true, Ordering::SeqCst);
    let deferred = env.wis(&["tick"]);
    deferred.code(75);
    assert!(
        deferred.stderr.contains("1 of 1 slots processing"),
        "{}",
        deferred.stderr
    );
    assert_eq!(
        server.completions().len(),
        asked,
        "nothing stacked on a busy server"
    );
    env.wis(&["check"]).ok();
    busy.store(false, Ordering::SeqCst);
    env.wis(&["tick"]).ok();
    assert_eq!(persona(&env.home()).ticks, ticks + 1);
}

/// Rumination lanes, on: an associative rumination is offered an incubating failure, its plan
/// is adopted as a bridge (stream, report), and the candidate settles as useful once its step
/// closes after a verified success.
#[test]
fn an_adopted_musing_is_a_bridge_whose_candidate_settles_on_a_verified_success() {
    let server = FakeOpenAi::builder()
        .reply(r#"{"thought": "The manual may say why.", "plan": ["read the pump manual"]}"#)
        .reply(r#"{"tool": "read_file", "args": {"path": "pump.txt"}}"#)
        .reply(r#"{"tool": "note_close", "args": {"notebook": "plan", "number": 1}}"#)
        .start();
    let mut env = TestEnv::born();
    env.use_mind(&server);
    env.set("WIS_HEARTBEAT_RUMINATION_LANES", "true");
    env.write(
        "workspace/pump.txt",
        "hold the red button for five seconds\n",
    );
    env.edit_store(|tx| {
        use wis::base::store::SINGLETON_KEY;
        let musings = wis::wisdom::musing::Musings {
            count: 2,
            entries: Vec::new(),
        };
        tx.put(SINGLETON_KEY, &musings).unwrap();
        let incubation = wis::wisdom::incubation::Incubation {
            entries: vec![wis::wisdom::incubation::Entry {
                situation: "-|fix the pump".into(),
                failures: 3,
                tried: vec!["bash `pumpctl start`".into()],
                first_tick: 1,
                last_tick: 2,
                opened_sleep: 1,
                revisits: 0,
                closed: None,
            }],
        };
        tx.put(SINGLETON_KEY, &incubation).unwrap();
    });
    let think = env.json(&["tick"]);
    assert_eq!(think["turn"], "rumination", "{think}");
    assert_eq!(think["lane"], "associative", "{think}");
    let asked = prompt(&server.last_completion());
    assert!(
        asked.contains("this comes to mind: \\\"fix the pump\\\" failed 3 times"),
        "{asked}"
    );
    let events = think["events"].to_string();
    assert!(
        events.contains("adopted into the plan (a bridge: 1 candidate steps)"),
        "{events}"
    );
    env.now += 60;
    let read = env.json(&["tick"]);
    assert_eq!(read["success"], true, "{read}");
    env.now += 60;
    let close = env.json(&["tick"]);
    assert_eq!(close["tool"], "note_close", "{close}");
    assert!(
        close["events"].to_string().contains("proved useful"),
        "{close}"
    );
    let store = env.store();
    let musings: wis::wisdom::musing::Musings = store
        .read()
        .unwrap()
        .get(wis::base::store::SINGLETON_KEY)
        .unwrap()
        .unwrap();
    let bridge = musings.entries.last().unwrap();
    assert!(bridge.bridge());
    assert_eq!(bridge.candidates[0].useful_at, Some(3));
    let stream: Vec<String> = store
        .read()
        .unwrap()
        .ring::<wis::creature::stream::StreamLine>(None)
        .unwrap()
        .into_iter()
        .map(|(_, l)| l.text)
        .collect();
    assert!(
        stream
            .iter()
            .any(|l| l.starts_with("(associative lane) this came to mind:")),
        "{stream:?}"
    );
    drop(store);
    env.wis(&["check"]).ok();
}

#[test]
fn every_cast_report_for_people_and_for_scripts() {
    let responder = Responder::new();
    let server = responder.serve();
    let mut env = TestEnv::new();
    env.use_mind(&server);
    for (seed, home) in ["a", "b", "c", "d", "e"].iter().enumerate() {
        env.wis_in(
            &env.root(home),
            &["init", "--seed", &(seed + 1).to_string()],
        )
        .ok();
    }
    let init = [
        "cast",
        "init",
        "cast",
        "--member",
        "a",
        "--member",
        "b",
        "--offstage",
        "c",
        "--recovery-secs",
        "60",
    ];
    snapshot!(env, "cast-init", init).ok();
    let init_json = [
        "--output-format",
        "json",
        "cast",
        "init",
        "other",
        "--member",
        "a",
    ];
    snapshot!(env, "cast-init-json", init_json).ok();
    let cast = |rest: &[&'static str]| [&["cast", "--dir", "cast"][..], rest].concat();
    let json = |rest: &[&'static str]| {
        [
            &["--output-format", "json", "cast", "--dir", "cast"][..],
            rest,
        ]
        .concat()
    };

    snapshot!(env, "cast-status", cast(&["status"])).ok();
    snapshot!(env, "cast-status-json", json(&["status"])).ok();
    snapshot!(env, "cast-tick", cast(&["tick"])).ok();
    env.now += 20;
    snapshot!(env, "cast-tick-json", json(&["tick"])).ok();
    env.now += 1;
    env.wis(&cast(&["tick"])).ok();
    snapshot!(env, "cast-tick-nobody-ready", cast(&["tick"])).ok();
    snapshot!(env, "cast-log", cast(&["log"])).ok();
    snapshot!(env, "cast-log-json", json(&["log"])).ok();

    snapshot!(env, "cast-add", cast(&["add", "d"])).ok();
    snapshot!(env, "cast-add-json", json(&["add", "e", "--offstage"])).ok();
    snapshot!(env, "cast-arena", cast(&["arena", "d", "offstage"])).ok();
    snapshot!(env, "cast-arena-json", json(&["arena", "e", "scene"])).ok();
    snapshot!(env, "cast-remove", cast(&["remove", "d"])).ok();
    snapshot!(env, "cast-remove-json", json(&["remove", "e"])).ok();

    snapshot!(env, "cast-export", cast(&["export", "--out", "cast.cc"])).ok();
    snapshot!(
        env,
        "cast-export-json",
        json(&["export", "--out", "again.cc"])
    )
    .ok();
    assert_eq!(
        crate::support::bytes(&env.root("cast.cc")),
        crate::support::bytes(&env.root("again.cc"))
    );
    snapshot!(env, "cast-check", cast(&["check"])).ok();
    snapshot!(env, "cast-check-json", json(&["check"])).ok();
    snapshot!(env, "cast-check-schemas", cast(&["check", "--schemas"])).ok();
    snapshot!(
        env,
        "cast-check-schemas-json",
        json(&["check", "--schemas"])
    )
    .ok();
}
