//! The drift tests: each published schema describes its Rust type exactly as serde writes it.
//! A fully populated value of each type, projected as `wis cachectl project` projects it, is
//! valid and carries exactly the keys the schema names at every level; a key removed is
//! refused by the schema exactly when serde refuses it (so `required` is what serde needs); a
//! wrong type is refused by both; an unknown key is refused by the schema; every enumeration
//! is serde's list of names; and the bounds are the code's constants.

use std::collections::BTreeSet;
use std::path::PathBuf;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use super::*;
use crate::base::store::encode;
use crate::creature::LastTick;
use crate::creature::heartbeat::Turn;
use crate::memory::EngramId;
use crate::turn::cast::organs::appraisal::{self, Tally};
use crate::turn::cast::organs::proposal::{Evidence, Rule, Status, VALUE_MAX_CHARS, WHY_MAX_CHARS};
use crate::turn::cast::organs::{APPRAISALS_MAX, OrganKind};
use crate::turn::cast::record::Ending;
use crate::turn::cast::schedule::{Participant, Pending, Reaction, SPEED_RANGE, TurnKind};
use crate::turn::sleep::JobReport;
use crate::turn::sleep::receipt::{NAMED_MAX, merged};
use crate::wisdom::curation::Curation;
use crate::world::scene::acts::{NAME_MAX_CHARS, OUTCOME_MAX_CHARS};
use crate::world::scene::{
    Addressed, Arena, Deed, PLACE_MAX_CHARS, REASON_MAX_CHARS, SAY_MAX_CHARS, SceneAct,
};

fn persona() -> Persona {
    let mut p = Persona::newborn("Koudon", 1_700_000_000_000);
    p.ticks = 41;
    p.sleeps = 2;
    p.xp = 9;
    p.goals_completed = 1;
    p.sleep_pressure = 12.5;
    p.paused = true;
    p.paused_at = Some(1_700_000_100_000);
    p.last_tick = Some(LastTick {
        tick: 41,
        at: 1_700_000_090_000,
        turn: Turn::Rumination,
        summary: "thought it over".into(),
    });
    p.failures_in_row = 1;
    p.last_signature = Some("bash:ls".into());
    p.repeats_in_row = 2;
    p.stalled_in_row = 3;
    p.failed_replans = 1;
    p.level_ticks = vec![30];
    p
}

fn lease() -> Lease {
    Lease {
        pid: 4242,
        tick: 42,
        turn: Turn::Work,
        started_at: 1_700_000_000_000,
        expires_at: 1_700_000_600_000,
    }
}

/// A receipt naming a memory in every form the sleep's jobs write.
fn receipt() -> SleepReceipt {
    let curation = Curation {
        reinforced: vec![EngramId(1)],
        cooled: vec![EngramId(2)],
        demoted: vec![EngramId(3)],
        archived: vec![EngramId(4)],
        judged: 4,
        store: 9,
    };
    let many: Vec<String> = (0..NAMED_MAX as u64 + 3)
        .map(|i| EngramId(i).to_string())
        .collect();
    SleepReceipt {
        sleep: 3,
        tick: 280,
        at: 1_700_000_000_000,
        pressure_before: 281.0,
        threshold: 280.0,
        jobs: vec![
            JobReport::new("consolidation", "1 merged")
                .naming(vec![merged(EngramId(7), EngramId(5))]),
            JobReport::new("curation", curation.line()).naming(curation.memories()),
            JobReport::new("distillation", "made many").naming(many),
        ],
        dream: Some("e12: Kettle: in the kitchen cupboard.".into()),
    }
}

