//! The objective tools: objective_add, objective_done, objective_block, objective_list.
//!
//! `objective_done` is the single writer of the persona's `goals_completed`: the count moves
//! only when an open objective is marked done, in the same transaction.

use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::creature::Persona;
use crate::creature::objectives::{MAX_OPEN, ObjectiveState, Objectives};

use crate::creature::{Action, FailKind, Outcome};

/// Runs one objective tool inside the turn's transaction.
pub fn run(action: &Action, tx: &mut Tx<'_>, tick: u64) -> Result<Outcome> {
    let (mut book, _) = tx.singleton_or_default::<Objectives>()?;
    if action.tool == "objective_list" {
        let lines: Vec<String> = book.items.iter().map(|o| o.line()).collect();
        return Ok(Outcome::ok(if lines.is_empty() {
            "no objectives yet".to_string()
        } else {
            lines.join("\n")
        }));
    }
    if action.tool == "objective_add" {
        let text = action.str_arg("text").unwrap_or_default().trim();
        if text.is_empty() {
            return Ok(Outcome::fail(
                FailKind::InvalidArgs,
                "the objective is empty",
            ));
        }
        if book.open_count() >= MAX_OPEN {
            let msg = format!("{MAX_OPEN} objectives are already open");
            return Ok(Outcome::fail(FailKind::TooLarge, msg));
        }
        let id = book.add(text, tick);
        let active = book.active().is_some_and(|o| o.id == id);
        tx.set(&book)?;
        let note = if active { "; it is the active one" } else { "" };
        return Ok(Outcome::ok(format!("objective {id} set{note}")));
    }
    let id = action.args.get("id").and_then(|v| v.as_u64()).unwrap_or(0) as u32;
    let Some(objective) = book.get_mut(id) else {
        let msg = format!("there is no objective {id}");
        return Ok(Outcome::fail(FailKind::NotFound, msg));
    };
    if objective.state != ObjectiveState::Open {
        let msg = format!("objective {id} is not open ({})", objective.line());
        return Ok(Outcome::fail(FailKind::InvalidArgs, msg));
    }
    let outcome = match action.tool.as_str() {
        "objective_done" => {
            objective.state = ObjectiveState::Done;
            objective.closed_tick = Some(tick);
            let mut persona: Persona = tx.singleton()?;
            persona.goals_completed += 1;
            tx.set(&persona)?;
            Outcome::ok(format!("objective {id} is done"))
        }
        "objective_block" => {
            let why = action.str_arg("why").unwrap_or_default().trim();
            if why.is_empty() {
                return Ok(Outcome::fail(
                    FailKind::InvalidArgs,
                    "say in `why` what blocks it",
                ));
            }
            objective.state = ObjectiveState::Blocked;
            objective.closed_tick = Some(tick);
            objective.why = Some(why.chars().take(200).collect());
            Outcome::ok(format!("objective {id} is blocked"))
        }
        other => {
            let msg = format!("{other} is not an objective tool");
            return Ok(Outcome::fail(FailKind::Internal, msg));
        }
    };
    tx.set(&book)?;
    Ok(outcome)
}
