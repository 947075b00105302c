//! The notebook tools (note_append, note_read, note_list, note_close): the creature's
//! proto-memory, kept in the store.

use crate::base::clock::Millis;
use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::creature::notebooks::{self, MAX_NOTEBOOKS, Notebook, valid_name};

use crate::creature::{Action, FailKind, Outcome};

fn notebook_arg(action: &Action) -> std::result::Result<String, Outcome> {
    let name = action
        .str_arg("notebook")
        .unwrap_or_default()
        .trim()
        .to_lowercase();
    if !valid_name(&name) {
        return Err(Outcome::fail(
            FailKind::InvalidArgs,
            "a notebook name is 1-40 letters, digits, spaces, - or _",
        ));
    }
    Ok(name)
}

/// Runs one notebook tool inside the turn's transaction.
pub fn run(action: &Action, tx: &mut Tx<'_>, now: Millis) -> Result<Outcome> {
    if action.tool == "note_list" {
        let books: Vec<(String, Notebook)> = tx.all()?;
        if books.is_empty() {
            return Ok(Outcome::ok("no notebooks yet"));
        }
        let lines: Vec<String> = books
            .iter()
            .map(|(name, b)| {
                format!(
                    "{name}: {} open, {} done",
                    b.open_count(),
                    b.notes.len() - b.open_count()
                )
            })
            .collect();
        return Ok(Outcome::ok(lines.join("\n")));
    }
    let name = match notebook_arg(action) {
        Ok(name) => name,
        Err(outcome) => return Ok(outcome),
    };
    let existing = tx.get::<Notebook>(&name)?;
    match action.tool.as_str() {
        "note_read" => Ok(match existing {
            Some(book) => Outcome::ok(book.render()),
            None => Outcome::fail(
                FailKind::NotFound,
                format!("there is no notebook called {name}"),
            ),
        }),
        "note_append" => {
            let text = action.str_arg("text").unwrap_or_default();
            if text.trim().is_empty() {
                return Ok(Outcome::fail(FailKind::InvalidArgs, "the note is empty"));
            }
            if existing.is_none() && tx.count::<Notebook>()? as usize >= MAX_NOTEBOOKS {
                return Ok(Outcome::fail(
                    FailKind::TooLarge,
                    format!("you already keep {MAX_NOTEBOOKS} notebooks"),
                ));
            }
            let mut book = notebooks::load(tx, &name)?;
            let n = book.append(text, now);
            notebooks::save(tx, &book)?;
            Ok(Outcome::ok(format!("noted as {name} {n}")))
        }
        "note_close" => {
            let Some(mut book) = existing else {
                return Ok(Outcome::fail(
                    FailKind::NotFound,
                    format!("there is no notebook called {name}"),
                ));
            };
            let n = action
                .args
                .get("number")
                .and_then(|v| v.as_u64())
                .unwrap_or(0) as u32;
            match book.close(n) {
                None => Ok(Outcome::fail(
                    FailKind::NotFound,
                    format!("{name} has no note {n}"),
                )),
                Some(false) => Ok(Outcome::ok(format!("{name} {n} was already done"))),
                Some(true) => {
                    notebooks::save(tx, &book)?;
                    Ok(Outcome::ok(format!("{name} {n} done")))
                }
            }
        }
        other => Ok(Outcome::fail(
            FailKind::Internal,
            format!("{other} is not a notebook tool"),
        )),
    }
}
