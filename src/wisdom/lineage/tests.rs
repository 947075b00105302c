//! Lineage over fixture volumes: the strict reader refuses what is not exactly the format
//! (naming the line), the merge joins near-duplicates and flags contradictions, and an import
//! lands discounted, inherited, once, with its reflexes waiting for a fresh streak.

use super::export::render;
use super::format::*;
use super::import::{INHERIT_DISCOUNT, apply, plan};
use super::merge::merge;
use super::read::{Volume, read_bytes};
use crate::base::config::Wisdom;
use crate::base::store::testing::temp_store;
use crate::base::store::{Read, SINGLETON_KEY};
use crate::creature::FailKind;
use crate::memory::{Engram, HashEmbedder, Kind, Memory, Provenance};
use crate::wisdom::episodes::Episode;
use crate::wisdom::reflex::{Reflex, Status, registry, scan};

pub fn record(kind: ItemKind, text: &str, successes: u64) -> Record {
    Record {
        id: content_id(kind, text),
        kind,
        text: text.into(),
        evidence: Evidence {
            successes,
            ..Evidence::default()
        },
        utility: successes as i64,
        replay_validated: false,
        strength: 0.8,
        provenance: Chain {
            origin: "experienced".into(),
            episodes: vec!["episode:3".into()],
            volumes: Vec::new(),
        },
        reflex: None,
        signature: None,
        world: Vec::new(),
        lesson: None,
        group: None,
    }
}

