//! The draw picks only a cluster large, sound and strong enough that no dream covers; the
//! checks keep a compression and refuse a line that says too little, does not compress,
//! copies a member, strays from one, or repeats a kept dream.

use super::*;
use crate::base::config::Config;
use crate::base::store::Tx;
use crate::base::store::testing::temp_store;
use crate::memory::resonance::{Cluster, Resonance};
use crate::memory::{Engram, Kind, Memory, NewEngram, Provenance, Settlement};

const PUMP: [&str; 3] = [
    "the water pump listens on port 8731 behind the old shed",
    "the water pump listens on port 8731 behind the old barn",
    "the water pump listens on port 8731 behind the old yard",
];

fn memory() -> Memory {
    Memory::from_config(&Config::default().embed).unwrap()
}

fn remember(tx: &mut Tx<'_>, m: &Memory, kind: Kind, body: &str) -> EngramId {
    m.remember(tx, NewEngram::new(kind, body, Provenance::Told), 0)
        .unwrap()
}

fn cluster(tx: &mut Tx<'_>, members: &[EngramId]) {
    let doc = Resonance {
        sleep: 1,
        edges: Vec::new(),
        clusters: vec![Cluster {
            members: members.to_vec(),
            size: members.len() as u32,
            edges: 3,
            mean_sim: 0.9,
        }],
    };
    tx.set(&doc).unwrap();
}

fn engrams(tx: &Tx<'_>, ids: &[EngramId]) -> Vec<Engram> {
    ids.iter()
        .map(|id| crate::memory::get(tx, *id).unwrap().unwrap())
        .collect()
}

#[test]
fn the_draw_takes_a_sound_uncovered_cluster_and_nothing_else() {
    let (_dir, store) = temp_store();
    let m = memory();
    let mut tx = store.write().unwrap();
    let ids: Vec<EngramId> = PUMP
        .iter()
        .map(|b| remember(&mut tx, &m, Kind::Fact, b))
        .collect();
    assert_eq!(draw(&tx).unwrap(), None, "no resonance yet");
    cluster(&mut tx, &ids[..2]);
    assert_eq!(draw(&tx).unwrap(), None, "two members are too few");
    cluster(&mut tx, &ids);
    let draft = draw(&tx).unwrap().expect("a cluster of three");
    assert_eq!(draft.ids(), ids);
    let doc = draft.prompt.document();
    for body in PUMP {
        assert!(doc.contains(&format!("- {body}\n")), "{doc}");
    }
    assert!(draft.prompt.volatile.starts_with("Notes:\n"), "{doc}");
    assert!(doc.ends_with("In one line: "), "{doc}");
    assert!(
        draft
            .prompt
            .stable
            .contains(r#"In one line: {"line":"Kettle: in the kitchen cupboard."}"#),
        "the worked examples answer in the grammar's own form: {doc}"
    );

    let mut cycle = SleepCycle::default();
    cycle.keep(
        Theme {
            dream: EngramId(99),
            line: "x".into(),
            members: ids[..2].to_vec(),
            sleep: 1,
        },
        5,
    );
    tx.set(&cycle).unwrap();
    assert_eq!(draw(&tx).unwrap(), None, "two of three covered");
    tx.set(&SleepCycle::default()).unwrap();

    crate::memory::settle(&mut tx, ids[1], Settlement::IntoFailure, 1).unwrap();
    assert_eq!(draw(&tx).unwrap(), None, "a member that hurt");
}

#[test]
fn the_draw_passes_over_a_cluster_curation_let_decay() {
    let (_dir, store) = temp_store();
    let m = memory();
    let mut tx = store.write().unwrap();
    let mut ids = Vec::new();
    for body in PUMP {
        let new = NewEngram::new(Kind::Fact, body, Provenance::Told).strength(0.3);
        ids.push(m.remember(&mut tx, new, 0).unwrap());
    }
    cluster(&mut tx, &ids);
    assert_eq!(draw(&tx).unwrap(), None);
}

#[test]
fn the_checks_keep_a_compression_and_say_why_they_refuse() {
    let (_dir, store) = temp_store();
    let m = memory();
    let mut tx = store.write().unwrap();
    let ids: Vec<EngramId> = PUMP
        .iter()
        .map(|b| remember(&mut tx, &m, Kind::Fact, b))
        .collect();
    let members = engrams(&tx, &ids);
    let good = "the water pump listens on port 8731 behind the old outbuildings";
    let v = judge(&tx, &m, good, &members).unwrap();
    assert!(v.kept(), "{v:?}");
    assert_eq!(v.sims.len(), 3);

    let word = |line: &str| judge(&tx, &m, line, &members).unwrap().word();
    assert_eq!(word("pumps"), "says too little (1 words; at least 3)");
    let long = format!("{} {} {} {}", PUMP[0], PUMP[1], PUMP[2], PUMP[0]);
    assert!(
        word(&long).starts_with("does not compress"),
        "{}",
        word(&long)
    );
    assert!(word(PUMP[1]).starts_with("copies e2"), "{}", word(PUMP[1]));
    assert!(
        word("kettles boil faster with lids on").starts_with("not alike e1"),
        "{}",
        word("kettles boil faster with lids on")
    );
    let dream = remember(&mut tx, &m, Kind::Dream, good);
    assert!(
        judge(&tx, &m, good, &members)
            .unwrap()
            .word()
            .starts_with(&format!("repeats dream {dream}"))
    );
}

#[test]
fn a_reply_is_read_from_the_grammar_or_its_first_line() {
    assert_eq!(read_reply(r#"{"line": "  pumps   hum  "}"#), "pumps hum");
    assert_eq!(read_reply("pumps hum\nand more"), "pumps hum");
    assert_eq!(read_reply(""), "");
}

#[test]
fn the_cycle_keeps_its_newest_themes_and_knows_what_they_cover() {
    let mut cycle = SleepCycle::default();
    for i in 0..(THEMES_CAP as u64 + 3) {
        let theme = Theme {
            dream: EngramId(100 + i),
            line: format!("dream {i}"),
            members: vec![EngramId(i), EngramId(i + 1)],
            sleep: i,
        };
        cycle.keep(theme, i as i64);
    }
    assert_eq!(cycle.active_dream_themes.len(), THEMES_CAP);
    assert_eq!(cycle.active_dream_themes[0].dream, EngramId(103));
    assert_eq!(cycle.last_dream_at, Some(THEMES_CAP as i64 + 2));
    assert!(cycle.covers(&[EngramId(5), EngramId(900)]));
    assert!(!cycle.covers(&[EngramId(1), EngramId(900), EngramId(901)]));
    cycle.forget(|id| id == EngramId(103));
    assert_eq!(cycle.active_dream_themes[0].dream, EngramId(104));
}
