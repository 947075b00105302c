//! The quest engine: a stalled quest closes FAILED after five sleeps, failed tool calls never
//! move a criterion, a closed quest waits a sleep before the next, and the reissue.

use serde_json::json;
use wis::base::store::Read;
use wis::creature::expectations::Expectation;
use wis::creature::heartbeat::Turn;
use wis::creature::news::{NewsItem, NewsKind};
use wis::creature::quest_book::{QuestBook, Verdict};
use wis::turn::quests::STALL_SLEEPS;
use wis::world::stats;

use super::harness::{Life, THOUGHT, call, config, policy};
use crate::support::TestEnv;

/// Calls that all fail, over and over: a skill that never works, and arguments that are wrong.
fn failing_creature() -> super::harness::Policy {
    let mut n = 0u32;
    policy(move |_prompt, names| {
        let Some(names) = names else {
            return THOUGHT.to_string();
        };
        n += 1;
        let has = |t: &str| names.iter().any(|x| x == t);
        if has("create_skill") && !has("skill_broken") {
            let args = json!({"name": "broken", "script": "exit 1", "about": "never works"});
            return call("create_skill", args);
        }
        match n % 4 {
            0 if has("skill_broken") => call("skill_broken", json!({})),
            1 if has("edit_skill") => call("edit_skill", json!({"name": "broken"})),
            2 if has("create_skill") => call(
                "create_skill",
                json!({"name": "X!", "script": "true", "about": "bad name"}),
            ),
            _ => call("skill_broken", json!({"input": "again"})),
        }
    })
}

fn book(life: &Life) -> QuestBook {
    life.read(|rx| rx.singleton_or_default::<QuestBook>().unwrap().0)
}

#[test]
fn a_quest_stalled_for_five_sleeps_closes_failed_and_failures_never_move_it() {
    let mut life = Life::born(config(), failing_creature());
    life.tick();
    life.make_sleepy();
    assert_eq!(life.tick().turn, Turn::Sleep);
    let issued = book(&life)
        .active
        .expect("genesis-01 is issued at the first sleep");
    assert_eq!((issued.id.as_str(), issued.still_sleeps), ("genesis-01", 0));

    let mut failures = 0;
    for sleep in 2..=(1 + STALL_SLEEPS as u64) {
        for _ in 0..6 {
            let r = life.tick();
            failures += u32::from(r.turn == Turn::Work && !r.success);
        }
        let persona = life.persona();
        let live = life.read(|rx| stats::value(rx, &persona, "skills.live").unwrap());
        assert_eq!(live, 0.0, "a failed run made a skill live");
        life.make_sleepy();
        let r = life.tick();
        assert_eq!(r.turn, Turn::Sleep);
        let b = book(&life);
        if sleep < 1 + STALL_SLEEPS as u64 {
            let active = b.active.expect("still open");
            assert_eq!(active.still_sleeps as u64, sleep - 1, "sleep {sleep}");
        } else {
            assert!(
                b.active.is_none(),
                "no new quest at the sleep that closed one"
            );
            let closed = b.closed.last().unwrap();
            assert_eq!(
                (closed.id.as_str(), closed.verdict),
                ("genesis-01", Verdict::Failed)
            );
            assert_eq!(closed.evidence, "skills.live did not move across 5 sleeps");
            assert!(
                r.summary.contains("quest genesis-01 failed"),
                "{}",
                r.summary
            );
        }
    }
    assert!(failures >= 15, "the creature kept failing ({failures})");

    // A sleep later the line is issued again; the unit its issue paid stays as it was.
    life.tick();
    life.make_sleepy();
    life.tick();
    let again = book(&life).active.expect("reissued at the next sleep");
    assert_eq!(again.id, "genesis-01");
    let news: Vec<NewsItem> =
        life.read(|rx| rx.ring(None).unwrap().into_iter().map(|(_, n)| n).collect());
    assert!(
        news.iter()
            .any(|n| n.kind == NewsKind::QuestFailed && n.subject == "genesis-01")
    );
    let grants = news
        .iter()
        .filter(|n| n.kind == NewsKind::Grant && n.subject == "U2")
        .count();
    assert_eq!(grants, 1);
}

