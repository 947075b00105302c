//! Two generations through the binary (design §4.6): a creature lives a few ticks against a
//! fake model server, with guardrails of positive utility and an armed reflex it earned
//! (arranged through the library); `wis legacy export` writes its volume (once a day unless
//! --force); a newborn imports it and shows the items inherited and discounted and the reflex
//! inherited, not armable; the lineage has two generations; a re-import changes nothing; a
//! lived creature is refused without --into-living. Then three volumes with one contradiction
//! merge as specified, in the dry-run plan and in the store.

use serde_json::Value;
use wis::base::store::{Read, Tx};
use wis::memory::{Engram, HashEmbedder, Kind, Memory, NewEngram, Provenance, Settlement};
use wis::wisdom::lineage::export::{reflex_text, render};
use wis::wisdom::lineage::format::*;
use wis::wisdom::reflex::{Provenance as Streak, Reflex, ReflexAction, Status, Trigger};

use crate::support::fake_openai::{Answer, FakeOpenAi};
use crate::support::{EPOCH_MS, TestEnv, snapshot};

pub const PLAN: &str =
    r#"{"thought": "the pump port is written down", "plan": ["find the pump port"]}"#;
pub const READ: &str = r#"{"tool": "read_file", "args": {"path": "notes/pump.txt"}}"#;
pub const GUARD: &str = "Read notes/pump.txt before guessing the pump's port.";

fn remember(tx: &mut Tx<'_>, kind: Kind, body: &str, helped: u32) {
    let m = Memory::new(Box::new(HashEmbedder::new(256)));
    let new = NewEngram::new(kind, body, Provenance::Experienced).source("episode:2");
    let id = m.remember(tx, new, EPOCH_MS).unwrap();
    let mut e: Engram = tx.get(&id.key()).unwrap().unwrap();
    for _ in 0..helped {
        e.utility.record(Settlement::FollowedIntoSuccess, EPOCH_MS);
    }
    e.strength = 0.9;
    m.rewrite(tx, &e).unwrap();
}

fn earned_reflex() -> Reflex {
    Reflex {
        id: "r1".into(),
        trigger: Trigger {
            situation_key: "-|find the pump port".into(),
            guard: None,
            world: None,
        },
        action: ReflexAction {
            tool: "read_file".into(),
            args: r#"{"path":"notes/pump.txt"}"#.into(),
            signature: "read_file notes/pump.txt".into(),
        },
        provenance: Streak {
            episode_ids: vec![1, 2, 3, 4, 5],
            successes: 5,
            last_adjudicated: EPOCH_MS,
        },
        status: Status::Armed,
        fired: 3,
        failed: 0,
        armed_by: Some("operator".into()),
        armed_at: Some(EPOCH_MS),
        proposed_tick: 2,
        last_fired: None,
        demoted_tick: None,
        last_failure: None,
        inherited: None,
    }
}

/// A creature that lived two ticks and earned what a volume carries.
pub fn elder(server: &FakeOpenAi) -> TestEnv {
    let mut env = TestEnv::born();
    env.use_mind(server);
    env.write("workspace/notes/pump.txt", "the pump listens on 8731\n");
    for _ in 0..2 {
        env.wis(&["tick"]).ok();
    }
    env.edit_store(|tx| {
        remember(tx, Kind::Strategy, GUARD, 3);
        remember(tx, Kind::Strategy, "Sing to the pump.", 0);
        remember(tx, Kind::Fact, "The pump is blue.", 1);
        tx.put("r1", &earned_reflex()).unwrap();
    });
    env
}

fn engrams(env: &TestEnv) -> Vec<Engram> {
    let store = env.store();
    let rx = store.read().unwrap();
    rx.all::<Engram>()
        .unwrap()
        .into_iter()
        .map(|(_, e)| e)
        .collect()
}

