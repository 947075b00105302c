//! A scene shared by a cast of creatures, as one participant reads it: what the others visibly
//! did, where each one is, the things there, and the scene actions a turn on stage may take
//! (`say`, and `wait`, `hesitate`, `refuse`, `withhold`, `move`, `use`: [`acts`]).
//!
//! The cast (`wis cast`) decides who acts; this module only says how a turn on stage reads,
//! which scene actions it is offered and how each is judged. A scene action is a channel like
//! `reply`: it is never dispatched to a tool, and it is offered only in a cast's turn on stage
//! ([`offered`]), never in a creature's turn alone.

pub mod acts;
mod say;

use serde::{Deserialize, Serialize};

use crate::creature::tool::ToolSpec;
use crate::creature::{Action, FailKind, Outcome};

pub use acts::{Deed, PLACE_MAX_CHARS, REASON_MAX_CHARS, SceneAct, SceneObject};
pub use say::{SAY, SAY_MAX_CHARS, SAY_SPEC, reaction_example};

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
    /// Where this participant is (`None`: here, where the scene starts everyone).
    pub place: Option<String>,
    /// Where the others are, for those that moved: (id, place).
    pub places: Vec<(String, String)>,
    /// The things in the scene that `use` acts on.
    pub objects: Vec<SceneObject>,
}

impl Stage {
    /// Whether `say` is offered: on stage, with someone to speak to.
    pub fn can_say(&self) -> bool {
        self.arena == Arena::Scene && !self.others.is_empty()
    }

    /// The scene section of the prompt, or `None` off stage. Where the participants are and
    /// what things are there is said only when someone has moved or the scene holds things,
    /// so a scene without them reads as it always has.
    pub fn render(&self) -> Option<String> {
        if self.arena != Arena::Scene {
            return None;
        }
        let mut text = String::from("## The scene\n");
        let mut setting = Vec::new();
        if let Some(place) = &self.place {
            setting.push(format!("You are at {place}."));
        }
        if !self.objects.is_empty() {
            let things: Vec<String> = self
                .objects
                .iter()
                .map(|o| format!("{} ({})", o.name, o.description))
                .collect();
            setting.push(format!("Things here: {}.", things.join(", ")));
        }
        if !setting.is_empty() {
            text.push_str(&setting.join(" "));
            text.push('\n');
        }
        if self.others.is_empty() {
            text.push_str("No one else is here.\n");
        } else {
            let others: Vec<String> = self
                .others
                .iter()
                .map(|id| match self.places.iter().find(|(who, _)| who == id) {
                    Some((_, place)) => format!("{id} (at {place})"),
                    None => id.clone(),
                })
                .collect();
            text.push_str(&format!(
                "Here with you: {}. What happened here lately:\n",
                others.join(", ")
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
                crate::creature::cut_middle(&a.text.replace('\n', " "), SAY_MAX_CHARS),
                a.from
            )
        })
    }
}

/// One scene action: its spec, when a stage offers it, and how it is judged there.
pub struct SceneAction {
    pub spec: &'static ToolSpec,
    offered: fn(&Stage) -> bool,
    judge: fn(&Action, &Stage) -> acts::Verdict,
}

fn always(_: &Stage) -> bool {
    true
}

fn asked(stage: &Stage) -> bool {
    stage.reaction.is_some()
}

fn holds_things(stage: &Stage) -> bool {
    !stage.objects.is_empty()
}

/// Every scene action, `say` first, in the order a grammar lists them.
static ACTIONS: [SceneAction; 7] = [
    SceneAction {
        spec: &SAY_SPEC,
        offered: Stage::can_say,
        judge: say::judge,
    },
    SceneAction {
        spec: &acts::WAIT_SPEC,
        offered: always,
        judge: acts::wait,
    },
    SceneAction {
        spec: &acts::HESITATE_SPEC,
        offered: always,
        judge: acts::hesitate,
    },
    SceneAction {
        spec: &acts::REFUSE_SPEC,
        offered: asked,
        judge: acts::refuse,
    },
    SceneAction {
        spec: &acts::WITHHOLD_SPEC,
        offered: asked,
        judge: acts::withhold,
    },
    SceneAction {
        spec: &acts::MOVE_SPEC,
        offered: always,
        judge: acts::move_to,
    },
    SceneAction {
        spec: &acts::USE_SPEC,
        offered: holds_things,
        judge: acts::use_thing,
    },
];

/// The scene action `name` names, if it is one: a channel never dispatched, never promoted
/// to a reflex, never indexed as a situation's evidence.
pub fn lookup(name: &str) -> Option<&'static SceneAction> {
    ACTIONS.iter().find(|a| a.spec.answers_to(name))
}

/// Whether `tool` names a scene action (`say` among them).
pub fn is_scene_action(tool: &str) -> bool {
    lookup(tool).is_some()
}

/// Every scene action's spec, `say` first (for a harness that builds a grammar by name).
pub fn specs() -> impl Iterator<Item = &'static ToolSpec> {
    ACTIONS.iter().map(|a| a.spec)
}

impl SceneAction {
    /// Judges `action` (a call of this scene action) against the stage it was taken on: the
    /// outcome the creature sees, and the deed the cast applies and records. Where there is no
    /// scene (no stage, or off stage) it fails, as a tool the creature does not have.
    pub fn judge(&self, action: &Action, stage: Option<&Stage>) -> (Outcome, Deed) {
        let on_stage = stage.filter(|s| s.arena == Arena::Scene);
        let nowhere = Stage::default();
        let (act, verdict) = (self.judge)(action, on_stage.unwrap_or(&nowhere));
        let verdict = match on_stage {
            Some(_) => verdict,
            None => Err((FailKind::Locked, "there is no scene here".to_string())),
        };
        match verdict {
            Ok(told) => (Outcome::ok(told.clone()), Deed::done(act, &told)),
            Err((kind, why)) => (Outcome::fail(kind, why.clone()), Deed::failed(act, &why)),
        }
    }
}

/// The scene actions a turn on this stage is offered, in the order the grammar lists them:
/// `say` with someone to speak to; `wait`, `hesitate` and `move` on stage; `use` when the
/// scene holds things; `refuse` and `withhold` only in a reaction (someone asked something).
/// Off stage, none.
pub fn offered(stage: &Stage) -> Vec<&'static ToolSpec> {
    if stage.arena != Arena::Scene {
        return Vec::new();
    }
    ACTIONS
        .iter()
        .filter(|a| (a.offered)(stage))
        .map(|a| a.spec)
        .collect()
}

/// Model-written text made safe to show in a scene line, a prompt or a table: [`flat`], with
/// double quotes made single ones (the lines quote it).
pub fn clean(text: &str, max: usize) -> String {
    flat(&text.replace('"', "'"), max)
}

/// Text on one line, safe for a terminal: control characters and runs of whitespace become
/// one space, and at most `max` characters are kept, with `…` at a cut.
pub fn flat(text: &str, max: usize) -> String {
    let spaced: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let flat = spaced.split_whitespace().collect::<Vec<_>>().join(" ");
    if flat.chars().count() <= max {
        return flat;
    }
    let cut: String = flat.chars().take(max.saturating_sub(1)).collect();
    format!("{}…", cut.trim_end())
}

#[cfg(test)]
mod tests;
