//! `heirlooms`: the creature's inheritance as books on a shelf (design §4.6). With no
//! argument, the ancestors whose volumes it inherited from and how many of their items it
//! keeps; with an ancestor, that ancestor's items by title; with a title too (or an item's
//! number), the item itself: its kind, whether the creature has verified it yet, its words.
//! Read-only: it reads the inherited engrams and changes nothing.

use std::collections::BTreeMap;

use super::{Run, Tool};
use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::creature::tool::{ArgSpec, ArgType, ToolSpec};
use crate::creature::{Action, FailKind, Outcome, cut_middle};
use crate::memory::engram::HEIRLOOM_SOURCE;
use crate::memory::{Engram, EngramId, Provenance};
use crate::world::dispatch::Body;

/// Titles one shelf lists, at most.
pub const SHELF: usize = 30;
/// A title's length, in characters.
const TITLE: usize = 60;

pub static TOOL: Tool = Tool {
    spec: ToolSpec::new(
        "heirlooms",
        &[
            ArgSpec::optional(
                "ancestor",
                ArgType::String,
                "whose volume to open; leave it out for the list of ancestors",
            ),
            ArgSpec::optional(
                "title",
                ArgType::String,
                "an item's title (its first words) or number, to read it whole",
            ),
        ],
        "read what your ancestors left you, by ancestor and title",
    ),
    run: Run::Store(run),
};

fn run(action: &Action, _body: &Body<'_>, tx: &mut Tx<'_>) -> Result<Outcome> {
    let inherited: Vec<Engram> = tx
        .all::<Engram>()?
        .into_iter()
        .map(|(_, e)| e)
        .filter(|e| e.provenance == Provenance::Inherited)
        .collect();
    Ok(shelf(
        &inherited,
        action
            .str_arg("ancestor")
            .map(str::trim)
            .filter(|a| !a.is_empty()),
        action
            .str_arg("title")
            .map(str::trim)
            .filter(|t| !t.is_empty()),
    ))
}

/// The volumes an engram came through.
fn volumes(e: &Engram) -> impl Iterator<Item = &str> {
    e.sources
        .iter()
        .filter_map(|s| s.strip_prefix(HEIRLOOM_SOURCE))
}

/// An item's title: its first words.
pub fn title(e: &Engram) -> String {
    cut_middle(&e.body.replace('\n', " "), TITLE)
}

/// The answer over the inherited engrams.
pub fn shelf(inherited: &[Engram], ancestor: Option<&str>, title_arg: Option<&str>) -> Outcome {
    let Some(ancestor) = ancestor else {
        let mut by: BTreeMap<&str, usize> = BTreeMap::new();
        for e in inherited {
            for v in volumes(e) {
                *by.entry(v).or_default() += 1;
            }
        }
        if by.is_empty() {
            return Outcome::ok("you inherited nothing: no ancestor left you a volume");
        }
        let lines: Vec<String> = by.iter().map(|(v, n)| format!("{v}: {n} items")).collect();
        return Outcome::ok(format!(
            "Your ancestors' volumes:\n{}\nOpen one with heirlooms and its name as the ancestor.",
            lines.join("\n")
        ));
    };
    let items: Vec<&Engram> = inherited
        .iter()
        .filter(|e| volumes(e).any(|v| v.eq_ignore_ascii_case(ancestor)))
        .collect();
    if items.is_empty() {
        return Outcome::fail(
            FailKind::NotFound,
            format!("no ancestor called {ancestor} left you anything"),
        );
    }
    let Some(wanted) = title_arg else {
        let mut lines: Vec<String> = items
            .iter()
            .take(SHELF)
            .map(|e| format!("{} ({}): {}", e.id, e.kind, title(e)))
            .collect();
        if items.len() > SHELF {
            lines.push(format!("… and {} more", items.len() - SHELF));
        }
        return Outcome::ok(lines.join("\n"));
    };
    let lower = wanted.to_lowercase();
    let found = items.iter().find(|e| {
        EngramId::parse(wanted) == Some(e.id) || e.body.to_lowercase().starts_with(&lower)
    });
    let Some(e) = found else {
        return Outcome::fail(
            FailKind::NotFound,
            format!("{ancestor} left no item titled {wanted}"),
        );
    };
    let verified = if e.fate.verified_at.is_some() {
        "you have verified it"
    } else {
        "not verified by you yet: a rumour until it helps you"
    };
    Outcome::ok(format!(
        "{} ({}, strength {:.2}, {verified}), from {}:\n{}",
        e.id,
        e.kind,
        e.strength,
        volumes(e).collect::<Vec<_>>().join(", "),
        e.body
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::engram::VectorMeta;
    use crate::memory::{Fate, Kind, Tier, Utility};

    fn inherited(id: u64, body: &str, from: &[&str]) -> Engram {
        Engram {
            id: EngramId(id),
            kind: Kind::Strategy,
            body: body.into(),
            strength: 0.45,
            confidence: crate::memory::engram::CONFIDENCE_START,
            provenance: Provenance::Inherited,
            utility: Utility::default(),
            tier: Tier::Active,
            sources: from
                .iter()
                .map(|v| format!("{HEIRLOOM_SOURCE}{v}"))
                .collect(),
            created: 0,
            updated: 0,
            vector: VectorMeta {
                backend: "hash".into(),
                model: "ngram-v2".into(),
                dim: 8,
                text_sha256: String::new(),
                embedded_at: 0,
                qdrant: None,
            },
            fate: Fate::default(),
        }
    }

    #[test]
    fn the_shelf_lists_ancestors_then_titles_then_an_item() {
        assert!(shelf(&[], None, None).output.contains("inherited nothing"));
        let books = [
            inherited(
                3,
                "Read notes/pump.txt before guessing the port.",
                &["Ada-20260101"],
            ),
            inherited(4, "Check the disk first.", &["Ada-20260101", "Bo-20260102"]),
        ];
        let list = shelf(&books, None, None).output;
        assert!(list.contains("Ada-20260101: 2 items") && list.contains("Bo-20260102: 1 items"));
        let titles = shelf(&books, Some("bo-20260102"), None).output;
        assert_eq!(titles, "e4 (strategy): Check the disk first.");
        let item = shelf(&books, Some("Ada-20260101"), Some("read notes")).output;
        assert!(
            item.starts_with("e3 (strategy, strength 0.45, not verified"),
            "{item}"
        );
        assert!(
            shelf(&books, Some("Ada-20260101"), Some("e4"))
                .output
                .contains("disk")
        );
        assert_eq!(
            shelf(&books, Some("Cy"), None).fail_kind,
            FailKind::NotFound
        );
        assert!(!shelf(&books, Some("Ada-20260101"), Some("sing")).success);
    }
}
