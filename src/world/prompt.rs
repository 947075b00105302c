//! The prompt: a base that names no tool, one stanza per unlocked unit in the creature's own
//! body words, and a volatile tail (now, plan, recent stream, and, when enabled, the "Before
//! you act" block), all within the `[context]` budgets.
//!
//! The stable prefix depends only on the creature's name, morph and granted units, so it is
//! byte-identical from tick to tick until a grant, and a server's prompt cache keeps working.
//! The layout is one document a base model can continue: past actions appear in the stream in
//! the action channel's own JSON form, and the tail ends where the next action is written.

use crate::base::config::Context;
use crate::creature::morph::Morph;
use crate::creature::stream::{StreamLine, render_recent};
use crate::creature::{Persona, Unlocks};
use crate::mind::Prompt;
use crate::world::units;

/// The base prompt: who the creature is and how its world works. Names no tool.
///
/// Everything the creature can do is shown as earlier questions and answers (`Q:` a short
/// task, `A:` the action that does it), and each turn ends with its own `Q:` to continue: of
/// the prompt layouts measured on the 270M base model with the grammar on (see the
/// `prompt_formats` example), this one chose the right action most often.
pub const BASE: &str = "# The life of {name}\n\n\
You are {name} ({kind}), living inside a small computer. Each turn you do one thing, written \
as one JSON object: {\"tool\": NAME, \"args\": {...}}. The world answers with what really \
happened; only that counts, never what you say about it. Paths are relative to your {home}. \
Keep a plan; do its first open step; close a step when it is done.\n\
Below, each Q is a task and each A the action that does it.\n\n\
Q: answer the keeper's greeting: good morning!\n\
A: {\"tool\": \"reply\", \"args\": {\"text\": \"Good morning!\"}}\n\n\
## What you can do\n\n";

/// Marks the end of the stable prefix.
const STABLE_END: &str = "\n---\n";

/// What the volatile tail is built from.
#[derive(Debug, Clone, Default)]
pub struct Tail<'a> {
    pub tick: u64,
    pub plan: Option<String>,
    pub objectives: Option<String>,
    pub quest: Option<String>,
    /// The creature's own skills, one per line (each is a tool of its own).
    pub skills: Option<String>,
    pub stream: &'a [StreamLine],
    /// The rendered "## Before you act" block (recall), already within its own budget.
    pub before_you_act: Option<String>,
    /// The closing cue: what is asked this turn.
    pub cue: &'a str,
}

/// What a work turn asks when nothing is planned.
pub const NO_STEP: &str = "choose your next step and take it";

/// The cue of a work turn: the current step as the last question, answered by the action.
pub fn work_cue(step: Option<&str>) -> String {
    let step = step
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .unwrap_or(NO_STEP);
    format!("## Now, your step\nQ: {}\nA: ", step.replace('\n', " "))
}
/// The cue of a rumination turn: two earlier thoughts in the Q/A form, then the reason for this
/// one as the last question. The examples plan steps the body's own Q/A examples know how to
/// take, since a small model continues what it is shown.
pub fn rumination_cue(why: &str) -> String {
    format!(
        "## Think\n\
         No tool this turn: think about where you are, then write a short plan of concrete steps.\n\
         Q: nothing is planned\n\
         A: {{\"thought\": \"I am new here; first I should see what is around me.\", \"plan\": [\"list the files here\", \"read the plan notebook\"]}}\n\
         Q: the last tries failed\n\
         A: {{\"thought\": \"That did not work. I should check what I can do and keep a note.\", \"plan\": [\"check what you are able to do now\", \"add 'try another way' to the plan notebook\"]}}\n\
         Q: {why}\n\
         A: "
    )
}

/// The stable prefix for this creature and body.
pub fn stable(persona: &Persona, morph: Morph, unlocks: &Unlocks) -> String {
    let base = morph.render(&BASE.replace("{name}", &persona.name));
    format!("{base}{}{STABLE_END}", units::stanzas(unlocks, morph))
}