fn schedule() -> Schedule {
    let member = |id: &str| Participant {
        id: id.into(),
        home: PathBuf::from(format!("/srv/{id}")),
        arena: Arena::Scene,
        initiative_speed: 1.25,
        next_ready_at: 1_700_000_000_000,
        last_completed_at: Some(1_699_999_000_000),
        pending: Some(Pending {
            pid: 77,
            cast_tick: 9,
            kind: TurnKind::Reaction,
            started_at: 1_700_000_000_500,
            expires_at: 1_700_000_600_500,
        }),
        reaction: Some(Reaction {
            message: Addressed {
                from: "Bo".into(),
                text: "where is the kettle?".into(),
            },
            opened_at: 1_699_999_500_000,
            until: 1_700_000_100_000,
        }),
        place: Some("the door".into()),
        // Every key written: a member has no `organ`, but the shape is what is tested.
        organ: Some(OrganKind::Appraiser),
    };
    let organ = Participant {
        organ: Some(OrganKind::Mutator),
        arena: Arena::Offstage,
        ..member("mutator")
    };
    Schedule {
        participants: vec![member("Tam"), member("Ash"), organ],
        cast_ticks: 9,
    }
}

/// A value as the store keeps it, projected as `wis cachectl project` writes its payload.
fn projected<T: Serialize>(value: &T) -> Value {
    payload_json(&encode(value).unwrap()).unwrap()
}

/// Whether serde reads `value` (put back into MessagePack) as `T`.
fn serde_reads<T: DeserializeOwned>(value: &Value) -> bool {
    crate::base::store::decode::<T>(&encode(value).unwrap()).is_ok()
}

/// One published schema, a fully populated value of its type, and serde's verdict on a JSON
/// value of that type.
struct Case {
    published: Published,
    full: Value,
    reads: fn(&Value) -> bool,
}

fn case<T: Serialize + DeserializeOwned>(published: Published, value: &T) -> Case {
    Case {
        published,
        full: projected(value),
        reads: serde_reads::<T>,
    }
}

/// A cast turn's receipt, fully populated, with the scene action `act`.
fn cast_receipt(act: SceneAct) -> Receipt {
    Receipt {
        cast_tick: 12,
        id: "Tam".into(),
        why: "ready the longest".into(),
        arena: Arena::Scene,
        kind: TurnKind::Reaction,
        turn: Some("work".into()),
        lane: Some("analytic".into()),
        tick: Some(40),
        ending: Ending::Deferred,
        detail: "tick 40 work: say `fine` -> ok 0.1s".into(),
        started_at: 1_700_000_000_000,
        completed_at: 1_700_000_000_900,
        cooldown_until: 1_700_000_060_900,
        exit: Some(75),
        act: Some(Deed::done(act, "said to Bo: fine")),
    }
}

/// Every scene action a receipt may carry, each with every key it writes.
fn scene_acts() -> Vec<SceneAct> {
    let answer = || {
        (
            "Bo".to_string(),
            "the key?".to_string(),
            "it is mine".to_string(),
        )
    };
    let (from, asked, reason) = answer();
    let refuse = SceneAct::Refuse {
        from,
        asked,
        reason,
    };
    let (from, asked, reason) = answer();
    vec![
        SceneAct::Say {
            to: "Bo".into(),
            text: "fine, thanks".into(),
        },
        SceneAct::Wait,
        SceneAct::Hesitate,
        refuse,
        SceneAct::Withhold {
            from,
            asked,
            reason,
        },
        SceneAct::Move {
            from: Some("the door".into()),
            to: Some("the window".into()),
        },
        SceneAct::Use {
            object: "lamp".into(),
        },
    ]
}

/// An organ's maintenance receipt: no member tick, no scene action.
fn organ_receipt() -> Receipt {
    Receipt {
        arena: Arena::Offstage,
        kind: TurnKind::Maintenance,
        turn: Some(OrganKind::Appraiser.turn().into()),
        lane: None,
        tick: None,
        ending: Ending::Completed,
        exit: None,
        act: None,
        ..cast_receipt(SceneAct::Wait)
    }
}

fn tally() -> Tally {
    Tally {
        turns: 6,
        succeeded: 3,
        advanced: 2,
        passed: 1,
        spoken_to: 4,
        answered: 2,
        refused: 1,
        lapsed: 1,
    }
}

