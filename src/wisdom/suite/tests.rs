use std::collections::BTreeSet;

use super::*;
use crate::creature::Check;

fn kinds() -> Vec<String> {
    wordings::shipped().into_iter().map(|k| k.name).collect()
}

#[test]
fn the_same_seed_draws_the_same_suite_and_another_seed_another() {
    let a = generate(7, Half::Test, 40).unwrap();
    assert_eq!(a, generate(7, Half::Test, 40).unwrap());
    let b = generate(8, Half::Test, 40).unwrap();
    assert_ne!(a.files, b.files, "another seed, another house");
}

#[test]
fn forty_errands_hold_every_kind_in_both_halves_of_the_stream() {
    for seed in 0..20 {
        let s = generate(seed, Half::Test, 40).unwrap();
        assert_eq!(s.errands.len(), 40, "seed {seed}");
        for half in [&s.errands[..20], &s.errands[20..]] {
            let seen: BTreeSet<&str> = half.iter().map(|e| e.kind.as_str()).collect();
            for k in kinds() {
                assert!(seen.contains(k.as_str()), "seed {seed}: no {k} in a half");
            }
        }
    }
}

#[test]
fn every_check_is_in_the_keeper_s_vocabulary_and_no_answer_is_in_the_words() {
    for seed in 0..20 {
        let s = generate(seed, Half::All, 60).unwrap();
        for e in &s.errands {
            let check = Check::parse(&e.check)
                .unwrap_or_else(|err| panic!("seed {seed}: {:?}: {err}", e.check));
            if let Check::ReplyContains { text } = &check {
                assert!(
                    !crate::creature::check::reply_holds(text, &e.text),
                    "seed {seed}: the words of {:?} hold its answer {text:?}",
                    e.text
                );
            }
            assert!(
                !e.text.contains('{') && !e.text.contains('|'),
                "{:?}",
                e.text
            );
        }
    }
}

#[test]
fn a_reply_check_holds_a_value_the_house_really_has() {
    for seed in 0..10 {
        let s = generate(seed, Half::Tune, 40).unwrap();
        for e in s
            .errands
            .iter()
            .filter(|e| e.kind == "value" || e.kind == "whole")
        {
            let Check::ReplyContains { text } = Check::parse(&e.check).unwrap() else {
                panic!("{e:?}");
            };
            let path = s
                .files
                .iter()
                .find(|(p, _)| e.text.contains(p.as_str()))
                .unwrap_or_else(|| panic!("{e:?} names no file of the house"));
            assert!(
                path.1.contains(&text),
                "{:?} does not hold {text:?}: {:?}",
                path.0,
                path.1
            );
        }
    }
}

#[test]
fn a_recall_comes_after_the_errand_that_read_its_file_and_takes_the_file_away() {
    for seed in 0..20 {
        let s = generate(seed, Half::Test, 40).unwrap();
        for (i, e) in s
            .errands
            .iter()
            .enumerate()
            .filter(|(_, e)| e.kind == "recall")
        {
            let gone = e.gone.as_deref().expect("a recall names its file");
            assert!(
                s.errands[..i]
                    .iter()
                    .any(|v| v.kind == "value" && v.text.contains(gone)),
                "seed {seed}: recall {i} of {gone} before any read of it"
            );
            assert!(s.files.iter().any(|(p, _)| p == gone));
        }
    }
}

#[test]
fn halves_draw_only_their_own_wordings() {
    let all = wordings::shipped();
    let s = generate(3, Half::Tune, 40).unwrap();
    for e in &s.errands {
        let k = all.iter().find(|k| k.name == e.kind).unwrap();
        let from = |ws: &[String]| {
            ws.iter().any(|w| {
                let fixed: Vec<&str> = w.split(['{', '}']).step_by(2).collect();
                fixed.iter().all(|f| e.text.contains(f))
            })
        };
        assert!(from(&k.tune), "{:?}", e.text);
    }
}

#[test]
fn a_house_is_written_once_and_not_over_another() {
    let dir = tempfile::tempdir().unwrap();
    let s = generate(5, Half::Test, 12).unwrap();
    s.write(dir.path()).unwrap();
    for (p, content) in &s.files {
        assert_eq!(
            &std::fs::read_to_string(dir.path().join("house").join(p)).unwrap(),
            content
        );
    }
    let list = std::fs::read_to_string(dir.path().join("commissions.txt")).unwrap();
    assert_eq!(list.lines().filter(|l| !l.starts_with('#')).count(), 12);
    assert_eq!(s.write(dir.path()).unwrap_err().code(), 64);
    assert_eq!(generate(1, Half::Test, 0).unwrap_err().code(), 64);
}

/// Every seed draws the most errands a suite may ask; asked for more than its names and values
/// give, the draw ends (a round that draws nothing ends it) rather than waiting on them.
#[test]
fn a_count_past_what_a_seed_draws_is_refused_not_waited_on() {
    for seed in 0..30 {
        for half in [Half::Tune, Half::Test] {
            assert_eq!(
                generate(seed, half, MAX_ERRANDS).unwrap().errands.len(),
                MAX_ERRANDS
            );
            let drawn = super::draw::draw(seed, half, 4 * MAX_ERRANDS, &wordings::shipped());
            assert!(drawn.errands.len() < 4 * MAX_ERRANDS, "seed {seed}");
        }
    }
    let e = generate(1, Half::Test, MAX_ERRANDS + 1).unwrap_err();
    assert_eq!(e.code(), 64, "{e}");
}
