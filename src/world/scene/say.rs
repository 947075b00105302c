//! `say`: the scene's text channel, addressed to one of the others on stage, and the worked
//! example a reaction turn shows above the message it answers.

use crate::creature::tool::{ArgSpec, ArgType, ToolSpec};
use crate::creature::{Action, FailKind, cut_middle};

use super::acts::{NAME_MAX_CHARS, SceneAct, Verdict};
use super::{Stage, clean};

/// The name of the scene's text channel.
pub const SAY: &str = "say";

/// Most characters of what one `say` carries to its addressee.
pub const SAY_MAX_CHARS: usize = 300;

/// `say`, as the mind sees it in a scene turn.
pub static SAY_SPEC: ToolSpec = ToolSpec::new(
    SAY,
    &[
        ArgSpec::required("to", ArgType::String, "who is spoken to, by name"),
        ArgSpec::required("text", ArgType::String, "what is said"),
    ],
    "say something to one of the others here",
);

/// The worked example a reaction turn shows right above its question: one message answered
/// with `say` to its speaker.
///
/// Measured on the base Gemma 3 270M (`examples/prompt_formats file`, greedy, the action grammar
/// with `say`; a real scene turn's prompt of a creature three ticks old, six messages from
/// questions to requests): with only the scene's "ask … how it goes" example, 3 of 6 replies
/// were a `say` to the speaker, each repeating the question back, and 3 were unrelated file
/// actions; with a second example (a message answered) in the scene section, 5 of 6, still
/// repeating questions; with this one example right above the question, 6 of 6 answered the
/// speaker ("Yes, the pump is running.", "The key is in the closet."), none a copy of it;
/// with two examples there, 6 of 6 but two copied the second example's answer.
pub fn reaction_example(from: &str) -> String {
    format!(
        "Q: {from} said to you: \"are you awake?\". Answer {from}\n\
         A: {{\"tool\": \"{SAY}\", \"args\": {{\"to\": \"{from}\", \"text\": \"Yes, I am awake.\"}}}}\n"
    )
}

/// Judges a `say`: the addressee must be here, and there must be something to say. What
/// reaches the addressee is at most [`SAY_MAX_CHARS`] characters.
pub(super) fn judge(action: &Action, stage: &Stage) -> Verdict {
    let to = action.str_arg("to").unwrap_or_default().trim().to_string();
    let text: String = action
        .str_arg("text")
        .unwrap_or_default()
        .trim()
        .chars()
        .take(SAY_MAX_CHARS)
        .collect();
    let said = |to: &str| SceneAct::Say {
        to: clean(to, NAME_MAX_CHARS),
        text: text.clone(),
    };
    if !stage.can_say() {
        return (
            said(&to),
            Err((FailKind::Locked, "there is no one here to speak to".into())),
        );
    }
    let Some(name) = stage.others.iter().find(|n| n.eq_ignore_ascii_case(&to)) else {
        let why = format!(
            "no one here is called {:?}; here are {}",
            clean(&to, NAME_MAX_CHARS),
            stage.others.join(", ")
        );
        return (said(&to), Err((FailKind::InvalidArgs, why)));
    };
    if text.is_empty() {
        return (
            said(name),
            Err((FailKind::InvalidArgs, "there is nothing to say".into())),
        );
    }
    let told = format!("said to {name}: {}", cut_middle(&text, SAY_MAX_CHARS));
    (said(name), Ok(told))
}
