//! Battery v3 and its fixture: a house (`exam_battery/v3.house/`), the keeper's commissions about
//! it (`v3.commissions.txt`) and two halves of tasks (`v3-tune.jsonl`, `v3-test.jsonl`). Every
//! text answer is in a house file, a commission's words or the first grant; a detail is in a file
//! a commission made the creature read and in no commission; every action task has the call that
//! does its job, and a transfer's answer is not the call the life made.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use super::{Battery, Domain, Scorer};
use crate::creature::Check;

pub(super) fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("exam_battery")
}

/// Every file under `dir`, by its path relative to `dir`, with its text.
pub(super) fn files(dir: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                todo.push(path);
            } else {
                let rel = path
                    .strip_prefix(dir)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                out.push((rel, std::fs::read_to_string(&path).unwrap()));
            }
        }
    }
    out.sort();
    out
}

/// One commission line: its kind, its words and its check.
pub(super) struct Commission {
    kind: String,
    pub(super) words: String,
    check: String,
}

pub(super) fn commissions() -> Vec<Commission> {
    let text = std::fs::read_to_string(root().join("v3.commissions.txt")).unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (kind, rest) = l.split_once(": ").expect("a line is `KIND: TEXT | CHECK`");
            let (words, check) = rest
                .split_once(" | ")
                .expect("every commission has a check");
            Commission {
                kind: kind.to_string(),
                words: words.to_string(),
                check: check.to_string(),
            }
        })
        .collect()
}

/// What the first sleep grants (U1), as the life's grant statement names it.
const GRANTED: &str = "memorize recall";

const V3_TUNE_SHA256: &str = "a65e4539943a70fc0878b31b2f37d88ed26d126b104270ecc580f8165990096c";
const V3_TEST_SHA256: &str = "643b479969ece348ba46b3aefaba75e75a635465a1069175099711842c4e9cf0";

pub(super) fn halves() -> [Battery; 2] {
    let tune = Battery::load(&root().join("v3-tune.jsonl")).unwrap();
    let test = Battery::load(&root().join("v3-test.jsonl")).unwrap();
    assert_eq!(
        (tune.version.as_str(), test.version.as_str()),
        ("v3-tune", "v3-test")
    );
    [tune, test]
}

#[test]
fn v3_is_two_frozen_halves_each_with_every_sort_of_task() {
    let [tune, test] = halves();
    assert_eq!(
        tune.sha256, V3_TUNE_SHA256,
        "exam_battery/v3-tune.jsonl changed: write a new version instead"
    );
    assert_eq!(
        test.sha256, V3_TEST_SHA256,
        "exam_battery/v3-test.jsonl changed: write a new version instead"
    );
    assert!(tune.tasks.len() + test.tasks.len() >= 16);
    let mut ids = BTreeSet::new();
    for half in [&tune, &test] {
        for d in [
            Domain::Recall,
            Domain::Detail,
            Domain::Procedure,
            Domain::Transfer,
        ] {
            let n = half.tasks.iter().filter(|t| t.domain == d).count();
            assert!(n >= 2, "{}: {n} {d:?} tasks", half.version);
        }
        let kinds: BTreeSet<&str> = half.tasks.iter().map(|t| t.scorer.kind()).collect();
        assert_eq!(
            kinds.len(),
            4,
            "{}: every scorer type: {kinds:?}",
            half.version
        );
        for t in &half.tasks {
            assert!(ids.insert(t.id.clone()), "{} is in both halves", t.id);
            let sort = t.id.split('-').next().unwrap();
            let domain = format!("{:?}", t.domain).to_lowercase();
            let named = if sort == "value" { "recall" } else { sort };
            assert_eq!(named, domain, "{}: its id names its sort", t.id);
        }
    }
}

#[test]
fn v3_grows_the_v2_house_and_keeps_its_commissions() {
    let v2 = files(&root().join("v2.house"));
    let v3 = files(&root().join("v3.house"));
    for (name, text) in &v2 {
        let grown = &v3
            .iter()
            .find(|(n, _)| n == name)
            .expect("v2's file is in v3")
            .1;
        for line in text.lines() {
            assert!(
                grown.lines().any(|l| l.starts_with(line)),
                "{name}: {line:?}"
            );
        }
    }
    assert!(v3.len() >= v2.len() + 4, "a few more files");
    let v2_commissions = std::fs::read_to_string(root().join("v2.commissions.txt")).unwrap();
    let words: Vec<String> = commissions().into_iter().map(|c| c.words).collect();
    for line in v2_commissions.lines().filter(|l| !l.starts_with('#')) {
        let text = line.split(" | ").next().unwrap();
        assert!(words.iter().any(|w| w == text), "{text}");
    }
}

#[test]
fn v3_commissions_are_of_the_suites_kinds_with_checks_wis_reads() {
    let kinds: Vec<String> = crate::wisdom::suite::wordings::shipped()
        .into_iter()
        .map(|k| k.name)
        .collect();
    let all = commissions();
    assert!((8..=10).contains(&all.len()), "{}", all.len());
    assert!(all.len() <= crate::base::config::Config::default().keeper.max_open);
    for c in &all {
        assert!(kinds.contains(&c.kind), "{}: kind {}", c.words, c.kind);
        Check::parse(&c.check).unwrap_or_else(|e| panic!("{}: {e}", c.check));
    }
    let used: BTreeSet<&str> = all.iter().map(|c| c.kind.as_str()).collect();
    assert!(used.len() >= 5, "{used:?}");
}

/// A text answer is found where the life could have met it; a detail is in a file a commission
/// named, and no commission names it (it was read, never asked about).
#[test]
fn every_v3_text_answer_is_in_the_house_a_commission_or_the_first_grant() {
    let house = files(&root().join("v3.house"));
    let all = commissions();
    let words: String = all.iter().map(|c| c.words.to_lowercase() + "\n").collect();
    let checks: String = all.iter().map(|c| c.check.to_lowercase() + "\n").collect();
    let read: Vec<&(String, String)> = house
        .iter()
        .filter(|(name, _)| all.iter().any(|c| c.words.contains(name.as_str())))
        .collect();
    for task in halves().iter().flat_map(|b| &b.tasks) {
        let found = |hay: &str| -> bool {
            let hay = hay.to_lowercase();
            match &task.scorer {
                Scorer::Exact { answers } => answers.iter().any(|a| hay.contains(a.as_str())),
                Scorer::Claim { include, .. } => include.iter().all(|s| hay.contains(s.as_str())),
                Scorer::Regex { pattern } => pattern.is_match(&hay),
                Scorer::ActionSignature { .. } => unreachable!(),
            }
        };
        if matches!(task.scorer, Scorer::ActionSignature { .. }) {
            continue;
        }
        let in_read = read.iter().any(|(_, text)| found(text));
        match task.domain {
            Domain::Detail => {
                assert!(
                    found(GRANTED) || (in_read && !found(&words) && !found(&checks)),
                    "{}: a detail is in a file a commission made it read, and in no commission",
                    task.id
                );
            }
            _ => assert!(
                in_read || found(&words) || found(GRANTED),
                "{}: in no house file a commission names, no commission's words, no grant",
                task.id
            ),
        }
    }
}

#[path = "battery_v3_jobs.rs"]
mod jobs;
