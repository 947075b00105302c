//! A simulated first day: a scripted creature lives one tick a minute and grows from the
//! newborn kit to every unit, in ladder order, each grant traceable to its evidence.

use std::cell::RefCell;
use std::rc::Rc;

use serde_json::json;
use wis::base::store::Read;
use wis::creature::expectations::Expectation;
use wis::creature::news::{NewsItem, NewsKind};
use wis::creature::quest_book::{QuestBook, Verdict};
use wis::creature::{UnitId, UnitState, Unlocks};
use wis::world::skills::Skill;
use wis::world::units::UNITS;

use super::harness::{EPOCH_MS, Life, THOUGHT, call, config, policy};
use crate::support::fake_openai::{Answer, FakeOpenAi};

/// What the scripted creature has done so far.
#[derive(Debug, Default)]
struct Done {
    tried_locked: bool,
    tried_unknown: bool,
    /// 0 nothing, 1 made (broken), 2 ran and failed, 3 fixed, 4 ran and went LIVE.
    skill: u8,
    predicted: bool,
    /// 0 nothing, 1 set, 2 done.
    objective: u8,
    delegated: bool,
    /// The stable prefixes the creature was shown, each once, in order.
    prefixes: Vec<String>,
}

/// The creature: it acts on what its schema offers, and otherwise lists its notebooks.
fn creature(done: Rc<RefCell<Done>>) -> super::harness::Policy {
    policy(move |prompt, names| {
        let mut d = done.borrow_mut();
        if d.prefixes.last() != Some(&prompt.stable) {
            d.prefixes.push(prompt.stable.clone());
        }
        let Some(names) = names else {
            return THOUGHT.to_string();
        };
        let has = |n: &str| names.iter().any(|x| x == n);
        let hello = json!({"input": "world"});
        let (tool, args) = if !d.tried_locked {
            d.tried_locked = true;
            (
                "predict",
                json!({"claim": "x", "stat": "sleeps >= 1", "within": 2}),
            )
        } else if !d.tried_unknown {
            d.tried_unknown = true;
            (
                "teleport",
                json!({"claim": "x", "stat": "sleeps >= 1", "within": 2}),
            )
        } else if d.skill == 0 && has("create_skill") {
            d.skill = 1;
            let script = "echo hello $1; exit 3";
            (
                "create_skill",
                json!({"name": "hello", "script": script, "about": "greets"}),
            )
        } else if d.skill == 1 && has("skill_hello") {
            d.skill = 2;
            ("skill_hello", hello)
        } else if d.skill == 2 {
            d.skill = 3;
            (
                "edit_skill",
                json!({"name": "hello", "script": "echo hello $1"}),
            )
        } else if d.skill == 3 {
            d.skill = 4;
            ("skill_hello", hello)
        } else if has("predict") && !d.predicted {
            d.predicted = true;
            let claim = "hello stays live";
            (
                "predict",
                json!({"claim": claim, "stat": "skills.live >= 1", "within": 3}),
            )
        } else if has("objective_add") && d.objective == 0 {
            d.objective = 1;
            ("objective_add", json!({"text": "greet the world"}))
        } else if d.objective == 1 {
            d.objective = 2;
            ("objective_done", json!({"id": 1}))
        } else if has("delegate") && !d.delegated {
            d.delegated = true;
            ("delegate", json!({"task": "say hello in three languages"}))
        } else {
            ("note_list", json!({}))
        };
        call(tool, args)
    })
}

