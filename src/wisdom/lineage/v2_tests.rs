//! Version 2 of the format: its parts read back and are bounded, a version 1 volume still reads
//! and may not hold a key of version 2's; a world-verified memory is passed on whatever its
//! score, with its evidence and, for an errand's lesson, the lesson whole; and an heir's import
//! makes that lesson a precedent its errands of the kind are shown.

use super::export::{engram_record, render};
use super::format::*;
use super::import::{apply, plan};
use super::read::read_bytes;
use super::tests::{header, record, volume};
use crate::base::store::testing::temp_store;
use crate::memory::{
    Engram, HashEmbedder, Kind, Memory, NewEngram, Provenance, Witness, Witnessed,
};
use crate::wisdom::errands::{self, Role};

fn memory() -> Memory {
    Memory::new(Box::new(HashEmbedder::new(256)))
}

fn lesson() -> Lesson {
    Lesson {
        errand: "copy".into(),
        role: "act".into(),
        task: "Copy shed/recipe.txt to shed/spare.txt.".into(),
        example: r#"{"tool":"bash","args":{"command":"cp shed/recipe.txt shed/spare.txt"}}"#.into(),
        shape: "bash cp".into(),
        known: Vec::new(),
    }
}

fn evidence() -> WorldEvidence {
    WorldEvidence {
        how: Held::ErrandDone,
        said: "commission #3 done: command test -f shed/spare.txt".into(),
        tick: 12,
        commission: Some(3),
        episodes: vec![11, 12],
    }
}

fn taught() -> Record {
    Record {
        world: vec![evidence()],
        lesson: Some(lesson()),
        utility: 0,
        ..record(
            ItemKind::Procedure,
            "To do a \"copy\" errand (\"Copy shed/recipe.txt to shed/spare.txt.\"): bash cp",
            0,
        )
    }
}

fn refused(text: &str) -> String {
    read_bytes("v.jsonl", text.as_bytes()).unwrap_err().problem
}

#[test]
fn version_2_parts_read_back_and_are_bounded() {
    let group = Record {
        group: Some(Group {
            pattern: "read_file failed (not_found)".into(),
            count: 9,
            examples: vec!["In \"s\": read_file `a` failed (not_found): gone".into()],
        }),
        ..record(ItemKind::Scar, "read_file failed (not_found) 9 times", 0)
    };
    let v = volume("Ada-20260101", &[taught(), group.clone()]);
    assert_eq!(v.header.version, 2);
    assert_eq!(v.header.format, "wis.heirloom.v2");
    assert_eq!(v.records, [taught(), group.clone()]);

    let off = |r: Record| refused(&render(&header("Ada-20260101", 1), &[r]));
    let on_a_fact = Record {
        kind: ItemKind::Fact,
        id: content_id(ItemKind::Fact, &taught().text),
        ..taught()
    };
    assert!(off(on_a_fact).contains("has no lesson"));
    let mut role = taught();
    role.lesson.as_mut().unwrap().role = "sing".into();
    assert!(off(role).contains("role"));
    let mut example = taught();
    example.lesson.as_mut().unwrap().example = "cp a b".into();
    assert!(off(example).contains("example"));
    let mut one = group.clone();
    one.group.as_mut().unwrap().count = 1;
    assert!(off(one).contains("2 or more"));
    let mut control = taught();
    control.world[0].said = "held\u{1b}[31m".into();
    assert!(off(control).contains("control"));
}

