//! Reading a reply as an [`Action`], or saying exactly why it cannot be read.
//!
//! Small models break JSON even under a grammar (a server that ignores the schema, a reply
//! cut at the token limit, prose around the object). Every reply ends as either a validated
//! action or a typed [`ParseFailure`] that keeps the raw text, bounded: never a panic, never a
//! silent drop. Validation uses the same [`ToolSpec`]s the action schema was built from, plus
//! the grammar-level `reply`; a name outside that list fails as `unknown_tool` whether the
//! tool is locked or does not exist, so the two are indistinguishable in the world.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::Reply;
use super::extract::{Found, find_object};
use super::schema::MAX_STRING_CHARS;
use crate::creature::tool::{ArgSpec, ArgType, ToolSpec};
use crate::creature::{Action, FailKind, Outcome, REPLY};

/// Most characters of the raw reply a failure keeps.
pub const RAW_KEEP_CHARS: usize = 2000;

/// Most characters of a failure's detail (it quotes names the model chose).
pub const DETAIL_MAX_CHARS: usize = 300;

/// Why a reply is not an action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ParseReason {
    /// Nothing, or only whitespace.
    Empty,
    /// No JSON object anywhere in the reply.
    NoJson,
    /// A JSON object starts but never ends (the reply was cut).
    Truncated,
    /// Something shaped like an object that is not valid JSON.
    InvalidJson,
    /// Valid JSON, but not `{"tool": NAME, "args": {...}}`.
    BadShape,
    /// A tool name outside the visible tools (unknown and locked alike).
    UnknownTool,
    /// Missing, extra or wrongly typed arguments.
    InvalidArgs,
}

impl ParseReason {
    pub const ALL: [ParseReason; 7] = [
        ParseReason::Empty,
        ParseReason::NoJson,
        ParseReason::Truncated,
        ParseReason::InvalidJson,
        ParseReason::BadShape,
        ParseReason::UnknownTool,
        ParseReason::InvalidArgs,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ParseReason::Empty => "empty",
            ParseReason::NoJson => "no_json",
            ParseReason::Truncated => "truncated",
            ParseReason::InvalidJson => "invalid_json",
            ParseReason::BadShape => "bad_shape",
            ParseReason::UnknownTool => "unknown_tool",
            ParseReason::InvalidArgs => "invalid_args",
        }
    }
}

impl std::fmt::Display for ParseReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A reply that could not be read as an action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ParseFailure {
    pub reason: ParseReason,
    /// One line for the creature and the ledger: what was wrong.
    pub detail: String,
    /// The reply as it came, at most [`RAW_KEEP_CHARS`] characters.
    pub raw: String,
}

impl ParseFailure {
    fn new(reason: ParseReason, detail: impl Into<String>, raw: &str) -> ParseFailure {
        let detail: String = detail.into();
        let detail = match detail.char_indices().nth(DETAIL_MAX_CHARS) {
            Some((at, _)) => format!("{}…", &detail[..at]),
            None => detail,
        };
        ParseFailure {
            reason,
            detail,
            raw: raw.chars().take(RAW_KEEP_CHARS).collect(),
        }
    }

    /// The adjudicated outcome of this reply: always `parse_error`, the reason and detail
    /// as its output.
    pub fn outcome(&self) -> Outcome {
        Outcome::fail(FailKind::ParseError, self.to_string())
    }
}

impl std::fmt::Display for ParseFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.reason, self.detail)
    }
}

impl std::error::Error for ParseFailure {}

/// Reads a model's reply; a reply cut at its limit that fails as malformed JSON is
/// reported as `truncated`.
pub fn parse_reply(reply: &Reply, tools: &[&ToolSpec]) -> Result<Action, ParseFailure> {
    parse_action(&reply.text, tools).map_err(|mut f| {
        if reply.truncated && f.reason == ParseReason::InvalidJson {
            f.reason = ParseReason::Truncated;
            f.detail = format!("the reply was cut at its limit ({})", f.detail);
        }
        f
    })
}