#[test]
fn a_first_day_walks_the_whole_ladder_in_order() {
    let organs = FakeOpenAi::builder()
        .then_forever(Answer::content(r#"{"digest": "hello, hola, bonjour"}"#))
        .start();
    let mut config = config();
    config.organs.vision_url = Some(organs.url());
    config.organs.vision_model = Some("eyes".into());
    config.organs.speak_url = Some(organs.url());
    config.organs.delegate_url = Some(organs.url());
    let done = Rc::new(RefCell::new(Done::default()));
    let mut life = Life::born(config, creature(done.clone()));
    let granted = |life: &Life| life.read(|rx| rx.singleton::<Unlocks>().unwrap().granted().len());
    let first: Unlocks = life.read(|rx| rx.singleton().unwrap());
    assert_eq!(first.granted(), [UnitId::U0]);

    let mut reports = Vec::new();
    let mut digest_at = None;
    while life.now < EPOCH_MS + 24 * 3600 * 1000 {
        let report = life.tick();
        if report.tool.as_deref() == Some("skill_hello") && !report.success {
            let book: QuestBook = life.read(|rx| rx.singleton().unwrap());
            assert_eq!(
                book.active.map(|a| a.id).as_deref(),
                Some("genesis-01"),
                "a failed run passed the quest"
            );
            assert_eq!(life.read(|rx| rx.all::<Skill>().unwrap()[0].1.live), None);
        }
        if report
            .events
            .iter()
            .any(|e| e.contains("came back: hello, hola"))
        {
            digest_at = Some(report.tick);
        }
        reports.push(report);
        if granted(&life) == UNITS.len() && digest_at.is_some() {
            break;
        }
    }
    let last = reports.last().unwrap().tick;
    assert!(last <= 24 * 60, "the ladder took {last} ticks");

    // A locked tool, called by name, fails exactly as a name that never existed.
    let (locked, unknown) = (&reports[1], &reports[2]);
    assert_eq!(locked.fail_kind, unknown.fail_kind);
    assert_eq!(
        locked.summary.replace("predict", "NAME"),
        unknown.summary.replace("teleport", "NAME"),
    );

    // Every unit granted, in ladder order, each by the right caller on its evidence.
    let unlocks: Unlocks = life.read(|rx| rx.singleton().unwrap());
    let news: Vec<NewsItem> = life.read(|rx| {
        rx.ring::<NewsItem>(None)
            .unwrap()
            .into_iter()
            .map(|(_, n)| n)
            .collect()
    });
    let grants: Vec<&NewsItem> = news.iter().filter(|n| n.kind == NewsKind::Grant).collect();
    let order: Vec<&str> = grants.iter().map(|n| n.subject.as_str()).collect();
    assert_eq!(order, ["U1", "U2", "U3", "U4a", "U4b", "U5", "U6"]);
    let expected = [
        (
            UnitId::U1,
            "milestone",
            "sleeps.consolidated >= 1: sleeps.consolidated = 1",
        ),
        (UnitId::U2, "quest", "quest genesis-01 was issued"),
        (UnitId::U3, "quest", "quest genesis-02 was issued"),
        (
            UnitId::U4a,
            "milestone",
            "quests.passed >= 1 and sleeps >= 2: quests.passed = 1, sleeps = 2",
        ),
        (
            UnitId::U4b,
            "milestone",
            "quests.passed >= 1 and sleeps >= 2: quests.passed = 1, sleeps = 2",
        ),
        (UnitId::U5, "quest", "quest genesis-03 was issued"),
        (UnitId::U6, "quest", "quest genesis-03 passed"),
    ];
    let mut last_tick = 0;
    for (unit, by, evidence) in expected {
        let r = &unlocks.units[&unit];
        assert_eq!(
            (r.state, r.by.as_str(), r.evidence.as_str()),
            (UnitState::Granted, by, evidence),
            "{unit}"
        );
        assert!(
            r.tick >= last_tick,
            "{unit} at tick {} before an earlier unit",
            r.tick
        );
        assert!(
            !r.engram_due,
            "{unit}: the engram was written with the grant"
        );
        last_tick = r.tick;
        eprintln!("{unit} granted at tick {} by {by}: {evidence}", r.tick);
    }

    // The evidence the quests passed on is in the store, settled.
    let book: QuestBook = life.read(|rx| rx.singleton().unwrap());
    let passed: Vec<(&str, &str)> = book
        .closed
        .iter()
        .filter(|c| c.verdict == Verdict::Passed)
        .map(|c| (c.id.as_str(), c.evidence.as_str()))
        .collect();
    assert_eq!(
        passed,
        [
            ("genesis-01", "skills.live >= 1: skills.live = 1"),
            (
                "genesis-02",
                "expectations.recorded >= 1: expectations.recorded = 1"
            ),
            (
                "genesis-03",
                "objectives.completed >= 1: objectives.completed = 1"
            ),
        ]
    );
    let skill: Skill = life.read(|rx| rx.get("hello").unwrap().unwrap());
    assert_eq!((skill.current, skill.live), (2, Some(2)));
    assert_eq!(life.persona().goals_completed, 1);
    let predictions = life.read(|rx| rx.ring::<Expectation>(None).unwrap());
    assert_eq!(predictions.len(), 1);
    assert!(predictions[0].1.settled.as_ref().is_some_and(|s| s.held));
    assert!(digest_at.is_some(), "the delegated job's digest came back");

    // The stable prefix changed only where units were granted: once per granting boundary
    // (birth included).
    let boundaries: std::collections::BTreeSet<u64> =
        unlocks.units.values().map(|r| r.tick).collect();
    assert_eq!(
        done.borrow().prefixes.len(),
        boundaries.len(),
        "{boundaries:?}"
    );

    assert!(life.persona().sleeps >= 3);
    let persona = life.persona();
    eprintln!(
        "ladder walked in {last} ticks, {} sleeps, {} XP (level {})",
        persona.sleeps,
        persona.xp,
        persona.level()
    );
    let mut store = life.store();
    assert_eq!(wis::turn::check::check(&mut store).unwrap(), []);
}
