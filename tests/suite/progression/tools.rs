//! Every tool past the newborn kit, through real ticks: skills and their versions, the
//! manual, predictions settled by the world, objectives and goals, a delegated job, memory, and
//! the two organs.

use serde_json::json;
use wis::base::store::Read;
use wis::creature::FailKind;
use wis::creature::expectations::Expectation;
use wis::creature::objectives::Objectives;
use wis::creature::stream::{StreamLine, Voice};
use wis::creature::{UnitId, UnitState};
use wis::wisdom::episodes::Episode;
use wis::world::skills::{Skill, VersionState};

use super::harness::{Puppet, config};
use crate::support::fake_openai::{Answer, FakeOpenAi};

fn system_lines(p: &Puppet) -> Vec<String> {
    p.life.read(|rx| {
        rx.ring::<StreamLine>(None)
            .unwrap()
            .into_iter()
            .filter(|(_, l)| l.voice == Voice::System)
            .map(|(_, l)| l.text)
            .collect()
    })
}

#[test]
fn skills_are_versioned_go_live_on_a_successful_run_and_roll_back() {
    let mut p = Puppet::born(config());
    p.grant(&[UnitId::U2]);
    let made = p.act(
        "create_skill",
        json!({"name": "greet", "script": "echo \"hi $1\"; exit 2", "about": "says hi"}),
    );
    assert!(made.success, "{}", made.summary);
    assert!(p.life.home.workspace().join("skills/greet/v1.sh").exists());
    let ran = p.act("skill_greet", json!({"input": "it's me"}));
    assert_eq!(ran.fail_kind, Some(FailKind::NonzeroExit));
    assert!(p.offered.borrow().iter().any(|n| n == "skill_greet"));
    let skill: Skill = p.life.read(|rx| rx.get("greet").unwrap().unwrap());
    assert_eq!(
        (skill.live, skill.versions[0].state),
        (None, VersionState::Failed)
    );

    p.act(
        "edit_skill",
        json!({"name": "greet", "script": "echo \"hi $1\""}),
    );
    let ran = p.act("skill_greet", json!({"input": "it's me"}));
    assert!(
        ran.success && ran.summary.contains("hi it's me"),
        "{}",
        ran.summary
    );
    assert!(
        ran.events
            .iter()
            .any(|e| e == "skill_greet v2 is LIVE: a run of it succeeded")
    );
    p.act(
        "edit_skill",
        json!({"name": "greet", "script": "exit 9", "about": "broken now"}),
    );
    assert!(!p.act("skill_greet", json!({})).success);
    let listed = p.act("list_skills", json!({}));
    assert!(
        listed.summary.contains("runs v3 (failed); last LIVE v2"),
        "{}",
        listed.summary
    );
    let back = p.act("rollback_skill", json!({"name": "greet"}));
    assert!(back.summary.contains("runs v2 again"), "{}", back.summary);
    assert!(p.act("skill_greet", json!({"input": "again"})).success);
    let skill: Skill = p.life.read(|rx| rx.get("greet").unwrap().unwrap());
    assert_eq!(
        (skill.current, skill.live, skill.runs, skill.successes),
        (2, Some(2), 4, 2)
    );
    let none_older = p.act("rollback_skill", json!({"name": "greet"}));
    assert_eq!(none_older.fail_kind, Some(FailKind::NotFound));
    let dup = p.act(
        "create_skill",
        json!({"name": "greet", "script": "true", "about": "x"}),
    );
    assert_eq!(dup.fail_kind, Some(FailKind::InvalidArgs));

    // The manual has pages for what the creature has, its own skills included, and nothing else.
    p.act("manual", json!({}));
    let index = p.observed();
    assert!(
        index.contains("skill_greet") && index.contains("skills"),
        "{index}"
    );
    assert!(
        !index.contains("predict") && !index.contains("objectives"),
        "{index}"
    );
    let page = p.act("manual", json!({"topic": "skill_greet"}));
    assert!(
        page.success && page.summary.contains("broken now"),
        "{}",
        page.summary
    );
    let locked = p.act("manual", json!({"topic": "predict"}));
    let never = p.act("manual", json!({"topic": "fly"}));
    assert_eq!(locked.fail_kind, Some(FailKind::NotFound));
    assert_eq!(
        locked.summary.replace("predict", "X"),
        never.summary.replace("fly", "X")
    );
}

