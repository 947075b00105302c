//! Bets: each way a tick can settle an injected item, and where the settlement lands.

use super::*;
use crate::base::store::Read;
use crate::memory::{Settlement, Utility, get};
use crate::wisdom::recall::Closure;
use crate::wisdom::recall::bets::{
    Bet, Injected, Item, Shown, Unsettled, adjudicate, adjudicate_shown, own_words, recommends,
    settle,
};
use crate::wisdom::recall::situation::Situation;

#[test]
fn adjudication_covers_every_case() {
    let ss = bash("ss -ltnp");
    let ok = episode(9, PUMP, &ss, true);
    let failed = episode(9, PUMP, &ss, false);
    let other = episode(9, PUMP, &bash("cat pump.conf"), true);
    let mut automated = ok.clone();
    automated.automated = true;
    let rec = Some("bash ss -ltnp");
    assert_eq!(
        adjudicate(rec, Some(&ok)),
        Ok(Settlement::FollowedIntoSuccess)
    );
    assert_eq!(adjudicate(rec, Some(&failed)), Ok(Settlement::IntoFailure));
    assert_eq!(adjudicate(rec, Some(&other)), Ok(Settlement::Ignored));
    assert_eq!(adjudicate(rec, Some(&automated)), Err(Unsettled::Automated));
    assert_eq!(
        adjudicate(None, Some(&ok)),
        Err(Unsettled::NoRecommendation)
    );
    assert_eq!(adjudicate(rec, None), Err(Unsettled::NoAction));
}

/// A store with the pump story indexed and a guardrail that recommends `ss -ltnp`; what the
/// block would show for it.
fn shown_both(store: &Store) -> (EngramId, Injected) {
    pump_story(store);
    sync(store);
    let id = strategy(
        store,
        "When a port is unknown, list the listening sockets.",
        Provenance::Told,
        r#"action:{"tool":"bash","args":{"command":"ss -ltnp"}}"#,
    );
    let items = vec![
        Shown {
            item: Item::Case {
                situation: PUMP.into(),
                signature: "bash ss -ltnp".into(),
            },
            recommends: Some("bash ss -ltnp".into()),
            sim: 1.0,
            provenance: Provenance::Experienced,
            words: Vec::new(),
        },
        Shown {
            item: Item::Guardrail { engram: id },
            recommends: recommends(&get(&store.read().unwrap(), id).unwrap().unwrap()),
            sim: 0.8,
            provenance: Provenance::Told,
            words: Vec::new(),
        },
    ];
    (id, Injected { items })
}

/// Settles this tick's `episode` against both items; the engram's and the track's records.
fn settle_with(episode: Episode) -> (Vec<Bet>, Utility, Utility) {
    let (_dir, store) = temp_store();
    let (id, injected) = shown_both(&store);
    assert_eq!(
        injected.items[1].recommends.as_deref(),
        Some("bash ss -ltnp")
    );
    let mut tx = store.write().unwrap();
    let bets = settle(
        &mut tx,
        &injected,
        Some(&episode),
        &Closure::default(),
        10,
        1000,
    )
    .unwrap();
    tx.commit().unwrap();
    let rx = store.read().unwrap();
    assert_eq!(rx.count::<Bet>().unwrap(), 2, "every shown item is a bet");
    let engram = get(&rx, id).unwrap().unwrap().utility;
    let situation: Situation = rx.get(PUMP).unwrap().unwrap();
    let track = situation.track("bash ss -ltnp").unwrap().bets;
    (bets, engram, track)
}

#[test]
fn followed_into_success_is_settled_into_both_records() {
    let (bets, engram, track) = settle_with(episode(10, PUMP, &bash("ss -ltnp"), true));
    assert!(
        bets.iter()
            .all(|b| b.settlement == Some(Settlement::FollowedIntoSuccess))
    );
    assert_eq!(
        (engram.followed_into_success, track.followed_into_success),
        (1, 1)
    );
    assert_eq!(engram.last_settled, Some(1000));
    assert_eq!(bets[0].acted.as_deref(), Some("bash ss -ltnp"));
}

#[test]
fn another_action_is_ignored() {
    let (bets, engram, track) = settle_with(episode(10, PUMP, &bash("cat pump.conf"), true));
    assert!(
        bets.iter()
            .all(|b| b.settlement == Some(Settlement::Ignored))
    );
    assert_eq!((engram.ignored, track.ignored), (1, 1));
    assert_eq!(
        engram.followed_into_success + track.followed_into_success,
        0
    );
}

#[test]
fn followed_into_failure_is_settled_as_such() {
    let (bets, engram, track) = settle_with(episode(10, PUMP, &bash("ss -ltnp"), false));
    assert!(
        bets.iter()
            .all(|b| b.settlement == Some(Settlement::IntoFailure))
    );
    assert_eq!((engram.into_failure, track.into_failure), (1, 1));
}

#[test]
fn an_automated_outcome_settles_nothing() {
    let mut automated = episode(10, PUMP, &bash("ss -ltnp"), true);
    automated.automated = true;
    let (bets, engram, track) = settle_with(automated);
    assert!(bets.iter().all(|b| b.settlement.is_none()));
    assert!(
        bets.iter()
            .all(|b| b.unsettled == Some(Unsettled::Automated))
    );
    assert_eq!(engram, Utility::default());
    assert_eq!(track, Utility::default());
}

#[test]
fn a_guardrail_names_its_action_by_signature_or_in_json() {
    let (_dir, store) = temp_store();
    let by_sig = strategy(
        &store,
        "List sockets.",
        Provenance::Told,
        "signature:bash ss -ltnp",
    );
    let plain = strategy(&store, "Be careful.", Provenance::Told, "operator");
    let rx = store.read().unwrap();
    let read = |id| recommends(&get(&rx, id).unwrap().unwrap());
    assert_eq!(read(by_sig).as_deref(), Some("bash ss -ltnp"));
    assert_eq!(read(plain), None);
}

