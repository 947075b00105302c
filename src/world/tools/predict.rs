//! `predict`: writes a prediction into the expectation ledger, with a check the world runs
//! after a number of turns (a shell command, or a stat condition). Only a well-formed
//! prediction enters the ledger; a call that fails leaves it as it was.

use super::{Run, Tool};
use crate::base::exit::Result;
use crate::base::store::Tx;
use crate::creature::criterion::Criterion;
use crate::creature::expectations::{self, Check, Expectation, MAX_OPEN, MAX_WITHIN};
use crate::creature::tool::{ArgSpec, ArgType, ToolSpec};
use crate::creature::{Action, Effect, FailKind, Outcome};
use crate::world::dispatch::Body;

/// A stat condition as [`Criterion::parse`] reads it: a declared stat path, an operator and a
/// whole number (a test holds it to [`crate::creature::criterion::STATS`] and
/// [`crate::creature::criterion::Op::ALL`]). Measured on the 270M: with `stat` free, a life that
/// reached the predict quest wrote `live >= 2`, `two skills.live >= 2` and the like, refused
/// every time.
pub const STAT_PATTERN: &str = "^(sleeps|sleeps\\.consolidated|level|quests\\.passed|quests\\.failed|skills\\.live|expectations\\.recorded|expectations\\.held|objectives\\.completed|delegations\\.returned|commissions\\.confirmed) (>=|>|==|<=|<) [0-9]{1,3}$";

pub static TOOL: Tool = Tool {
    spec: ToolSpec {
        one_of: &["check", "stat"],
        ..ToolSpec::new(
            "predict",
            &[
                ArgSpec::required("claim", ArgType::String, "what you expect, in one sentence"),
                ArgSpec::optional(
                    "check",
                    ArgType::String,
                    "a shell command that exits 0 when the claim held",
                ),
                ArgSpec::optional(
                    "stat",
                    ArgType::String,
                    "or a stat condition instead, e.g. `skills.live >= 2`",
                )
                .matching(STAT_PATTERN),
                ArgSpec::required(
                    "within",
                    ArgType::Integer,
                    "after how many turns the world checks it (1-200)",
                ),
            ],
            "write down a prediction the world will check after a number of turns",
        )
    },
    run: Run::Store(run),
};

fn run(action: &Action, body: &Body<'_>, tx: &mut Tx<'_>) -> Result<Outcome> {
    let invalid = |m: String| Ok(Outcome::fail(FailKind::InvalidArgs, m));
    let claim = action.str_arg("claim").unwrap_or_default().trim();
    if claim.is_empty() {
        return invalid("say in `claim` what you expect".into());
    }
    let within = action
        .args
        .get("within")
        .and_then(|v| v.as_u64())
        .unwrap_or(0);
    if !(1..=MAX_WITHIN).contains(&within) {
        return invalid(format!(
            "`within` is a number of turns from 1 to {MAX_WITHIN}"
        ));
    }
    let command = action
        .str_arg("check")
        .map(str::trim)
        .filter(|c| !c.is_empty());
    let stat = action
        .str_arg("stat")
        .map(str::trim)
        .filter(|c| !c.is_empty());
    let check = match (command, stat) {
        (Some(c), None) if c.chars().count() <= 1000 => Check::Shell {
            command: c.to_string(),
        },
        (Some(_), None) => return invalid("the check is longer than 1000 characters".into()),
        (None, Some(s)) => match Criterion::parse(s) {
            Ok(criterion) => Check::Stat { criterion },
            Err(why) => return invalid(why),
        },
        _ => return invalid("give exactly one of `check` (a shell command) or `stat`".into()),
    };
    if expectations::open(tx)?.len() >= MAX_OPEN {
        let msg = format!("{MAX_OPEN} predictions are already waiting to be checked");
        return Ok(Outcome::fail(FailKind::TooLarge, msg));
    }
    let e = Expectation {
        tick: body.tick,
        at: body.now,
        claim: claim.chars().take(300).collect(),
        check,
        due_tick: body.tick + within,
        settled: None,
    };
    let seq = tx.push(&e)?;
    Ok(Outcome::ok(format!(
        "prediction #{seq} is in the ledger; the world checks it at tick {}",
        e.due_tick
    ))
    .with_effect(Effect::Created))
}
