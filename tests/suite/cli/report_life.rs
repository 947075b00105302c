//! The pictures of a life, through the real binary: a creature given the keeper's errands of
//! three kinds one after another, for some fifty ticks against a fake model server (it looks
//! around a few times before doing each errand, fewer as the life goes on; some errands are
//! taken back undone), with sleeps and memories of several kinds told between them. Its page
//! draws a point per errand done and a cross per errand missed, one bar per window of 25 work
//! ticks and one per sleep, each with the numbers `wis status` gives; the page is kept beside
//! the screenshots (`target/report-screenshots/errands.html`). A life as long as the rings
//! keep draws no more than the caps allow, on a bounded page. `report_browser` renders both.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use serde_json::Value;

use super::report::panel_text;
use crate::support::fake_openai::{Answer, FakeOpenAi, Recorded};
use crate::support::{EPOCH, TestEnv};

const THINK: &str = r#"{"thought": "the keeper's errand comes first", "plan": ["do the errand"]}"#;
const LOOK: &str = r#"{"tool": "bash", "args": {"command": "ls"}}"#;
/// Different ways of looking around, so a few looks in a row are no rut.
const LOOKS: [&str; 3] = [
    LOOK,
    r#"{"tool": "read_file", "args": {"path": "notes/pump.txt"}}"#,
    r#"{"tool": "bash", "args": {"command": "pwd"}}"#,
];
/// Ticks an errand is worked before the keeper takes it back.
const PATIENCE: u32 = 6;

/// The errand `n`: its kind, its words, its check and the action that does it.
fn errand(n: usize) -> (&'static str, String, String, String) {
    match n % 3 {
        0 => (
            "write",
            format!("write the word plum{n} into fruit{n}.txt"),
            format!("file fruit{n}.txt contains plum{n}"),
            format!(
                r#"{{"tool": "write_file", "args": {{"path": "fruit{n}.txt", "content": "plum{n}"}}}}"#
            ),
        ),
        1 => (
            "value",
            "tell me the port in notes/pump.txt".to_string(),
            "reply contains 8731".to_string(),
            r#"{"tool": "reply", "args": {"text": "the pump listens on 8731"}}"#.to_string(),
        ),
        _ => (
            "folder",
            format!("put a file named keep.txt in the folder box{n}"),
            format!("file box{n}/keep.txt exists"),
            format!(
                r#"{{"tool": "write_file", "args": {{"path": "box{n}/keep.txt", "content": "kept"}}}}"#
            ),
        ),
    }
}

fn tick(env: &TestEnv) -> Value {
    let run = env.wis(&["tick", "--output-format", "json"]);
    assert_eq!(run.code, 0, "{}\n{}", run.stdout, run.stderr);
    run.json()
}

/// A creature that has lived a life of errands; the fates it met (done or not, per errand).
pub(super) fn errands() -> (FakeOpenAi, TestEnv, Vec<bool>) {
    let actions: Arc<Mutex<VecDeque<String>>> = Arc::default();
    let queue = actions.clone();
    let answer = move |r: &Recorded| {
        if r.body.contains("## Think") {
            return Answer::content(THINK);
        }
        let next = queue.lock().unwrap().pop_front();
        Answer::content(next.as_deref().unwrap_or(LOOK))
    };
    let server = FakeOpenAi::builder()
        .route("POST", "/v1/chat/completions", answer.clone())
        .route("POST", "/v1/completions", answer)
        .start();
    let mut env = TestEnv::born();
    env.use_mind(&server);
    env.write("workspace/notes/pump.txt", "the pump listens on 8731\n");
    let told = ["fact", "strategy", "procedure", "fact", "strategy"];
    let mut fates = Vec::new();
    let mut ticks = 0u32;
    for n in 0..15 {
        let (kind, text, check, act) = errand(n);
        let id = n + 1;
        env.wis(&[
            "commission",
            "add",
            &text,
            "--check",
            &check,
            "--kind",
            kind,
        ])
        .ok();
        // Practice: three looks before the first errands, none by the end; every fifth
        // errand is never done.
        let looks = 3usize.saturating_sub(n / 4);
        {
            let mut q = actions.lock().unwrap();
            q.clear();
            q.extend(LOOKS[..looks].iter().map(|l| l.to_string()));
            if n % 5 != 4 {
                q.push_back(act);
            }
        }
        let mut done = false;
        for _ in 0..PATIENCE {
            env.now += 60;
            tick(&env);
            ticks += 1;
            if ticks % 12 == 0 {
                let kind = told[(ticks / 12) as usize % told.len()];
                env.wis(&["memory", "add", &format!("lesson {ticks}"), "--kind", kind])
                    .ok();
                env.now += 60;
                env.wis(&["sleep"]).ok();
            }
            let c = env.json(&[
                "commission",
                "show",
                &id.to_string(),
                "--output-format",
                "json",
            ]);
            if c["status"] == "done" {
                done = true;
                break;
            }
        }
        if !done {
            env.wis(&["commission", "drop", &id.to_string()]).ok();
        }
        fates.push(done);
    }
    (server, env, fates)
}