fn appraisal() -> Appraisal {
    let t = tally();
    let components = t.components();
    Appraisal {
        member: "Tam".into(),
        cast_tick: 31,
        at: 1_700_000_000_000,
        from_tick: 12,
        to_tick: 30,
        through: 29,
        tally: t,
        components,
        score: components.score(),
        engram: EngramId(12),
        text: appraisal::text(12, 30, &t, components.score()),
    }
}

fn proposal() -> Proposal {
    Proposal {
        id: 3,
        member: "Tam".into(),
        home: PathBuf::from("/srv/tam"),
        rule: Rule::Answer,
        value: Rule::Answer.value(true).into(),
        replaces: Some(EngramId(9)),
        why: Rule::Answer.pattern(3),
        evidence: vec![Evidence {
            appraisal: 4,
            from_tick: 12,
            to_tick: 30,
            tally: tally(),
            score: 0.45,
        }],
        status: Status::Rejected,
        cast_tick: 40,
        proposed_at: 1_700_000_000_000,
        decided_at: Some(1_700_000_100_000),
        engram: Some(EngramId(14)),
        reason: Some("not yet".into()),
    }
}

fn cases() -> Vec<Case> {
    let mut cases = vec![
        case(HEARTBEAT_STATE, &persona()),
        case(PENDING_TURN, &lease()),
        case(SLEEP_RECEIPT, &receipt()),
        case(CAST_SCHEDULE, &schedule()),
        case(CAST_APPRAISAL, &appraisal()),
        case(CAST_PROPOSAL, &proposal()),
    ];
    for act in scene_acts() {
        cases.push(case(CAST_RECEIPT, &cast_receipt(act)));
    }
    cases
}

fn raw(p: &Published) -> Value {
    serde_json::from_str(p.text).unwrap()
}

/// A schema node with its `$ref` followed.
fn resolve<'a>(doc: &'a Value, node: &'a Value) -> &'a Value {
    match node.get("$ref").and_then(Value::as_str) {
        Some(r) => resolve(doc, &doc["$defs"][r.trim_start_matches("#/$defs/")]),
        None => node,
    }
}

/// Whether a node's `type` admits a container value's type.
fn admits(doc: &Value, node: &Value, v: &Value) -> bool {
    let want = if v.is_object() { "object" } else { "array" };
    match &resolve(doc, node)["type"] {
        Value::String(t) => t == want,
        Value::Array(ts) => ts.iter().any(|t| t == want),
        _ => false,
    }
}

/// Every object of `v`, by its JSON pointer, with the schema node it is checked against; and
/// where the keys the schema names differ from the keys serde wrote.
fn objects<'a>(
    doc: &'a Value,
    node: &'a Value,
    v: &Value,
    path: String,
    out: &mut Vec<(String, &'a Value)>,
    drift: &mut Vec<String>,
) {
    if !(v.is_object() || v.is_array()) {
        return;
    }
    let mut node = resolve(doc, node);
    if let Some(alternatives) = node.get("oneOf").and_then(Value::as_array) {
        let mut fits: Vec<&Value> = alternatives.iter().filter(|a| admits(doc, a, v)).collect();
        // Several object forms (an enum tagged by `kind`): the one whose tag is the value's.
        if fits.len() > 1 {
            fits.retain(|a| resolve(doc, a)["properties"]["kind"]["const"] == v["kind"]);
        }
        assert_eq!(fits.len(), 1, "{path}: one form must take a container");
        node = resolve(doc, fits[0]);
    }
    if let Some(items) = v.as_array() {
        for (i, item) in items.iter().enumerate() {
            objects(doc, &node["items"], item, format!("{path}/{i}"), out, drift);
        }
        return;
    }
    let map = v.as_object().unwrap();
    let props = node["properties"]
        .as_object()
        .expect("an object's schema names properties");
    let named: BTreeSet<&String> = props.keys().collect();
    let written: BTreeSet<&String> = map.keys().collect();
    if named != written {
        drift.push(format!(
            "{path}: the schema names {named:?}, serde writes {written:?}"
        ));
    }
    out.push((path.clone(), node));
    for (key, value) in map {
        if let Some(schema) = props.get(key) {
            objects(doc, schema, value, format!("{path}/{key}"), out, drift);
        }
    }
}

