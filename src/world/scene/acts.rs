//! The scene actions beyond speech: `wait` and `hesitate` (the turn passes, and the cast gives
//! a shorter rest), `refuse` and `withhold` (an answer to what was asked, with a reason),
//! `move` (to another place in the scene) and `use` (one of the scene's things). Each is
//! judged here against the stage, purely, into a [`Deed`]: what the creature is told, what the
//! cast applies (a place, a rest) and records (the receipt), and the line the others see.

use serde::{Deserialize, Serialize};

use crate::creature::tool::{ArgSpec, ArgType, ToolSpec};
use crate::creature::{Action, FailKind};

use super::{SAY, Stage, clean};

/// Most characters of a place's name.
pub const PLACE_MAX_CHARS: usize = 40;
/// Most characters of a refusal's or a withholding's reason.
pub const REASON_MAX_CHARS: usize = 200;
/// Most characters of a participant's or an object's name as a deed records it.
pub const NAME_MAX_CHARS: usize = 64;
/// Most characters of a scene object's name.
pub const OBJECT_NAME_MAX_CHARS: usize = 32;
/// Most characters of a scene object's description.
pub const OBJECT_ABOUT_MAX_CHARS: usize = 160;
/// Most things a scene holds.
pub const OBJECTS_MAX: usize = 16;
/// Most characters of a deed's outcome.
pub const OUTCOME_MAX_CHARS: usize = 300;
/// Most characters of what was asked, quoted in a refusal's scene line.
const ASKED_SHOWN_CHARS: usize = 80;
/// The name of the place where the scene starts everyone.
pub const HERE: &str = "here";

pub const WAIT: &str = "wait";
pub const HESITATE: &str = "hesitate";
pub const REFUSE: &str = "refuse";
pub const WITHHOLD: &str = "withhold";
pub const MOVE: &str = "move";
pub const USE: &str = "use";

pub static WAIT_SPEC: ToolSpec = ToolSpec::new(WAIT, &[], "let this turn pass and wait");
pub static HESITATE_SPEC: ToolSpec =
    ToolSpec::new(HESITATE, &[], "hold back from acting this turn");
pub static REFUSE_SPEC: ToolSpec = ToolSpec::new(
    REFUSE,
    &[ArgSpec::required(
        "reason",
        ArgType::String,
        "why you refuse",
    )],
    "refuse what you were asked",
);
pub static WITHHOLD_SPEC: ToolSpec = ToolSpec::new(
    WITHHOLD,
    &[ArgSpec::required(
        "reason",
        ArgType::String,
        "why you keep it back",
    )],
    "keep back what you were asked for",
);
pub static MOVE_SPEC: ToolSpec = ToolSpec::new(
    MOVE,
    &[ArgSpec::required(
        "to",
        ArgType::String,
        "the place to go to",
    )],
    "go to another place in the scene",
);
pub static USE_SPEC: ToolSpec = ToolSpec::new(
    USE,
    &[ArgSpec::required(
        "object",
        ArgType::String,
        "the thing, by name",
    )],
    "use one of the things here",
);

/// Whether `tool` names one of these scene actions (not `say`).
pub fn is_act(tool: &str) -> bool {
    super::lookup(tool).is_some_and(|a| a.spec.name != SAY)
}

/// A thing in the scene that `use` acts on (`[[object]]` in `cast.toml`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SceneObject {
    /// What a participant calls it: letters, digits, spaces, `-`, `_` and `'`.
    pub name: String,
    /// One line shown beside its name in the scene.
    pub description: String,
}

impl SceneObject {
    /// Whether the object can be shown and named safely; the error says what is wrong.
    pub fn check(&self) -> Result<(), String> {
        let n = &self.name;
        if n.is_empty() || n.trim() != n || n.chars().count() > OBJECT_NAME_MAX_CHARS {
            return Err(format!(
                "object name {n:?} must be 1 to {OBJECT_NAME_MAX_CHARS} characters, with no \
                 space at either end"
            ));
        }
        if !n
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_' | '\''))
        {
            return Err(format!(
                "object name {n:?} may hold only letters, digits, spaces, '-', '_' and \"'\""
            ));
        }
        let d = &self.description;
        if d.trim().is_empty()
            || d.chars().count() > OBJECT_ABOUT_MAX_CHARS
            || d.chars().any(char::is_control)
        {
            return Err(format!(
                "the description of {n:?} must be one line of 1 to {OBJECT_ABOUT_MAX_CHARS} \
                 characters"
            ));
        }
        Ok(())
    }
}

