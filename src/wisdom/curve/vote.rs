//! One task put to one arm: one greedy call, or, on a voting arm (`samples = N`), N calls and
//! the majority answer, with what the calls cost; and the check that the model that answered
//! is the arm's.
//!
//! The vote is over the replies in the `exact` scorer's normal form
//! ([`super::score::normalize`]: casefolded, whitespace collapsed, surrounding punctuation and
//! quotes stripped) of what a text scorer reads (a reply's text, a tool call's compact JSON).
//! A malformed reply has no vote; when every reply is malformed the first one stands. Ties
//! are broken by a fixed rule: of the tied answers, the one whose first sample came earliest
//! wins, and that sample's own words are the answer kept.
//!
//! A backend that says which model answered (a server's `/props` model path or its answer's
//! `model` field, the embedded GGUF's file name) must name the arm's model
//! ([`crate::mind::openai::same_model`]); any other is refused with exit 78 naming both, never
//! recorded under the arm's name.

use serde_json::Value;

use super::answer::Answer;
use super::arms::ArmSpec;
use super::compute::Compute;
use super::score::normalize;
use crate::base::exit::{Error, Result};
use crate::mind::openai::same_model;
use crate::mind::{Mind, Prompt, Sampling};

/// What asking one task gave.
#[derive(Debug, Clone, PartialEq)]
pub struct Asked {
    /// The answer (on a voting arm, the majority's).
    pub answer: Answer,
    /// Model calls made for it.
    pub calls: u32,
    /// The model the backend said answered, if it said.
    pub model: Option<String>,
    /// What the calls cost, as the backend reported it.
    pub compute: Compute,
}

/// Asks `arm.samples` times (sample `k` with [`ArmSpec::sampling_for`]) and takes the
/// majority; a call that fails fails the task, an answering model that is not the arm's is
/// exit 78.
pub fn ask(
    mind: &mut dyn Mind,
    arm: &ArmSpec,
    prompt: &Prompt,
    schema: &Value,
    base: &Sampling,
) -> Result<Asked> {
    let mut answers = Vec::with_capacity(arm.samples as usize);
    let mut model = None;
    let mut compute = Compute::default();
    for k in 0..arm.samples {
        let reply = mind.complete(prompt, schema, &arm.sampling_for(base, k))?;
        compute.add(&reply.usage);
        if let Some(answered) = &reply.model {
            check_model(arm, answered)?;
        }
        model = model.or(reply.model);
        answers.push(Answer::from_reply(&reply.text));
    }
    let winner = majority(&answers);
    Ok(Asked {
        answer: answers.swap_remove(winner),
        calls: arm.samples,
        model,
        compute,
    })
}

/// The index of the winning sample: the most frequent normalized answer, ties to the answer
/// seen first; 0 when no answer has a vote (or there is none).
pub fn majority(answers: &[Answer]) -> usize {
    let keys: Vec<Option<String>> = answers
        .iter()
        .map(|a| a.scored_text().map(normalize))
        .collect();
    let mut best = (0, 0);
    for (i, key) in keys.iter().enumerate() {
        let Some(key) = key else { continue };
        let votes = keys.iter().filter(|k| k.as_ref() == Some(key)).count();
        if votes > best.1 {
            best = (i, votes);
        }
    }
    best.0
}

/// Refuses an answering model that is not the arm's.
pub fn check_model(arm: &ArmSpec, answered: &str) -> Result<()> {
    if same_model(&arm.model, answered) {
        return Ok(());
    }
    let at = match &arm.url {
        Some(url) => format!("the server at {url}"),
        None => "the embedded model".to_string(),
    };
    Err(Error::config(format!(
        "arm {} asked for model {:?}, but {at} answered as {answered:?}",
        arm.name, arm.model
    ))
    .hint(
        "a plain llama-server or the embedded model answers every name with its one model: \
         give the arm the url of a server (or llama-swap) that serves that model, or set the \
         arm's model to the one that answers",
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(t: &str) -> Answer {
        Answer::Text(t.into())
    }

    #[test]
    fn the_most_frequent_normalized_answer_wins() {
        let answers = [
            text("ten"),
            text("12"),
            text(" 12."),
            text("ten"),
            text("'12'"),
        ];
        assert_eq!(majority(&answers), 1);
    }

    #[test]
    fn ties_go_to_the_answer_seen_first_and_malformed_replies_have_no_vote() {
        let answers = [text("b"), text("a"), text("A"), text("B")];
        assert_eq!(majority(&answers), 0);
        let answers = [
            Answer::Malformed("x".into()),
            Answer::Malformed("x".into()),
            text("c"),
        ];
        assert_eq!(majority(&answers), 2);
        assert_eq!(majority(&[Answer::Malformed("x".into())]), 0);
        assert_eq!(majority(&[]), 0);
    }
}
