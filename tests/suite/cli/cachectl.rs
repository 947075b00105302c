//! `wis cachectl` end to end through the real binary: export, import, project, verify.

use std::path::PathBuf;

use crate::support::{Run, TestEnv, bytes, snapshot};
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

/// Runs `wis ARGS` on the creature in `home` (a directory of the root), insisting on success.
fn ok_in(env: &TestEnv, home: &str, args: &[&str]) -> Run {
    let run = env.wis_in(&env.root(home), args);
    run.ok();
    run
}

/// [`ok_in`] on the creature in `home/`.
fn ok(env: &TestEnv, args: &[&str]) -> Run {
    ok_in(env, "home", args)
}

/// Births a creature in `home` from `seed`.
fn init(env: &TestEnv, home: &str, seed: u64) {
    ok_in(env, home, &["init", "--seed", &seed.to_string()]);
}

/// Writes `contents` to `name` in the root.
fn put(env: &TestEnv, name: &str, contents: &[u8]) -> PathBuf {
    let path = env.root(name);
    std::fs::write(&path, contents).unwrap();
    path
}

/// The bytes of `name` in the root.
fn read(env: &TestEnv, name: &str) -> Vec<u8> {
    bytes(&env.root(name))
}

fn persona_payload(env: &TestEnv, home: &str) -> Vec<u8> {
    ok_in(env, home, &["cachectl", "export", "--out", "p.cc"]);
    let bytes = read(env, "p.cc");
    let mut file = wis::base::cultcache::CultFile::open(&bytes).unwrap();
    while let Some(r) = file.next_record().unwrap() {
        if r.schema_id == "wis.persona.v1" {
            return r.payload.to_vec();
        }
    }
    panic!("no persona in the export");
}

/// The creature's persona payload with another name.
fn renamed_persona(env: &TestEnv, home: &str, name: &str) -> Vec<u8> {
    let mut value: serde_json::Value = rmp_serde::from_slice(&persona_payload(env, home)).unwrap();
    value["name"] = name.into();
    rmp_serde::to_vec_named(&value).unwrap()
}

#[test]
fn export_import_export_gives_identical_bytes() {
    let env = TestEnv::new();
    init(&env, "a", 7);
    ok_in(&env, "a", &["cachectl", "export", "--out", "a.cc"]);
    init(&env, "home", 99);
    ok(&env, &["cachectl", "export", "--out", "before.cc"]);
    assert_ne!(read(&env, "a.cc"), read(&env, "before.cc"));
    snapshot!(env, "cachectl-import", ["cachectl", "import", "a.cc"]).ok();
    ok(&env, &["cachectl", "export", "--out", "b.cc"]);
    assert_eq!(read(&env, "a.cc"), read(&env, "b.cc"));
    ok(&env, &["check"]);
    let to_stdout = ok(&env, &["cachectl", "export", "--out", "-"]);
    assert_eq!(to_stdout.bytes, read(&env, "b.cc"));
}