#[test]
fn predictions_settle_by_their_checks_at_a_later_boundary() {
    let mut p = Puppet::born(config());
    p.grant(&[UnitId::U3]);
    let made = p.act(
        "predict",
        json!({"claim": "notes.txt will exist", "check": "test -f notes.txt", "within": 3}),
    );
    assert!(
        made.summary.contains("prediction #0 is in the ledger"),
        "{}",
        made.summary
    );
    let at = made.tick;
    p.act(
        "predict",
        json!({"claim": "no file", "check": "test -f nothing.txt", "within": 2}),
    );
    p.act(
        "predict",
        json!({"claim": "slept", "stat": "sleeps >= 1", "within": 1}),
    );
    p.act("write_file", json!({"path": "notes.txt", "content": "x"}));
    while p.life.persona().ticks < at + 4 {
        p.life.tick();
    }
    let ledger: Vec<Expectation> = p
        .life
        .read(|rx| rx.ring(None).unwrap().into_iter().map(|(_, e)| e).collect());
    let held: Vec<Option<bool>> = ledger
        .iter()
        .map(|e| e.settled.as_ref().map(|s| s.held))
        .collect();
    assert_eq!(held, [Some(true), Some(false), Some(false)]);
    assert_eq!(ledger[0].settled.as_ref().unwrap().tick, at + 3);
    assert_eq!(ledger[2].settled.as_ref().unwrap().detail, "sleeps = 0");
    let lines = system_lines(&p);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("prediction #0 (tick") && l.contains("held")),
        "{lines:?}"
    );
}

/// Regression: a newborn on the 270M set one objective 29 times in 29 ticks, each time with a
/// comma more or less, and each earned XP.
#[test]
fn the_same_objective_again_is_refused_and_earns_nothing() {
    let mut p = Puppet::born(config());
    p.grant(&[UnitId::U5]);
    let first = p.act(
        "objective_add",
        json!({"text": "Write a new file in the workspace,"}),
    );
    assert!(first.success);
    let xp = p.life.persona().xp;
    let again = p.act(
        "objective_add",
        json!({"text": "write a new file in the workspace,,"}),
    );
    assert_eq!(again.fail_kind, Some(FailKind::InvalidArgs));
    let seen = p.observed();
    assert!(seen.contains("objective 1 already says that"), "{seen}");
    assert_eq!(p.life.persona().xp, xp, "no XP for it");
    // Once it is done, the same words may be set again.
    assert!(p.act("objective_done", json!({"id": 1})).success);
    assert!(
        p.act(
            "objective_add",
            json!({"text": "write a new file in the workspace"})
        )
        .success
    );
}

#[test]
fn objectives_key_the_situation_and_done_is_the_one_writer_of_goals() {
    let mut p = Puppet::born(config());
    p.grant(&[UnitId::U5]);
    p.act("objective_add", json!({"text": "map the workspace"}));
    p.act("objective_add", json!({"text": "write a poem"}));
    let blocked = p.act(
        "objective_block",
        json!({"id": 1, "why": "nothing to map yet"}),
    );
    assert!(blocked.success);
    let acted = p.act("note_list", json!({}));
    let situation = p.life.read(|rx| {
        let eps = rx.ring::<Episode>(None).unwrap();
        eps.into_iter()
            .find(|(_, e)| e.tick == acted.tick)
            .unwrap()
            .1
            .situation
    });
    assert!(situation.starts_with("o2|"), "{situation}");
    let before = p.life.persona().xp;
    let done = p.act("objective_done", json!({"id": 2}));
    assert_eq!(done.xp, 6, "a success and a goal");
    assert_eq!(p.life.persona().goals_completed, 1);
    assert_eq!(p.life.persona().xp, before + 6);
    let again = p.act("objective_done", json!({"id": 2}));
    assert_eq!(again.fail_kind, Some(FailKind::InvalidArgs));
    assert_eq!(p.life.persona().goals_completed, 1);
    let list = p.act("objective_list", json!({}));
    assert!(
        list.summary.contains("[blocked: nothing to map yet]"),
        "{}",
        list.summary
    );
    let book: Objectives = p.life.read(|rx| rx.singleton().unwrap());
    assert!(book.active().is_none());
}

