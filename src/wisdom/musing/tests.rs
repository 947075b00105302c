use super::*;
use crate::base::store::testing::temp_store;
use crate::creature::FailKind;
use crate::wisdom::incubation::Entry;

fn entry(situation: &str, last_tick: u64) -> Entry {
    Entry {
        situation: situation.into(),
        failures: 3,
        tried: vec!["bash `pumpctl start`".into()],
        first_tick: 1,
        last_tick,
        opened_sleep: 1,
        revisits: 0,
        closed: None,
    }
}

fn episode(tick: u64, situation: &str, tool: &str, success: bool) -> Episode {
    Episode {
        tick,
        at: 0,
        situation: situation.into(),
        tool: tool.into(),
        signature: format!("{tool}:x"),
        action: String::new(),
        fail_kind: if success {
            FailKind::Ok
        } else {
            FailKind::NonzeroExit
        },
        success,
        automated: false,
        summary: String::new(),
        duration_ms: 0,
        advanced: Default::default(),
        step: None,
    }
}

#[test]
fn every_third_rumination_is_associative_when_sleep_left_material() {
    let (_dir, store) = temp_store();
    let mut tx = store.write().unwrap();
    // No material: always analytic, and counted.
    for n in 0..3 {
        let choice = choose(&tx).unwrap();
        assert_eq!(choice.lane, Lane::Analytic, "{n}");
        record(&mut tx, &choice, &[], n, 0).unwrap();
    }
    let inc = Incubation {
        entries: vec![entry("-|fix the pump", 4), entry("-|old trouble", 2)],
    };
    tx.put(SINGLETON_KEY, &inc).unwrap();
    let choice = choose(&tx).unwrap();
    assert_eq!(choice.lane, Lane::Analytic, "the 4th is analytic");
    record(&mut tx, &choice, &[], 4, 0).unwrap();
    let choice = choose(&tx).unwrap();
    assert_eq!(choice.lane, Lane::Analytic);
    record(&mut tx, &choice, &[], 5, 0).unwrap();
    let choice = choose(&tx).unwrap();
    assert_eq!(choice.lane, Lane::Associative, "the 6th is associative");
    let material = choice.material.clone().unwrap();
    assert_eq!(material.source, "incubation");
    assert_eq!(
        material.text,
        "\"fix the pump\" failed 3 times; tried: bash `pumpctl start`"
    );
    let cue = associative_cue(&material);
    assert!(cue.ends_with(
        "Q: this comes to mind: \"fix the pump\" failed 3 times; tried: bash `pumpctl start`\nA: "
    ));
    let steps = vec!["read the pump manual".to_string()];
    let musing = record(&mut tx, &choice, &steps, 6, 0).unwrap();
    assert!(musing.bridge());
    assert_eq!(musing.candidates[0].step, "read the pump manual");
    // An incubating failure is no dream seed; nothing for the dream job yet.
    let musings: Musings = tx.get(SINGLETON_KEY).unwrap().unwrap();
    assert_eq!(musings.count, 6);
    assert!(musings.dream_seeds().is_empty());
}

#[test]
fn a_cluster_bridge_is_a_dream_seed_and_an_unadopted_musing_is_not() {
    let (_dir, store) = temp_store();
    let mut tx = store.write().unwrap();
    let ids = [EngramId(1), EngramId(2)];
    let material = Material {
        source: "cluster".into(),
        text: "a; b".into(),
        situation: None,
        members: ids.to_vec(),
    };
    let choice = Choice {
        lane: Lane::Associative,
        material: Some(material),
    };
    record(&mut tx, &choice, &[], 1, 0).unwrap();
    let musings: Musings = tx.get(SINGLETON_KEY).unwrap().unwrap();
    assert!(musings.dream_seeds().is_empty(), "not adopted: no bridge");
    record(&mut tx, &choice, &["ask about a".to_string()], 2, 0).unwrap();
    let musings: Musings = tx.get(SINGLETON_KEY).unwrap().unwrap();
    assert_eq!(musings.dream_seeds(), vec![&ids[..]]);
    // Capped.
    for n in 0..(MUSINGS_CAP as u64 + 5) {
        record(&mut tx, &choice, &[], 10 + n, 0).unwrap();
    }
    let musings: Musings = tx.get(SINGLETON_KEY).unwrap().unwrap();
    assert_eq!(musings.entries.len(), MUSINGS_CAP);
    assert_eq!(musings.count, MUSINGS_CAP as u64 + 7);
}

#[test]
fn a_candidate_is_useful_only_after_a_verified_success_in_its_step() {
    let (_dir, store) = temp_store();
    let mut tx = store.write().unwrap();
    let choice = Choice {
        lane: Lane::Associative,
        material: Some(Material {
            source: "incubation".into(),
            text: "x".into(),
            situation: Some("-|fix the pump".into()),
            members: Vec::new(),
        }),
    };
    record(
        &mut tx,
        &choice,
        &["Read the pump manual".to_string()],
        1,
        0,
    )
    .unwrap();
    let key = situation_key(None, Some("read the pump manual"));
    // Closing the step with nothing verified settles nothing.
    tx.push(&episode(2, &key, "note_close", true)).unwrap();
    tx.push(&episode(3, &key, "read_file", false)).unwrap();
    assert_eq!(settle(&mut tx, None, "read the pump manual", 3).unwrap(), 0);
    tx.push(&episode(4, &key, "read_file", true)).unwrap();
    assert_eq!(settle(&mut tx, None, "read the pump manual", 5).unwrap(), 1);
    let musings: Musings = tx.get(SINGLETON_KEY).unwrap().unwrap();
    assert_eq!(musings.entries[0].candidates[0].useful_at, Some(5));
    assert_eq!(
        settle(&mut tx, None, "read the pump manual", 6).unwrap(),
        0,
        "once"
    );
}
