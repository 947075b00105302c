//! `wis cachectl` end to end through the real binary: export, import, project, verify.

mod cultcache_env;

use cultcache_env::{Env, read};
use wis::base::cultcache::encode::Encoder;
use wis::base::cultcache::{CatalogEntry, SnapshotRecord, wis_catalog, write_snapshot};

const STORED_AT: &str = "2026-01-01T00:00:00.000Z";

fn record(key: &str, schema_id: &str, payload: Vec<u8>) -> SnapshotRecord {
    SnapshotRecord {
        key: key.into(),
        schema_id: schema_id.into(),
        stored_at: STORED_AT.into(),
        payload,
    }
}

/// A snapshot with wis's catalog plus `extra` entries.
fn snapshot(extra: Vec<CatalogEntry>, mut records: Vec<SnapshotRecord>) -> Vec<u8> {
    let mut catalog = wis_catalog(wis::turn::documents::registry());
    catalog.extend(extra);
    write_snapshot(&mut catalog, &mut records).unwrap()
}

fn msgpack_map(pairs: &[(&str, &str)]) -> Vec<u8> {
    let mut enc = Encoder::new();
    enc.map_len(pairs.len()).unwrap();
    for (k, v) in pairs {
        enc.str(k).unwrap();
        enc.str(v).unwrap();
    }
    enc.into_bytes()
}

fn persona_payload(env: &Env, home: &str) -> Vec<u8> {
    env.ok_in(home, &["cachectl", "export", "--out", "p.cc"]);
    let bytes = read(&env.path("p.cc"));
    let mut file = wis::base::cultcache::CultFile::open(&bytes).unwrap();
    while let Some(r) = file.next_record().unwrap() {
        if r.schema_id == "wis.persona.v1" {
            return r.payload.to_vec();
        }
    }
    panic!("no persona in the export");
}

/// The creature's persona payload with another name.
fn renamed_persona(env: &Env, home: &str, name: &str) -> Vec<u8> {
    let mut value: serde_json::Value = rmp_serde::from_slice(&persona_payload(env, home)).unwrap();
    value["name"] = name.into();
    rmp_serde::to_vec_named(&value).unwrap()
}

#[test]
fn export_import_export_gives_identical_bytes() {
    let env = Env::new();
    env.init("a", 7);
    env.ok_in("a", &["cachectl", "export", "--out", "a.cc"]);
    env.init("b", 99);
    env.ok_in("b", &["cachectl", "export", "--out", "before.cc"]);
    assert_ne!(read(&env.path("a.cc")), read(&env.path("before.cc")));
    let imported = env.ok_in("b", &["cachectl", "import", "a.cc"]);
    assert!(imported.stdout_text().contains("wis.persona.v1"));
    env.ok_in("b", &["cachectl", "export", "--out", "b.cc"]);
    assert_eq!(read(&env.path("a.cc")), read(&env.path("b.cc")));
    env.ok_in("b", &["check"]);
    let to_stdout = env.ok_in("b", &["cachectl", "export", "--out", "-"]);
    assert_eq!(to_stdout.stdout, read(&env.path("b.cc")));
}

#[test]
fn import_refuses_an_unregistered_schema_and_writes_nothing() {
    let env = Env::new();
    env.init("home", 3);
    env.ok(&["cachectl", "export", "--out", "before.cc"]);
    let mut other = wis_catalog(wis::turn::documents::registry()).remove(0);
    other.schema_id = "other.thing.v1".into();
    other.schema_name = "other.thing".into();
    other.compatible_schema_ids = vec!["other.thing.v1".into()];
    let persona = msgpack_map(&[("name", "X")]);
    let file = env.write(
        "bad.cc",
        &snapshot(
            vec![other],
            vec![
                record(
                    "self",
                    "wis.persona.v1",
                    renamed_persona(&env, "home", "Other"),
                ),
                record("zz-stranger", "other.thing.v1", persona),
            ],
        ),
    );
    let run = env.run(&["cachectl", "import", file.to_str().unwrap()]);
    assert_eq!(run.code, 65, "{}", run.stderr);
    assert!(run.stderr.contains("zz-stranger"), "{}", run.stderr);
    assert!(
        run.stderr.contains("not a wis document type"),
        "{}",
        run.stderr
    );
    env.ok(&["cachectl", "export", "--out", "after.cc"]);
    assert_eq!(read(&env.path("before.cc")), read(&env.path("after.cc")));
}

#[test]
fn import_refuses_payloads_that_are_not_their_type_and_wrong_keys() {
    let env = Env::new();
    env.init("home", 5);
    env.ok(&["cachectl", "export", "--out", "before.cc"]);
    let good = persona_payload(&env, "home");
    let cases = [
        (
            "not-type.cc",
            vec![record(
                "self",
                "wis.persona.v1",
                msgpack_map(&[("name", "X")]),
            )],
            "does not decode as wis.persona.v1",
        ),
        (
            "not-msgpack.cc",
            vec![record("self", "wis.persona.v1", vec![0xc1])],
            "not MessagePack",
        ),
        (
            "wrong-key.cc",
            vec![record("other", "wis.persona.v1", good.clone())],
            "a singleton's key is `self`",
        ),
        (
            "unresolved.cc",
            vec![record("self", "wis.persona.v9", good.clone())],
            "not in the catalog",
        ),
    ];
    for (name, records, why) in cases {
        let file = env.write(name, &snapshot(Vec::new(), records));
        let run = env.run(&["cachectl", "import", file.to_str().unwrap()]);
        assert_eq!(run.code, 65, "{name}: {}", run.stderr);
        assert!(run.stderr.contains(why), "{name}: {}", run.stderr);
    }
    env.ok(&["cachectl", "export", "--out", "after.cc"]);
    assert_eq!(read(&env.path("before.cc")), read(&env.path("after.cc")));
}

