//! `wis curve show` and `wis curve plot` through the real binary, on results recorded in
//! process.

use std::path::Path;
use std::time::Duration;

use wis::base::clock::Clock;
use wis::base::config::ArmMemory;
use wis::base::home::Home;
use wis::wisdom::curve::{Age, Battery, BatteryRef, CurveResult, record};

use crate::support::{EPOCH, TestEnv, snapshot};

const NOW_SECS: i64 = EPOCH as i64;
const BATTERY: &str = r#"{"id":"a","domain":"ops","prompt":"p","scorer":{"type":"exact","answer":"x"}}
{"id":"b","domain":"recall","prompt":"q","scorer":{"type":"claim","must_include":["y","z"]}}
"#;

fn result(arm: &str, ticks: u64, total: f64, battery: &Battery) -> CurveResult {
    CurveResult {
        run_at: NOW_SECS * 1000,
        battery: BatteryRef {
            version: battery.version.clone(),
            sha256: battery.sha256.clone(),
        },
        arm: arm.into(),
        model: "m".into(),
        answered_by: None,
        url: None,
        mind: "scripted".into(),
        memory: ArmMemory::None,
        age: Age {
            ticks,
            sleeps: ticks / 100,
        },
        seed: 7,
        samples: 1,
        temperature: None,
        tasks: Vec::new(),
        total,
        compute: None,
        started_at: NOW_SECS * 1000,
        finished_at: NOW_SECS * 1000,
    }
}

/// Results with two tasks each: `total` out of 2.
fn seed_results(home: &Home, dir: &Path) {
    let path = dir.join("v1.jsonl");
    std::fs::write(&path, BATTERY).unwrap();
    let battery = Battery::load(&path).unwrap();
    let clock = Clock::pinned(NOW_SECS * 1000);
    let store = home.open(Duration::from_secs(1), "test", &clock).unwrap();
    let mut tx = store.write().unwrap();
    for (arm, ticks, total) in [
        ("naive", 10, 1.0),
        ("wise", 10, 1.5),
        ("naive", 90, 0.5),
        ("wise", 90, 2.0),
    ] {
        let mut r = result(arm, ticks, total, &battery);
        r.tasks = battery
            .tasks
            .iter()
            .map(|t| wis::wisdom::curve::TaskScore {
                id: t.id.clone(),
                domain: t.domain,
                score: total / 2.0,
                kind: wis::wisdom::curve::AnswerKind::Text,
                reply: "x".into(),
                calls: 1,
                shown: Vec::new(),
                answered_from: None,
            })
            .collect();
        record::record(&mut tx, &battery, &r, 1000).unwrap();
    }
    tx.commit().unwrap();
}

#[test]
fn show_prints_age_by_arm_and_plot_writes_an_svg() {
    let env = TestEnv::born_from(5);
    let home = Home::new(env.home());

    env.wis(&["curve", "plot", "--out", "x.svg"]).code(66);

    seed_results(&home, env.dir.path());
    let text = snapshot!(env, "curve-show", ["curve", "show"])
        .ok()
        .to_string();
    assert!(text.starts_with("battery v1\n"), "{text}");
    let rows: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| l.split_whitespace().collect())
        .collect();
    // Each score with its interval (one task each here, so the interval is the score).
    assert_eq!(
        rows,
        [
            [
                "10", "0", "0.500", "[0.500,", "0.500]", "0.750", "[0.750,", "0.750]"
            ],
            [
                "90", "0", "0.250", "[0.250,", "0.250]", "1.000", "[1.000,", "1.000]"
            ]
        ]
    );

    let json = snapshot!(
        env,
        "curve-show-json",
        ["--output-format", "json", "curve", "show", "v1"]
    );
    let table = json.json();
    assert_eq!(table["arms"], serde_json::json!(["naive", "wise"]));
    assert_eq!(table["rows"][1]["scores"], serde_json::json!([0.25, 1.0]));

    let svg_path = env.root("curve.svg");
    env.wis(&["curve", "plot", "--out", svg_path.to_str().unwrap()])
        .ok();
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    assert!(svg.starts_with("<?xml") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("<polyline ").count(), 2);

    let none = env.wis(&["curve", "plot", "v7", "--out", "x.svg"]);
    none.code(66);
    assert!(none.stderr.contains("battery v7"));
}
