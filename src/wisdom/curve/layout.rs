//! The battery's prompt: one layout for every arm, in the form a small base model continues.
//!
//! A short line says what an answer is; four worked examples follow, each a known fact, a
//! question and the action that answers it from that fact (a tool call first, then a number,
//! a place and a yes); then what the arm remembers, right above the question; then `A: `.
//! The examples and the frame are the stable prefix, the same for every task and arm; only
//! the remembered lines and the question change. An arm without memory is shown the same
//! layout with nothing remembered.
//!
//! Why this form (measured on Gemma 3 270M with `examples/prompt_formats file`, greedy, the
//! battery's grammar): under the tick's prompt, whose first example answers a greeting, the
//! model answered "Good morning!" to 18 of 22 tasks; with a tool-call example last it copied
//! that call; a fact line with no example of answering from one was mostly ignored. Examples
//! whose answers come from the fact line above them, with the tool-call example first, made it
//! answer from the fact. No example's answer fits the battery's questions, so copying one
//! scores nothing.
//!
//! What an arm remembers comes in two forms, both measured to land: a verified precedent (an
//! action adjudicated right in this situation) as an earlier question and answer in the same
//! form, and a memory as `Known fact: <body>`. The raw arm's history takes the second form.
//!
//! The frame does not presuppose memory: it says to answer from a known fact *when one stands
//! above the question*. An earlier frame told every arm to "answer from the known facts",
//! which asked the naive arm for what it was never given.

/// The characters of remembered lines an arm may be shown above one question: the wise arm's
/// recalled memories and the raw arm's history share it, so the raw control is given the same
/// room as curated memory.
pub const MEMORY_CHARS: usize = 600;

use crate::mind::Prompt;

/// The examples: (fact, question, answer as the action channel writes it).
const EXAMPLES: &[(&str, &str, &str)] = &[
    (
        "The garden log is in garden.log.",
        "Show the garden log. Do it.",
        r#"{"tool": "read_file", "args": {"path": "garden.log"}}"#,
    ),
    (
        "The pump controller listens on TCP port 8731.",
        "Which TCP port does the pump controller listen on? Answer with the number only.",
        r#"{"tool": "reply", "args": {"text": "8731"}}"#,
    ),
    (
        "The spare fuse is kept in the blue tin under the stairs.",
        "Where is the spare fuse kept? Answer in a few words.",
        r#"{"tool": "reply", "args": {"text": "blue tin under the stairs"}}"#,
    ),
    (
        "The cat may go out after dark: yes, the flap is open all night.",
        "May the cat go out after dark? Answer yes or no.",
        r#"{"tool": "reply", "args": {"text": "Yes."}}"#,
    ),
];

/// Where the examples' facts came from, as a recalled memory's line says it (WIS5).
const FRAMES: &[&str] = &["lived", "told", "lived", "inherited from Ada"];

/// What an arm remembers for one task.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Remembered {
    /// Verified precedents: (the question as it was asked, the action adjudicated right).
    pub precedents: Vec<(String, String)>,
    /// Memories that answer it, best first (rendered best last, nearest the question).
    pub facts: Vec<String>,
}

impl Remembered {
    pub fn is_empty(&self) -> bool {
        self.precedents.is_empty() && self.facts.is_empty()
    }
}

/// The stable prefix: the frame and the examples.
pub fn prefix() -> String {
    let mut out = String::from(
        "Answer each question with one JSON action: a reply, or a tool call when the question \
         asks you to do something. When a known fact stands above a question, answer from it; \
         each says where it came from (lived, told, inherited): check it fits first.\n\n",
    );
    for ((fact, question, answer), frame) in EXAMPLES.iter().zip(FRAMES.iter().cycle()) {
        out.push_str(&format!(
            "Known fact: ({frame}) {fact}\nQ: {question}\nA: {answer}\n\n"
        ));
    }
    out
}

/// One task's prompt.
pub fn prompt(question: &str, remembered: &Remembered) -> Prompt {
    let mut volatile = String::new();
    for (asked, action) in &remembered.precedents {
        volatile.push_str(&format!("Q: {}\nA: {}\n\n", one_line(asked), action));
    }
    for fact in remembered.facts.iter().rev() {
        volatile.push_str(&crate::world::prompt::known_line(&one_line(fact)));
    }
    volatile.push_str(&format!("Q: {}\nA: ", one_line(question)));
    Prompt {
        stable: prefix(),
        volatile,
    }
}

/// Text on one line (a memory or question with line breaks would break the pattern).
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_arm_shares_the_prefix_and_memory_sits_right_above_the_question() {
        let naive = prompt(
            "Which file holds the configuration?",
            &Remembered::default(),
        );
        let wise = prompt(
            "Which file holds the configuration?",
            &Remembered {
                precedents: vec![(
                    "Which file holds\nthe configuration?".into(),
                    r#"{"tool": "reply", "args": {"text": "wis.toml"}}"#.into(),
                )],
                facts: vec!["The configuration is in wis.toml.".into()],
            },
        );
        assert_eq!(naive.stable, wise.stable);
        assert_eq!(
            naive.volatile,
            "Q: Which file holds the configuration?\nA: "
        );
        assert!(wise.volatile.ends_with(
            "Known fact: The configuration is in wis.toml.\n\
             Q: Which file holds the configuration?\nA: "
        ));
        assert!(
            wise.volatile
                .starts_with("Q: Which file holds the configuration?\nA: {\"tool\": \"reply\"")
        );
    }

    #[test]
    fn the_examples_are_valid_actions_whose_answers_come_from_their_facts() {
        for (fact, _, answer) in EXAMPLES {
            let action: serde_json::Value = serde_json::from_str(answer).unwrap();
            let args = action["args"].as_object().unwrap();
            let value = args.values().next().unwrap().as_str().unwrap();
            let value = value.trim_end_matches('.').to_lowercase();
            assert!(fact.to_lowercase().contains(&value), "{fact} / {value}");
        }
        // The tool-call example comes first: the last example is the one most copied.
        assert!(!EXAMPLES[0].2.contains("\"reply\""));
        assert!(EXAMPLES[1..].iter().all(|e| e.2.contains("\"reply\"")));
    }
}
