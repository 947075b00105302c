//! The prompt: a base that names no tool, one stanza per unlocked unit in the creature's own
//! body words, and a volatile tail (recent stream, now, plan, and, when enabled, the "Before
//! you act" block), all within the `[context]` budgets.
//!
//! The stable prefix depends only on the creature's name, morph and granted units, so it is
//! byte-identical from tick to tick until a grant, and a server's prompt cache keeps working.
//! The layout is one document a base model can continue: past actions appear in the stream in
//! the action channel's own JSON form, and the tail ends where the next action is written.

use crate::base::config::Context;
use crate::creature::morph::Morph;
use crate::creature::stream::{StreamLine, window};
use crate::creature::{Persona, Unlocks};
use crate::mind::Prompt;
use crate::world::examples;
use crate::world::units::{self, Example};

/// Whether a step is plainly of an example's kind (answered from the examples).
pub use crate::world::examples::plain;

/// The base prompt: who the creature is and how its world works. Names no tool.
///
/// The tools are described in words; the worked examples (`Q:` a short task, `A:` the action
/// that does it) are not here but in the turn's cue, the few nearest its step
/// ([`crate::world::examples`]): a fixed list of examples is a sequence the 270M base model
/// continues whatever the step (REFERENCE, the fourth probe).
pub const BASE: &str = "# The life of {name}\n\n\
You are {name} ({kind}), living inside a small computer. Each turn you do one thing, written \
as one JSON object: {\"tool\": NAME, \"args\": {...}}. The world answers with what really \
happened; only that counts, never what you say about it. Paths are relative to your {home}. \
Keep a plan and do its first open step: when the world shows a step done, it is closed for \
you. To answer the keeper, write {\"tool\": \"reply\", \"args\": {\"text\": ...}}.\n\n\
## What you can do\n\n";

/// Marks the end of the stable prefix.
const STABLE_END: &str = "\n---\n";

/// What the volatile tail is built from.
#[derive(Debug, Clone, Default)]
pub struct Tail<'a> {
    pub tick: u64,
    /// The plan notebook, for a turn that plans (a rumination). A work turn is not shown it:
    /// measured on the 270M, a listing of the plan above the step made it read or append to
    /// the plan instead of taking the step (20 of 35 steps taken with it, 27 without).
    pub plan: Option<String>,
    /// The open objectives, the active one first, with the tick each was set.
    pub objectives: &'a [Dated],
    pub quest: Option<String>,
    /// The creature's own skills (each is a tool of its own), with the tick each was made.
    pub skills: &'a [Dated],
    pub stream: &'a [StreamLine],
    /// `stream` reaches back to the creature's first line (nothing older was dropped or left
    /// unread): the window is worked out from there, else from an epoch (see
    /// [`crate::creature::stream::render_window`]).
    pub stream_from_birth: bool,
    /// The rendered "## Before you act" block (recall), already within its own budget.
    pub before_you_act: Option<String>,
    /// The creature's standing values as one line ([`values_line`]); none held, no line.
    pub values: Option<String>,
    /// The scene a cast shares, rendered for this participant (see [`super::scene`]).
    pub scene: Option<String>,
    /// The keeper's words: the commissions on the desk.
    pub keeper: Option<String>,
    /// The closing cue: what is asked this turn.
    pub cue: &'a str,
}

/// One line of a list the prompt shows (a skill, an objective), and the tick it was made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dated {
    pub made: u64,
    pub text: String,
}

/// A list's headings: before the stream, for what was made before the stream window's first
/// tick; after it, for what was made since, until the window next moves.
const SKILLS: (&str, &str) = ("## Your skills\n", "## Your new skills\n");
const OBJECTIVES: (&str, &str) = ("## Objectives\n", "## New objectives\n");

/// A dated list in two parts, each under its heading: what was made before `since`, and what
/// was made after (empty parts are left out).
fn split_at(lines: &[Dated], since: u64, (before, after): (&str, &str)) -> (String, String) {
    let section = |heading: &str, old: bool| {
        let picked: Vec<&str> = lines
            .iter()
            .filter(|l| (l.made < since) == old)
            .map(|l| l.text.as_str())
            .collect();
        if picked.is_empty() {
            return String::new();
        }
        format!("{heading}{}\n\n", picked.join("\n"))
    };
    (section(before, true), section(after, false))
}

