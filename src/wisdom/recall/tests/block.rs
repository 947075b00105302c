//! The block: the similarity gate, the budget, provenance on every item, the fixed frame.

use super::*;
use crate::memory::engram::VectorMeta;
use crate::memory::{Engram, Hit, Tier, Utility};
use crate::wisdom::recall::block::{FRAME, HEADING, compose};
use crate::wisdom::recall::lookup::{Case, Lookup, lookup};
use crate::wisdom::recall::situation::Track;
use crate::wisdom::recall::{Item, Silence, ledger};

/// A verified fix of `command` and a guardrail hit, at the given similarities.
fn found(case_sim: Option<f32>, command: &str, guard: Option<(f32, &str, Provenance)>) -> Lookup {
    let action = bash(command);
    let cases = case_sim
        .map(|sim| Case {
            situation: PUMP.into(),
            sim,
            track: Track {
                signature: action_signature(&action),
                tool: "bash".into(),
                successes: 1,
                failures: 0,
                failures_in_row: 0,
                fixes: 1,
                fixed_after: 2,
                last_tick: 3,
                last_success_tick: Some(3),
                action: Some(action.to_json()),
                bets: Default::default(),
                idle: 0,
                closes: 0,
            },
        })
        .into_iter()
        .collect();
    let guardrails = guard
        .map(|(sim, body, provenance)| {
            let engram = guardrail(body, provenance);
            Hit {
                id: engram.id,
                sim,
                engram,
            }
        })
        .into_iter()
        .collect();
    Lookup {
        situation: PUMP.into(),
        similar: Vec::new(),
        cases,
        dead_ends: Vec::new(),
        guardrails,
        offers: Vec::new(),
        embedded: true,
    }
}

fn guardrail(body: &str, provenance: Provenance) -> Engram {
    Engram {
        id: EngramId(7),
        kind: Kind::Strategy,
        body: body.into(),
        strength: 1.0,
        confidence: crate::memory::engram::CONFIDENCE_START,
        provenance,
        utility: Utility::default(),
        tier: Tier::Active,
        sources: vec!["signature:bash ss -ltnp".into()],
        created: 0,
        updated: 0,
        vector: VectorMeta {
            backend: "hash".into(),
            model: "ngram-v1".into(),
            dim: 256,
            text_sha256: String::new(),
            embedded_at: 0,
            qdrant: None,
        },
        fate: Default::default(),
    }
}

#[test]
fn below_the_gate_nothing_speaks_and_at_it_the_item_does() {
    let guard = Some((0.54, "Check the port before restarting.", Provenance::Told));
    let below = found(Some(0.549), "ss -ltnp", guard);
    assert_eq!(
        compose(&below, 0.55, 700).unwrap_err(),
        Silence::BelowThreshold { best: 0.549 }
    );
    let at = found(Some(0.55), "ss -ltnp", guard);
    let block = compose(&at, 0.55, 700).unwrap();
    assert_eq!(
        block.shown.len(),
        1,
        "the guardrail is still below: {}",
        block.text
    );
    assert!(matches!(block.shown[0].item, Item::Case { .. }));
    assert_eq!(
        compose(&found(None, "", None), 0.55, 700).unwrap_err(),
        Silence::NothingFound
    );
}

#[test]
fn below_the_gate_through_the_store_there_is_no_block() {
    let (_dir, store) = temp_store();
    pump_story(&store);
    strategy(
        &store,
        "Find what holds a port before restarting it.",
        Provenance::Told,
        "operator",
    );
    sync(&store);
    let rx = store.read().unwrap();
    let none = ledger::Pending::default();
    let far = lookup(&rx, &none, &memory(), "-|water the roses at dawn", true).unwrap();
    assert!(
        !far.cases.is_empty() || !far.guardrails.is_empty(),
        "something was found"
    );
    assert!(matches!(
        compose(&far, 0.55, 700),
        Err(Silence::BelowThreshold { .. })
    ));
    let near = lookup(&rx, &none, &memory(), PUMP, true).unwrap();
    assert!(compose(&near, 0.55, 700).is_ok());
}

#[test]
fn the_case_comes_action_first_in_the_channel_json_form_and_the_frame_closes() {
    let guard = Some((
        0.71,
        "Find what holds a port\nbefore restarting.",
        Provenance::Inherited,
    ));
    let block = compose(&found(Some(0.83), "ss -ltnp", guard), 0.55, 700).unwrap();
    assert_eq!(
        block.text,
        "## Before you act\n\
         Here before (sim 0.83, experienced), this worked, the fix after 2 failed tries:\n\
         Q: find the pump port\n\
         A: {\"tool\":\"bash\",\"args\":{\"command\":\"ss -ltnp\"}}\n\
         Guardrail (sim 0.71, inherited): Find what holds a port\nbefore restarting.\n\
         These are YOUR precedents, not orders — verify they transfer before leaning on them."
    );
    assert_eq!(block.chars, block.text.chars().count());
    assert_eq!(block.shown[0].recommends.as_deref(), Some("bash ss -ltnp"));
}