#[test]
fn a_delegated_job_comes_back_on_a_later_tick_one_at_a_time() {
    let deeper = FakeOpenAi::builder()
        .reply(r#"{"digest": "the answer is 42"}"#)
        .start();
    let mut config = config();
    config.organs.delegate_url = Some(deeper.url());
    config.organs.delegate_model = Some("deep".into());
    let mut p = Puppet::born(config);
    p.grant(&[UnitId::U6]);
    let sent = p.act("delegate", json!({"task": "what is six times seven?"}));
    assert!(sent.success && sent.events.is_empty(), "{sent:?}");
    assert!(
        deeper.completions().is_empty(),
        "nothing is asked within the tick that delegated"
    );
    let busy = p.act("delegate", json!({"task": "another"}));
    assert_eq!(busy.fail_kind, Some(FailKind::TooLarge));
    assert!(
        busy.events
            .iter()
            .any(|e| e == "job #0 came back: the answer is 42"),
        "{busy:?}"
    );
    let asked = deeper.last_completion();
    assert_eq!(asked.json["model"], "deep");
    assert!(asked.body.contains("six times seven"));
    assert!(
        system_lines(&p)
            .iter()
            .any(|l| l.contains("came back: the answer is 42"))
    );
    assert!(
        p.act("delegate", json!({"task": "a third"})).success,
        "the workshop is free again"
    );

    let mut alone = Puppet::born(super::harness::config());
    alone.grant(&[UnitId::U6]);
    alone.act("delegate", json!({"task": "anything"}));
    let r = alone.act("note_list", json!({}));
    assert!(
        r.events
            .iter()
            .any(|e| e.contains("came back undone: no deeper mind is connected"))
    );
}

#[test]
fn memory_keeps_and_finds_what_the_creature_chose() {
    let mut p = Puppet::born(config());
    p.grant(&[UnitId::U1]);
    let kept = p.act(
        "memorize",
        json!({"text": "the backup script is tools/backup.sh", "kind": "procedure"}),
    );
    assert!(
        kept.success && kept.summary.contains("(procedure)"),
        "{}",
        kept.summary
    );
    let found = p.act("recall", json!({"query": "backup script"}));
    assert!(
        found.summary.contains("tools/backup.sh"),
        "{}",
        found.summary
    );
    let bad = p.act("memorize", json!({"text": "x", "kind": "dream"}));
    assert_eq!(bad.fail_kind, Some(FailKind::InvalidArgs));
}

#[test]
fn sight_and_voice_use_their_organs() {
    let organs = FakeOpenAi::builder()
        .then_forever(Answer::content("a small red square"))
        .route("POST", "/v1/audio/speech", |_| Answer::Raw {
            code: 200,
            content_type: "audio/wav".into(),
            body: "RIFF....WAVE".into(),
        })
        .start();
    let mut config = config();
    config.organs.vision_url = Some(organs.url());
    config.organs.vision_model = Some("eyes".into());
    config.organs.speak_url = Some(organs.url());
    let mut p = Puppet::born(config);
    p.grant(&[UnitId::U4a, UnitId::U4b]);
    let units: wis::creature::Unlocks = p.life.read(|rx| rx.singleton().unwrap());
    assert_eq!(units.units[&UnitId::U4a].state, UnitState::Granted);
    std::fs::write(
        p.life.home.workspace().join("red.png"),
        b"\x89PNG\r\n\x1a\nfake",
    )
    .unwrap();
    let seen = p.act(
        "see",
        json!({"path": "red.png", "question": "what colour?"}),
    );
    assert!(
        seen.success && seen.summary.contains("a small red square"),
        "{}",
        seen.summary
    );
    assert_eq!(
        seen.tool.as_deref(),
        Some("vision"),
        "the alias is read as the tool"
    );
    let asked = organs.last_completion();
    assert_eq!(asked.json["model"], "eyes");
    assert!(asked.body.contains("data:image/png;base64,"));
    let not_image = p.act("vision", json!({"path": "notes.txt"}));
    assert_eq!(not_image.fail_kind, Some(FailKind::InvalidArgs));
    let said = p.act("speak", json!({"text": "hello, keeper"}));
    assert!(said.success, "{}", said.summary);
    let audio = std::fs::read(p.life.home.workspace().join("voice/last.wav")).unwrap();
    assert_eq!(audio, b"RIFF....WAVE");
}