#[test]
fn import_refuses_an_unregistered_schema_and_writes_nothing() {
    let env = TestEnv::new();
    init(&env, "home", 3);
    ok(&env, &["cachectl", "export", "--out", "before.cc"]);
    let mut other = wis_catalog(wis::turn::documents::registry()).remove(0);
    other.schema_id = "other.thing.v1".into();
    other.schema_name = "other.thing".into();
    other.compatible_schema_ids = vec!["other.thing.v1".into()];
    let persona = msgpack_map(&[("name", "X")]);
    let file = put(
        &env,
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
    snapshot!(
        env,
        "cachectl-import-unregistered",
        ["cachectl", "import", file.to_str().unwrap()]
    )
    .code(65);
    ok(&env, &["cachectl", "export", "--out", "after.cc"]);
    assert_eq!(read(&env, "before.cc"), read(&env, "after.cc"));
}

#[test]
fn import_refuses_payloads_that_are_not_their_type_and_wrong_keys() {
    let env = TestEnv::new();
    init(&env, "home", 5);
    ok(&env, &["cachectl", "export", "--out", "before.cc"]);
    let good = persona_payload(&env, "home");
    let cases = [
        (
            "not-type",
            vec![record(
                "self",
                "wis.persona.v1",
                msgpack_map(&[("name", "X")]),
            )],
        ),
        (
            "not-msgpack",
            vec![record("self", "wis.persona.v1", vec![0xc1])],
        ),
        (
            "wrong-key",
            vec![record("other", "wis.persona.v1", good.clone())],
        ),
        (
            "unresolved",
            vec![record("self", "wis.persona.v9", good.clone())],
        ),
    ];
    for (name, records) in cases {
        let file = format!("{name}.cc");
        put(&env, &file, &snapshot(Vec::new(), records));
        let name = format!("cachectl-import-refused-{name}");
        snapshot!(env, name, ["cachectl", "import", &file]).code(65);
    }
    ok(&env, &["cachectl", "export", "--out", "after.cc"]);
    assert_eq!(read(&env, "before.cc"), read(&env, "after.cc"));
}

#[test]
fn a_legacy_file_imports_by_type_name_with_a_plain_payload() {
    let env = TestEnv::new();
    init(&env, "home", 11);
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
    put(&env, "legacy.msgpack", &enc.into_bytes());
    let verified = ok(&env, &["cachectl", "verify", "legacy.msgpack"]);
    assert!(verified.stdout.contains("legacy envelope array"));
    snapshot!(
        env,
        "cachectl-import-json",
        [
            "--output-format",
            "json",
            "cachectl",
            "import",
            "legacy.msgpack"
        ]
    )
    .ok();
    ok(&env, &["cachectl", "export", "--out", "after.cc"]);
    let projected = ok(&env, &["cachectl", "project", "after.cc"]);
    let persona = projected
        .stdout
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|l| l["type"] == "wis.persona")
        .unwrap();
    assert_eq!(persona["payload"]["name"], "Renamed");
}

#[test]
fn project_prints_one_sorted_object_per_record() {
    let env = TestEnv::new();
    init(&env, "home", 7);
    snapshot!(
        env,
        "cachectl-export",
        ["cachectl", "export", "--out", "a.cc"]
    )
    .ok();
    snapshot!(
        env,
        "cachectl-export-json",
        [
            "--output-format",
            "json",
            "cachectl",
            "export",
            "--out",
            "b.cc"
        ]
    )
    .ok();
    assert_eq!(read(&env, "a.cc"), read(&env, "b.cc"));
    // The projection is JSON Lines whatever the output format; its objects' keys are sorted.
    let first = snapshot!(env, "cachectl-project", ["cachectl", "project", "a.cc"]);
    let second = ok(&env, &["cachectl", "project", "a.cc", "--out", "-"]);
    assert_eq!(first.ok(), second.stdout);
    let json = ok(
        &env,
        &["--output-format", "json", "cachectl", "project", "a.cc"],
    );
    assert_eq!(first.stdout, json.stdout);
    for line in first.stdout.lines() {
        let line: serde_json::Value = serde_json::from_str(line).unwrap();
        let keys: Vec<&String> = line["payload"].as_object().unwrap().keys().collect();
        let mut sorted = keys.clone();
        sorted.sort();
        assert_eq!(keys, sorted);
    }
}