#[test]
fn a_legacy_file_imports_by_type_name_with_a_plain_payload() {
    let env = Env::new();
    env.init("home", 11);
    let persona = renamed_persona(&env, "home", "Renamed");
    let mut enc = Encoder::new();
    enc.array_len(1).unwrap();
    enc.map_len(4).unwrap();
    for (k, v) in [
        ("key", "self"),
        ("type", "wis.persona"),
        ("storedAt", STORED_AT),
    ] {
        enc.str(k).unwrap();
        enc.str(v).unwrap();
    }
    enc.str("payload").unwrap();
    enc.out.extend_from_slice(&persona);
    env.write("legacy.msgpack", &enc.into_bytes());
    let verified = env.ok(&["cachectl", "verify", "legacy.msgpack"]);
    assert!(verified.stdout_text().contains("legacy envelope array"));
    env.ok(&["cachectl", "import", "legacy.msgpack"]);
    env.ok(&["cachectl", "export", "--out", "after.cc"]);
    let projected = env.ok(&["cachectl", "project", "after.cc"]);
    let persona = projected
        .stdout_text()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|l| l["type"] == "wis.persona")
        .unwrap();
    assert_eq!(persona["payload"]["name"], "Renamed");
}

#[test]
fn project_prints_one_sorted_object_per_record() {
    let env = Env::new();
    env.init("home", 7);
    env.ok(&["cachectl", "export", "--out", "a.cc"]);
    let first = env.ok(&["cachectl", "project", "a.cc"]);
    let second = env.ok(&["cachectl", "project", "a.cc", "--out", "-"]);
    assert_eq!(first.stdout, second.stdout);
    let lines: Vec<serde_json::Value> = first
        .stdout_text()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    let persona = lines
        .iter()
        .find(|l| l["type"] == "wis.persona")
        .expect("a persona line");
    assert_eq!(persona["key"], "__global__");
    assert_eq!(persona["schemaId"], "wis.persona.v1");
    assert_eq!(persona["storedAt"], "2026-01-01T00:00:00.000Z");
    let keys: Vec<&String> = persona["payload"].as_object().unwrap().keys().collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted);
}

#[test]
fn project_into_a_directory_replaces_only_projections() {
    let env = Env::new();
    env.init("home", 7);
    env.ok(&["cachectl", "export", "--out", "a.cc"]);
    env.ok(&["cachectl", "project", "a.cc", "--out", "view"]);
    let persona = read(&env.path("view/wis.persona/__global__.json"));
    let persona: serde_json::Value = serde_json::from_slice(&persona).unwrap();
    assert_eq!(persona["schemaId"], "wis.persona.v1");
    let index: serde_json::Value =
        serde_json::from_slice(&read(&env.path("view/index.json"))).unwrap();
    assert_eq!(index["records"], 3);
    // A projection is replaced whole; a stale file goes with it.
    std::fs::write(env.path("view/stale.json"), "{}").unwrap();
    env.ok(&["cachectl", "project", "a.cc", "--out", "view"]);
    assert!(!env.path("view/stale.json").exists());
    std::fs::create_dir(env.path("mine")).unwrap();
    std::fs::write(env.path("mine/notes.txt"), "keep me").unwrap();
    let run = env.run(&["cachectl", "project", "a.cc", "--out", "mine"]);
    assert_eq!(run.code, 64, "{}", run.stderr);
    assert_eq!(read(&env.path("mine/notes.txt")), b"keep me");
}

#[test]
fn verify_summarizes_and_fails_on_bad_payloads() {
    let env = Env::new();
    env.init("home", 7);
    env.ok(&["cachectl", "export", "--out", "a.cc"]);
    let text = env.ok(&["cachectl", "verify", "a.cc"]);
    assert!(text.stdout_text().contains("wis.persona.v1"));
    assert!(text.stdout_text().contains(": ok"));
    let json = env.ok(&["--output-format", "json", "cachectl", "verify", "a.cc"]);
    let report: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(report["format"], "cultcache.store.v1");
    assert_eq!(report["records"], 3);
    assert_eq!(report["types"].as_array().unwrap().len(), 3);

    let bad = env.write(
        "bad.cc",
        &snapshot(
            Vec::new(),
            vec![record(
                "self",
                "wis.persona.v1",
                b"\xc1 not msgpack".to_vec(),
            )],
        ),
    );
    let run = env.run(&[
        "--output-format",
        "json",
        "cachectl",
        "verify",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 65, "{}", run.stderr);
    let report: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
    assert_eq!(report["problemCount"], 1);
    assert_eq!(report["problems"][0]["key"], "self");
    let missing = env.run(&["cachectl", "verify", "nope.cc"]);
    assert_eq!(missing.code, 66, "{}", missing.stderr);
}
