//! Properties of the CultCache format over generated documents and values.

use proptest::prelude::*;
use wis::base::cultcache::js::encode_js;
use wis::base::cultcache::{CultFile, decode_one, export, import, project, verify};
use wis::base::store::Tx;
use wis::creature::heartbeat::Turn;
use wis::creature::{
    By, Genome, LastTick, Morph, Persona, Temperament, UnitId, UnitRecord, UnitState, Unlocks,
};

use crate::support::store::{filled_store, temp_store};

fn persona() -> impl Strategy<Value = Persona> {
    let turns = [Turn::Work, Turn::Rumination, Turn::Sleep, Turn::Interrupted];
    let last_tick = (any::<u64>(), any::<i64>(), 0..4usize, any::<String>()).prop_map(
        move |(tick, at, turn, summary)| LastTick {
            tick,
            at,
            turn: turns[turn],
            summary,
        },
    );
    (
        (any::<String>(), any::<i64>(), any::<u64>(), any::<u64>()),
        (any::<u64>(), any::<u64>(), -1e12f64..1e12),
        (
            any::<bool>(),
            any::<Option<i64>>(),
            proptest::option::of(last_tick),
        ),
    )
        .prop_map(
            |((name, born_at, ticks, sleeps), (xp, goals_completed, sleep_pressure), rest)| {
                let (paused, paused_at, last_tick) = rest;
                let failures_in_row = (ticks % 7) as u32;
                Persona {
                    name,
                    born_at,
                    ticks,
                    sleeps,
                    xp,
                    goals_completed,
                    sleep_pressure,
                    paused,
                    paused_at,
                    last_tick,
                    failures_in_row,
                    last_signature: (ticks % 3 == 0).then(|| format!("bash ls #{}", ticks % 5)),
                    repeats_in_row: (sleeps % 4) as u32,
                    stalled_in_row: (xp % 5) as u32,
                    failed_replans: (ticks % 2) as u32,
                    level_ticks: (0..(xp % 3)).map(|l| ticks / 3 + l).collect(),
                }
            },
        )
}

fn genome() -> impl Strategy<Value = Genome> {
    (
        any::<u64>(),
        any::<bool>(),
        any::<String>(),
        0..Morph::ALL.len(),
        proptest::array::uniform4(0f32..1.0),
        any::<i64>(),
    )
        .prop_map(|(seed, seed_given, name, morph, t, born_at)| Genome {
            seed,
            seed_given,
            name,
            morph: Morph::ALL[morph],
            temperament: Temperament {
                curiosity: t[0],
                persistence: t[1],
                boldness: t[2],
                patience: t[3],
            },
            born_at,
        })
}

fn unlocks() -> impl Strategy<Value = Unlocks> {
    let record = (
        any::<bool>(),
        any::<u64>(),
        any::<i64>(),
        prop::sample::select(vec![
            By::Birth,
            By::Quest,
            By::Milestone,
            By::Operator,
            By::Seeder,
        ]),
        any::<String>(),
        proptest::option::of(any::<String>()),
        any::<bool>(),
    )
        .prop_map(
            |(granted, tick, at, by, evidence, held, engram_due)| UnitRecord {
                state: if granted {
                    UnitState::Granted
                } else {
                    UnitState::Pending
                },
                tick,
                at,
                by,
                evidence,
                held,
                engram_due,
            },
        );
    proptest::collection::btree_map(prop::sample::select(UnitId::ALL.to_vec()), record, 0..6)
        .prop_map(|units| Unlocks { units })
}