#[test]
fn project_into_a_directory_replaces_only_projections() {
    let env = TestEnv::new();
    init(&env, "home", 7);
    ok(&env, &["cachectl", "export", "--out", "a.cc"]);
    snapshot!(
        env,
        "cachectl-project-dir",
        ["cachectl", "project", "a.cc", "--out", "view"]
    )
    .ok();
    let persona = read(&env, "view/wis.persona/__global__.json");
    let persona: serde_json::Value = serde_json::from_slice(&persona).unwrap();
    assert_eq!(persona["schemaId"], "wis.persona.v1");
    let index: serde_json::Value = serde_json::from_slice(&read(&env, "view/index.json")).unwrap();
    assert_eq!(index["records"], 3);
    // A projection is replaced whole; a stale file goes with it.
    std::fs::write(env.root("view/stale.json"), "{}").unwrap();
    snapshot!(
        env,
        "cachectl-project-dir-json",
        [
            "--output-format",
            "json",
            "cachectl",
            "project",
            "a.cc",
            "--out",
            "view"
        ]
    )
    .ok();
    assert!(!env.root("view/stale.json").exists());
    std::fs::create_dir(env.root("mine")).unwrap();
    std::fs::write(env.root("mine/notes.txt"), "keep me").unwrap();
    let run = env.wis(&["cachectl", "project", "a.cc", "--out", "mine"]);
    assert_eq!(run.code, 64, "{}", run.stderr);
    assert_eq!(read(&env, "mine/notes.txt"), b"keep me");
}

#[test]
fn verify_summarizes_and_fails_on_bad_payloads() {
    let env = TestEnv::new();
    init(&env, "home", 7);
    ok(&env, &["cachectl", "export", "--out", "a.cc"]);
    snapshot!(env, "cachectl-verify", ["cachectl", "verify", "a.cc"]).ok();
    snapshot!(
        env,
        "cachectl-verify-json",
        ["--output-format", "json", "cachectl", "verify", "a.cc"]
    )
    .ok();

    let bad = put(
        &env,
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
    let run = env.wis(&[
        "--output-format",
        "json",
        "cachectl",
        "verify",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 65, "{}", run.stderr);
    let report: serde_json::Value = serde_json::from_slice(&run.bytes).unwrap();
    assert_eq!(report["problemCount"], 1);
    assert_eq!(report["problems"][0]["key"], "self");
    let missing = env.wis(&["cachectl", "verify", "nope.cc"]);
    assert_eq!(missing.code, 66, "{}", missing.stderr);
}

/// `bytes` with the one occurrence of `text` changed so its last byte is 0xff: a byte flip
/// that leaves invalid UTF-8.
fn flipped(bytes: &[u8], text: &str) -> Vec<u8> {
    let at: Vec<usize> = bytes
        .windows(text.len())
        .enumerate()
        .filter(|(_, w)| *w == text.as_bytes())
        .map(|(i, _)| i)
        .collect();
    assert_eq!(at.len(), 1, "{text} occurs {} times", at.len());
    let mut out = bytes.to_vec();
    out[at[0] + text.len() - 1] = 0xff;
    out
}

/// Invalid UTF-8 in a record's key or in a string of a payload: the library would load it with
/// U+FFFD in place of the bad bytes; wis refuses the file (65) and changes nothing.
#[test]
fn invalid_utf8_in_a_key_or_a_string_is_refused() {
    let env = TestEnv::new();
    init(&env, "home", 3);
    ok(&env, &["cachectl", "export", "--out", "before.cc"]);
    let good = snapshot(
        Vec::new(),
        vec![
            record(
                "self",
                "wis.persona.v1",
                renamed_persona(&env, "home", "Zed"),
            ),
            record("notekey", "wis.notebook.v1", Vec::new()),
        ],
    );
    put(&env, "bad-key.cc", &flipped(&good, "notekey"));
    let persona = snapshot(
        Vec::new(),
        vec![record(
            "self",
            "wis.persona.v1",
            renamed_persona(&env, "home", "Zed"),
        )],
    );
    put(&env, "bad-string.cc", &flipped(&persona, "Zed"));
    for name in ["bad-key", "bad-string"] {
        let file = format!("{name}.cc");
        let verify = format!("cachectl-verify-utf8-{name}");
        snapshot!(env, verify, ["cachectl", "verify", &file]).code(65);
        let import = format!("cachectl-import-utf8-{name}");
        snapshot!(env, import, ["cachectl", "import", &file]).code(65);
    }
    ok(&env, &["cachectl", "export", "--out", "after.cc"]);
    assert_eq!(read(&env, "before.cc"), read(&env, "after.cc"));
}
