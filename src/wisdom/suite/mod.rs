//! The commission suite: a house and a stream of the keeper's errands about it, drawn from a
//! seed, each with a check in the keeper's vocabulary (`creature::check`), so the keeper's work
//! can be measured on names, paths, values and wordings nobody tuned for
//! (`scripts/commission_suite.sh`, `exam_battery/commissions/README.md`).
//!
//! A suite is [`generate`]d from a seed, a half of the wordings ([`Half`]) and a count: the
//! kinds come round in rounds, each round every kind once in a seeded order, so both halves of a
//! stream hold every kind alike. Each errand draws what it is about fresh (a file of values, a
//! note, a list, a folder), so no two errands share an answer, and no answer appears in any
//! errand's words. A `recall` errand asks about a file of values an earlier `value` errand was
//! about, and names it to be taken away before it is given ([`Errand::gone`]).

pub mod draw;
pub mod pools;
pub mod summary;
pub mod wordings;

use std::path::Path;

use serde::Serialize;

use crate::base::exit::{Error, Result};
pub use wordings::Half;

/// One errand of a suite.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Errand {
    /// Its kind (`value`, `write`, …: the names in the wordings file).
    pub kind: String,
    /// What the keeper says.
    pub text: String,
    /// How wis knows it is done, as `wis commission add --check` takes it.
    pub check: String,
    /// A workspace path the keeper takes away just before giving it (a `recall` errand's file).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gone: Option<String>,
}

/// A generated suite: its house and its errands.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Suite {
    pub seed: u64,
    pub half: Half,
    /// The house's files (path, content), paths relative to the workspace.
    pub files: Vec<(String, String)>,
    /// Folders of the house with no file in them.
    pub dirs: Vec<String>,
    pub errands: Vec<Errand>,
}

/// Most errands one suite draws: every seed's names and values give at least this many (a test
/// draws thirty seeds of each half), and a count past what a seed gives is refused.
pub const MAX_ERRANDS: usize = 100;

/// Draws a suite of `n` errands from `seed`, worded from `half`.
pub fn generate(seed: u64, half: Half, n: usize) -> Result<Suite> {
    if n == 0 || n > MAX_ERRANDS {
        return Err(Error::usage(format!(
            "a suite has 1 to {MAX_ERRANDS} errands; {n} asked"
        )));
    }
    let suite = draw::draw(seed, half, n, &wordings::shipped());
    if suite.errands.len() < n {
        return Err(Error::usage(format!(
            "seed {seed} draws only {} errands before its names and values run out; {n} asked",
            suite.errands.len()
        )));
    }
    Ok(suite)
}

impl Suite {
    /// The errands as a commissions file: one `KIND: TEXT | CHECK` a line, a recall's
    /// `| gone PATH` after its check (what `scripts/commission_suite.sh` reads).
    pub fn commissions_file(&self) -> String {
        let mut out = format!(
            "# wis suite generate --seed {} --half {} --count {}\n\
             # each line: KIND: TEXT | CHECK [| gone PATH]\n",
            self.seed,
            match self.half {
                Half::Tune => "tune",
                Half::Test => "test",
                Half::All => "all",
            },
            self.errands.len()
        );
        for e in &self.errands {
            out.push_str(&format!("{}: {} | {}", e.kind, e.text, e.check));
            if let Some(gone) = &e.gone {
                out.push_str(&format!(" | gone {gone}"));
            }
            out.push('\n');
        }
        out
    }

    /// Writes the house under `dir/house/` and the errands to `dir/commissions.txt`. `dir` must
    /// not hold a house already (64: give an empty directory).
    pub fn write(&self, dir: &Path) -> Result<()> {
        let house = dir.join("house");
        if house.exists() {
            return Err(
                Error::usage(format!("{} holds a house already", house.display()))
                    .hint("give an empty or new directory"),
            );
        }
        let io = |e: std::io::Error, what: &Path| {
            Error::io(format!("cannot write {}: {e}", what.display()))
        };
        for d in &self.dirs {
            let p = house.join(d);
            std::fs::create_dir_all(&p).map_err(|e| io(e, &p))?;
        }
        for (path, content) in &self.files {
            let p = house.join(path);
            if let Some(parent) = p.parent() {
                std::fs::create_dir_all(parent).map_err(|e| io(e, parent))?;
            }
            std::fs::write(&p, content).map_err(|e| io(e, &p))?;
        }
        std::fs::create_dir_all(&house).map_err(|e| io(e, &house))?;
        let list = dir.join("commissions.txt");
        std::fs::write(&list, self.commissions_file()).map_err(|e| io(e, &list))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests;
