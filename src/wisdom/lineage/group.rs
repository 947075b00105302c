//! Scars of one pattern as one volume record (design §4.6). The living creature keeps each of
//! its scars (`In "<step>": read_file `a.txt` failed (not_found): …`, one per situation and
//! action), but nine failed reads of nine paths teach an heir one thing: what failed, how
//! often, and a few of them. At export the scars are grouped by [`pattern`] (the tool and how
//! it failed: `read_file failed (not_found)`; for the workspace's overwrite scars, the tool and
//! what it did: `write_file wrote over a file without reading it first`); a pattern held twice or more becomes one record
//! with its count and [`GROUP_EXAMPLES`] examples, the evidence summed and the provenance
//! joined, so no two scars of one pattern are in a volume.

use std::collections::BTreeMap;

use super::format::{
    Chain, Evidence, Group, ItemKind, MAX_LIST, MAX_TEXT_CHARS, Record, content_id,
};
use super::parts::{GROUP_EXAMPLES, clean};

/// The pattern of a scar's text: the tool and how it failed, as distillation writes them
/// (`In "<step>": <tool> <what> failed (<kind>): …`), or the tool and what it did, as the
/// workspace's history writes them (`At tick N I wrote over <path> (…, with <tool>) without
/// reading it first`); none for a scar of another form, which stays as it is.
pub fn pattern(text: &str) -> Option<String> {
    let ok = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if text.starts_with("At tick ") && text.contains(" without reading it first") {
        // The workspace's overwrite scar (`At tick 39 I wrote over a.txt (21 bytes, with
        // write_file) without reading it first. …`): what it did and with which tool.
        let did = if text.contains(" I deleted ") {
            "deleted"
        } else if text.contains(" I wrote over ") {
            "wrote over"
        } else {
            return None;
        };
        let (_, with) = text.split_once(", with ")?;
        let (tool, _) = with.split_once(')')?;
        return ok(tool).then(|| format!("{tool} {did} a file without reading it first"));
    }
    let rest = text.strip_prefix("In \"")?;
    let (_, after) = rest.split_once("\": ")?;
    let tool = after.split_whitespace().next()?;
    let (_, failed) = after.split_once(" failed (")?;
    let (kind, _) = failed.split_once(')')?;
    (ok(tool) && ok(kind)).then(|| format!("{tool} failed ({kind})"))
}

/// `records` with every scar pattern held twice or more as one record, in the place of its
/// first scar; other records as they were.
pub fn scars(records: Vec<Record>) -> Vec<Record> {
    let mut by_pattern: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (i, r) in records.iter().enumerate() {
        if r.kind == ItemKind::Scar
            && r.group.is_none()
            && let Some(p) = pattern(&r.text)
        {
            by_pattern.entry(p).or_default().push(i);
        }
    }
    let mut grouped: BTreeMap<usize, Record> = BTreeMap::new();
    let mut dropped = vec![false; records.len()];
    for (p, members) in by_pattern.into_iter().filter(|(_, m)| m.len() > 1) {
        let scars: Vec<&Record> = members.iter().map(|&i| &records[i]).collect();
        grouped.insert(members[0], group(&p, &scars));
        for &i in &members {
            dropped[i] = true;
        }
    }
    records
        .into_iter()
        .enumerate()
        .filter_map(|(i, r)| match grouped.remove(&i) {
            Some(g) => Some(g),
            None => (!dropped[i]).then_some(r),
        })
        .collect()
}

