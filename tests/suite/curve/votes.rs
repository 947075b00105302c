//! Voting arms (`samples = N`): the majority over normalized replies, the tie rule, the seeds
//! and temperature of the samples, the calls in the table; one sample is today's call exactly;
//! and an arm answered by another model than its own is refused.

use super::*;
use wis::base::config::{Arm, VOTE_TEMPERATURE};
use wis::mind::Reply;

/// What the voting arm's sample with `seed` answers (the curve seed is 7; five samples).
pub fn sample(task: &str, seed: u64) -> String {
    match (task, seed) {
        // a majority of "12" in three spellings over two wrong answers
        ("cap", 7) => say("ten"),
        ("cap", 8) => say("12"),
        ("cap", 9) => say(" 12."),
        ("cap", 10) => say("twelve"),
        ("cap", _) => say("'12'"),
        // a tie, two against two: the answer sampled first wins; the malformed one has no vote
        ("store", 7 | 9) => say("wis.toml"),
        ("store", 8 | 10) => say("wis.redb"),
        ("store", _) => "not an action".into(),
        ("woke", _) => say("memorize and recall"),
        ("plan", _) => act("note_read", json!({"notebook": "plan"})),
        _ => "not an action".into(),
    }
}

fn with_vote_arm(samples: u32) -> Bench {
    let mut bench = Bench::new();
    bench.curve.arms.insert(
        "vote-small".into(),
        Arm {
            url: None,
            model: None,
            memory: ArmMemory::None,
            samples,
            temperature: None,
        },
    );
    bench
}

#[test]
fn the_majority_answers_and_a_tie_goes_to_the_first_sampled() {
    let bench = with_vote_arm(5);
    let report = bench.run().unwrap();
    let vote = report
        .results
        .iter()
        .find(|r| r.arm == "vote-small")
        .unwrap();
    let replies: Vec<(&str, f64)> = vote
        .tasks
        .iter()
        .map(|t| (t.reply.as_str(), t.score))
        .collect();
    assert_eq!(
        replies,
        [
            ("wis.toml", 0.0),
            ("12", 1.0),
            ("memorize and recall", 1.0),
            (r#"{"tool":"note_read","args":{"notebook":"plan"}}"#, 1.0),
        ]
    );
    assert!(vote.tasks.iter().all(|t| t.calls == 5));
    assert_eq!(
        (vote.samples, vote.temperature),
        (5, Some(VOTE_TEMPERATURE))
    );
    // Every sample at the declared temperature, sample k with the curve seed + k.
    let seen = bench.seen.borrow();
    let calls: Vec<&Seen> = seen.iter().filter(|s| s.arm == "vote-small").collect();
    assert_eq!(calls.len(), 20);
    for (i, call) in calls.iter().enumerate() {
        assert_eq!(call.sampling.temperature, VOTE_TEMPERATURE);
        assert_eq!(call.sampling.seed, Some(7 + (i % 5) as u64));
        assert!(!call.sampling.cache_prompt);
    }
    // The table names every arm's model calls.
    let rows = report.rows();
    let calls_of = |arm: &str| rows.iter().find(|r| r[0] == arm).unwrap()[6].clone();
    assert_eq!(RunReport::HEADER[6], "calls");
    assert_eq!(calls_of("vote-small"), "20");
    assert_eq!(calls_of("naive-small"), "4");
    // Memory's gain is still measured against the one-call arm without memory.
    assert_eq!(report.gains()[0].naive, "naive-small");
}

#[test]
fn one_sample_is_todays_greedy_call_and_its_result_encodes_as_before() {
    let bench = Bench::new();
    let report = bench.run().unwrap();
    let base = sampling(&Curve::default(), &Llm::default());
    assert_eq!(bench.seen.borrow().len(), 12, "one call per task per arm");
    assert!(bench.seen.borrow().iter().all(|s| s.sampling == base));
    for result in &report.results {
        assert_eq!((result.samples, result.temperature), (1, None));
        assert_eq!(result.answered_by, None, "a scripted mind does not say");
        // Its compute is new (a whole record of its own); the rest encodes as before.
        let compute = result
            .compute
            .expect("every new result records its compute");
        assert_eq!((compute.calls, compute.reported), (4, 0));
        let before = CurveResult {
            compute: None,
            ..result.clone()
        };
        let bytes = rmp_serde::to_vec_named(&before).unwrap();
        for key in ["samples", "temperature", "calls", "answered_by", "compute"] {
            assert!(
                !bytes.windows(key.len()).any(|w| w == key.as_bytes()),
                "{key} is encoded for a one-sample arm"
            );
        }
        let back: CurveResult = rmp_serde::from_slice(&bytes).unwrap();
        assert_eq!(back, before, "a result from before compute still reads");
        let bytes = rmp_serde::to_vec_named(result).unwrap();
        let back: CurveResult = rmp_serde::from_slice(&bytes).unwrap();
        assert_eq!(&back, result);
    }
}

/// A mind that answers every task with "12" and says which model it is.
struct Named(&'static str);

impl Mind for Named {
    fn describe(&self) -> String {
        format!("named {}", self.0)
    }

    fn complete(&mut self, _: &Prompt, _: &serde_json::Value, _: &Sampling) -> Result<Reply> {
        Ok(Reply {
            text: say("12"),
            model: Some(self.0.to_string()),
            ..Reply::default()
        })
    }
}

fn ask_as(arm_model: &str, answered: &'static str) -> Result<vote::Asked> {
    let arm = ArmSpec {
        name: "naive-large".into(),
        url: Some("http://127.0.0.1:9/v1".into()),
        model: arm_model.into(),
        memory: ArmMemory::None,
        samples: 3,
        temperature: Some(VOTE_TEMPERATURE),
    };
    let base = sampling(&Curve::default(), &Llm::default());
    vote::ask(
        &mut Named(answered),
        &arm,
        &Prompt::default(),
        &battery_schema(),
        &base,
    )
}

#[test]
fn an_arm_answered_by_another_model_is_refused_naming_both() {
    let e = ask_as("large", "/models/small.gguf").unwrap_err();
    assert_eq!(e.code(), 78);
    assert!(
        e.message.contains("\"large\"") && e.message.contains("/models/small.gguf"),
        "{}",
        e.message
    );
    let asked = ask_as("small", "/models/small.gguf").unwrap();
    assert_eq!(asked.model.as_deref(), Some("/models/small.gguf"));
    assert_eq!((asked.calls, asked.answer.kept()), (3, "12".to_string()));
}
