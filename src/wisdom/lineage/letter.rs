//! The operator's letter to a newborn: a small TOML file of nuggets, each a kind and a text,
//! imported beside the heirloom volumes as memories the creature was told (`told`, not
//! `inherited`). Strict like the volumes: unknown keys, a kind that is not one of guardrail,
//! procedure, fact or scar, an empty or over-long text, or more than [`MAX_NUGGETS`] nuggets
//! are refused as bad data (65) naming the file.
//!
//! ```toml
//! from = "the operator"          # optional: who wrote it
//!
//! [[nugget]]
//! kind = "fact"
//! text = "Backups run at 04:00; the disk is busy then."
//! ```

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::format::{ItemKind, MAX_TEXT_CHARS};
use crate::base::exit::{Error, Result};

/// The most nuggets a letter holds.
pub const MAX_NUGGETS: usize = 256;
/// The largest letter file read, in bytes.
pub const MAX_LETTER_BYTES: u64 = 1024 * 1024;

/// A letter.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Letter {
    #[serde(default)]
    pub from: Option<String>,
    #[serde(default)]
    pub nugget: Vec<Nugget>,
}

/// One thing the operator tells the newborn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Nugget {
    pub kind: ItemKind,
    pub text: String,
}

/// Reads and checks the letter at `path`.
pub fn read(path: &Path) -> Result<Letter> {
    let shown = path.display();
    let meta = std::fs::metadata(path).map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            Error::no_input(format!("there is no letter {shown}"))
        } else {
            Error::io_at(path, e)
        }
    })?;
    if meta.len() > MAX_LETTER_BYTES {
        return Err(Error::data(format!(
            "letter {shown} is over {MAX_LETTER_BYTES} bytes"
        )));
    }
    let text = std::fs::read_to_string(path).map_err(|e| Error::io_at(path, e))?;
    parse(&text).map_err(|e| e.context(format!("letter {shown}")))
}

/// Parses and checks a letter's text.
pub fn parse(text: &str) -> Result<Letter> {
    let letter: Letter = toml::from_str(text).map_err(|e| {
        Error::data(e.to_string().trim().replace('\n', " "))
            .hint("a letter is `from = \"…\"` and [[nugget]] tables of kind and text")
    })?;
    if letter.nugget.len() > MAX_NUGGETS {
        return Err(Error::data(format!(
            "{} nuggets; a letter holds at most {MAX_NUGGETS}",
            letter.nugget.len()
        )));
    }
    for (n, nugget) in letter.nugget.iter().enumerate() {
        let chars = nugget.text.chars().count();
        if nugget.text.trim().is_empty() || chars > MAX_TEXT_CHARS {
            return Err(Error::data(format!(
                "nugget {}: a text has 1 to {MAX_TEXT_CHARS} characters",
                n + 1
            )));
        }
        if nugget.kind == ItemKind::Reflex {
            return Err(Error::data(format!(
                "nugget {}: a reflex cannot be told; a body earns it",
                n + 1
            )));
        }
    }
    Ok(letter)
}