/// One record for the scars of pattern `p`: `read_file failed (not_found) 9 times, for
/// example: …`, the strongest examples first.
fn group(p: &str, scars: &[&Record]) -> Record {
    let mut ranked: Vec<&Record> = scars.to_vec();
    ranked.sort_by(|a, b| b.strength.total_cmp(&a.strength).then(a.id.cmp(&b.id)));
    let examples: Vec<String> = ranked
        .iter()
        .take(GROUP_EXAMPLES)
        .map(|r| clean(&r.text))
        .collect();
    let count = scars.len() as u64;
    let text: String = format!("{p} {count} times, for example: {}", examples.join(" | "))
        .chars()
        .take(MAX_TEXT_CHARS)
        .collect();
    let evidence = scars
        .iter()
        .fold(Evidence::default(), |sum, r| sum.plus(r.evidence));
    let mut episodes: Vec<String> = Vec::new();
    let mut volumes: Vec<String> = Vec::new();
    for r in scars {
        for e in &r.provenance.episodes {
            if episodes.len() < MAX_LIST && !episodes.contains(e) {
                episodes.push(e.clone());
            }
        }
        for v in &r.provenance.volumes {
            if volumes.len() < MAX_LIST && !volumes.contains(v) {
                volumes.push(v.clone());
            }
        }
    }
    let origin = if scars.iter().any(|r| r.provenance.origin == "experienced") {
        "experienced"
    } else {
        scars[0].provenance.origin.as_str()
    };
    Record {
        id: content_id(ItemKind::Scar, &text),
        kind: ItemKind::Scar,
        text,
        evidence,
        utility: scars.iter().map(|r| r.utility).sum(),
        replay_validated: scars.iter().any(|r| r.replay_validated),
        strength: ranked[0].strength,
        provenance: Chain {
            origin: origin.to_string(),
            episodes,
            volumes,
        },
        reflex: None,
        signature: None,
        world: Vec::new(),
        lesson: None,
        group: Some(Group {
            pattern: p.to_string(),
            count,
            examples,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wisdom::lineage::tests::record;

    #[test]
    fn a_scar_s_pattern_is_its_tool_and_how_it_failed() {
        assert_eq!(
            pattern("In \"find the port\": read_file `a.txt` failed (not_found): no such file")
                .as_deref(),
            Some("read_file failed (not_found)")
        );
        assert_eq!(
            pattern("In \"x\": bash `ls /nope` failed (nonzero_exit): ls: cannot").as_deref(),
            Some("bash failed (nonzero_exit)")
        );
        assert_eq!(pattern("Never sing to the pump."), None);
        assert_eq!(
            pattern(
                "At tick 39 I wrote over shed/packing.txt (21 bytes, with write_file) without \
                 reading it first. Its earlier words are kept in the workspace's history."
            )
            .as_deref(),
            Some("write_file wrote over a file without reading it first")
        );
        assert_eq!(
            pattern("At tick 4 I deleted a.txt (3 bytes, with bash) without reading it first.")
                .as_deref(),
            Some("bash deleted a file without reading it first")
        );
    }

    #[test]
    fn scars_of_one_pattern_are_one_record_with_a_count_and_examples() {
        let scar = |path: &str, s: u64| {
            record(
                ItemKind::Scar,
                &format!("In \"step {path}\": read_file `{path}` failed (not_found): no such file"),
                s,
            )
        };
        let mut records: Vec<Record> = (0..9).map(|i| scar(&format!("f{i}.txt"), 1)).collect();
        records.insert(2, record(ItemKind::Guardrail, "check the disk first", 3));
        records.push(record(
            ItemKind::Scar,
            "In \"s\": bash `false` failed (nonzero_exit): exit 1",
            1,
        ));
        let out = scars(records);
        assert_eq!(out.len(), 3, "{out:#?}");
        let g = &out[0];
        let group = g.group.as_ref().unwrap();
        assert_eq!(group.pattern, "read_file failed (not_found)");
        assert_eq!(group.count, 9);
        assert_eq!(group.examples.len(), GROUP_EXAMPLES);
        assert_eq!(g.evidence.successes, 9, "the evidence summed");
        assert!(
            g.text
                .starts_with("read_file failed (not_found) 9 times, for example: ")
        );
        assert_eq!(g.id, content_id(ItemKind::Scar, &g.text));
        assert_eq!(out[1].kind, ItemKind::Guardrail);
        assert!(out[2].group.is_none(), "a pattern held once stays as it is");
        // No two scars of one pattern.
        let patterns: Vec<String> = out.iter().filter_map(|r| pattern(&r.text)).collect();
        assert_eq!(patterns, ["bash failed (nonzero_exit)"]);
    }
}