/// A store holding exactly these documents, exported at `now`.
fn exported(now: i64, fill: impl FnOnce(&mut Tx) -> wis::base::exit::Result<()>) -> Vec<u8> {
    let (_dir, store) = filled_store(fill);
    export(
        &store.read().unwrap(),
        wis::turn::documents::registry(),
        now,
    )
    .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// export → import into a fresh store → export gives the same bytes, and every view of
    /// the file agrees with the documents.
    #[test]
    fn documents_round_trip_byte_for_byte(p in persona(), g in genome(), u in unlocks(), now in 0i64..4_000_000_000_000) {
        let bytes = exported(now, |tx| {
            tx.set(&p)?;
            tx.set(&g)?;
            tx.set(&u)
        });
        let report = verify(&bytes, wis::turn::documents::registry()).unwrap();
        prop_assert!(report.ok(), "{:?}", report.problems);
        prop_assert_eq!(report.records, 3);

        let again = {
            let (_dir, store) = temp_store();
            let mut tx = store.write().unwrap();
            let imported = import(&mut tx, wis::turn::documents::registry(), &bytes).unwrap();
            prop_assert_eq!(imported.records, 3);
            tx.commit().unwrap();
            let rx = store.read().unwrap();
            use wis::base::store::Read;
            prop_assert_eq!(rx.singleton::<Persona>().unwrap(), p.clone());
            prop_assert_eq!(rx.singleton::<Genome>().unwrap(), g.clone());
            prop_assert_eq!(rx.singleton::<Unlocks>().unwrap(), u.clone());
            export(&rx, wis::turn::documents::registry(), now).unwrap()
        };
        prop_assert_eq!(&bytes, &again);

        let mut file = CultFile::open(&bytes).unwrap();
        let mut lines = 0;
        project::for_each(&mut file, false, |proj| -> Result<(), wis::base::exit::Error> {
            let text = serde_json::to_string(proj).unwrap();
            let json: serde_json::Value = serde_json::from_str(&text).unwrap();
            if json["type"] == "wis.persona" {
                assert_eq!(json["payload"]["name"], p.name.as_str());
            }
            lines += 1;
            Ok(())
        }).unwrap();
        prop_assert_eq!(lines, 3);
    }

    /// Re-encoding the reference's way is stable: what it writes it reads back the same.
    #[test]
    fn js_encoding_is_a_fixed_point(v in msgpack_value()) {
        let mut bytes = Vec::new();
        rmpv::encode::write_value(&mut bytes, &v).unwrap();
        let decoded = decode_one(&bytes).unwrap();
        let Ok(js) = encode_js(&decoded) else { return Ok(()) };
        let again = encode_js(&decode_one(&js).unwrap()).unwrap();
        prop_assert_eq!(js, again);
    }

    /// Any bytes at all: an answer, never a panic.
    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        read_all(&bytes);
    }

    /// A valid file, damaged: an answer, never a panic; an error is a data error.
    #[test]
    fn damaged_files_never_panic(cut in 0usize..400, flips in proptest::collection::vec((0usize..400, any::<u8>()), 0..4)) {
        let mut bytes = exported(0, |tx| {
            tx.set(&Persona::newborn("Ba", 0))?;
            tx.set(&Unlocks::newborn(0))
        });
        for (at, b) in flips {
            let at = at % bytes.len();
            bytes[at] ^= b;
        }
        bytes.truncate(bytes.len().saturating_sub(cut % 8));
        read_all(&bytes);
    }
}

fn read_all(bytes: &[u8]) {
    let _ = verify(bytes, wis::turn::documents::registry())
        .map_err(|e| assert_eq!(wis::base::exit::Error::from(e).code(), 65));
    if let Ok(mut file) = CultFile::open(bytes) {
        let _ = project::for_each(
            &mut file,
            false,
            |p| -> Result<(), wis::base::exit::Error> {
                serde_json::to_writer(std::io::sink(), p).unwrap();
                Ok(())
            },
        );
    }
}

fn msgpack_value() -> impl Strategy<Value = rmpv::Value> {
    let leaf = prop_oneof![
        Just(rmpv::Value::Nil),
        any::<bool>().prop_map(rmpv::Value::from),
        any::<i64>().prop_map(rmpv::Value::from),
        any::<u64>().prop_map(rmpv::Value::from),
        any::<f64>().prop_map(rmpv::Value::from),
        any::<f32>().prop_map(rmpv::Value::from),
        ".{0,40}".prop_map(rmpv::Value::from),
        proptest::collection::vec(any::<u8>(), 0..40).prop_map(rmpv::Value::from),
        (-2i8..6, proptest::collection::vec(any::<u8>(), 0..13))
            .prop_map(|(t, d)| rmpv::Value::Ext(t, d)),
    ];
    leaf.prop_recursive(4, 64, 8, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..8).prop_map(rmpv::Value::Array),
            proptest::collection::vec(("[a-z0-9]{0,4}", inner), 0..8).prop_map(|kv| {
                rmpv::Value::Map(
                    kv.into_iter()
                        .map(|(k, v)| (rmpv::Value::from(k), v))
                        .collect(),
                )
            }),
        ]
    })
}