#[test]
fn a_version_1_volume_reads_and_holds_no_key_of_version_2() {
    let mut h = header("Ada-20260101", 1);
    h.format = FORMAT_V1.into();
    h.version = VERSION_V1;
    let plain = render(
        &h,
        &[record(ItemKind::Guardrail, "check the disk first", 3)],
    );
    let v = read_bytes("v1.jsonl", plain.as_bytes()).unwrap();
    assert_eq!(v.header.version, 1);
    let again = render(&v.header, &v.records);
    assert!(
        read_bytes("again.jsonl", again.as_bytes()).is_ok(),
        "it writes back as v1"
    );
    let holding = render(&h, &[taught()]);
    let problem = refused(&holding);
    assert!(
        problem.contains("\"world\" is a key of version 2"),
        "{problem}"
    );
    let mut stats = h.clone();
    stats.records = 0;
    stats.stats.ticks_to_level_2 = Some(40);
    assert!(refused(&render(&stats, &[])).contains("ticks_to_level_2"));
    // A format and a version that do not go together.
    let mut odd = header("Ada-20260101", 0);
    odd.version = VERSION_V1;
    assert!(refused(&render(&odd, &[])).contains("this wis reads"));
    let mut rate = header("Ada-20260101", 0);
    rate.stats.commissions = Some(Commissions {
        given: 2,
        done: 3,
        missed: 0,
        live: 0,
        done_rate: Some(1.5),
        median_ticks_to_done: None,
    });
    assert!(refused(&render(&rate, &[])).contains("a rate is 0 to 1"));
}

fn verified(tx: &mut crate::base::store::Tx<'_>, e: &Engram) {
    let mut e = e.clone();
    e.fate
        .witness(Witness::new(Witnessed::ErrandDone, "commission #3 done", 12, 1).on(Some(3)));
    tx.put(&e.id.key(), &e).unwrap();
}

#[test]
fn a_world_verified_lesson_is_passed_on_whole_whatever_its_score() {
    let (_d, store) = temp_store();
    let m = memory();
    let mut tx = store.write().unwrap();
    let parts = errands::Parts {
        kind: "copy".into(),
        role: Role::Act,
        task: "Copy shed/recipe.txt to shed/spare.txt.".into(),
        example: lesson().example,
        shape: "bash cp".into(),
        known: Vec::new(),
    };
    let mut new = NewEngram::new(Kind::Procedure, &taught().text, Provenance::Experienced);
    for s in errands::sources(&parts).unwrap() {
        new = new.source(s);
    }
    let id = m.remember(&mut tx, new, 1).unwrap();
    let e = crate::memory::get(&tx, id).unwrap().unwrap();
    assert!(
        engram_record(&e).is_none(),
        "no score and no witness: not yet"
    );
    verified(&mut tx, &e);
    let mut e = crate::memory::get(&tx, id).unwrap().unwrap();
    let r = engram_record(&e).expect("verified by the world");
    assert_eq!(r.utility, 0);
    assert_eq!(r.lesson, Some(lesson()));
    assert_eq!(r.world.len(), 1);
    assert_eq!(r.world[0].commission, Some(3));
    e.confidence = 0.1;
    assert!(
        engram_record(&e).is_none(),
        "a doubted memory is not passed on"
    );

    // The heir, elsewhere: the lesson is a precedent of its kind there.
    let (_d2, heir) = temp_store();
    let mut htx = heir.write().unwrap();
    let v = volume("Ada-20260101", &[r]);
    let p = plan(&htx, vec![v], None, &m).unwrap();
    apply(&mut htx, &p, &m, 0, 5).unwrap();
    let found = errands::recall(
        &htx,
        &m,
        Some("copy"),
        Role::Act,
        "Back up papers/poem.txt to boxes/old-poem.txt.",
        1,
    )
    .unwrap();
    assert_eq!(found.len(), 1, "the heir's errand of the kind is shown it");
    assert_eq!(found[0].provenance, Provenance::Inherited);
    assert_eq!(found[0].shape, "bash cp");
    let inherited = crate::memory::get(&htx, found[0].engram).unwrap().unwrap();
    assert!(
        inherited
            .sources
            .iter()
            .any(|s| s == "heirloom:Ada-20260101"),
        "{:?}",
        inherited.sources
    );
    assert!(
        !inherited.fate.world_verified(),
        "the ancestor's world is no witness here"
    );
}
