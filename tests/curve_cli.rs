//! `wis curve show` and `wis curve plot` through the real binary, in a temporary home.

use std::path::Path;
use std::process::{Command, Output};
use std::time::Duration;

use wis::base::clock::Clock;
use wis::base::config::ArmMemory;
use wis::base::home::Home;
use wis::turn::birth::{BirthOptions, birth};
use wis::wisdom::curve::{Age, Battery, BatteryRef, CurveResult, record};

const NOW_SECS: i64 = 1_767_225_600;
const BATTERY: &str = r#"{"id":"a","domain":"ops","prompt":"p","scorer":{"type":"exact","answer":"x"}}
{"id":"b","domain":"recall","prompt":"q","scorer":{"type":"claim","must_include":["y","z"]}}
"#;

fn wis(home: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wis"))
        .arg("--home")
        .arg(home)
        .args(args)
        .env_clear()
        .env("WIS_NOW", NOW_SECS.to_string())
        .output()
        .expect("wis runs")
}

fn result(arm: &str, ticks: u64, total: f64, battery: &Battery) -> CurveResult {
    CurveResult {
        run_at: NOW_SECS * 1000,
        battery: BatteryRef {
            version: battery.version.clone(),
            sha256: battery.sha256.clone(),
        },
        arm: arm.into(),
        model: "m".into(),
        url: None,
        mind: "scripted".into(),
        memory: ArmMemory::None,
        age: Age {
            ticks,
            sleeps: ticks / 100,
        },
        seed: 7,
        tasks: Vec::new(),
        total,
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
            })
            .collect();
        record::record(&mut tx, &battery, &r, 1000).unwrap();
    }
    tx.commit().unwrap();
}

#[test]
fn show_prints_age_by_arm_and_plot_writes_an_svg() {
    let dir = tempfile::tempdir().unwrap();
    let home = Home::new(dir.path().join("home"));
    let opts = BirthOptions {
        seed: Some(5),
        name: None,
        force: false,
        wait: Duration::from_secs(1),
    };
    birth(&home, &opts, &Clock::pinned(NOW_SECS * 1000)).unwrap();

    let empty = wis(home.root(), &["curve", "plot", "--out", "x.svg"]);
    assert_eq!(empty.status.code(), Some(66));

    seed_results(&home, dir.path());
    let out = wis(home.root(), &["curve", "show"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("battery v1\n"), "{text}");
    let rows: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(
        rows,
        [["10", "0", "0.500", "0.750"], ["90", "0", "0.250", "1.000"]]
    );

    let json = wis(
        home.root(),
        &["--output-format", "json", "curve", "show", "v1"],
    );
    let table: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(table["arms"], serde_json::json!(["naive", "wise"]));
    assert_eq!(table["rows"][1]["scores"], serde_json::json!([0.25, 1.0]));

    let svg_path = dir.path().join("curve.svg");
    let plot = wis(
        home.root(),
        &["curve", "plot", "--out", svg_path.to_str().unwrap()],
    );
    assert_eq!(
        plot.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&plot.stderr)
    );
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    assert!(svg.starts_with("<?xml") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("<polyline ").count(), 2);

    let none = wis(home.root(), &["curve", "plot", "v7", "--out", "x.svg"]);
    assert_eq!(none.status.code(), Some(66));
    assert!(String::from_utf8_lossy(&none.stderr).contains("battery v7"));
}