/// Where the page of this life is kept: the workspace's `target/`.
fn kept_page() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/report-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("errands.html")
}

/// The markup of the picture named `name`.
pub(super) fn picture<'a>(page: &'a str, name: &str) -> &'a str {
    let at = page
        .find(&format!("<figure data-figure=\"{name}\">"))
        .unwrap_or_else(|| panic!("no picture {name}"));
    &page[at..at + page[at..].find("</figure>").unwrap()]
}

#[test]
fn a_life_of_errands_is_drawn_point_by_point() {
    let (_server, env, fates) = errands();
    let done = fates.iter().filter(|d| **d).count();
    assert!(done >= 10 && done < fates.len(), "{fates:?}");
    let page = env.wis(&["report"]).ok().to_string();
    std::fs::write(kept_page(), &page).unwrap();
    let status = env.json(&["status"]);
    let desk = &status["commissions"];
    assert_eq!(desk["life"]["done"], done);
    assert_eq!(desk["life"]["missed"], fates.len() - done);
    assert_eq!(desk["per_kind"].as_array().unwrap().len(), 3);

    let practice = picture(&page, "practice");
    assert_eq!(
        practice.matches("<circle").count(),
        done,
        "a point per errand done"
    );
    assert_eq!(
        practice.matches("class=\"missed\"").count(),
        fates.len() - done,
        "a cross per errand missed"
    );
    assert!(practice.contains("class=\"median\""));
    // Practice shows: the running median ends lower than it starts.
    let ticks_to_done: Vec<u64> = regex::Regex::new(r"done in (\d+) ticks")
        .unwrap()
        .captures_iter(practice)
        .map(|c| c[1].parse().unwrap())
        .collect();
    assert_eq!(ticks_to_done.len(), done);
    assert!(
        ticks_to_done.first() > ticks_to_done.last(),
        "{ticks_to_done:?}"
    );

    let life = &status["life"];
    let windows = life["work_ticks"].as_u64().unwrap().div_ceil(25) as usize;
    let over = picture(&page, "life_over_ticks");
    assert_eq!(
        over.matches("<rect x=").count(),
        4 * windows,
        "four strips of windows"
    );
    let steps: u64 = regex::Regex::new(r"steps closed: (\d+) in")
        .unwrap()
        .captures_iter(over)
        .map(|c| c[1].parse::<u64>().unwrap())
        .sum();
    assert_eq!(
        steps,
        life["steps_closed"].as_u64().unwrap(),
        "the windows add up"
    );

    let memory = picture(&page, "memory_by_kind");
    let sleeps = status["sleeps"].as_u64().unwrap();
    assert!(sleeps >= 3, "{sleeps}");
    for kind in ["fact", "strategy", "procedure"] {
        assert!(
            memory.contains(&format!(" {kind}</title>")),
            "{kind}: {memory}"
        );
    }
    let text = panel_text(&page, "life");
    assert!(text.contains("Per kind"), "{text}");
}