/// The characters a dated list takes in the prompt, whichever part each line goes to.
fn dated_chars(lines: &[Dated], (before, after): (&str, &str)) -> usize {
    lines
        .iter()
        .map(|l| l.text.chars().count() + 1)
        .sum::<usize>()
        + before.len()
        + after.len()
        + 4
}

/// What a work turn asks when nothing is planned.
pub const NO_STEP: &str = "choose your next step and take it";

/// The cue of a work turn: the current step as the last question, answered by the action.
pub fn work_cue(step: Option<&str>) -> String {
    work_cue_knowing(step, &[])
}

/// Shown before recalled facts: five answers that come from the `Known fact` line above
/// them (two replies, a file, two commands), in the prompt's own Q/A form, none of whose
/// answers fits another question.
///
/// Measured on the base Gemma 3 270M (`examples/prompt_formats file`, greedy, the action
/// grammar over every tool; a newborn's real tick prompt, twelve steps each answered by one
/// told fact it cannot guess): with no fact shown 0 of 12; the fact alone above the question
/// 0 of 12; after two examples 2 of 12, five of them copying one example's answer; after four
/// examples, blank lines between them, 8 of 12; with these five, 9 of 12, no reply given to
/// more than one step.
pub const KNOWN_EXAMPLES: &str = "What you know says where it came from (what you lived, were told \
or inherited): check that it fits before you lean on it.\n\
Known fact: (told) The weather station answers on port 6120.\n\
Q: which port does the weather station answer on?\n\
A: {\"tool\": \"reply\", \"args\": {\"text\": \"6120\"}}\n\n\
Known fact: (lived) The dog is called Pip.\n\
Q: tell the keeper the dog's name\n\
A: {\"tool\": \"reply\", \"args\": {\"text\": \"Pip\"}}\n\n\
Known fact: (told) The boiler manual is in docs/boiler.txt.\n\
Q: read the boiler manual\n\
A: {\"tool\": \"read_file\", \"args\": {\"path\": \"docs/boiler.txt\"}}\n\n\
Known fact: (lived) To see how warm the cellar is, run: thermo -c\n\
Q: check the cellar temperature\n\
A: {\"tool\": \"bash\", \"args\": {\"command\": \"thermo -c\"}}\n\n\
Known fact: (inherited from Ada) To wake the hall lights, run: lightctl on --hall\n\
Q: turn on the hall lights\n\
A: {\"tool\": \"bash\", \"args\": {\"command\": \"lightctl on --hall\"}}\n\n";

/// Shown before an errand's answer (`[wisdom] errands_enabled`): four answers each picked out
/// of the `Known fact` lines right above its question (a value among a file's lines, a count a
/// command showed, the file whose line names a thing, a short note whole), in the prompt's own
/// Q/A form. Their answers are of four shapes, so none fits another question's lines.
pub const ANSWER_EXAMPLES: &[(&str, &str, &str)] = &[
    (
        "Known fact: yard/hose.conf says: length = 25\n\
         Known fact: yard/hose.conf says: colour = green\n",
        "Read yard/hose.conf and tell me the colour.",
        "green",
    ),
    (
        "Known fact: `wc -l shelf/films.txt` shows: 12 shelf/films.txt\n",
        "How many lines does shelf/films.txt have?",
        "12",
    ),
    (
        "Known fact: `grep -ril 'green umbrella' post` shows: post/jade.txt\n",
        "Which file in post mentions the green umbrella?",
        "post/jade.txt",
    ),
    (
        "Known fact: pantry/note.txt says: the oven light is broken\n",
        "What does pantry/note.txt say?",
        "the oven light is broken",
    ),
];

/// The answers [`ANSWER_EXAMPLES`] and [`KNOWN_EXAMPLES`] demonstrate, and the values their
/// facts show beside them (`length = 25`): a reply that is one of them, where no line above
/// the question held it, copied a demonstration.
pub fn demonstrated_answers() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = ANSWER_EXAMPLES.iter().map(|(_, _, a)| *a).collect();
    // The values their facts show beside the answer (`length = 25`): a reply of one of them
    // where no line above the question held it was copied from a demonstration as surely.
    for (facts, _, _) in ANSWER_EXAMPLES {
        for line in facts.lines() {
            if let Some((_, value)) = line.split_once(" = ") {
                let value = value.trim();
                if !value.is_empty() && !out.contains(&value) {
                    out.push(value);
                }
            }
        }
    }
    out.extend(["6120", "Pip"]);
    out
}

