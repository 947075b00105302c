//! A replay against a real store: three replayable failures and one that is not, answers
//! scripted to be learned, unlearned and divergent, settlements on exactly the shown items,
//! the same seed giving the same report, and a deadline that stops the batch.

use crate::base::config::Config;
use crate::base::store::testing::temp_store;
use crate::base::store::{Read, Store};
use crate::creature::stream::{StreamLine, Voice};
use crate::creature::tool::ToolSpec;
use crate::creature::{Morph, Persona, Unlocks};
use crate::memory::{EngramId, HashEmbedder, Kind, LazyMemory, Memory, NewEngram, Provenance, get};
use crate::mind::testing::scripted;
use crate::wisdom::recall::Bet;
use crate::wisdom::recall::tests::{bash, episode};
use crate::wisdom::replay::{self, At, ReplayRecord, Today, Verdict};

/// Situations `-|a`, `-|b`, `-|c` each failed with `cat X` and were fixed with `ls X`; `-|d`
/// failed and was never fixed. A guardrail recommends the fix of `-|a`.
fn life(store: &Store) -> EngramId {
    let mut tx = store.write().unwrap();
    let mut tick = 0;
    for s in ["a", "b", "c", "d"] {
        let situation = format!("-|{s}");
        tick += 1;
        tx.push(&StreamLine::new(tick, 0, Voice::Act, format!("tried {s}")))
            .unwrap();
        tx.push(&episode(
            tick,
            &situation,
            &bash(&format!("cat {s}")),
            false,
        ))
        .unwrap();
        if s != "d" {
            tick += 1;
            tx.push(&episode(tick, &situation, &bash(&format!("ls {s}")), true))
                .unwrap();
        }
    }
    let memory = Memory::new(Box::new(HashEmbedder::new(256)));
    let new = NewEngram::new(Kind::Strategy, "a", Provenance::Told)
        .source(r#"action:{"tool":"bash","args":{"command":"ls a"}}"#);
    let id = memory.remember(&mut tx, new, 5).unwrap();
    tx.commit().unwrap();
    id
}

fn config() -> Config {
    let mut config = Config::default();
    config.wisdom.recall_enabled = true;
    config.wisdom.recall_min_sim = 0.0;
    config
}

/// One replay of the whole batch with `seed`; answers: `a` learned, `b` unlearned, `c`
/// divergent.
fn replay(store: &Store, config: &Config, seed: u64) -> ReplayRecord {
    let persona = Persona::newborn("Tam", 0);
    let unlocks = Unlocks::newborn(0);
    let visible: Vec<&'static ToolSpec> = crate::world::units::visible_tools(&unlocks, &[]);
    let today = Today {
        persona: &persona,
        morph: Morph::Otter,
        unlocks: &unlocks,
        visible: &visible,
        objectives: &[],
        quest: None,
        skills: &[],
    };
    let memory = LazyMemory::new(&config.embed);
    let plan = replay::plan(&store.read().unwrap(), config, &memory, &today, 4, seed).unwrap();
    let mut mind = scripted("scripted", |prompt, _, _| {
        let text = &prompt.volatile;
        let cue = text.rsplit("Q: ").next().unwrap_or_default();
        Ok(match cue.lines().next().unwrap_or_default().trim() {
            "a" => r#"{"tool":"bash","args":{"command":"ls a"}}"#,
            "b" => r#"{"tool":"bash","args":{"command":"cat b"}}"#,
            _ => r#"{"tool":"bash","args":{"command":"pwd"}}"#,
        }
        .to_string())
    });
    let answers = replay::ask(&plan, mind.as_mut(), config);
    let mut tx = store.write().unwrap();
    let at = At {
        tick: 7,
        sleep: Some(1),
        now: 99,
    };
    let record = replay::finish(&mut tx, &plan, &answers, at).unwrap();
    tx.commit().unwrap();
    record
}

#[test]
fn three_replayable_failures_score_learned_unlearned_divergent() {
    let (_dir, store) = temp_store();
    let guardrail = life(&store);
    let record = replay(&store, &config(), 11);
    assert_eq!(record.replayable, 3, "{record:?}");
    assert_eq!(
        (
            record.learned,
            record.unlearned,
            record.divergent,
            record.malformed
        ),
        (1, 1, 1, 0),
        "{record:?}"
    );
    assert_eq!(record.skipped, 0);
    assert!(record.items.iter().all(|i| i.episode != 7));
    let by = |s: &str| record.items.iter().find(|i| i.situation == s).unwrap();
    assert_eq!(by("-|a").verdict, Verdict::Learned);
    assert_eq!(by("-|b").verdict, Verdict::Unlearned);
    assert_eq!(by("-|c").verdict, Verdict::Divergent);

    // Settlements land on exactly what was shown, in the bet ledger too.
    let rx = store.read().unwrap();
    let bets: Vec<Bet> = rx
        .ring::<Bet>(None)
        .unwrap()
        .into_iter()
        .map(|(_, b)| b)
        .collect();
    let shown: usize = record
        .items
        .iter()
        .filter(|i| i.verdict != Verdict::Divergent)
        .map(|i| i.shown.len())
        .sum();
    assert_eq!(bets.len(), shown, "{bets:?}");
    assert!(shown >= 2, "{record:?}");
    let engram = get(&rx, guardrail).unwrap().unwrap();
    let taught = by("-|a").shown.contains(&guardrail.to_string()) as u32;
    let failed = by("-|b").shown.contains(&guardrail.to_string()) as u32;
    assert_eq!(engram.utility.taught_in_replay, taught);
    assert_eq!(engram.utility.failed_to_teach, failed);
    assert_eq!(record.redistill.contains(&guardrail), failed == 1);
    assert_eq!(record.learned_rate(), Some(1.0 / 3.0));
}

#[test]
fn the_same_seed_gives_the_same_report() {
    let (_a, one) = temp_store();
    let (_b, two) = temp_store();
    life(&one);
    life(&two);
    let config = config();
    let first = replay(&one, &config, 5);
    let second = replay(&two, &config, 5);
    assert_eq!(first, second);
}

#[test]
fn a_model_that_does_not_answer_skips_the_batch_and_settles_nothing() {
    let (_dir, store) = temp_store();
    life(&store);
    let config = config();
    let persona = Persona::newborn("Tam", 0);
    let unlocks = Unlocks::newborn(0);
    let visible = crate::world::units::visible_tools(&unlocks, &[]);
    let today = Today {
        persona: &persona,
        morph: Morph::Otter,
        unlocks: &unlocks,
        visible: &visible,
        objectives: &[],
        quest: None,
        skills: &[],
    };
    let memory = LazyMemory::new(&config.embed);
    let plan = replay::plan(&store.read().unwrap(), &config, &memory, &today, 2, 1).unwrap();
    let mut mind = scripted("down", |_, _, _| {
        Err(crate::base::exit::Error::unavailable("connection refused"))
    });
    let answers = replay::ask(&plan, mind.as_mut(), &config);
    let mut tx = store.write().unwrap();
    let at = At {
        tick: 7,
        sleep: None,
        now: 1,
    };
    let record = replay::finish(&mut tx, &plan, &answers, at).unwrap();
    tx.commit().unwrap();
    assert_eq!(record.skipped, 2);
    assert_eq!(record.skipped_why.as_deref(), Some("no model answered"));
    assert!(record.items.is_empty());
    assert_eq!(store.read().unwrap().count::<Bet>().unwrap(), 0);
}

#[test]
fn no_call_starts_after_the_deadline_and_the_rest_is_skipped_saying_why() {
    let (_dir, store) = temp_store();
    life(&store);
    let config = config();
    let persona = Persona::newborn("Tam", 0);
    let unlocks = Unlocks::newborn(0);
    let visible = crate::world::units::visible_tools(&unlocks, &[]);
    let today = Today {
        persona: &persona,
        morph: Morph::Otter,
        unlocks: &unlocks,
        visible: &visible,
        objectives: &[],
        quest: None,
        skills: &[],
    };
    let memory = LazyMemory::new(&config.embed);
    let plan = replay::plan(&store.read().unwrap(), &config, &memory, &today, 2, 1).unwrap();
    let mut mind = scripted("never", |_, _, _| panic!("asked after the deadline"));
    let deadline = Some((std::time::Instant::now(), "the budget was spent"));
    let answers = replay::ask_until(&plan, mind.as_mut(), &config, deadline);
    assert!(answers.replies.is_empty());
    let mut tx = store.write().unwrap();
    let at = At {
        tick: 7,
        sleep: Some(1),
        now: 1,
    };
    let record = replay::finish(&mut tx, &plan, &answers, at).unwrap();
    assert_eq!(record.skipped, 2);
    assert!(
        record
            .skips
            .iter()
            .all(|s| s.why == "not asked: the budget was spent"),
        "{record:?}"
    );
}