fn objects_of(case: &Case) -> Vec<(String, Value)> {
    let doc = raw(&case.published);
    let (mut out, mut drift) = (Vec::new(), Vec::new());
    objects(&doc, &doc, &case.full, String::new(), &mut out, &mut drift);
    assert!(drift.is_empty(), "{}: {drift:#?}", case.published.file);
    out.into_iter().map(|(p, n)| (p, n.clone())).collect()
}

/// `full` with the object at `path` changed by `edit`.
fn edited(
    full: &Value,
    path: &str,
    edit: impl FnOnce(&mut serde_json::Map<String, Value>),
) -> Value {
    let mut v = full.clone();
    edit(v.pointer_mut(path).unwrap().as_object_mut().unwrap());
    v
}

#[test]
fn every_schema_parses_and_names_its_document_and_the_stores_hold_them() {
    for p in HOME {
        p.schema().unwrap();
        assert!(
            crate::turn::documents::doc_type(p.document).is_some(),
            "{}",
            p.document
        );
    }
    for p in CAST {
        p.schema().unwrap();
        assert!(
            crate::turn::cast::registry()
                .iter()
                .any(|t| t.schema == p.document)
        );
    }
    for p in HOME.iter().chain(CAST) {
        let title = raw(p)["title"].as_str().unwrap().to_string();
        assert!(title.contains(&format!("({})", p.document)), "{title}");
        let on_disk =
            std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(p.file))
                .unwrap();
        assert_eq!(on_disk, p.text, "{} is the file built in", p.file);
    }
}

/// A field gained, lost or renamed in a type (or in a type it holds) without its schema
/// changing fails here.
#[test]
fn a_full_value_is_valid_and_has_exactly_the_keys_its_schema_names() {
    for case in cases() {
        let schema = case.published.schema().unwrap();
        assert_eq!(
            schema.validate(&case.full),
            vec![],
            "{}",
            case.published.file
        );
        assert!((case.reads)(&case.full));
        assert!(!objects_of(&case).is_empty());
    }
}

/// `required` is exactly what serde needs: a key whose absence serde refuses is required, and
/// a key serde does without (a default, an option) is not.
#[test]
fn a_key_is_required_exactly_when_serde_needs_it() {
    for case in cases() {
        let schema = case.published.schema().unwrap();
        for (path, _) in objects_of(&case) {
            let keys: Vec<String> = case
                .full
                .pointer(&path)
                .unwrap()
                .as_object()
                .unwrap()
                .keys()
                .cloned()
                .collect();
            for key in keys {
                let without = edited(&case.full, &path, |m| drop(m.remove(&key)));
                assert_eq!(
                    schema.accepts(&without),
                    (case.reads)(&without),
                    "{} {path}/{key}: the schema and serde disagree on its absence",
                    case.published.file
                );
            }
        }
    }
}

#[test]
fn a_wrong_type_is_refused_by_both_and_an_unknown_key_by_the_schema() {
    for case in cases() {
        let schema = case.published.schema().unwrap();
        for (path, _) in objects_of(&case) {
            let keys: Vec<(String, Value)> = case
                .full
                .pointer(&path)
                .unwrap()
                .as_object()
                .unwrap()
                .clone()
                .into_iter()
                .collect();
            for (key, value) in keys {
                let wrong = if value.is_string() {
                    json!(7)
                } else {
                    json!("7")
                };
                let mutated = edited(&case.full, &path, |m| drop(m.insert(key.clone(), wrong)));
                let at = format!("{} {path}/{key}", case.published.file);
                assert!(
                    !schema.accepts(&mutated),
                    "{at}: the schema takes a wrong type"
                );
                assert!(!(case.reads)(&mutated), "{at}: serde takes a wrong type");
            }
            let extra = edited(&case.full, &path, |m| {
                drop(m.insert("extra".into(), json!(1)))
            });
            let refused = schema.validate(&extra);
            assert_eq!(refused.len(), 1, "{} {path}", case.published.file);
            assert_eq!(refused[0].path, path);
        }
    }
}