/// The answers the prompt's worked examples demonstrate
/// ([`demonstrated_answers`]) that `reply` holds as words of its own,
/// lowercased: `12` in `12 lines`, not in `125` nor in `[12`-less `312`.
pub fn demonstrated(reply: &str) -> Vec<String> {
    let r = reply.to_lowercase();
    demonstrated_answers()
        .iter()
        .map(|d| d.to_lowercase())
        .filter(|d| holds_word(&r, d))
        .collect()
}

/// Whether `text` holds `word` as a word of its own: no letter or digit beside it, nor a `:`,
/// `.`, `/`, `-` or `_` that joins it to one, nor a `#` that makes it a number of something
/// (`12` is in `12 lines` and `it is 12.`, not in `312`, `12:15`, `v12.3` or `commission #12`).
pub fn holds_word(text: &str, word: &str) -> bool {
    let joins = |c: char| ":./-_".contains(c);
    !word.is_empty()
        && text.match_indices(word).any(|(at, _)| {
            let mut before = text[..at].chars().rev();
            let mut after = text[at + word.len()..].chars();
            let open = match before.next() {
                None => true,
                Some(c) if c.is_alphanumeric() || c == '#' => false,
                Some(c) => !(joins(c) && before.next().is_some_and(char::is_alphanumeric)),
            };
            let close = match after.next() {
                None => true,
                Some(c) if c.is_alphanumeric() => false,
                Some(c) => !(joins(c) && after.next().is_some_and(char::is_alphanumeric)),
            };
            open && close
        })
}

/// One of [`ANSWER_EXAMPLES`] as a cue shows it: its facts, its question, its answer.
fn answer_demo((facts, question, answer): &(&str, &str, &str)) -> String {
    format!(
        "{facts}Q: {question}\nA: {{\"tool\": \"reply\", \"args\": {{\"text\": \"{answer}\"}}}}\n\n"
    )
}

/// `text` without the demonstrations of answering ([`KNOWN_EXAMPLES`], [`ANSWER_EXAMPLES`])
/// it holds: what is left is what the creature was really shown.
pub fn without_demonstrations(text: &str) -> String {
    let mut out = text.replace(KNOWN_EXAMPLES, "");
    for demo in ANSWER_EXAMPLES {
        out = out.replace(&answer_demo(demo), "");
    }
    out
}

/// The cue of an errand's answer: [`ANSWER_EXAMPLES`] (the one sharing most words with the
/// step last), then `lesson` (an earlier answer of the creature's own, in the same form), then
/// `known` (what the errand's look showed, the line nearest the question last), then the step
/// as the question.
pub fn answer_cue(step: &str, lesson: &str, known: &[String]) -> String {
    let step = step.trim().replace('\n', " ");
    let asked: std::collections::BTreeSet<String> = examples::words(&step).into_iter().collect();
    let mut demos: Vec<(usize, usize, &(&str, &str, &str))> = ANSWER_EXAMPLES
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let shared = examples::words(d.1)
                .into_iter()
                .filter(|w| asked.contains(w))
                .count();
            (shared, i, d)
        })
        .collect();
    demos.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)));
    let mut cue = String::from("## Now, your step\n");
    for (_, _, demo) in demos {
        cue.push_str(&answer_demo(demo));
    }
    if !lesson.is_empty() {
        cue.push_str(lesson);
        cue.push('\n');
    }
    for body in known {
        cue.push_str(&known_line(body));
    }
    cue.push_str(&format!("Q: {step}\nA: "));
    cue
}

/// One recalled memory as the model reads it.
pub fn known_line(body: &str) -> String {
    format!("Known fact: {body}\n")
}

/// The cue of a work turn with what prose recall found (`Known fact` lines, best last,
/// nearest the question) after [`KNOWN_EXAMPLES`]; with nothing known it is [`work_cue`]
/// exactly.
pub fn work_cue_knowing(step: Option<&str>, known: &[String]) -> String {
    work_cue_after(step, known, "")
}

/// The worked examples a creature with these units is shown from: the reply channel's and its
/// granted units'.
pub fn examples_for(unlocks: &Unlocks) -> Vec<&'static Example> {
    units::examples(unlocks)
}

/// Worked examples shown above a step.
pub const EXAMPLES_SHOWN: usize = 6;

