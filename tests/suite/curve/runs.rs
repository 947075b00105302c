//! Whole runs: scores, the table and the SVG, the sampler discipline, stops and errors.

use super::xml_check;
use super::*;
use wis::base::config::{ArmMemory, Curve};

#[test]
fn three_arms_give_the_expected_table_and_a_valid_svg() {
    let bench = Bench::new();
    let report = bench.run().unwrap();
    assert_eq!(
        scores(&report),
        [
            ("naive-small".to_string(), 0.125),
            ("wise-small".to_string(), 1.0),
            ("naive-large".to_string(), 0.5),
        ]
    );
    assert_eq!(bench.restores.get(), 1);
    let row = &report.rows()[0];
    assert_eq!(
        [&row[..4], &row[5..]].concat(),
        [
            "naive-small",
            "gemma-3-270m",
            "none",
            "0.125",
            "0.50 / 4",
            "4",
            "-",
            "-",
            "-"
        ]
    );
    // A scripted mind reports no tokens: its compute is its calls alone, and no ratio.
    let compute = report.results[0].compute.unwrap();
    assert_eq!((compute.calls, compute.reported), (4, 0));
    // naive-large is another model without memory: the seed's readout is there.
    assert_eq!(report.readouts.len(), 1);
    assert_eq!(
        report.readouts[0].crossing,
        Crossing::NeverBelow { age: report.age }
    );
    assert!(row[4].starts_with("[0.000, "), "{row:?}");
    // Memory's gain: wise-small over naive-small on the same model, paired over the tasks.
    let gains = report.gains();
    assert_eq!(gains.len(), 1);
    assert_eq!(
        (gains[0].wise.as_str(), gains[0].naive.as_str()),
        ("wise-small", "naive-small")
    );
    assert!((gains[0].diff.mean - 0.875).abs() < 1e-9, "{:?}", gains[0]);
    assert!(report.check_min_gain(0.5).is_ok() || !gains[0].separated);
    assert_eq!(report.check_min_gain(0.9).unwrap_err().code(), 1);
    let wise = &report.results[1];
    assert_eq!(
        wise.age,
        Age {
            ticks: 120,
            sleeps: 3
        }
    );
    assert_eq!(wise.memory, ArmMemory::Live);
    assert_eq!(wise.mind, "scripted wise-small");
    assert_eq!(wise.battery.version, "v1");
    assert_eq!(wise.battery.sha256, battery::sha256_hex(BATTERY.as_bytes()));
    assert_eq!(wise.tasks[3].kind, AnswerKind::Call);
    assert_eq!(
        wise.tasks[3].reply,
        r#"{"tool":"note_read","args":{"notebook":"plan"}}"#
    );
    assert_eq!(
        report.results[0].tasks[2].score, 0.5,
        "partial credit is kept per task"
    );

    // a later point on the curve, when the creature is older
    bench.live(false, 480, 9);
    bench.run().unwrap();
    let stored = bench.stored();
    assert_eq!(stored.len(), 6);
    let table = CurveTable::build(&stored, None).unwrap();
    assert_eq!(
        table.header(),
        [
            "ticks",
            "sleeps",
            "naive-small",
            "wise-small",
            "naive-large"
        ]
    );
    let rows = table.text_rows();
    for (row, age) in rows.iter().zip(["120", "480"]) {
        assert_eq!(row[0], age);
        for (cell, score) in row[2..].iter().zip(["0.125", "1.000", "0.500"]) {
            assert!(
                cell.starts_with(&format!("{score} [")),
                "{cell}: a score and its interval"
            );
        }
    }
    let gains = table.gain_lines();
    assert_eq!(
        gains.len(),
        2,
        "wise-small over naive-small at each age: {gains:?}"
    );
    assert!(
        gains[0].starts_with("at 120 ticks: gain wise-small − naive-small: 0.875 ["),
        "{gains:?}"
    );

    let svg = svg::render(&table);
    assert_eq!(xml_check::check(&svg), Ok("svg".to_string()), "{svg}");
    assert!(svg.contains(r#"xmlns="http://www.w3.org/2000/svg""#));
    assert_eq!(svg.matches("<polyline ").count(), 3, "one line per arm");
    assert_eq!(svg.matches("<circle ").count(), 6, "one marker per point");
    assert_eq!(
        svg.matches(r#"class="interval""#).count(),
        6,
        "one interval bar per point"
    );
    assert!(
        svg.contains("at 480 ticks: gain wise-small − naive-small"),
        "{svg}"
    );
    for label in [
        "naive-small",
        "wise-small",
        "naive-large",
        "creature age (ticks)",
        "battery v1",
    ] {
        assert!(svg.contains(label), "{label}");
    }
    assert!(
        svg.contains(">480</text>") || svg.contains(">500</text>"),
        "x ticks reach the last age"
    );
}

#[test]
fn every_call_uses_the_curve_discipline_and_one_grammar() {
    let bench = Bench::new();
    bench.run().unwrap();
    let seen = bench.seen.borrow();
    assert_eq!(seen.len(), 12);
    let schema = battery_schema();
    for call in seen.iter() {
        assert_eq!(call.sampling.temperature, 0.0);
        assert_eq!(call.sampling.seed, Some(Curve::default().seed));
        assert!(!call.sampling.cache_prompt);
        assert_eq!(call.schema, schema);
    }
    let wise: Vec<&Seen> = seen.iter().filter(|c| c.arm == "wise-small").collect();
    assert!(wise[0].prompt.stable.contains("live store"));
}

#[test]
fn ctrl_c_keeps_finished_arms_and_still_restores() {
    let mut bench = Bench::new();
    bench.stop_after = Some(6); // inside the second arm
    let err = bench.run().unwrap_err();
    assert_eq!(err.code(), 1);
    assert!(
        err.message.contains("interrupted in arm wise-small"),
        "{}",
        err.message
    );
    assert_eq!(bench.restores.get(), 1);
    let stored = bench.stored();
    assert_eq!(stored.len(), 1, "the cut arm is not a curve point");
    assert_eq!(stored[0].arm, "naive-small");
}

#[test]
fn a_model_error_stops_the_run_and_still_restores() {
    let mut bench = Bench::new();
    bench.fail_on = Some("woke");
    let err = bench.run().unwrap_err();
    assert_eq!(err.code(), 69);
    assert!(
        err.message.contains("arm wise-small, task woke"),
        "{}",
        err.message
    );
    assert_eq!(bench.restores.get(), 1);
    assert_eq!(bench.stored().len(), 1);
}

#[test]
fn results_are_appended_to_the_out_file() {
    let mut bench = Bench::new();
    let out = bench._dir.path().join("curve.jsonl");
    bench.out = Some(out.clone());
    bench.run().unwrap();
    bench.run().unwrap();
    let text = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<CurveResult> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("one result per line"))
        .collect();
    assert_eq!(lines.len(), 6);
    assert_eq!(lines[1].arm, "wise-small");
    assert_eq!(lines[1], bench.stored()[1]);
}

#[test]
fn an_unwritable_out_file_fails_before_any_model_is_asked() {
    let mut bench = Bench::new();
    bench.out = Some(bench._dir.path().join("no/such/dir/curve.jsonl"));
    assert_eq!(bench.run().unwrap_err().code(), 66);
    assert_eq!(bench.minds_built.get(), 0);
}

#[test]
fn min_score_fails_an_arm_below_it() {
    let bench = Bench::new();
    let report = bench.run().unwrap();
    assert!(report.check_min_score("wise-small", 0.9).is_ok());
    let err = report.check_min_score("naive-large", 0.9).unwrap_err();
    assert_eq!(err.code(), 1);
    assert!(err.message.contains("0.500"), "{}", err.message);
    assert_eq!(
        report.check_min_score("nobody", 0.1).unwrap_err().code(),
        64
    );
    assert_eq!(
        report
            .check_min_score("wise-small", 1.5)
            .unwrap_err()
            .code(),
        64
    );
}
