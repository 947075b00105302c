//! The memory tools: `memorize` writes an experienced engram on purpose, `recall` searches the
//! active engrams by similarity. Both go through [`crate::memory::Memory`], inside the turn's
//! transaction.

use crate::base::clock::Millis;
use crate::base::config::Config;
use crate::base::exit::Result;
use crate::base::store::Tx;
use crate::memory::{Filter, Kind, Memory, NewEngram, Provenance};

use crate::creature::{Action, FailKind, Outcome, cut_middle};

/// Engrams `recall` returns.
pub const RECALL_K: usize = 5;

/// The kinds the creature may choose for `memorize`.
const KINDS: [Kind; 4] = [Kind::Fact, Kind::Procedure, Kind::Strategy, Kind::Musing];

/// Runs `memorize` or `recall`.
pub fn run(
    action: &Action,
    tx: &mut Tx<'_>,
    config: &Config,
    tick: u64,
    now: Millis,
) -> Result<Outcome> {
    let memory = match Memory::from_config(&config.embed) {
        Ok(m) => m,
        Err(e) => return refusal(e),
    };
    if action.tool == "recall" {
        let query = action.str_arg("query").unwrap_or_default().trim();
        if query.is_empty() {
            return Ok(Outcome::fail(FailKind::InvalidArgs, "say what to look for"));
        }
        let found = match memory.recall(tx, query, &Filter::active(), RECALL_K) {
            Ok(found) => found,
            Err(e) => return refusal(e),
        };
        if found.hits.is_empty() {
            return Ok(Outcome::ok("nothing like that is in memory"));
        }
        let lines: Vec<String> = found
            .hits
            .iter()
            .map(|h| {
                let body = cut_middle(&h.engram.body.replace('\n', " "), 300);
                format!("{} ({:.2}, {}): {body}", h.id, h.sim, h.engram.kind)
            })
            .collect();
        return Ok(Outcome::ok(lines.join("\n")));
    }
    let text = action.str_arg("text").unwrap_or_default().trim();
    if text.is_empty() {
        return Ok(Outcome::fail(
            FailKind::InvalidArgs,
            "there is nothing to remember",
        ));
    }
    let kind = match action.str_arg("kind").map(|k| k.trim().to_lowercase()) {
        None => Kind::Fact,
        Some(k) if k.is_empty() => Kind::Fact,
        Some(k) => match KINDS.iter().find(|c| c.as_str() == k) {
            Some(kind) => *kind,
            None => {
                let msg = format!("kind is one of fact, procedure, strategy, musing; not {k:?}");
                return Ok(Outcome::fail(FailKind::InvalidArgs, msg));
            }
        },
    };
    let new = NewEngram::new(kind, text, Provenance::Experienced).source(format!("tick:{tick}"));
    match memory.remember(tx, new, now) {
        Ok(id) => Ok(Outcome::ok(format!("kept as {id} ({kind})"))),
        Err(e) => refusal(e),
    }
}

/// A memory error as the creature meets it: too much, or an embedder that does not answer.
/// A failing store is the platform's fault and stays an error.
fn refusal(e: crate::base::exit::Error) -> Result<Outcome> {
    use crate::base::exit::Kind as K;
    match e.kind {
        K::Data => Ok(Outcome::fail(FailKind::TooLarge, e.message)),
        K::Unavailable | K::Config => Ok(Outcome::fail(FailKind::Unreachable, e.message)),
        _ => Err(e),
    }
}