/// The cue of a work turn as a tick writes it: with recalled facts, [`KNOWN_EXAMPLES`] and the
/// facts; otherwise the worked examples of `pool` nearest the step (at most
/// [`EXAMPLES_SHOWN`], the nearest last); then `extra` (a reaction's example), then the step.
pub fn work_cue_with(
    step: Option<&str>,
    known: &[String],
    pool: &[&Example],
    extra: &str,
    synonyms: bool,
) -> String {
    let mut above = String::new();
    if known.is_empty() {
        let step_text = step
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .unwrap_or(NO_STEP);
        above.push_str(&examples::render(&examples::nearest_by(
            step_text,
            pool,
            EXAMPLES_SHOWN,
            synonyms,
        )));
    }
    above.push_str(extra);
    work_cue_after(step, known, &above)
}

/// [`work_cue_knowing`] with `example` (earlier Q/A pairs) right above the question.
pub fn work_cue_after(step: Option<&str>, known: &[String], example: &str) -> String {
    let step = step
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .unwrap_or(NO_STEP);
    let mut cue = String::from("## Now, your step\n");
    if !known.is_empty() {
        cue.push_str(KNOWN_EXAMPLES);
        for body in known.iter().rev() {
            cue.push_str(&known_line(body));
        }
    }
    cue.push_str(example);
    cue.push_str(&format!("Q: {}\nA: ", step.replace('\n', " ")));
    cue
}
/// The cue of a rumination turn: two earlier thoughts in the Q/A form, each planning from the
/// ideas its question offered, then this turn's reason and ideas as the last question. A small
/// model continues what it is shown: its plan is best made of what is really there to do
/// ([`crate::turn::ideas`]).
pub fn rumination_cue(why: &str, ideas: &[String], stuck: Option<&str>) -> String {
    let mut question = why.to_string();
    if let Some(step) = stuck {
        question.push_str(&format!(" (stuck on: {})", step.replace('\n', " ")));
    }
    if !ideas.is_empty() {
        question.push_str(&format!("; ideas: {}", ideas.join("; ")));
    }
    format!(
        "## Think\n\
         No tool this turn: think about where you are, then write a short plan of concrete steps.\n\
         Q: nothing is planned; ideas: read notes.txt; make a skill that counts the files here\n\
         A: {{\"thought\": \"There is a file I have not read, and a skill to make.\", \"plan\": [\"read notes.txt\", \"make a skill that counts the files here\"]}}\n\
         Q: the last tries failed (stuck on: run backup); ideas: list the files here; check what you are able to do now\n\
         A: {{\"thought\": \"That did not work. I will look around first.\", \"plan\": [\"list the files here\", \"check what you are able to do now\"]}}\n\
         Q: {question}\n\
         A: "
    )
}

/// Most standing values one prompt names.
pub const VALUES_SHOWN: usize = 3;
/// Most characters of one standing value as a prompt shows it.
pub const VALUE_SHOWN_CHARS: usize = 160;

/// The creature's standing values (its active `value` engrams, newest first) as the one line
/// its prompt shows, `You hold: When someone speaks to me, I answer them.`: at most
/// [`VALUES_SHOWN`], each on one line and cut to [`VALUE_SHOWN_CHARS`]; `None` for none, so a
/// creature that holds no value reads the prompt it always read.
pub fn values_line(values: &[String]) -> Option<String> {
    let shown: Vec<String> = values
        .iter()
        .take(VALUES_SHOWN)
        .map(|v| crate::world::scene::flat(v, VALUE_SHOWN_CHARS))
        .filter(|v| !v.is_empty())
        .collect();
    (!shown.is_empty()).then(|| format!("You hold: {}", shown.join(" ")))
}

/// The stable prefix for this creature and body.
pub fn stable(persona: &Persona, morph: Morph, unlocks: &Unlocks) -> String {
    let base = morph.render(&BASE.replace("{name}", &persona.name));
    format!("{base}{}{STABLE_END}", units::stanzas(unlocks, morph))
}

/// The fixed parts are counted in steps of this many characters when the stream's room is
/// worked out, so a tick whose plan or recall is a little longer does not move the stream's
/// window (which would cost a prompt cache everything after the move).
const ROOM_QUANTUM: usize = 1024;

