//! The battery that ships with wis.

use std::path::Path;

use super::*;

#[test]
fn the_shipped_battery_is_about_twenty_tasks_in_four_domains() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("exam_battery/v1.jsonl");
    let b = Battery::load(&path).unwrap();
    assert_eq!(b.version, "v1");
    assert!((18..=24).contains(&b.tasks.len()), "{}", b.tasks.len());
    for d in [
        Domain::Ops,
        Domain::Subsystems,
        Domain::Recall,
        Domain::Procedure,
    ] {
        assert!(
            b.tasks.iter().filter(|t| t.domain == d).count() >= 3,
            "{d:?}"
        );
    }
    let kinds: std::collections::BTreeSet<&str> = b.tasks.iter().map(|t| t.scorer.kind()).collect();
    assert_eq!(kinds.len(), 4, "every scorer type is used: {kinds:?}");
    for task in &b.tasks {
        if let Scorer::ActionSignature { tool, .. } = &task.scorer {
            assert!(
                crate::world::tools::spec(tool).is_some(),
                "{}: no tool {tool}",
                task.id
            );
        }
    }
}

/// v1 has been published; its bytes are frozen (a change is a new version file).
#[test]
fn the_shipped_battery_v1_is_frozen() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("exam_battery/v1.jsonl");
    let b = Battery::load(&path).unwrap();
    assert_eq!(
        b.sha256, V1_SHA256,
        "exam_battery/v1.jsonl changed: write v2.jsonl instead"
    );
}

/// v2 asks only what a life in its house could have shown: every text answer is in a house
/// file, or is the file a commission named, or is what the first sleep grants (the lived
/// check of each task is `scripts/lived_curve.sh`'s, against the life itself).
#[test]
fn the_lived_battery_v2_asks_what_its_house_and_commissions_hold() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("exam_battery");
    let b = Battery::load(&root.join("v2.jsonl")).unwrap();
    assert_eq!(b.version, "v2");
    assert_eq!(
        b.sha256, V2_SHA256,
        "exam_battery/v2.jsonl changed: write v3.jsonl instead"
    );
    let mut house = String::new();
    for entry in std::fs::read_dir(root.join("v2.house")).unwrap() {
        house.push_str(&std::fs::read_to_string(entry.unwrap().path()).unwrap());
    }
    let commissions = std::fs::read_to_string(root.join("v2.commissions.txt")).unwrap();
    let granted = "memorize recall";
    let kinds: std::collections::BTreeSet<&str> = b.tasks.iter().map(|t| t.scorer.kind()).collect();
    assert_eq!(kinds.len(), 4, "every scorer type is used: {kinds:?}");
    for task in &b.tasks {
        let needles: Vec<String> = match &task.scorer {
            Scorer::Exact { answers } => answers.clone(),
            Scorer::Claim { include, .. } => include.clone(),
            Scorer::Regex { pattern } => vec![pattern.as_str().to_string()],
            Scorer::ActionSignature { .. } => vec!["logs".to_string()],
        };
        for n in needles {
            assert!(
                house.contains(&n) || commissions.contains(&n) || granted.contains(&n),
                "{}: {n:?} is in no house file, commission or grant",
                task.id
            );
        }
    }
}

/// Every battery version in `exam_battery/` is built into wis, byte for byte, so `wis curve run`
/// finds it from any directory.
#[test]
fn every_battery_in_the_tree_is_built_in() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("exam_battery");
    let mut on_disk: Vec<String> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".jsonl"))
        .collect();
    on_disk.sort();
    let mut shipped: Vec<String> = battery::SHIPPED
        .iter()
        .map(|(n, _)| n.to_string())
        .collect();
    shipped.sort();
    assert_eq!(on_disk, shipped);
    for (name, text) in battery::SHIPPED {
        assert_eq!(
            std::fs::read_to_string(root.join(name)).unwrap(),
            *text,
            "{name}"
        );
        let b = Battery::resolve(&Path::new("nowhere").join(name), &root).unwrap();
        assert_eq!(b.path, Path::new(&format!("(built in) {name}")));
    }
}

const V2_SHA256: &str = "2d4a4dafe90c19ee92b10cf7c92446f8fa8c47e35a62b35f51f0e2bae2e099ef";

const V1_SHA256: &str = "01956b88fbcd24391f2bf5930f552b039cce53a711d5e060802058b97c52293c";