/// Reads `text` as one action over `tools` (plus `reply`).
pub fn parse_action(text: &str, tools: &[&ToolSpec]) -> Result<Action, ParseFailure> {
    if text.trim().is_empty() {
        return Err(ParseFailure::new(
            ParseReason::Empty,
            "the reply is empty",
            text,
        ));
    }
    let object = match find_object(text) {
        Found::Object(map) => map,
        Found::Nothing => {
            let detail = "no JSON object in the reply";
            return Err(ParseFailure::new(ParseReason::NoJson, detail, text));
        }
        Found::Unterminated => {
            let detail = "the JSON object never closes";
            return Err(ParseFailure::new(ParseReason::Truncated, detail, text));
        }
        Found::Invalid(why) => {
            let detail = format!("not valid JSON: {why}");
            return Err(ParseFailure::new(ParseReason::InvalidJson, detail, text));
        }
    };
    validate(object, tools).map_err(|(reason, detail)| ParseFailure::new(reason, detail, text))
}

/// Checks one JSON object against the action shape and the named tool's arguments.
fn validate(
    mut object: Map<String, Value>,
    tools: &[&ToolSpec],
) -> Result<Action, (ParseReason, String)> {
    let bad = |d: String| (ParseReason::BadShape, d);
    let tool = match object.remove("tool") {
        Some(Value::String(name)) => name,
        Some(other) => return Err(bad(format!("\"tool\" is {}, not a string", kind(&other)))),
        None => return Err(bad("no \"tool\" key".into())),
    };
    let args = object.remove("args");
    if let Some(extra) = object.keys().next() {
        return Err(bad(format!(
            "unexpected key {extra:?} beside \"tool\" and \"args\""
        )));
    }
    let (tool, specs): (String, &[ArgSpec]) = if tool == REPLY {
        (tool, REPLY_ARGS)
    } else {
        // An alias is read as the tool it names.
        match tools.iter().find(|t| t.answers_to(&tool)) {
            Some(spec) => (spec.name.to_string(), spec.args),
            None => return Err((ParseReason::UnknownTool, format!("no tool named {tool:?}"))),
        }
    };
    let args = match args {
        Some(Value::Object(map)) => map,
        Some(other) => {
            let detail = format!("\"args\" is {}, not an object", kind(&other));
            return Err((ParseReason::InvalidArgs, detail));
        }
        None => return Err((ParseReason::InvalidArgs, "\"args\" is missing".into())),
    };
    let args = check_args(&tool, args, specs).map_err(|d| (ParseReason::InvalidArgs, d))?;
    Ok(Action { tool, args })
}

/// The arguments of the grammar-level `reply`, as the action schema declares them.
const REPLY_ARGS: &[ArgSpec] = &[ArgSpec::required("text", ArgType::String, "what to say")];

/// Every problem with the arguments, joined; integral floats become integers.
fn check_args(
    tool: &str,
    mut args: Map<String, Value>,
    specs: &[ArgSpec],
) -> Result<Map<String, Value>, String> {
    let mut problems = Vec::new();
    for spec in specs {
        match args.get_mut(spec.name) {
            None if spec.required => problems.push(format!("missing {:?}", spec.name)),
            None => {}
            Some(value) => {
                if let Some(problem) = check_type(spec, value) {
                    problems.push(problem);
                }
            }
        }
    }
    for name in args.keys() {
        if !specs.iter().any(|s| s.name == name) {
            problems.push(format!("unexpected argument {name:?}"));
        }
    }
    if problems.is_empty() {
        Ok(args)
    } else {
        Err(format!("{tool}: {}", problems.join("; ")))
    }
}

fn check_type(spec: &ArgSpec, value: &mut Value) -> Option<String> {
    let name = spec.name;
    let ok = match spec.ty {
        ArgType::String => match value.as_str() {
            Some(s) if s.chars().count() as u64 > MAX_STRING_CHARS => {
                return Some(format!(
                    "{name:?} is longer than {MAX_STRING_CHARS} characters"
                ));
            }
            Some(_) => true,
            None => false,
        },
        ArgType::Boolean => value.is_boolean(),
        ArgType::Integer => {
            if let Some(f) = value.as_f64().filter(|_| value.is_f64())
                && f.fract() == 0.0
                && f.abs() < 9.0e15
            {
                *value = Value::from(f as i64);
            }
            value.is_i64() || value.is_u64()
        }
    };
    (!ok).then(|| {
        format!(
            "{name:?} should be {}, got {}",
            spec.ty.json_name(),
            kind(value)
        )
    })
}

/// The JSON kind of a value, for messages.
fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(n) if n.is_f64() => "a number",
        Value::Number(_) => "an integer",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}