/// A life as long as the rings keep, written in process: 5000 turns, 1000 commissions of 40
/// kinds with long hostile words, 30 sleeps.
pub(super) fn a_full_life(env: &TestEnv) {
    env.wis(&[
        "memory",
        "add",
        "the pump listens on 8731",
        "--kind",
        "fact",
    ])
    .ok();
    use wis::base::store::Read;
    use wis::creature::commissions::{Commission, Status};
    use wis::creature::heartbeat::Turn;
    use wis::creature::turns::{Advanced, TurnRecord};
    use wis::turn::sleep::{JobReport, SleepReceipt};
    let hostile = "<script>alert(1)</script>".repeat(40);
    env.edit_store(|tx| {
        for t in 1..=5_000u64 {
            tx.push(&TurnRecord {
                tick: t,
                at: 0,
                turn: if t % 5 == 0 {
                    Turn::Rumination
                } else {
                    Turn::Work
                },
                tool: Some("bash".into()),
                signature: (t % 5 != 0).then(|| format!("bash ls {}", t % 13)),
                success: t % 7 != 0,
                automated: false,
                advanced: Advanced {
                    step_closed: t % 9 == 0,
                    commission_closed: t % 11 == 0,
                    ..Advanced::default()
                },
                repeat: t % 3 == 0,
                replan_changed: None,
                xp: t % 4,
                observed: Some(1),
            })
            .unwrap();
        }
        for n in 0..1_000u64 {
            let mut c = Commission::new(&hostile, None, None, n * 5, 0);
            c.kind = Some(format!("kind-{}", n % 40));
            c.status = if n % 4 == 0 {
                Status::Expired
            } else {
                Status::Done
            };
            c.ended_tick = Some(n * 5 + 1 + n % 13);
            tx.push(&c).unwrap();
        }
        for s in 1..=30u64 {
            tx.push(&SleepReceipt {
                sleep: s,
                tick: s * 150,
                at: EPOCH as i64 * 1000 + s as i64,
                pressure_before: 300.0,
                threshold: 280.0,
                jobs: vec![JobReport::new("consolidation", &hostile)],
                dream: None,
            })
            .unwrap();
        }
        let mut persona: wis::creature::Persona = tx.singleton().unwrap();
        persona.ticks = 5_000;
        tx.set(&persona).unwrap();
    });
}

#[test]
fn a_long_lifes_pictures_are_capped_and_its_page_bounded() {
    let env = TestEnv::born();
    env.wis(&[
        "memory",
        "add",
        "the pump listens on 8731",
        "--kind",
        "fact",
    ])
    .ok();
    a_full_life(&env);
    let page = env.wis(&["report"]).ok().to_string();
    assert!(!page.contains("<script"), "hostile words stay text");
    let practice = picture(&page, "practice");
    let marks = practice.matches("<circle").count() + practice.matches("class=\"missed\"").count();
    assert_eq!(marks, 300, "the newest 300 ended commissions are drawn");
    assert!(practice.contains("700 older ones left out"), "{practice}");
    assert_eq!(
        practice.matches("class=\"swatch\"").count(),
        7 + 1 + 1,
        "7 kinds, the others, the median"
    );
    let life = panel_text(&page, "life");
    assert!(
        life.contains("Per kind, the 20 most given (20 more in wis status"),
        "{life}"
    );
    assert!(life.contains("The newest 30 ended commissions"), "{life}");
    let over = picture(&page, "life_over_ticks");
    // 4000 work ticks: windows of 75, 54 of them.
    assert!(over.contains("Per window of 75 work ticks"), "{over}");
    assert_eq!(over.matches("<rect x=").count(), 4 * 54);
    let memory = picture(&page, "memory_by_kind");
    assert_eq!(
        memory.matches("<rect x=").count(),
        24,
        "the last 24 sleeps, one kind each"
    );
    assert!(page.len() < 250_000, "a bounded page: {} bytes", page.len());
    let status = env.json(&["status"]);
    assert_eq!(status["commissions"]["life"]["given"], 1_000);
    assert_eq!(status["commissions"]["recent"]["given"], 50);
    let text = env.wis(&["status"]).ok().to_string();
    assert!(text.contains("last 50 commissions"), "{text}");
    assert!(
        text.contains("28 more (wis status --output-format json lists every kind)"),
        "{text}"
    );
}