#[test]
fn a_newborn_inherits_its_elders_corpus_discounted_and_must_re_earn_its_reflex() {
    let server = FakeOpenAi::builder()
        .answers([PLAN, READ].map(Answer::content))
        .start();
    let old = elder(&server);
    let out = snapshot!(
        old,
        "legacy-export-json",
        ["legacy", "export", "--output-format", "json"]
    )
    .json();
    let path = out["path"].as_str().unwrap().to_string();
    assert!(std::path::Path::new(&path).starts_with(old.path("heirlooms")));
    snapshot!(old, "legacy-export-twice", ["legacy", "export"]).code(64);
    snapshot!(old, "legacy-export", ["legacy", "export", "--force"]).ok();

    // The newborn lives in another root: the volume is handed over as a file there.
    let young = TestEnv::born_from(2);
    let file = std::path::Path::new(&path).file_name().unwrap();
    std::fs::copy(&path, young.root(file.to_str().unwrap())).unwrap();
    let path = file.to_str().unwrap().to_string();
    let plan = young.json(&["legacy", "import", &path, "--dry-run"]);
    assert_eq!(plan["plan"]["items"].as_array().unwrap().len(), 2, "{plan}");
    assert!(engrams(&young).is_empty(), "a dry run writes nothing");
    snapshot!(
        young,
        "legacy-import-json",
        ["legacy", "import", &path, "--output-format", "json"]
    )
    .ok();
    let inherited: Vec<Engram> = engrams(&young)
        .into_iter()
        .filter(|e| e.provenance == Provenance::Inherited)
        .collect();
    assert_eq!(inherited.len(), 1);
    assert_eq!(inherited[0].body, GUARD);
    assert!(
        (inherited[0].strength - 0.45).abs() < 1e-6,
        "0.9 at half strength"
    );
    let reflexes = young.json(&["reflex", "list"]);
    assert_eq!(reflexes["reflexes"][0]["status"], "inherited", "{reflexes}");
    snapshot!(young, "reflex-arm-inherited", ["reflex", "arm", "r1"]).code(65);

    snapshot!(
        young,
        "legacy-lineage-json",
        ["legacy", "lineage", "--output-format", "json"]
    )
    .ok();
    snapshot!(
        young,
        "legacy-lineage-svg",
        ["legacy", "lineage", "--svg", "lineage.svg"]
    )
    .ok();
    assert!(
        std::fs::read_to_string(young.root("lineage.svg"))
            .unwrap()
            .contains("generation 2")
    );

    let twice = young.json(&["legacy", "import", &path]);
    assert_eq!(
        twice["imported"]["volumes"],
        Value::Array(vec![]),
        "{twice}"
    );
    assert_eq!(engrams(&young).len(), 1, "a re-import is a no-op");
    std::fs::copy(young.root(&path), old.root(&path)).unwrap();
    snapshot!(
        old,
        "legacy-import-into-a-living",
        ["legacy", "import", &path]
    )
    .code(64);
}

fn volume_file(env: &TestEnv, id: &str, records: &[Record]) -> String {
    let header = Header {
        format: FORMAT.into(),
        version: VERSION,
        volume: id.into(),
        creature: id.split('-').next().unwrap().into(),
        genome: GenomeSummary {
            seed: 9,
            temperament: [0.5; 4],
        },
        morph: "otter".into(),
        age: AgeSummary {
            ticks: 10,
            sleeps: 1,
            born_at: 0,
            exported_at: 1,
        },
        generation: 1,
        lineage: Vec::new(),
        ancestry: Vec::new(),
        stats: Stats {
            ticks: 10,
            successes: 5,
            sleeps: 1,
            units: vec!["U0".into()],
            below_model_fraction: None,
            ticks_to_u2: None,
            ticks_to_first_quest: None,
            ticks_to_first_confirmed_commission: None,
            curve: Vec::new(),
            ticks_to_level_2: None,
            commissions: None,
        },
        records: records.len() as u64,
    };
    let path = env.root(&format!("{id}.jsonl"));
    std::fs::write(&path, render(&header, records)).unwrap();
    path.to_string_lossy().into_owned()
}

fn item(kind: ItemKind, text: &str, successes: u64) -> Record {
    Record {
        id: content_id(kind, text),
        kind,
        text: text.into(),
        evidence: Evidence {
            successes,
            ..Evidence::default()
        },
        utility: successes as i64,
        replay_validated: false,
        strength: 0.8,
        provenance: Chain {
            origin: "experienced".into(),
            episodes: Vec::new(),
            volumes: Vec::new(),
        },
        reflex: None,
        signature: None,
        world: Vec::new(),
        lesson: None,
        group: None,
    }
}