#[test]
fn a_prediction_call_that_fails_leaves_the_ledger_and_the_quest_alone() {
    let calls = [
        call(
            "predict",
            json!({"claim": "", "check": "true", "within": 3}),
        ),
        call("predict", json!({"claim": "x", "within": 3})),
        call(
            "predict",
            json!({"claim": "x", "check": "true", "stat": "sleeps >= 1", "within": 3}),
        ),
        call(
            "predict",
            json!({"claim": "x", "stat": "tools_used.bash >= 1", "within": 3}),
        ),
        call(
            "predict",
            json!({"claim": "x", "check": "true", "within": 0}),
        ),
        call(
            "predict",
            json!({"claim": "x", "check": "true", "within": 500}),
        ),
    ];
    let mut i = 0;
    let mut life = Life::born(
        config(),
        policy(move |_, names| match names {
            None => THOUGHT.to_string(),
            Some(_) => {
                i += 1;
                calls[(i - 1) % calls.len()].clone()
            }
        }),
    );
    life.tick();
    let mut wis = TestEnv::at(life.home.root());
    wis.now = (life.now / 1000) as u64;
    wis.wis(&["unlock", "grant", "U3", "--operator"]).ok();
    life.write(|tx| {
        let mut b = QuestBook::default();
        let def = wis::turn::quests::genesis::quest("genesis-02").unwrap();
        b.active = Some(wis::creature::quest_book::Active {
            id: def.id.into(),
            issued_tick: 1,
            issued_sleep: 0,
            snapshot: vec![0.0],
            still_sleeps: 0,
        });
        tx.set(&b).unwrap();
    });
    let mut refused = 0;
    for _ in 0..8 {
        let r = life.tick();
        if r.turn == Turn::Work {
            assert_eq!(
                r.fail_kind,
                Some(wis::creature::FailKind::InvalidArgs),
                "{}",
                r.summary
            );
            refused += 1;
        }
    }
    assert!(refused >= 6, "{refused}");
    assert_eq!(life.read(|rx| rx.count::<Expectation>().unwrap()), 0);
    assert_eq!(
        book(&life).active.map(|a| a.id).as_deref(),
        Some("genesis-02")
    );
}

/// A quest that passes mid-day stays listed before the stream, word for word, until the next
/// sleep issues the next one: its line changing there would cost a prompt cache the stream.
#[test]
fn a_passed_quest_keeps_its_line_until_the_sleep_that_issues_the_next() {
    use std::cell::RefCell;
    use std::rc::Rc;
    let last: Rc<RefCell<String>> = Rc::default();
    let seen = last.clone();
    let mut life = Life::born(
        config(),
        policy(move |prompt, names| {
            *seen.borrow_mut() = prompt.volatile.clone();
            let Some(names) = names else {
                return THOUGHT.to_string();
            };
            let has = |t: &str| names.iter().any(|x| x == t);
            if has("skill_count") {
                call("skill_count", json!({}))
            } else if has("create_skill") {
                call(
                    "create_skill",
                    json!({"name": "count", "script": "ls | wc -l", "about": "counts the files"}),
                )
            } else {
                call("note_list", json!({}))
            }
        }),
    );
    life.tick();
    life.make_sleepy();
    assert_eq!(life.tick().turn, Turn::Sleep);
    let quest_of = |volatile: &str| -> String {
        let (_, rest) = volatile.split_once("## Quest\n").unwrap_or(("", ""));
        rest.lines().next().unwrap_or_default().to_string()
    };
    let mut line = String::new();
    let mut passed = false;
    for _ in 0..8 {
        let r = life.tick();
        if line.is_empty() {
            line = quest_of(&last.borrow());
        }
        if r.events
            .iter()
            .any(|e| e.contains("quest genesis-01 passed"))
        {
            passed = true;
            break;
        }
    }
    assert!(line.starts_with("genesis-01, "), "{line}");
    assert!(passed, "the skill ran and the quest passed");
    assert!(book(&life).active.is_none());
    life.tick();
    assert_eq!(
        quest_of(&last.borrow()),
        line,
        "the passed quest keeps its line until the next sleep"
    );
    assert!(
        last.borrow().contains("Quest genesis-01 passed"),
        "the stream says so"
    );
    life.make_sleepy();
    assert_eq!(life.tick().turn, Turn::Sleep);
    life.tick();
    let next = quest_of(&last.borrow());
    assert!(next.starts_with("genesis-02, "), "{next}");
}