#[test]
fn bets_round_trip_through_the_store() {
    let bet = Bet {
        tick: 3,
        at: 4,
        item: Item::Guardrail {
            engram: EngramId(2),
        },
        recommends: None,
        sim: 0.7,
        provenance: Provenance::Inherited,
        acted: Some("bash ls".into()),
        settlement: None,
        unsettled: Some(Unsettled::NoRecommendation),
    };
    let bytes = crate::base::store::encode(&bet).unwrap();
    assert_eq!(crate::base::store::decode::<Bet>(&bytes).unwrap(), bet);
    let case = Item::Case {
        situation: PUMP.into(),
        signature: "bash ls".into(),
    };
    let bytes = crate::base::store::encode(&case).unwrap();
    assert_eq!(crate::base::store::decode::<Item>(&bytes).unwrap(), case);
    assert_eq!(case.id(), "-|find the pump port#bash ls");
}

fn fact_shown(body: &str, step: &str) -> Shown {
    Shown {
        item: Item::Known {
            engram: EngramId(1),
        },
        recommends: None,
        sim: 0.5,
        provenance: Provenance::Told,
        words: own_words(body, step),
    }
}

#[test]
fn a_stated_fact_settles_on_whether_the_action_used_its_words_and_the_step_closed() {
    let step = "tell the keeper the pump port";
    let fact = fact_shown("notes/pump.txt says: the pump listens on 8731", step);
    assert_eq!(fact.words, ["notes", "pump.txt", "listens", "8731"]);
    let mut used = episode(
        4,
        PUMP,
        &Action::new("reply", json!({"text": "port 8731"})),
        true,
    );
    assert_eq!(
        adjudicate_shown(&fact, Some(&used), true),
        Ok(Settlement::FollowedIntoSuccess)
    );
    assert_eq!(
        adjudicate_shown(&fact, Some(&used), false),
        Err(Unsettled::NotClosed),
        "used by a success that closed nothing waits"
    );
    used.success = false;
    assert_eq!(
        adjudicate_shown(&fact, Some(&used), false),
        Ok(Settlement::IntoFailure)
    );
    let other = episode(5, PUMP, &bash("date"), true);
    assert_eq!(
        adjudicate_shown(&fact, Some(&other), true),
        Ok(Settlement::Ignored)
    );
    let mut auto = used.clone();
    auto.automated = true;
    assert_eq!(
        adjudicate_shown(&fact, Some(&auto), true),
        Err(Unsettled::Automated)
    );
}

#[test]
fn a_guardrail_followed_into_a_close_is_witnessed_and_one_that_closed_nothing_is_not() {
    let (_dir, store) = temp_store();
    let (id, injected) = shown_both(&store);
    let mut tx = store.write().unwrap();
    let ok = episode(10, PUMP, &bash("ss -ltnp"), true);
    settle(&mut tx, &injected, Some(&ok), &Closure::default(), 10, 1000).unwrap();
    assert!(!get(&tx, id).unwrap().unwrap().fate.world_verified());
    let closed = Closure {
        said: Some("commission #4 done: reply contains 8731".into()),
        commission: Some(4),
        commission_closed: true,
        reply: false,
    };
    let ok = episode(11, PUMP, &bash("ss -ltnp"), true);
    settle(&mut tx, &injected, Some(&ok), &closed, 11, 1100).unwrap();
    // Ignored into a close is no witness.
    let other = episode(12, PUMP, &bash("cat pump.conf"), true);
    settle(&mut tx, &injected, Some(&other), &closed, 12, 1200).unwrap();
    let e = get(&tx, id).unwrap().unwrap();
    assert_eq!(e.fate.witnessed.len(), 1);
    let w = &e.fate.witnessed[0];
    assert_eq!(
        (w.how, w.tick, w.commission),
        (crate::memory::Witnessed::FollowedIntoClose, 11, Some(4))
    );
    assert_eq!(w.said, "commission #4 done: reply contains 8731");
}

#[test]
fn a_fact_used_in_a_reply_the_check_accepted_is_witnessed_and_one_that_closed_a_step_is_not() {
    let (_dir, store) = temp_store();
    let mut tx = store.write().unwrap();
    let body = "notes/pump.txt says: the pump listens on 8731";
    let new = NewEngram::new(Kind::Fact, body, Provenance::Inherited);
    let id = memory().remember(&mut tx, new, 5).unwrap();
    let step = "tell the keeper the pump port";
    let mut shown = fact_shown(body, step);
    shown.item = Item::Known { engram: id };
    let injected = Injected { items: vec![shown] };
    let reply = episode(
        4,
        PUMP,
        &Action::new("reply", json!({"text": "port 8731"})),
        true,
    );
    let step_only = Closure {
        said: Some("step closed: \"tell the keeper\"".into()),
        ..Closure::default()
    };
    settle(&mut tx, &injected, Some(&reply), &step_only, 4, 10).unwrap();
    assert!(!get(&tx, id).unwrap().unwrap().fate.world_verified());
    let accepted = Closure {
        said: Some("commission #2 done: reply contains 8731".into()),
        commission: Some(2),
        commission_closed: true,
        reply: true,
    };
    settle(&mut tx, &injected, Some(&reply), &accepted, 5, 11).unwrap();
    let e = get(&tx, id).unwrap().unwrap();
    assert_eq!(e.utility.followed_into_success, 2);
    assert_eq!(e.fate.witnessed.len(), 1);
    assert_eq!(
        e.fate.witnessed[0].how,
        crate::memory::Witnessed::AcceptedReply
    );
}
