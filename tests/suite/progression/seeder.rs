//! Load-or-birth: a creature from before the ladder (no unlock state) is seeded with the
//! newborn kit and every unit its store shows evidence for; a damaged state is reseeded the
//! same way; a dry run only looks.

use serde_json::json;
use wis::base::store::{Read, SINGLETON_KEY};
use wis::creature::news::{NewsItem, NewsKind};
use wis::creature::quest_book::QuestBook;
use wis::creature::{By, Persona, UnitId, UnitState, Unlocks};
use wis::world::skills::{Skill, SkillScript, Version, VersionState};

use super::harness::{Puppet, config};
use crate::support::TestEnv;

/// An older creature: it slept, made a LIVE skill, and has no unlock state.
fn an_older_creature(p: &Puppet) {
    p.life.write(|tx| {
        let mut persona: Persona = tx.singleton().unwrap();
        persona.sleeps = 4;
        persona.ticks = 900;
        tx.set(&persona).unwrap();
        let skill = Skill {
            name: "tidy".into(),
            about: "tidies".into(),
            current: 1,
            live: Some(1),
            versions: vec![Version {
                n: 1,
                tick: 10,
                sha256: String::new(),
                state: VersionState::Live,
                last_run: None,
            }],
            runs: 1,
            successes: 1,
            created_tick: 10,
            offers: Default::default(),
        };
        tx.put("tidy", &skill).unwrap();
        let script = SkillScript {
            name: "tidy".into(),
            n: 1,
            script: "echo tidy".into(),
        };
        tx.put(&SkillScript::key("tidy", 1), &script).unwrap();
        tx.remove::<Unlocks>(SINGLETON_KEY).unwrap();
    });
}

#[test]
fn an_existing_creature_is_seeded_from_its_evidence_never_to_full() {
    let mut p = Puppet::born(config());
    an_older_creature(&p);
    let mut wis = TestEnv::at(p.life.home.root());
    wis.now = (p.life.now / 1000) as u64;
    wis.set("WIS_LLM_URL", "http://127.0.0.1:9/v1");
    let dry = wis.wis(&["tick", "--dry-run"]);
    assert!(dry.ok().contains("create_skill makes one"));
    let missing = p.life.read(|rx| rx.get::<Unlocks>(SINGLETON_KEY).unwrap());
    assert!(missing.is_none(), "a dry run seeds nothing");

    p.act("check_tools", json!({}));
    let unlocks: Unlocks = p.life.read(|rx| rx.singleton().unwrap());
    assert_eq!(unlocks.granted(), [UnitId::U0, UnitId::U1, UnitId::U2]);
    for id in [UnitId::U0, UnitId::U1, UnitId::U2] {
        assert_eq!(unlocks.units[&id].by, By::Seeder, "{id}");
    }
    assert_eq!(unlocks.units[&UnitId::U1].evidence, "it has slept 4 times");
    assert_eq!(
        unlocks.units[&UnitId::U2].evidence,
        "skills in the manifest"
    );
    let mirror = p.observed();
    assert!(
        mirror.contains("skill_tidy") && mirror.contains("recall"),
        "{mirror}"
    );
    assert!(!mirror.contains("predict"), "{mirror}");
    let news: Vec<NewsItem> = p
        .life
        .read(|rx| rx.ring(None).unwrap().into_iter().map(|(_, n)| n).collect());
    let seeded: Vec<&str> = news
        .iter()
        .filter(|n| n.kind == NewsKind::Grant)
        .map(|n| n.subject.as_str())
        .collect();
    assert_eq!(seeded, ["U0", "U1", "U2"]);

    // One-shot: the next tick reads the state; nothing is seeded again.
    p.act("check_tools", json!({}));
    let again: Vec<NewsItem> = p
        .life
        .read(|rx| rx.ring(None).unwrap().into_iter().map(|(_, n)| n).collect());
    assert_eq!(again.len(), news.len());
}

#[test]
fn a_damaged_unlock_state_is_reseeded_and_a_passed_quest_counts() {
    let mut p = Puppet::born(config());
    p.life.write(|tx| {
        let mut book = QuestBook::default();
        book.close(wis::creature::quest_book::Closed {
            id: "genesis-01".into(),
            issued_tick: 3,
            closed_tick: 9,
            closed_sleep: 1,
            verdict: wis::creature::quest_book::Verdict::Passed,
            evidence: "skills.live >= 1: skills.live = 1".into(),
        });
        tx.set(&book).unwrap();
        tx.put_raw(
            &wis::base::store::DocType::of::<Unlocks>(),
            SINGLETON_KEY,
            b"\xc1 not msgpack",
        )
        .unwrap();
    });
    p.act("note_list", json!({}));
    let unlocks: Unlocks = p.life.read(|rx| rx.singleton().unwrap());
    assert_eq!(unlocks.granted(), [UnitId::U0, UnitId::U2]);
    assert_eq!(
        unlocks.units[&UnitId::U2].evidence,
        "quest genesis-01 was issued"
    );
    assert!(
        unlocks
            .units
            .values()
            .all(|r| r.state == UnitState::Granted)
    );
}