/// Builds the whole prompt within the budgets: the stream gets what is left after the other
/// parts, up to `stream_max_chars`.
///
/// The volatile tail is ordered for a prompt cache: what changes rarely (the standing values,
/// skills, objectives, the quest) first, then the stream, which only grows at its end (see
/// [`crate::creature::stream::render_window`]), then what changes every tick (the tick line, the plan, the "Before you
/// act" block) and the cue. Consecutive prompts then share everything up to the newest stream
/// lines, and a server or the embedded mind reads only what is new.
pub fn build(
    persona: &Persona,
    morph: Morph,
    unlocks: &Unlocks,
    tail: &Tail<'_>,
    budget: &Context,
) -> Prompt {
    let stable = stable(persona, morph, unlocks);
    let values = tail
        .values
        .as_ref()
        .map(|v| format!("{v}\n\n"))
        .unwrap_or_default();
    let quest = tail
        .quest
        .as_ref()
        .map(|q| format!("## Quest\n{q}\n\n"))
        .unwrap_or_default();
    // Where a skill or an objective goes depends on the window, and the window's room on
    // everything else: the lists are counted whole, under both headings.
    let dated = dated_chars(tail.skills, SKILLS) + dated_chars(tail.objectives, OBJECTIVES);

    let mut now = format!(
        "## Now\nTick {}. Level {}, {} XP. Sleep pressure {:.0} of {:.0}.\n",
        tail.tick,
        persona.level(),
        persona.xp,
        persona.sleep_pressure,
        persona.nap_threshold()
    );
    if let Some(plan) = &tail.plan {
        now.push_str(&format!("\n## Plan\n{plan}\n"));
    }
    // After the stream, like the plan: it is shown to a turn that plans only, and a section that
    // comes and goes before the stream would cost a prompt cache the whole stream.
    if let Some(keeper) = &tail.keeper {
        now.push_str(&format!("\n## The keeper's words\n{keeper}\n"));
    }
    if let Some(block) = &tail.before_you_act {
        now.push_str(&format!("\n{block}\n"));
    }
    now.push('\n');
    now.push_str(tail.cue);
    let scene = tail
        .scene
        .as_deref()
        .map(|s| format!("{s}\n"))
        .unwrap_or_default();
    let fixed = stable.chars().count()
        + values.chars().count()
        + dated
        + quest.chars().count()
        + scene.chars().count()
        + now.chars().count()
        + 16;
    let room = budget
        .max_total_chars
        .saturating_sub(fixed.div_ceil(ROOM_QUANTUM) * ROOM_QUANTUM)
        .min(budget.stream_max_chars);
    let shown = window(tail.stream, room, tail.stream_from_birth);
    let stream = if shown.is_empty() {
        "(nothing yet)".to_string()
    } else {
        shown
            .iter()
            .map(StreamLine::render)
            .collect::<Vec<_>>()
            .join("\n")
    };
    // A skill or an objective made since the window's first tick is listed after the stream
    // until the window next moves: it then costs a prompt cache its own line, not the stream.
    let since = shown.first().map_or(u64::MAX, |l| l.tick);
    let (skills, new_skills) = split_at(tail.skills, since, SKILLS);
    let (objectives, new_objectives) = split_at(tail.objectives, since, OBJECTIVES);
    let volatile = format!(
        "{values}{skills}{objectives}{quest}## Recent\n{stream}\n\n{new_skills}{new_objectives}{scene}{now}"
    );
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
                && body_nouns_in(&rumination_cue("the last tries failed", &[], None)).is_empty()
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
        assert!(a.stable.contains("holt") && a.stable.contains("bash runs"));
    }

    /// `ticks` ticks of a lived stream, two lines each, and a stream budget of about 19 of them.
    fn lived_stream(ticks: u64) -> (Vec<StreamLine>, Context) {
        let lines = (1..=ticks)
            .flat_map(|t| {
                [
                    StreamLine::new(t, 0, Voice::Act, format!("act {t} {}", "x".repeat(60))),
                    StreamLine::new(t, 0, Voice::Observe, format!("ok {t}")),
                ]
            })
            .collect();
        let budget = Context {
            stream_max_chars: 2_000,
            ..Context::default()
        };
        (lines, budget)
    }

    #[test]
    fn consecutive_ticks_share_everything_before_the_newest_lines() {
        let unlocks = Unlocks::newborn(0);
        let (lines, budget) = lived_stream(60);
        let prompt_at = |t: usize| {
            let mut p = persona();
            p.xp = t as u64;
            build(
                &p,
                Morph::Otter,
                &unlocks,
                &Tail {
                    tick: t as u64 + 1,
                    plan: Some(format!("1. [ ] step {t}")),
                    before_you_act: Some(format!("## Before you act\nrecall {t}")),
                    stream: &lines[..2 * t],
                    stream_from_birth: true,
                    cue: &work_cue(None),
                    ..Default::default()
                },
                &budget,
            )
            .document()
        };
        let mut kept = 0;
        for t in 30..59 {
            let (a, b) = (prompt_at(t), prompt_at(t + 1));
            // The previous prompt's stream, up to the tick line, is a prefix of the next one.
            let stream_end = a.find("\n\n## Now\nTick").unwrap();
            kept += usize::from(b.starts_with(&a[..stream_end]));
            assert!(b.find("## Recent").unwrap() < b.find("## Now\nTick").unwrap());
            assert!(b.find("## Now\nTick").unwrap() < b.find("## Before you act").unwrap());
        }
        let first_line = |d: String| {
            d[d.find("## Recent\n").unwrap()..]
                .lines()
                .nth(1)
                .map(String::from)
        };
        assert_ne!(
            first_line(prompt_at(30)),
            first_line(prompt_at(58)),
            "the window moved"
        );
        // About 19 ticks fill this budget and a move leaves about 7: the window moves once in
        // about 12 ticks, and every other tick keeps the whole prefix.
        assert!(kept >= 29 - 29 / 10, "{kept} of 29");
    }

    /// A skill made while the window holds its first line is listed after the stream until the
    /// window moves, so the prompt up to the newest stream lines stays the same; after the move
    /// it is listed with the others before the stream.
    #[test]
    fn a_new_skill_waits_after_the_stream_until_the_window_moves() {
        let unlocks = Unlocks::newborn(0);
        let (lines, budget) = lived_stream(80);
        let skills = [
            Dated {
                made: 2,
                text: "tidy: sorts the desk".into(),
            },
            Dated {
                made: 40,
                text: "count: counts files".into(),
            },
        ];
        let prompt_at = |t: usize, skills: &[Dated]| {
            build(
                &persona(),
                Morph::Otter,
                &unlocks,
                &Tail {
                    tick: t as u64 + 1,
                    stream: &lines[..2 * t],
                    stream_from_birth: true,
                    skills,
                    cue: &work_cue(None),
                    ..Default::default()
                },
                &budget,
            )
            .document()
        };
        let (before, after) = (prompt_at(40, &skills[..1]), prompt_at(41, &skills));
        let recent = |d: &str| d.find("## Recent").unwrap();
        assert!(after.find("## Your skills\ntidy").unwrap() < recent(&after));
        let new = after
            .find("## Your new skills\ncount: counts files")
            .unwrap();
        assert!(new > recent(&after) && new < after.find("## Now\nTick").unwrap());
        let stream_end = before.find("\n\n## Now\nTick").unwrap();
        assert!(
            after.starts_with(&before[..stream_end]),
            "the prefix is kept"
        );
        // Once the window has moved past tick 40, it is one of the skills before the stream.
        let later = (42..80)
            .map(|t| prompt_at(t, &skills))
            .find(|d| !d.contains("## Your new skills"))
            .expect("the window moved");
        let listed = later
            .find("tidy: sorts the desk\ncount: counts files")
            .unwrap();
        assert!(listed < recent(&later));
    }

    #[test]
    fn standing_values_are_one_line_before_the_stream_and_absent_when_none_are_held() {
        let unlocks = Unlocks::newborn(0);
        let cue = work_cue(None);
        let with = |values: Option<String>| {
            build(
                &persona(),
                Morph::Otter,
                &unlocks,
                &Tail {
                    tick: 3,
                    values,
                    cue: &cue,
                    ..Default::default()
                },
                &Context::default(),
            )
        };
        assert_eq!(values_line(&[]), None);
        assert_eq!(with(values_line(&[])), with(None), "no value, no change");
        let held = [
            "When someone speaks to me,\nI answer them.".to_string(),
            "I act on my step.".to_string(),
            "x".repeat(400),
            "a fourth".to_string(),
        ];
        let line = values_line(&held).unwrap();
        assert!(
            line.starts_with(
                "You hold: When someone speaks to me, I answer them. I act on my step. xxx"
            ),
            "{line}"
        );
        assert!(!line.contains('\n') && !line.contains("a fourth"), "{line}");
        assert!(line.chars().count() < 20 + 3 * VALUE_SHOWN_CHARS);
        let prompt = with(Some(line.clone()));
        assert_eq!(
            prompt.stable,
            with(None).stable,
            "the stable prefix is untouched"
        );
        let at = prompt.volatile.find(&line).unwrap();
        assert!(at < prompt.volatile.find("## Recent").unwrap());
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