pub fn reflex(situation: &str, command: &str) -> Record {
    let args = format!(r#"{{"command":"{command}"}}"#);
    let text = super::export::reflex_text(situation, "bash", &args);
    Record {
        reflex: Some(ReflexItem {
            situation_key: situation.into(),
            tool: "bash".into(),
            args,
            signature: format!("bash {command}"),
            successes: 5,
        }),
        signature: None,
        ..record(ItemKind::Reflex, &text, 5)
    }
}

pub fn header(volume: &str, records: usize) -> Header {
    Header {
        format: FORMAT.into(),
        version: VERSION,
        volume: volume.into(),
        creature: volume.split('-').next().unwrap().into(),
        genome: GenomeSummary {
            seed: 1,
            temperament: [0.5; 4],
        },
        morph: "otter".into(),
        age: AgeSummary {
            ticks: 900,
            sleeps: 4,
            born_at: 0,
            exported_at: 1,
        },
        generation: 1,
        lineage: Vec::new(),
        ancestry: Vec::new(),
        stats: Stats {
            ticks: 900,
            successes: 40,
            sleeps: 4,
            units: vec!["U0".into(), "U1".into()],
            below_model_fraction: Some(0.25),
            ticks_to_u2: Some(300),
            ticks_to_first_quest: None,
            ticks_to_first_confirmed_commission: None,
            curve: vec![CurvePoint {
                arm: "wise-small".into(),
                ticks: 800,
                score: 0.25,
            }],
            ticks_to_level_2: None,
            commissions: None,
        },
        records: records as u64,
    }
}

pub fn text(volume: &str, records: &[Record]) -> String {
    render(&header(volume, records.len()), records)
}

pub fn volume(id: &str, records: &[Record]) -> Volume {
    read_bytes(id, text(id, records).as_bytes()).unwrap()
}

fn refused(text: &str) -> (usize, String) {
    let e = read_bytes("v.jsonl", text.as_bytes()).unwrap_err();
    assert_eq!(crate::base::exit::Error::from(e.clone()).code(), 65);
    (e.line, e.problem)
}

#[test]
fn a_volume_reads_back_as_written() {
    let records = [
        record(ItemKind::Guardrail, "check the disk first", 3),
        reflex("-|s", "ls"),
    ];
    let v = volume("Ada-20260101", &records);
    assert_eq!(v.records, records);
    assert_eq!(v.header.volume, "Ada-20260101");
    assert_eq!(v.sha256.len(), 64);
}

#[test]
fn the_reader_refuses_anything_off_the_format_naming_the_line() {
    let good = text("Ada-20260101", &[record(ItemKind::Fact, "pumps hum", 2)]);
    let (head, rec) = good.split_once('\n').unwrap();
    let unknown = format!("{head}\n{}", rec.replacen('{', r#"{"extra":1,"#, 1));
    assert_eq!(refused(&unknown).0, 2);
    assert!(refused(&unknown).1.contains("unknown field"));
    let wrong_type = format!(
        "{head}\n{}",
        rec.replace(r#""utility":2"#, r#""utility":"2""#)
    );
    assert_eq!(refused(&wrong_type).0, 2);
    let future = good.replacen(r#""version":2"#, r#""version":3"#, 1);
    let (line, problem) = refused(&future);
    assert_eq!(line, 1);
    assert!(problem.contains("future"), "{problem}");
    let long = format!("{head}\n{}", "x".repeat(MAX_LINE_BYTES + 1));
    assert!(refused(&long).1.contains("over 65536 bytes"));
    let more = format!("{good}{rec}\n");
    let (line, problem) = refused(&more);
    assert_eq!(line, 3);
    assert!(problem.contains("more records"), "{problem}");
    let fewer = format!("{head}\n");
    assert!(refused(&fewer).1.contains("declares 1 records"));
    let tampered = format!("{head}\n{}", rec.replace("pumps hum", "pumps sing"));
    assert!(refused(&tampered).1.contains("content id"));
    let blank = format!("{head}\n\n{rec}\n");
    assert_eq!(refused(&blank), (2, "a blank line".into()));
    assert_eq!(refused("").0, 0);
    let cap = good.replacen(r#""records":1"#, r#""records":100001"#, 1);
    assert!(refused(&cap).1.contains("at most 100000"));
    let reflex_less = format!(
        "{head}\n{}",
        rec.replace(r#""kind":"fact""#, r#""kind":"reflex""#)
    );
    assert_eq!(refused(&reflex_less).0, 2);
}

fn memory() -> Memory {
    Memory::new(Box::new(HashEmbedder::new(256)))
}

#[test]
fn near_duplicates_merge_and_contradictions_are_kept_and_flagged() {
    let a = volume(
        "Ada-20260101",
        &[
            record(
                ItemKind::Guardrail,
                "Always check free disk space before writing the big report file.",
                3,
            ),
            record(ItemKind::Fact, "The pump log lives in notes/pump.txt", 2),
            reflex("o1|restart the pump", "systemctl restart pump"),
        ],
    );
    let b = volume(
        "Bo-20260101",
        &[
            record(
                ItemKind::Guardrail,
                "Always check free disk space before writing the big report file!",
                4,
            ),
            record(ItemKind::Scar, "The pump log lives in notes/pump.txt", 1),
            reflex("o1|restart the pump", "service pump restart"),
        ],
    );
    let c = volume(
        "Cy-20260101",
        &[reflex("o1|restart the pump", "systemctl restart pump")],
    );
    let m = merge(&[a, b, c], memory().embedder()).unwrap();
    assert_eq!(m.input, 7);
    let guard: Vec<_> = m
        .items
        .iter()
        .filter(|i| i.record.kind == ItemKind::Guardrail)
        .collect();
    assert_eq!(guard.len(), 1, "near-duplicates are one item");
    assert_eq!(guard[0].record.evidence.successes, 7, "the evidence summed");
    assert_eq!(guard[0].ancestors, ["Ada-20260101", "Bo-20260101"]);
    assert_eq!(
        guard[0].record.provenance.volumes,
        ["Ada-20260101", "Bo-20260101"]
    );
    assert!(
        guard[0]
            .record
            .provenance
            .episodes
            .contains(&"Bo-20260101/episode:3".to_string())
    );
    let kinds = m
        .items
        .iter()
        .filter(|i| i.record.text.contains("pump log"))
        .count();
    assert_eq!(kinds, 2, "a fact and a scar of the same text stay apart");
    let reflexes: Vec<_> = m
        .items
        .iter()
        .filter(|i| i.record.kind == ItemKind::Reflex)
        .collect();
    assert_eq!(reflexes.len(), 2, "a contradiction is never merged");
    assert!(reflexes.iter().all(|r| r.contradicts.len() == 1));
    let same = reflexes
        .iter()
        .find(|r| r.records == 2)
        .expect("the agreeing pair merged");
    assert_eq!(same.ancestors, ["Ada-20260101", "Cy-20260101"]);
    assert_eq!(m.contradictions, 2);
    assert_eq!(m.duplicates, 2);
    assert!(m.comparisons <= (m.input * super::merge::BANDS * super::merge::BUCKET_PEERS) as u64);
}

fn newborn() -> (tempfile::TempDir, crate::base::store::Store) {
    let (dir, store) = temp_store();
    let mut tx = store.write().unwrap();
    tx.set(&crate::creature::Persona::newborn("Cy", 0)).unwrap();
    tx.commit().unwrap();
    (dir, store)
}

#[test]
fn an_import_is_discounted_inherited_once_and_reflexes_wait_for_a_fresh_streak() {
    let (_dir, store) = newborn();
    let m = memory();
    let vol = || {
        volume(
            "Ada-20260101",
            &[
                record(ItemKind::Guardrail, "check the disk first", 3),
                reflex("-|s", "ls notes"),
            ],
        )
    };
    let mut tx = store.write().unwrap();
    let p = plan(&tx, vec![vol()], None, &m).unwrap();
    let done = apply(&mut tx, &p, &m, 0, 5).unwrap();
    tx.commit().unwrap();
    assert_eq!((done.engrams, done.reflexes.len()), (1, 1));
    let rx = store.read().unwrap();
    let e: Vec<Engram> = rx
        .all::<Engram>()
        .unwrap()
        .into_iter()
        .map(|(_, e)| e)
        .collect();
    assert_eq!(e[0].provenance, Provenance::Inherited);
    assert_eq!(e[0].kind, Kind::Strategy);
    assert!((e[0].strength - 0.8 * INHERIT_DISCOUNT).abs() < 1e-6);
    assert!(e[0].sources.contains(&"heirloom:Ada-20260101".to_string()));
    assert!(
        e[0].utility.is_empty(),
        "ancestors' evidence is not this creature's utility"
    );
    let r: Vec<Reflex> = registry::all(&rx).unwrap();
    assert_eq!(r[0].status, Status::Inherited);
    assert_eq!(r[0].inherited.as_ref().unwrap().volumes, ["Ada-20260101"]);
    drop(rx);
    // Re-importing the same volume is a no-op.
    let mut tx = store.write().unwrap();
    let again = plan(&tx, vec![vol()], None, &m).unwrap();
    assert!(again.volumes[0].imported_before && again.items.is_empty());
    let done = apply(&mut tx, &again, &m, 0, 6).unwrap();
    assert_eq!(
        (done.engrams, done.reflexes.len(), done.volumes.len()),
        (0, 0, 0)
    );
    tx.commit().unwrap();
    // Arming is refused; five successes of this body's own propose it.
    let mut tx = store.write().unwrap();
    let err = registry::arm(&mut tx, "r1", "operator", 7, 12, None).unwrap_err();
    assert!(err.message.contains("inherited"), "{}", err.message);
    for t in 1..=5 {
        tx.push(&Episode {
            tick: t,
            at: 0,
            situation: "-|s".into(),
            tool: "bash".into(),
            signature: "bash ls notes".into(),
            action: r#"{"tool":"bash","args":{"command":"ls notes"}}"#.into(),
            fail_kind: FailKind::Ok,
            success: true,
            automated: false,
            summary: String::new(),
            duration_ms: 0,
            advanced: crate::creature::turns::Advanced {
                step_closed: true,
                ..Default::default()
            },
            step: None,
        })
        .unwrap();
    }
    let report = scan::scan(&mut tx, &Wisdom::default(), 5, 8, false).unwrap();
    assert_eq!(report.proposed, ["r1"]);
    registry::arm(&mut tx, "r1", "operator", 9, 12, None).unwrap();
    tx.commit().unwrap();
    let lineage: super::Lineage = store.read().unwrap().get(SINGLETON_KEY).unwrap().unwrap();
    assert_eq!(lineage.ancestors.len(), 1);
    assert_eq!(lineage.headers()[0].stats.ticks_to_u2, Some(300));
}

#[test]
fn a_volume_id_is_the_name_and_the_day() {
    assert_eq!(
        super::export::volume_id("Ada", 1_767_225_600_000),
        "Ada-20260101"
    );
    assert_eq!(super::export::volume_id("A d/a", 0), "A_d_a-19700101");
    assert!(valid_volume_id("Ada-20260101") && !valid_volume_id("../x") && !valid_volume_id(""));
}

/// The heirloom format knows guardrails, procedures, facts, scars and reflexes: lore and the
/// social kinds stay behind, however useful, and the format is unchanged.
#[test]
fn lore_and_the_social_kinds_are_not_exported() {
    let (_dir, store) = temp_store();
    let memory = memory();
    let mut tx = store.write().unwrap();
    for kind in [
        Kind::Fact,
        Kind::Lore,
        Kind::Relationship,
        Kind::Goal,
        Kind::Value,
        Kind::Appraisal,
    ] {
        let body = format!("a useful {kind} about the north pier");
        let new = crate::memory::NewEngram::new(kind, body, Provenance::Experienced);
        let id = memory.remember(&mut tx, new, 1).unwrap();
        for _ in 0..3 {
            crate::memory::settle(
                &mut tx,
                id,
                crate::memory::Settlement::FollowedIntoSuccess,
                2,
            )
            .unwrap();
        }
        let e = crate::memory::get(&tx, id).unwrap().unwrap();
        let exported = super::export::engram_record(&e).map(|r| r.kind);
        let want = (kind == Kind::Fact).then_some(ItemKind::Fact);
        assert_eq!(exported, want, "{kind}");
    }
}