/// The names serde accepts for an enum, read from its refusal of an unknown one
/// ("unknown variant `x`, expected one of `a`, `b`").
fn serde_names<T: DeserializeOwned>() -> Vec<String> {
    let Err(err) = serde_json::from_value::<T>(json!("no such name")) else {
        panic!("an unknown name was read");
    };
    let err = err.to_string();
    let expected = err.split_once("expected").expect(&err).1;
    expected
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

#[test]
fn every_enumeration_is_serdes_list_of_names() {
    let enums = |p: &Published, pointer: &str| -> Vec<String> {
        let doc = raw(p);
        let node = resolve(&doc, doc.pointer(pointer).unwrap());
        node["enum"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(
        enums(&HEARTBEAT_STATE, "/$defs/turn"),
        serde_names::<Turn>()
    );
    assert_eq!(
        enums(&PENDING_TURN, "/properties/turn"),
        serde_names::<Turn>()
    );
    assert_eq!(
        enums(&CAST_SCHEDULE, "/$defs/pending/properties/kind"),
        serde_names::<TurnKind>()
    );
    assert_eq!(
        enums(&CAST_SCHEDULE, "/$defs/participant/properties/arena"),
        serde_names::<Arena>()
    );
    assert_eq!(serde_names::<Turn>().len(), 4);
    assert_eq!(
        enums(&CAST_SCHEDULE, "/$defs/participant/properties/organ"),
        serde_names::<OrganKind>()
    );
    assert_eq!(
        enums(&CAST_RECEIPT, "/properties/arena"),
        serde_names::<Arena>()
    );
    assert_eq!(
        enums(&CAST_RECEIPT, "/properties/kind"),
        serde_names::<TurnKind>()
    );
    assert_eq!(
        enums(&CAST_RECEIPT, "/properties/ending"),
        serde_names::<Ending>()
    );
    // A member's own turns, then the organs' work.
    let turns: Vec<String> = serde_names::<Turn>()
        .into_iter()
        .chain(OrganKind::ALL.iter().map(|k| k.turn().to_string()))
        .collect();
    assert_eq!(enums(&CAST_RECEIPT, "/properties/turn"), turns);
    assert_eq!(
        enums(&CAST_PROPOSAL, "/properties/rule"),
        serde_names::<Rule>()
    );
    assert_eq!(
        enums(&CAST_PROPOSAL, "/properties/status"),
        serde_names::<Status>()
    );
    // One form per scene action, tagged by its name.
    let doc = raw(&CAST_RECEIPT);
    let tags: Vec<String> = doc["$defs"]["scene_act"]["oneOf"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            f["properties"]["kind"]["const"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    let names: Vec<String> = scene_acts().iter().map(|a| a.name().to_string()).collect();
    assert_eq!(tags, names);
    assert_eq!(names, serde_names::<SceneActKind>());
}

/// The tags serde reads a scene action by (its variants' names).
#[derive(Debug, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(dead_code)]
enum SceneActKind {
    Say,
    Wait,
    Hesitate,
    Refuse,
    Withhold,
    Move,
    Use,
}

#[test]
fn the_bounds_are_the_codes_constants() {
    let receipt = raw(&SLEEP_RECEIPT);
    let memories = &receipt["$defs"]["job"]["properties"]["memories"];
    assert_eq!(memories["maxItems"], json!(NAMED_MAX + 1));
    let cast = raw(&CAST_SCHEDULE);
    assert_eq!(
        cast["$defs"]["reaction"]["properties"]["text"]["maxLength"],
        json!(SAY_MAX_CHARS)
    );
    assert_eq!(
        cast["$defs"]["participant"]["properties"]["place"]["maxLength"],
        json!(PLACE_MAX_CHARS)
    );
    let receipt = raw(&CAST_RECEIPT);
    let defs = &receipt["$defs"];
    assert_eq!(defs["reason"]["maxLength"], json!(REASON_MAX_CHARS));
    assert_eq!(defs["asked"]["maxLength"], json!(SAY_MAX_CHARS));
    assert_eq!(defs["place"]["maxLength"], json!(PLACE_MAX_CHARS));
    assert_eq!(
        defs["deed"]["properties"]["outcome"]["maxLength"],
        json!(OUTCOME_MAX_CHARS)
    );
    let forms = defs["scene_act"]["oneOf"].as_array().unwrap();
    assert_eq!(
        forms[0]["properties"]["text"]["maxLength"],
        json!(SAY_MAX_CHARS)
    );
    assert_eq!(
        forms[6]["properties"]["object"]["maxLength"],
        json!(NAME_MAX_CHARS)
    );
    assert_eq!(
        raw(&CAST_APPRAISAL)["properties"]["text"]["maxLength"],
        json!(appraisal::TEXT_MAX_CHARS)
    );
    let proposal = raw(&CAST_PROPOSAL);
    assert_eq!(
        proposal["properties"]["reason"]["maxLength"],
        json!(WHY_MAX_CHARS)
    );
    assert_eq!(
        proposal["properties"]["value"]["maxLength"],
        json!(VALUE_MAX_CHARS)
    );
    assert_eq!(
        proposal["properties"]["evidence"]["maxItems"],
        json!(APPRAISALS_MAX)
    );
    let speed = &cast["$defs"]["participant"]["properties"]["initiative_speed"];
    assert_eq!(
        (speed["minimum"].as_f64(), speed["maximum"].as_f64()),
        (Some(SPEED_RANGE.0), Some(SPEED_RANGE.1))
    );
}

/// The receipt names what sleep merged, strengthened, weakened and pruned, each in its own
/// form; a memory named in no form the jobs write is refused.
#[test]
fn the_receipt_names_each_change_in_its_own_form() {
    let schema = SLEEP_RECEIPT.schema().unwrap();
    let with = |memory: &str| {
        let mut r = projected(&receipt());
        r["jobs"][0]["memories"] = json!([memory]);
        schema.validate(&r)
    };
    for ok in [
        "merged e7 into e5",
        "reinforced e1",
        "cooled e2",
        "demoted e3",
        "archived e4",
        "e9",
        "and 3 more",
    ] {
        assert_eq!(with(ok), vec![], "{ok}");
    }
    for bad in [
        "merged e7",
        "pruned e4",
        "e",
        "strengthened e1",
        "reinforced e1 ",
    ] {
        let refused = with(bad);
        assert_eq!(refused.len(), 1, "{bad}");
        assert_eq!(refused[0].path, "/jobs/0/memories/0");
    }
}

/// A maintenance organ's receipt (offstage, no member tick, no scene action) is valid, and so
/// is one that names an organ's work that is not one.
#[test]
fn an_organs_maintenance_receipt_is_valid_and_its_work_is_named() {
    let schema = CAST_RECEIPT.schema().unwrap();
    for kind in OrganKind::ALL {
        let mut r = organ_receipt();
        r.turn = Some(kind.turn().into());
        assert_eq!(schema.validate(&projected(&r)), vec![], "{kind}");
    }
    let mut odd = projected(&organ_receipt());
    odd["turn"] = json!("daydream");
    let refused = schema.validate(&odd);
    assert_eq!(refused.len(), 1);
    assert_eq!(refused[0].path, "/turn");
}
