//! The typed unit names and grantors are stored exactly as the plain strings were: the bytes
//! of a document are those the string-keyed record produced, and an old store still decodes.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::*;
use crate::base::store::{decode, encode};

/// The record as it was declared when units and grantors were plain strings.
#[derive(Debug, Serialize, Deserialize)]
struct OldRecord {
    state: UnitState,
    tick: u64,
    at: Millis,
    by: String,
    evidence: String,
    #[serde(default)]
    held: Option<String>,
    #[serde(default)]
    engram_due: bool,
}

#[derive(Debug, Serialize, Deserialize)]
struct OldUnlocks {
    units: BTreeMap<String, OldRecord>,
}

const GRANTORS: [By; 5] = [
    By::Birth,
    By::Quest,
    By::Milestone,
    By::Operator,
    By::Seeder,
];

/// Every unit, each with a grantor, a state and the optional fields set or not: as the old
/// record and as the typed one.
fn every_unit() -> (OldUnlocks, Unlocks) {
    let (mut old, mut new) = (BTreeMap::new(), BTreeMap::new());
    for (i, id) in UnitId::ALL.into_iter().enumerate() {
        let by = GRANTORS[i % GRANTORS.len()];
        let record = UnitRecord {
            state: [UnitState::Granted, UnitState::Pending][i % 2],
            tick: i as u64,
            at: 1_000 + i as i64,
            by,
            evidence: format!("evidence {i}"),
            held: (i % 3 == 0).then(|| format!("held {i}")),
            engram_due: i == 2,
        };
        old.insert(
            id.as_str().to_string(),
            OldRecord {
                state: record.state,
                tick: record.tick,
                at: record.at,
                by: by.as_str().to_string(),
                evidence: record.evidence.clone(),
                held: record.held.clone(),
                engram_due: record.engram_due,
            },
        );
        new.insert(id, record);
    }
    (OldUnlocks { units: old }, Unlocks { units: new })
}

#[test]
fn a_document_encodes_to_the_bytes_of_the_string_keyed_record() {
    let (old, new) = every_unit();
    assert_eq!(encode(&new).unwrap(), encode(&old).unwrap());
    let newborn = Unlocks::newborn(7);
    let mut units = BTreeMap::new();
    units.insert(
        "U0".to_string(),
        OldRecord {
            state: UnitState::Granted,
            tick: 0,
            at: 7,
            by: "birth".into(),
            evidence: "born".into(),
            held: None,
            engram_due: false,
        },
    );
    assert_eq!(
        encode(&newborn).unwrap(),
        encode(&OldUnlocks { units }).unwrap()
    );
}

#[test]
fn an_old_store_still_decodes_and_an_unknown_name_does_not() {
    let (old, new) = every_unit();
    let bytes = encode(&old).unwrap();
    assert_eq!(decode::<Unlocks>(&bytes).unwrap(), new);

    let (mut old, _) = every_unit();
    let record = old.units.remove("U6").unwrap();
    old.units.insert("U9".into(), record);
    let why = decode::<Unlocks>(&encode(&old).unwrap()).unwrap_err();
    assert!(why.contains("there is no unit \"U9\""), "{why}");

    let (mut old, _) = every_unit();
    old.units.get_mut("U1").unwrap().by = "somebody".into();
    assert!(decode::<Unlocks>(&encode(&old).unwrap()).is_err());
}

#[test]
fn unit_order_is_ladder_order_and_name_order() {
    let mut by_name = UnitId::ALL;
    by_name.sort_by_key(|u| u.as_str());
    assert_eq!(by_name, UnitId::ALL);
    let mut sorted = UnitId::ALL;
    sorted.sort();
    assert_eq!(sorted, UnitId::ALL);
}

#[test]
fn a_unit_is_read_by_its_exact_name() {
    for id in UnitId::ALL {
        assert_eq!(id.as_str().parse::<UnitId>(), Ok(id));
        assert_eq!(id.to_string(), id.as_str());
    }
    for bad in ["u4a", "U4", "U9", " U1", "", "own"] {
        let err = bad.parse::<UnitId>().unwrap_err();
        assert_eq!(err.to_string(), format!("there is no unit {bad:?}"));
    }
}

#[test]
fn granted_lists_granted_units_in_ladder_order() {
    let (_, unlocks) = every_unit();
    let granted = unlocks.granted();
    assert!(granted.iter().all(|u| unlocks.has(*u)));
    assert_eq!(granted, [UnitId::U0, UnitId::U2, UnitId::U4a, UnitId::U5]);
    assert!(!unlocks.has(UnitId::U1));
    assert_eq!(Unlocks::newborn(0).granted(), [NEWBORN_UNIT]);
}