fn reflex(command: &str) -> Record {
    let args = format!(r#"{{"command":"{command}"}}"#);
    Record {
        reflex: Some(ReflexItem {
            situation_key: "o1|restart the pump".into(),
            tool: "bash".into(),
            signature: format!("bash {command}"),
            args: args.clone(),
            successes: 5,
        }),
        signature: None,
        ..item(
            ItemKind::Reflex,
            &reflex_text("o1|restart the pump", "bash", &args),
            5,
        )
    }
}

#[test]
fn three_volumes_with_one_contradiction_merge_as_specified() {
    let env = TestEnv::born();
    let guard = "Always check free disk space before writing the big report file.";
    let a = volume_file(
        &env,
        "Ada-20260101",
        &[
            item(ItemKind::Guardrail, guard, 3),
            reflex("systemctl restart pump"),
        ],
    );
    let b = volume_file(
        &env,
        "Bo-20260101",
        &[
            item(ItemKind::Guardrail, &guard.replace('.', "!"), 4),
            reflex("service pump restart"),
        ],
    );
    let c = volume_file(&env, "Cy-20260101", &[reflex("systemctl restart pump")]);
    let plan = env.json(&["legacy", "import", &a, &b, &c, "--dry-run"])["plan"].clone();
    assert_eq!(plan["input"], 5, "{plan}");
    assert_eq!(plan["duplicates"], 2);
    assert_eq!(plan["contradictions"], 2);
    let items = plan["items"].as_array().unwrap();
    assert_eq!(items.len(), 3);
    let g = items.iter().find(|i| i["kind"] == "guardrail").unwrap();
    assert_eq!(g["evidence"]["successes"], 7, "evidence summed: {g}");
    assert_eq!(
        g["ancestors"],
        serde_json::json!(["Ada-20260101", "Bo-20260101"])
    );
    let r: Vec<&Value> = items.iter().filter(|i| i["kind"] == "reflex").collect();
    assert!(
        r.iter()
            .all(|x| x["contradicts"].as_array().unwrap().len() == 1)
    );
    snapshot!(
        env,
        "legacy-import-dry-run",
        ["legacy", "import", &a, &b, &c, "--dry-run"]
    )
    .ok();
    snapshot!(env, "legacy-import", ["legacy", "import", &a, &b, &c]).ok();
    let list = env.json(&["reflex", "list"]);
    let reflexes = list["reflexes"].as_array().unwrap();
    assert_eq!(reflexes.len(), 2, "both kept");
    assert!(
        reflexes
            .iter()
            .all(|r| r["status"] == "inherited" && r["inherited"]["contradicted"] == true)
    );
    let merged: Vec<Engram> = engrams(&env)
        .into_iter()
        .filter(|e| e.kind == Kind::Strategy)
        .collect();
    assert_eq!(merged.len(), 1, "near-duplicates are one memory");
    for v in ["heirloom:Ada-20260101", "heirloom:Bo-20260101"] {
        assert!(
            merged[0].sources.iter().any(|s| s == v),
            "{:?}",
            merged[0].sources
        );
    }
}

/// The volume in `heirlooms/` was exported from a creature that lived on the embedded model (see
/// `heirlooms/README.md`): it reads strictly, and a newborn inherits its reflex as one it must
/// re-earn.
#[test]
fn the_shipped_volume_from_the_embedded_model_is_inherited_by_a_newborn() {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("heirlooms/Koudon-20261201.jsonl");
    let volume = wis::wisdom::lineage::read::read_bytes(
        "Koudon-20261201.jsonl",
        &std::fs::read(&path).unwrap(),
    )
    .unwrap();
    assert_eq!(volume.header.creature, "Koudon");
    assert_eq!(volume.header.stats.ticks, 100);
    assert_eq!(volume.records.len(), 1);
    assert_eq!(volume.records[0].kind, ItemKind::Reflex);

    let young = TestEnv::born_from(3);
    let done = young.json(&["legacy", "import", path.to_str().unwrap()]);
    assert_eq!(
        done["imported"]["volumes"],
        Value::Array(vec!["Koudon-20261201".into()]),
        "{done}"
    );
    let reflexes = young.json(&["reflex", "list"]);
    let r = &reflexes["reflexes"][0];
    assert_eq!(r["status"], "inherited", "{reflexes}");
    assert_eq!(r["action"]["tool"], "note_read", "{reflexes}");
    young
        .wis(&["reflex", "arm", r["id"].as_str().unwrap()])
        .code(65);
}

/// An inherited guardrail reaches the newborn's "Before you act" block, marked `inherited`, when
/// its step is the one the guardrail is about (seen in the prompt `wis tick --dry-run` prints).
#[test]
fn an_inherited_guardrail_speaks_in_the_newborns_block_marked_inherited() {
    let server = FakeOpenAi::builder()
        .answers([PLAN, READ].map(Answer::content))
        .start();
    let old = elder(&server);
    let path = old.json(&["legacy", "export"])["path"]
        .as_str()
        .unwrap()
        .to_string();
    let young_server = FakeOpenAi::builder()
        .answers([PLAN].map(Answer::content))
        .start();
    let mut young = TestEnv::born_from(4);
    young.use_mind(&young_server);
    young.json(&["legacy", "import", &path]);
    // The gate is lowered to the guardrail's similarity to this step (0.49 with the hashed
    // embedder): what is tested is the mark, not the gate.
    let recall = [
        "--config",
        "wisdom.recall_enabled=true",
        "--config",
        "wisdom.recall_min_sim=0.45",
    ];
    young.wis(&[&recall[..], &["tick"]].concat()).ok();
    let dry = young.json(&[&recall[..], &["tick", "--dry-run"]].concat());
    let prompt = dry["prompt"]["volatile"].as_str().unwrap_or_default();
    assert!(prompt.contains("Q: find the pump port"), "{prompt}");
    let line = prompt
        .lines()
        .find(|l| l.starts_with("Guardrail ("))
        .unwrap_or_else(|| {
            let why = young.wis(&[&recall[..], &["memory", "recall"]].concat());
            panic!(
                "no guardrail in the block: {prompt}\n{}{}",
                why.stdout, why.stderr
            )
        });
    assert!(line.contains(", inherited): "), "{line}");
    assert!(line.ends_with(GUARD), "{line}");
}
