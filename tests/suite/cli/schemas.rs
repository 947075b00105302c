//! `wis check --schemas` and `wis cast check --schemas` through the real binary: a lived
//! store passes, with a count per published type; a document its schema refuses (one serde
//! reads, so only the schema can tell) is 65 with the path of the failing value.

use serde_json::json;
use wis::base::cultcache::project::payload_json;
use wis::base::store::{DocType, Read, encode};
use wis::creature::Persona;
use wis::turn::sleep::SleepReceipt;

use crate::support::{TestEnv, snapshot};

#[test]
fn a_lived_store_passes_its_schemas_per_type() {
    let env = TestEnv::born();
    env.wis(&["sleep"]).ok();
    env.wis(&["sleep"]).ok();
    let text = snapshot!(env, "check-schemas", ["check", "--schemas"])
        .ok()
        .to_string();
    assert!(text.contains("schemas/sleep-receipt.schema.json"), "{text}");
    let json = snapshot!(
        env,
        "check-schemas-json",
        ["check", "--schemas", "--output-format", "json"]
    )
    .json();
    assert_eq!(json["ok"], true);
    let checked: Vec<(&str, u64)> = json["schemas"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["document"].as_str().unwrap(),
                r["checked"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        checked,
        [
            ("wis.persona.v1", 1),
            ("wis.lease.v1", 0),
            ("wis.sleep_receipt.v1", 2)
        ]
    );
    // Without the flag the report is what it was.
    assert!(env.json(&["check"]).get("schemas").is_none());
}

#[test]
fn a_document_its_schema_refuses_is_65_with_the_path_of_the_value() {
    let env = TestEnv::born();
    env.wis(&["sleep"]).ok();
    env.edit_store(|tx| {
        let persona = tx.singleton::<Persona>().unwrap();
        let mut doc = payload_json(&encode(&persona).unwrap()).unwrap();
        doc["mood"] = json!("grim");
        tx.put_raw(&DocType::of::<Persona>(), "self", &encode(&doc).unwrap())
            .unwrap();
        let (seq, receipt) = tx.ring::<SleepReceipt>(Some(1)).unwrap().remove(0);
        let mut doc = payload_json(&encode(&receipt).unwrap()).unwrap();
        doc["jobs"][0]["memories"] = json!(["pruned e4"]);
        doc["pressure_before"] = json!(-1.0);
        tx.put_raw(
            &DocType::of::<SleepReceipt>(),
            &seq.to_string(),
            &encode(&doc).unwrap(),
        )
        .unwrap();
    });
    // serde still reads both: the store's own check finds nothing.
    env.wis(&["check"]).ok();
    let run = snapshot!(env, "check-schemas-refused", ["check", "--schemas"]);
    run.code(65);
    let json = env.wis(&["check", "--schemas", "--output-format", "json"]);
    json.code(65);
    let json = json.json();
    assert_eq!(json["ok"], false);
    let failures = |i: usize| json["schemas"][i]["failures"][0]["violations"].clone();
    assert_eq!(
        failures(0),
        json!([{"path": "", "problem": "has the key \"mood\", which the schema does not name"}])
    );
    let receipt = failures(2);
    let paths: Vec<&str> = receipt
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["path"].as_str().unwrap())
        .collect();
    assert_eq!(paths, ["/jobs/0/memories/0", "/pressure_before"]);
}