/// Builds the whole prompt within the budgets: the stream gets what is left after the other
/// parts, up to `stream_max_chars`.
pub fn build(
    persona: &Persona,
    morph: Morph,
    unlocks: &Unlocks,
    tail: &Tail<'_>,
    budget: &Context,
) -> Prompt {
    let stable = stable(persona, morph, unlocks);
    let mut head = format!(
        "## Now\nTick {}. Level {}, {} XP. Sleep pressure {:.0} of {:.0}.\n",
        tail.tick,
        persona.level(),
        persona.xp,
        persona.sleep_pressure,
        persona.nap_threshold()
    );
    head.push_str(&format!(
        "\n## Plan\n{}\n",
        tail.plan.as_deref().unwrap_or("(no plan yet)")
    ));
    if let Some(obj) = &tail.objectives {
        head.push_str(&format!("\n## Objectives\n{obj}\n"));
    }
    if let Some(quest) = &tail.quest {
        head.push_str(&format!("\n## Quest\n{quest}\n"));
    }
    if let Some(skills) = &tail.skills {
        head.push_str(&format!("\n## Your skills\n{skills}\n"));
    }
    let mut end = String::new();
    if let Some(block) = &tail.before_you_act {
        end.push_str(&format!("\n{block}\n"));
    }
    end.push('\n');
    end.push_str(tail.cue);
    let fixed = stable.chars().count() + head.chars().count() + end.chars().count() + 12;
    let room = budget
        .max_total_chars
        .saturating_sub(fixed)
        .min(budget.stream_max_chars);
    let recent = render_recent(tail.stream, room);
    let stream = if recent.is_empty() {
        "(nothing yet)".to_string()
    } else {
        recent.join("\n")
    };
    let volatile = format!("{head}\n## Recent\n{stream}\n{end}");
    Prompt { stable, volatile }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::creature::morph::body_nouns_in;
    use crate::creature::stream::Voice;
    use crate::world::tools::TOOLS;

    fn persona() -> Persona {
        Persona::newborn("Tam", 0)
    }

    #[test]
    fn base_names_no_tool_and_no_body_noun() {
        for tool in TOOLS {
            assert!(
                !BASE.contains(&format!("\"{}\"", tool.name)),
                "{}",
                tool.name
            );
            assert!(!BASE.contains(&format!(" {} ", tool.name)), "{}", tool.name);
            assert!(
                !crate::world::units::mentions(BASE, tool.name),
                "{}",
                tool.name
            );
        }
        assert!(body_nouns_in(BASE).is_empty(), "{:?}", body_nouns_in(BASE));
        assert!(
            body_nouns_in(&work_cue(None)).is_empty()
                && body_nouns_in(&rumination_cue("the last tries failed")).is_empty()
        );
    }

    #[test]
    fn stable_prefix_is_byte_identical_across_ticks() {
        let unlocks = Unlocks::newborn(0);
        let lines = vec![StreamLine::new(1, 0, Voice::Act, "x")];
        let a = build(
            &persona(),
            Morph::Otter,
            &unlocks,
            &Tail {
                tick: 1,
                cue: &work_cue(None),
                ..Default::default()
            },
            &Context::default(),
        );
        let mut p = persona();
        p.sleep_pressure = 5.0;
        p.xp = 3;
        let b = build(
            &p,
            Morph::Otter,
            &unlocks,
            &Tail {
                tick: 2,
                stream: &lines,
                cue: &work_cue(None),
                ..Default::default()
            },
            &Context::default(),
        );
        assert_eq!(a.stable, b.stable);
        assert_ne!(a.volatile, b.volatile);
        assert!(a.stable.contains("holt") && a.stable.contains("\"bash\""));
    }

    #[test]
    fn the_whole_prompt_stays_within_budget() {
        let lines: Vec<StreamLine> = (0..5000)
            .map(|i| StreamLine::new(i, 0, Voice::Observe, "y".repeat(300)))
            .collect();
        let budget = Context {
            max_total_chars: 6000,
            stream_max_chars: 5000,
            ..Context::default()
        };
        let prompt = build(
            &persona(),
            Morph::Moth,
            &Unlocks::newborn(0),
            &Tail {
                tick: 9,
                stream: &lines,
                cue: &work_cue(None),
                ..Default::default()
            },
            &budget,
        );
        assert!(prompt.chars() <= 6000, "{}", prompt.chars());
        assert!(prompt.volatile.contains("[4999 world]"));
    }
}