/// Checks a scene's things: each one, their number, and no name twice (in any case).
pub fn check_objects(objects: &[SceneObject]) -> Result<(), String> {
    if objects.len() > OBJECTS_MAX {
        return Err(format!(
            "{} objects; a scene holds at most {OBJECTS_MAX}",
            objects.len()
        ));
    }
    for (i, o) in objects.iter().enumerate() {
        o.check()?;
        if objects[..i]
            .iter()
            .any(|p| p.name.eq_ignore_ascii_case(&o.name))
        {
            return Err(format!("object {:?} is named twice", o.name));
        }
    }
    Ok(())
}

/// A scene action as taken: what a participant did, or tried to do, on stage.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SceneAct {
    /// Spoke to one of the others.
    Say { to: String, text: String },
    /// Let the turn pass.
    Wait,
    /// Held back from acting.
    Hesitate,
    /// Refused what `from` asked (`asked`), saying why.
    Refuse {
        from: String,
        asked: String,
        reason: String,
    },
    /// Kept back what `from` asked for (`asked`), saying why.
    Withhold {
        from: String,
        asked: String,
        reason: String,
    },
    /// Went from one place of the scene to another (`None`: here).
    Move {
        from: Option<String>,
        to: Option<String>,
    },
    /// Used one of the scene's things.
    Use { object: String },
}

impl SceneAct {
    pub fn name(&self) -> &'static str {
        match self {
            SceneAct::Say { .. } => SAY,
            SceneAct::Wait => WAIT,
            SceneAct::Hesitate => HESITATE,
            SceneAct::Refuse { .. } => REFUSE,
            SceneAct::Withhold { .. } => WITHHOLD,
            SceneAct::Move { .. } => MOVE,
            SceneAct::Use { .. } => USE,
        }
    }

    /// Whether the turn was let pass (`wait`, `hesitate`): its rest is the shorter one.
    pub fn passes(&self) -> bool {
        matches!(self, SceneAct::Wait | SceneAct::Hesitate)
    }
}

/// A judged scene action: the cast's receipt of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deed {
    pub act: SceneAct,
    /// Whether it happened; a failed deed (an unknown thing used) changes nothing.
    pub ok: bool,
    /// What the creature was told: the outcome, or why it failed.
    pub outcome: String,
}

impl Deed {
    pub fn done(act: SceneAct, outcome: &str) -> Deed {
        Deed {
            act,
            ok: true,
            outcome: clean(outcome, OUTCOME_MAX_CHARS),
        }
    }

    pub fn failed(act: SceneAct, why: &str) -> Deed {
        Deed {
            act,
            ok: false,
            outcome: clean(why, OUTCOME_MAX_CHARS),
        }
    }

    /// The line the others see, in words; every model-written part is cleaned and bounded.
    pub fn line(&self, actor: &str) -> String {
        let q = |text: &str, max: usize| format!("\"{}\"", clean(text, max));
        let at = |place: &Option<String>| place.clone().unwrap_or_else(|| HERE.to_string());
        if !self.ok {
            let tried = match &self.act {
                SceneAct::Say { to, .. } => format!("speak to {}", q(to, NAME_MAX_CHARS)),
                SceneAct::Move { to, .. } => format!("move to {}", q(&at(to), PLACE_MAX_CHARS)),
                SceneAct::Use { object } => format!("use {}", q(object, NAME_MAX_CHARS)),
                other => other.name().to_string(),
            };
            return format!("{actor} tries to {tried} but cannot: {}", self.outcome);
        }
        match &self.act {
            SceneAct::Say { to, text } => {
                format!("{actor} to {to}: {}", q(text, super::SAY_MAX_CHARS))
            }
            SceneAct::Wait => format!("{actor} waits"),
            SceneAct::Hesitate => format!("{actor} hesitates"),
            SceneAct::Refuse {
                from,
                asked,
                reason,
            } => format!(
                "{actor} refuses what {from} asked ({}) because {}",
                q(asked, ASKED_SHOWN_CHARS),
                q(reason, REASON_MAX_CHARS)
            ),
            SceneAct::Withhold {
                from,
                asked,
                reason,
            } => format!(
                "{actor} withholds what {from} asked for ({}) because {}",
                q(asked, ASKED_SHOWN_CHARS),
                q(reason, REASON_MAX_CHARS)
            ),
            SceneAct::Move { from, to } => match (from, to) {
                (None, Some(to)) => format!("{actor} moves to {to}"),
                (Some(from), Some(to)) => format!("{actor} moves from {from} to {to}"),
                (Some(from), None) => format!("{actor} comes back {HERE} from {from}"),
                (None, None) => format!("{actor} stays {HERE}"),
            },
            SceneAct::Use { object } => format!("{actor} uses the {object}"),
        }
    }
}

