//! A scene shared by a cast of creatures, as one participant reads it: what the others visibly
//! did, the `say` action that addresses one of them, and the cue of a reaction.
//!
//! The cast (`wis cast`) decides who acts; this module only says how a turn on stage reads
//! and how its `say` is judged. `say` is a text channel like `reply`: it is never dispatched
//! to a tool, and it is offered only in a scene turn, with the names of those present.

use serde::{Deserialize, Serialize};

use crate::creature::tool::{ArgSpec, ArgType, ToolSpec};
use crate::creature::{Action, FailKind, Outcome, cut_middle};

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

/// Where a participant plays its turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Arena {
    /// On stage: it acts, reacts and speaks where the others see it.
    #[default]
    Scene,
    /// Off stage: its turns are maintenance, rumination or sleep.
    Offstage,
}

impl Arena {
    pub fn as_str(self) -> &'static str {
        match self {
            Arena::Scene => "scene",
            Arena::Offstage => "offstage",
        }
    }
}

impl std::fmt::Display for Arena {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Something said to this participant that its turn answers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Addressed {
    pub from: String,
    pub text: String,
}

/// What a turn played in a cast brings into the tick.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Stage {
    pub arena: Arena,
    /// The scene's latest lines, oldest first, already in words.
    pub lines: Vec<String>,
    /// Who else is on stage (the names `say` accepts).
    pub others: Vec<String>,
    /// The message this turn reacts to.
    pub reaction: Option<Addressed>,
}

impl Stage {
    /// Whether `say` is offered: on stage, with someone to speak to.
    pub fn can_say(&self) -> bool {
        self.arena == Arena::Scene && !self.others.is_empty()
    }

    /// The scene section of the prompt, or `None` off stage.
    pub fn render(&self) -> Option<String> {
        if self.arena != Arena::Scene {
            return None;
        }
        let mut text = String::from("## The scene\n");
        if self.others.is_empty() {
            text.push_str("No one else is here.\n");
        } else {
            text.push_str(&format!(
                "Here with you: {}. What happened here lately:\n",
                self.others.join(", ")
            ));
        }
        if self.lines.is_empty() {
            text.push_str("(nothing yet)\n");
        }
        for line in &self.lines {
            text.push_str(line);
            text.push('\n');
        }
        // No worked example of `say` here: on the 270M, an "ask … how it goes" example was
        // copied word for word on three of six scene turns once the scene held a dialogue,
        // and without it the scene's own turns stayed on their plan (0 of 6 `say`) while a
        // reaction, which shows its own example ([`reaction_example`]), still answered.
        Some(text)
    }

    /// The question a reaction turn answers, in place of the plan's step.
    pub fn reaction_step(&self) -> Option<String> {
        self.reaction.as_ref().map(|a| {
            format!(
                "{} said to you: \"{}\". Answer {}",
                a.from,
                cut_middle(&a.text.replace('\n', " "), SAY_MAX_CHARS),
                a.from
            )
        })
    }
}

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

/// Judges a `say`: the addressee must be here, and there must be something to say.
pub fn judge_say(action: &Action, stage: Option<&Stage>) -> Outcome {
    let to = action.str_arg("to").unwrap_or_default().trim().to_string();
    let text = action
        .str_arg("text")
        .unwrap_or_default()
        .trim()
        .to_string();
    let Some(stage) = stage.filter(|s| s.can_say()) else {
        return Outcome::fail(FailKind::Locked, "there is no one here to speak to");
    };
    let Some(name) = stage.others.iter().find(|n| n.eq_ignore_ascii_case(&to)) else {
        return Outcome::fail(
            FailKind::InvalidArgs,
            format!(
                "no one here is called {to:?}; here are {}",
                stage.others.join(", ")
            ),
        );
    };
    if text.is_empty() {
        return Outcome::fail(FailKind::InvalidArgs, "there is nothing to say");
    }
    Outcome::ok(format!(
        "said to {name}: {}",
        cut_middle(&text, SAY_MAX_CHARS)
    ))
}

/// Whom a judged `say` reached, and what it said: `None` unless it succeeded.
pub fn addressed(
    action: &Action,
    outcome: &Outcome,
    stage: Option<&Stage>,
) -> Option<(String, String)> {
    if !outcome.success {
        return None;
    }
    let to = action.str_arg("to")?.trim();
    let name = stage?.others.iter().find(|n| n.eq_ignore_ascii_case(to))?;
    let text: String = action
        .str_arg("text")?
        .trim()
        .chars()
        .take(SAY_MAX_CHARS)
        .collect();
    Some((name.clone(), text))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stage() -> Stage {
        Stage {
            arena: Arena::Scene,
            lines: vec!["Bo: bash `ls` -> ok".into()],
            others: vec!["Bo".into(), "Ash".into()],
            reaction: None,
        }
    }

    #[test]
    fn say_reaches_only_someone_here() {
        let s = stage();
        let to_bo = Action::new(SAY, serde_json::json!({"to": "bo", "text": "hi"}));
        let ok = judge_say(&to_bo, Some(&s));
        assert!(ok.success, "{ok:?}");
        assert_eq!(
            addressed(&to_bo, &ok, Some(&s)),
            Some(("Bo".into(), "hi".into()))
        );
        let to_nobody = Action::new(SAY, serde_json::json!({"to": "Zed", "text": "hi"}));
        let no = judge_say(&to_nobody, Some(&s));
        assert_eq!(no.fail_kind, FailKind::InvalidArgs);
        assert!(no.output.contains("Bo, Ash"), "{}", no.output);
        assert_eq!(addressed(&to_nobody, &no, Some(&s)), None);
        let empty = Action::new(SAY, serde_json::json!({"to": "Bo", "text": "  "}));
        assert!(!judge_say(&empty, Some(&s)).success);
        assert_eq!(judge_say(&to_bo, None).fail_kind, FailKind::Locked);
    }

    #[test]
    fn the_scene_reads_as_lines_and_an_example_of_speaking() {
        let text = stage().render().unwrap();
        assert!(text.starts_with("## The scene\nHere with you: Bo, Ash."));
        assert!(text.contains("Bo: bash `ls` -> ok\n"));
        assert!(!text.contains("\"tool\""), "no example to copy: {text}");
        let off = Stage {
            arena: Arena::Offstage,
            ..stage()
        };
        assert_eq!(off.render(), None);
        assert!(!off.can_say());
        let mut reacting = stage();
        reacting.reaction = Some(Addressed {
            from: "Ash".into(),
            text: "where is\nthe key?".into(),
        });
        assert_eq!(
            reacting.reaction_step().unwrap(),
            "Ash said to you: \"where is the key?\". Answer Ash"
        );
        assert_eq!(
            reaction_example("Ash"),
            "Q: Ash said to you: \"are you awake?\". Answer Ash\n\
             A: {\"tool\": \"say\", \"args\": {\"to\": \"Ash\", \"text\": \"Yes, I am awake.\"}}\n"
        );
    }
}
