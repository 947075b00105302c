//! Roles read from what results record, the wise arm against the large one, and the crossing's
//! three outcomes.

use super::*;
use crate::wisdom::curve::answer::AnswerKind;
use crate::wisdom::curve::battery::Domain;
use crate::wisdom::curve::result::{BatteryRef, TaskScore};

/// A result of `arm` on `model` (at `url`) with `memory` and `samples`, scoring `scores`.
fn result(
    arm: &str,
    url: Option<&str>,
    model: &str,
    memory: ArmMemory,
    samples: u32,
    scores: &[f64],
) -> CurveResult {
    CurveResult {
        run_at: 0,
        battery: BatteryRef {
            version: "v9".into(),
            sha256: "0".repeat(64),
        },
        arm: arm.into(),
        model: model.into(),
        answered_by: None,
        url: url.map(str::to_string),
        mind: "scripted".into(),
        memory,
        age: Age {
            ticks: 0,
            sleeps: 0,
        },
        seed: 7,
        samples,
        temperature: None,
        tasks: scores
            .iter()
            .enumerate()
            .map(|(i, s)| TaskScore {
                id: format!("t{i}"),
                domain: Domain::Recall,
                score: *s,
                kind: AnswerKind::Text,
                reply: String::new(),
                calls: samples,
                shown: Vec::new(),
                answered_from: None,
            })
            .collect(),
        total: scores.iter().sum(),
        compute: None,
        started_at: 0,
        finished_at: 0,
    }
}

const SMALL: Option<&str> = Some("http://127.0.0.1:8080/v1");
const LARGE: Option<&str> = Some("http://127.0.0.1:8081/v1");

fn five() -> Vec<CurveResult> {
    vec![
        result(
            "naive-small",
            SMALL,
            "small",
            ArmMemory::None,
            1,
            &[0.0, 0.0],
        ),
        result(
            "wise-small",
            SMALL,
            "small",
            ArmMemory::Live,
            1,
            &[1.0, 1.0],
        ),
        result("raw-small", SMALL, "small", ArmMemory::Raw, 1, &[0.0, 1.0]),
        result(
            "vote-small",
            SMALL,
            "small",
            ArmMemory::None,
            8,
            &[0.0, 0.0],
        ),
        result(
            "naive-large",
            LARGE,
            "large",
            ArmMemory::None,
            1,
            &[1.0, 0.0],
        ),
    ]
}

#[test]
fn roles_come_from_memory_samples_and_model_not_names() {
    let all = five();
    let refs: Vec<&CurveResult> = all.iter().collect();
    assert_eq!(
        roles(&refs),
        [
            Some(Role::NaiveSmall),
            Some(Role::Wise),
            None,
            None,
            Some(Role::NaiveLarge)
        ]
    );
    assert_eq!(baseline(&refs).unwrap().arm, "naive-small");
    // The same model behind llama-swap (one url, another model name) is another model.
    let swap = result("big", SMALL, "large", ArmMemory::None, 1, &[0.0, 0.0]);
    let named_oddly = result("mine", SMALL, "small", ArmMemory::Live, 1, &[0.0, 0.0]);
    assert_eq!(
        roles(&[&named_oddly, &swap]),
        [Some(Role::Wise), Some(Role::NaiveLarge)]
    );
    // Without an arm with live memory there is no small model, so no roles.
    assert_eq!(roles(&[&swap, &all[0]]), [None, None]);
    assert!(baseline(&[&swap]).is_none());
}

#[test]
fn the_wise_arm_is_paired_with_each_large_arm() {
    let all = five();
    let refs: Vec<&CurveResult> = all.iter().collect();
    let vs = versus(&refs);
    assert_eq!(vs.len(), 1);
    assert_eq!(
        (vs[0].wise.as_str(), vs[0].large.as_str()),
        ("wise-small", "naive-large")
    );
    assert_eq!((vs[0].wise_score, vs[0].large_score), (1.0, 0.5));
    assert_eq!(vs[0].diff.mean, 0.5);
    assert!(
        vs[0]
            .line()
            .starts_with("wise-small − naive-large: 0.500 ["),
        "{}",
        vs[0].line()
    );
    // No large arm: no readout, and no error.
    assert!(versus(&refs[..4]).is_empty());
}

/// One age's pair: the wise arm scoring `wise`, the large one `large` (each of two tasks).
fn at(ticks: u64, wise: [f64; 2], large: [f64; 2]) -> (Age, Vec<Versus>) {
    let w = result("wise-small", SMALL, "small", ArmMemory::Live, 1, &wise);
    let l = result("naive-large", LARGE, "large", ArmMemory::None, 1, &large);
    (Age { ticks, sleeps: 0 }, versus(&[&w, &l]))
}

#[test]
fn crossed_at_the_first_age_that_reaches_the_large_arm_after_being_below() {
    let ages = [
        at(0, [0.0, 0.0], [1.0, 0.0]),
        at(100, [0.0, 0.0], [1.0, 0.0]),
        at(200, [1.0, 0.0], [1.0, 0.0]),
        at(300, [0.0, 0.0], [1.0, 0.0]),
    ];
    let r = &readouts(&ages)[0];
    let Crossing::Crossed { age, diff } = &r.crossing else {
        panic!("{r:?}");
    };
    assert_eq!((age.ticks, diff.mean), (200, 0.0));
    // The newest age is reported as it is, below again.
    assert_eq!((r.newest.ticks, r.ages), (300, 4));
    let [newest, crossing] = r.lines();
    assert!(
        newest.starts_with("at 300 ticks: wise-small − naive-large: -0.500"),
        "{newest}"
    );
    assert!(
        crossing.contains("crossed naive-large at age 200 ticks"),
        "{crossing}"
    );
}

#[test]
fn never_below_and_not_yet_are_no_crossing() {
    let level = [
        at(0, [0.0, 0.0], [0.0, 0.0]),
        at(100, [1.0, 0.0], [0.0, 0.0]),
    ];
    let r = &readouts(&level)[0];
    assert_eq!(r.crossing, Crossing::NeverBelow { age: level[0].0 });
    assert!(r.lines()[1].contains("never below"), "{:?}", r.lines());

    let below = [
        at(0, [0.0, 0.0], [1.0, 0.0]),
        at(100, [0.0, 0.0], [1.0, 1.0]),
    ];
    let r = &readouts(&below)[0];
    assert_eq!(r.crossing, Crossing::NotYet);
    assert!(r.lines()[1].contains("has not crossed"), "{:?}", r.lines());

    // Level at birth, then below: not crossed.
    let fell = [
        at(0, [0.0, 0.0], [0.0, 0.0]),
        at(100, [0.0, 0.0], [1.0, 0.0]),
    ];
    assert_eq!(readouts(&fell)[0].crossing, Crossing::NotYet);

    // An age without the large arm is skipped; no pair at all is no readout.
    let w = result(
        "wise-small",
        SMALL,
        "small",
        ArmMemory::Live,
        1,
        &[1.0, 1.0],
    );
    let alone = (
        Age {
            ticks: 50,
            sleeps: 0,
        },
        versus(&[&w]),
    );
    let gapped = [level[0].clone(), alone.clone(), level[1].clone()];
    assert_eq!(readouts(&gapped)[0].ages, 2);
    assert!(readouts(&[alone]).is_empty());
}