/// The main argument of one of these actions, as a stream shows it after the action's name
/// (move `the door`, use `lamp`); `None` for `wait` and `hesitate`.
pub fn main_arg(action: &Action, max_chars: usize) -> Option<String> {
    ["to", "object", "reason"]
        .iter()
        .find_map(|k| action.str_arg(k))
        .map(|s| clean(s, max_chars))
        .filter(|s| !s.is_empty())
}

/// What a judge finds: the act as taken, and what the creature is told (or why it failed).
pub(super) type Verdict = (SceneAct, Result<String, (FailKind, String)>);

/// A place as a participant names it: cleaned, at most [`PLACE_MAX_CHARS`]; `here` (or
/// nothing) is the place where the scene starts everyone, `None`.
fn place(text: &str) -> Option<String> {
    let p = clean(text, PLACE_MAX_CHARS);
    (!p.is_empty() && !p.eq_ignore_ascii_case(HERE)).then_some(p)
}

pub(super) fn wait(_: &Action, _: &Stage) -> Verdict {
    (SceneAct::Wait, Ok("you wait; the turn passes".into()))
}

pub(super) fn hesitate(_: &Action, _: &Stage) -> Verdict {
    (
        SceneAct::Hesitate,
        Ok("you hesitate; the turn passes".into()),
    )
}

pub(super) fn refuse(action: &Action, stage: &Stage) -> Verdict {
    let (from, asked, reason) = answer(action, stage);
    let told = format!("you refuse what {from} asked: {reason}");
    let verdict = answered(stage, &reason, told);
    (
        SceneAct::Refuse {
            from,
            asked,
            reason,
        },
        verdict,
    )
}

pub(super) fn withhold(action: &Action, stage: &Stage) -> Verdict {
    let (from, asked, reason) = answer(action, stage);
    let told = format!("you keep back what {from} asked for: {reason}");
    let verdict = answered(stage, &reason, told);
    (
        SceneAct::Withhold {
            from,
            asked,
            reason,
        },
        verdict,
    )
}

/// Who asked, what, and the reason given (cleaned and bounded).
fn answer(action: &Action, stage: &Stage) -> (String, String, String) {
    let reason = clean(
        action.str_arg("reason").unwrap_or_default(),
        REASON_MAX_CHARS,
    );
    match &stage.reaction {
        Some(a) => (a.from.clone(), clean(&a.text, super::SAY_MAX_CHARS), reason),
        None => (String::new(), String::new(), reason),
    }
}

/// A refusal or a withholding answers an open window, and says why.
fn answered(stage: &Stage, reason: &str, told: String) -> Result<String, (FailKind, String)> {
    if stage.reaction.is_none() {
        return Err((FailKind::Locked, "no one has asked you anything".into()));
    }
    if reason.is_empty() {
        return Err((FailKind::InvalidArgs, "say why, in \"reason\"".into()));
    }
    Ok(told)
}

pub(super) fn move_to(action: &Action, stage: &Stage) -> Verdict {
    let given = action.str_arg("to").unwrap_or_default();
    let to = place(given);
    let from = stage.place.clone();
    let act = SceneAct::Move {
        from: from.clone(),
        to: to.clone(),
    };
    if given.trim().is_empty() {
        return (
            act,
            Err((FailKind::InvalidArgs, "name the place, in \"to\"".into())),
        );
    }
    let same = match (&from, &to) {
        (Some(a), Some(b)) => a.eq_ignore_ascii_case(b),
        (None, None) => true,
        _ => false,
    };
    if same {
        let at = to.unwrap_or_else(|| HERE.into());
        return (
            act,
            Err((FailKind::InvalidArgs, format!("you are already {at}"))),
        );
    }
    let told = match &to {
        Some(p) => format!("you move to {p}"),
        None => format!("you come back {HERE}"),
    };
    (act, Ok(told))
}

pub(super) fn use_thing(action: &Action, stage: &Stage) -> Verdict {
    let named = action.str_arg("object").unwrap_or_default().trim();
    let found = stage
        .objects
        .iter()
        .find(|o| o.name.eq_ignore_ascii_case(named));
    if let Some(o) = found {
        return (
            SceneAct::Use {
                object: o.name.clone(),
            },
            Ok(format!("you use the {} ({})", o.name, o.description)),
        );
    }
    let object = clean(named, NAME_MAX_CHARS);
    let here: Vec<&str> = stage.objects.iter().map(|o| o.name.as_str()).collect();
    let why = if here.is_empty() {
        format!("there is no {object:?} here, nor any thing to use")
    } else {
        format!(
            "there is no {object:?} here; the things here: {}",
            here.join(", ")
        )
    };
    (SceneAct::Use { object }, Err((FailKind::NotFound, why)))
}
