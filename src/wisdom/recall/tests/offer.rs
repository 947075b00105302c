//! The offer: the creature's own working skill nearest the situation, as a one-line
//! invocation; only a LIVE running version is offered; following it settles onto the skill.

use super::*;
use crate::base::store::Read;
use crate::memory::{Settlement, Utility};
use crate::wisdom::recall::Closure;
use crate::wisdom::recall::bets::{Injected, Item, settle};
use crate::wisdom::recall::block::{FRAME, HEADING, compose};
use crate::wisdom::recall::ledger;
use crate::wisdom::recall::lookup::{Lookup, Offer, lookup};
use crate::world::skills::{Skill, Version, VersionState};

const STEP: &str = "-|count the lines of the log";

/// A skill whose running version is `state`.
fn skill(name: &str, about: &str, state: VersionState) -> Skill {
    Skill {
        name: name.into(),
        about: about.into(),
        current: 1,
        live: (state == VersionState::Live).then_some(1),
        versions: vec![Version {
            n: 1,
            tick: 1,
            sha256: String::new(),
            state,
            last_run: None,
        }],
        runs: 4,
        successes: 3,
        created_tick: 1,
        offers: Utility::default(),
    }
}

fn put(store: &Store, skills: &[Skill]) {
    let mut tx = store.write().unwrap();
    for s in skills {
        tx.put(&s.name, s).unwrap();
    }
    tx.commit().unwrap();
}

fn found(store: &Store) -> Lookup {
    let rx = store.read().unwrap();
    let pending = ledger::sync(&rx, &memory()).unwrap();
    lookup(&rx, &pending, &memory(), STEP, true).unwrap()
}

fn only_offer(sim: f32) -> Lookup {
    Lookup {
        situation: STEP.into(),
        similar: Vec::new(),
        cases: Vec::new(),
        dead_ends: Vec::new(),
        guardrails: Vec::new(),
        offers: vec![Offer {
            skill: "count_lines".into(),
            about: "counts the lines\nof a file".into(),
            sim,
            version: 2,
            runs: 4,
            successes: 3,
        }],
        embedded: true,
    }
}

#[test]
fn only_a_live_skill_is_offered_nearest_first() {
    let (_dir, store) = temp_store();
    put(
        &store,
        &[
            skill(
                "count_lines",
                "count the lines of the log",
                VersionState::Live,
            ),
            skill("greet", "write a greeting to hello.txt", VersionState::Live),
            skill(
                "count_words",
                "count the lines of the log",
                VersionState::Draft,
            ),
            skill(
                "count_bytes",
                "count the lines of the log",
                VersionState::Failed,
            ),
        ],
    );
    let offers = found(&store).offers;
    let names: Vec<&str> = offers.iter().map(|o| o.skill.as_str()).collect();
    assert_eq!(names, ["count_lines", "greet"]);
    assert!(offers[0].sim > offers[1].sim, "{offers:?}");
    assert_eq!((offers[0].runs, offers[0].successes), (4, 3));
}

#[test]
fn the_offer_is_one_invocation_line_with_its_provenance_and_record() {
    let block = compose(&only_offer(0.7), 0.55, 700).unwrap();
    assert_eq!(
        block.text,
        format!(
            "{HEADING}\n\
             Your skill (sim 0.70, experienced; 3 of 4 runs ok), counts the lines of a file: \
             {{\"tool\":\"skill_count_lines\"}}\n{FRAME}"
        )
    );
    assert_eq!(
        block.shown[0].item,
        Item::Offer {
            skill: "count_lines".into()
        }
    );
    assert_eq!(
        block.shown[0].recommends.as_deref(),
        Some("skill_count_lines")
    );
    assert!(compose(&only_offer(0.5), 0.55, 700).is_err());
}

#[test]
fn calling_the_skill_with_any_input_follows_the_offer_and_settles_onto_the_skill() {
    let (_dir, store) = temp_store();
    put(
        &store,
        &[skill("count_lines", "counts the lines", VersionState::Live)],
    );
    let injected = Injected {
        items: compose(&only_offer(0.7), 0.55, 700).unwrap().shown,
    };
    let call = Action::new("skill_count_lines", json!({"input": "backup.log"}));
    let cases = [
        (
            episode(5, STEP, &call, true),
            Settlement::FollowedIntoSuccess,
        ),
        (episode(6, STEP, &call, false), Settlement::IntoFailure),
        (
            episode(7, STEP, &bash("wc -l backup.log"), true),
            Settlement::Ignored,
        ),
    ];
    for (ep, want) in cases {
        let mut tx = store.write().unwrap();
        let bets = settle(
            &mut tx,
            &injected,
            Some(&ep),
            &Closure::default(),
            ep.tick,
            9,
        )
        .unwrap();
        tx.commit().unwrap();
        assert_eq!(bets[0].settlement, Some(want));
    }
    let rx = store.read().unwrap();
    let s: Skill = rx.get("count_lines").unwrap().unwrap();
    assert_eq!(
        (
            s.offers.followed_into_success,
            s.offers.into_failure,
            s.offers.ignored
        ),
        (1, 1, 1)
    );
    let shown = crate::wisdom::recall::bets::shown_records(&rx).unwrap();
    assert_eq!(
        (
            shown.bets,
            shown.items,
            shown.shown_twice,
            shown.shown_twice_settled
        ),
        (3, 1, 1, 1)
    );
    assert_eq!(shown.by_kind["offer"].shown_twice_settled, 1);
}

#[test]
fn an_item_shown_twice_whose_record_is_gone_counts_as_unsettled() {
    let (_dir, store) = temp_store();
    let injected = Injected {
        items: compose(&only_offer(0.7), 0.55, 700).unwrap().shown,
    };
    let call = Action::new("skill_count_lines", json!({}));
    for tick in [5, 6] {
        let mut tx = store.write().unwrap();
        let ep = episode(tick, STEP, &call, true);
        settle(&mut tx, &injected, Some(&ep), &Closure::default(), tick, 9).unwrap();
        tx.commit().unwrap();
    }
    let shown = crate::wisdom::recall::bets::shown_records(&store.read().unwrap()).unwrap();
    assert_eq!((shown.shown_twice, shown.shown_twice_settled), (1, 0));
}

#[test]
fn a_skill_written_before_offers_loads_with_an_empty_record() {
    #[derive(serde::Serialize)]
    struct OldSkill {
        name: String,
        about: String,
        current: u32,
        live: Option<u32>,
        versions: Vec<Version>,
        runs: u64,
        successes: u64,
        created_tick: u64,
    }
    let old = OldSkill {
        name: "count".into(),
        about: "counts".into(),
        current: 1,
        live: None,
        versions: Vec::new(),
        runs: 0,
        successes: 0,
        created_tick: 3,
    };
    let bytes = crate::base::store::encode(&old).unwrap();
    let skill = crate::base::store::decode::<Skill>(&bytes).unwrap();
    assert_eq!(skill.offers, Utility::default());
    assert_eq!(skill.created_tick, 3);
}
