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

const V1_SHA256: &str = "01956b88fbcd24391f2bf5930f552b039cce53a711d5e060802058b97c52293c";