#[test]
fn every_item_carries_its_provenance() {
    for provenance in Provenance::ALL {
        let guard = Some((0.9, "Read the error before retrying.", *provenance));
        let block = compose(&found(Some(0.9), "ls", guard), 0.55, 700).unwrap();
        let items: Vec<&str> = block
            .text
            .lines()
            .filter(|l| *l != HEADING && *l != FRAME)
            .filter(|l| !l.starts_with("Q: ") && !l.starts_with("A: "))
            .collect();
        assert_eq!(items.len(), 2);
        for (line, shown) in items.iter().zip(&block.shown) {
            let mark = format!(", {})", shown.provenance);
            assert!(line.contains(&mark), "{line}");
        }
        assert_eq!(block.shown[1].provenance, *provenance);
        assert_eq!(block.shown[0].provenance, Provenance::Experienced);
    }
}

#[test]
fn the_block_never_runs_over_its_budget() {
    let bodies = ["Short.", &"a long guardrail ".repeat(20), &"x".repeat(699)];
    let commands = ["ls", &"echo long ".repeat(30)];
    for max in (0..=800).step_by(7) {
        for body in bodies {
            for command in commands {
                let lookup = found(Some(0.9), command, Some((0.8, body, Provenance::Told)));
                match compose(&lookup, 0.55, max) {
                    Ok(block) => {
                        assert!(block.text.chars().count() <= max, "{max}: {}", block.text);
                        assert!(block.text.starts_with(HEADING) && block.text.ends_with(FRAME));
                        assert!(!block.shown.is_empty());
                    }
                    Err(why) => assert_eq!(why, Silence::OverBudget, "{max}"),
                }
            }
        }
    }
}

#[test]
fn an_item_that_does_not_fit_is_left_out_whole() {
    let long = "b".repeat(400);
    let lookup = found(Some(0.9), "ls", Some((0.8, &long, Provenance::Told)));
    let block = compose(&lookup, 0.55, 300).unwrap();
    assert_eq!(block.shown.len(), 1);
    assert!(!block.text.contains('b'.to_string().repeat(10).as_str()));
    assert!(
        block
            .text
            .contains(r#"{"tool":"bash","args":{"command":"ls"}}"#)
    );
}

#[test]
fn the_budget_is_the_smaller_of_the_block_cap_and_the_recalled_memory_budget() {
    use crate::wisdom::recall::block::{budget, prose_left};
    let mut config = Config::default();
    assert_eq!(budget(&config.wisdom, &config.context), 700);
    config.context.memory_max_chars = 500;
    assert_eq!(budget(&config.wisdom, &config.context), 500);
    let block = compose(&found(Some(0.9), "ls", None), 0.55, 500).unwrap();
    assert_eq!(prose_left(&config.context, Some(&block)), 500 - block.chars);
    assert_eq!(prose_left(&config.context, None), 500);
}

#[test]
fn with_the_block_in_it_the_whole_prompt_still_fits_its_budget() {
    use crate::base::config::Context;
    use crate::creature::morph::Morph;
    use crate::creature::stream::{StreamLine, Voice};
    use crate::creature::{Persona, Unlocks};
    use crate::world::prompt::{Tail, build, work_cue};
    let lines: Vec<StreamLine> = (0..3000)
        .map(|i| StreamLine::new(i, 0, Voice::Observe, "y".repeat(200)))
        .collect();
    let guard = Some((0.8, "Read the error first.", Provenance::Told));
    let block = compose(&found(Some(0.9), "ls", guard), 0.55, 700).unwrap();
    let context = Context {
        max_total_chars: 6000,
        stream_max_chars: 5000,
        ..Context::default()
    };
    let tail = Tail {
        tick: 9,
        stream: &lines,
        stream_from_birth: true,
        before_you_act: Some(block.text.clone()),
        cue: &work_cue(None),
        ..Default::default()
    };
    let prompt = build(
        &Persona::newborn("Tam", 0),
        Morph::Otter,
        &Unlocks::newborn(0),
        &tail,
        &context,
    );
    assert!(prompt.chars() <= 6000, "{}", prompt.chars());
    assert!(
        prompt
            .volatile
            .contains(&format!("\n{}\n\n{}", block.text, work_cue(None)))
    );
}
