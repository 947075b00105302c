//! What a rumination is offered to plan with: ideas from the creature's own world, each a step
//! its tools can take and wis can check (design §3.5).
//!
//! A small base model plans by copying the nearest pattern; asked to plan with nothing in front
//! of it, the 270M wrote the prompt's own example plan again and again. So the platform puts
//! in front of it what is there to do: the quest's task, the files in its workspace it has not
//! read, the tools it has not tried yet, and the keeper's waiting words. The model writes the
//! plan (its choice, in its words); the ideas are material, never orders. Ideas the creature
//! finished lately, the step it is stuck on, and steps it tried lately without ever advancing
//! them are not offered again.

use std::collections::BTreeSet;
use std::path::Path;

use crate::base::exit::Result;
use crate::base::store::Read;
use crate::creature::Unlocks;
use crate::creature::notebooks::{self, same_text};
use crate::creature::quest_book::QuestBook;
use crate::creature::turns::TurnRecord;
use crate::turn::quests::genesis;
use crate::wisdom::episodes::Episode;
use crate::world::units::{self, UNITS};

/// Most ideas offered at once.
pub const MAX_IDEAS: usize = 4;
/// Closed steps looked back over: a step finished among them is not offered again.
const RECENTLY_CLOSED: usize = 30;
/// Turns looked back over for what was tried and read.
const LOOK_BACK: usize = 2_000;
/// Episodes looked back over for steps it failed at and never did.
const STRUGGLE_LOOK_BACK: usize = 60;
/// Most workspace entries looked at.
const MAX_FILES: usize = 64;
/// Tools whose examples are no idea for a plan: they change the plan itself.
const NOT_IDEAS: &[&str] = &["note_append", "note_close", "note_reopen"];

/// The ideas for a rumination now, best first. `stuck` is the step it is stuck on.
pub fn ideas(
    rx: &impl Read,
    unlocks: &Unlocks,
    workspace: &Path,
    stuck: Option<&str>,
) -> Result<Vec<String>> {
    let book = notebooks::load(rx, notebooks::PLAN)?;
    let mut skip: BTreeSet<String> = book
        .notes
        .iter()
        .filter(|n| !n.open)
        .rev()
        .take(RECENTLY_CLOSED)
        .map(|n| same_text(&n.text))
        .collect();
    skip.extend(book.open_texts().iter().map(|t| same_text(t)));
    if let Some(s) = stuck {
        skip.insert(same_text(s));
    }
    let mut tries: std::collections::BTreeMap<String, u32> = Default::default();
    // Steps it lately tried twice or more without advancing anything (a failure, or an
    // action that ran and did not do the step): not offered again for a while.
    for (_, e) in rx.ring::<Episode>(Some(STRUGGLE_LOOK_BACK))? {
        if let Some(step) = &e.step {
            let advanced = e.success && e.advanced.any();
            *tries.entry(same_text(step)).or_default() += if advanced { 100 } else { 1 };
        }
    }
    skip.extend(
        tries
            .into_iter()
            .filter(|(_, n)| (2..100).contains(n))
            .map(|(k, _)| k),
    );
    let log = rx.ring::<TurnRecord>(Some(LOOK_BACK))?;
    let tried: BTreeSet<String> = log
        .iter()
        .filter(|(_, r)| r.success && !r.automated)
        .filter_map(|(_, r)| r.tool.clone())
        .collect();
    let signatures: BTreeSet<String> = log
        .iter()
        .filter(|(_, r)| r.success)
        .filter_map(|(_, r)| r.signature.clone())
        .collect();
    let mut out: Vec<String> = Vec::new();
    let offer = |idea: String, out: &mut Vec<String>| {
        let key = same_text(&idea);
        if out.len() < MAX_IDEAS && !skip.contains(&key) && !out.iter().any(|o| same_text(o) == key)
        {
            out.push(idea);
        }
    };
    // The quest's task: the first examples of the unit its issue gave.
    let (quests, _) = rx.singleton_or_default::<QuestBook>()?;
    if let Some(def) = quests.active.and_then(|a| genesis::quest(&a.id))
        && let Some(unit) = def.on_issue.and_then(units::unit)
    {
        for e in unit.examples.iter().take(2) {
            offer(e.task.to_string(), &mut out);
        }
    }
    // Files it has not read.
    for file in files(workspace) {
        let read = signatures.contains(&format!("read_file {file}"))
            || signatures
                .iter()
                .any(|s| s.starts_with("bash cat ") && s.ends_with(&file));
        if !read {
            offer(format!("read {file}"), &mut out);
        }
    }
    // Tools it has not tried: each one's first example.
    let granted = unlocks.granted();
    for unit in UNITS.iter().filter(|u| granted.contains(&u.id)) {
        for tool in unit
            .specs()
            .filter(|t| !tried.contains(t.name) && !NOT_IDEAS.contains(&t.name))
        {
            let example = unit
                .examples
                .iter()
                .find(|e| e.action.contains(&format!("\"{}\"", tool.name)));
            if let Some(e) = example
                && !names_missing_file(e.task, workspace)
            {
                offer(e.task.to_string(), &mut out);
            }
        }
    }
    for e in UNITS[0].examples.iter().take(2) {
        offer(e.task.to_string(), &mut out);
    }
    // A small world runs out of new things: the steps last finished longest ago come round
    // again (each by its latest close, so the same two do not cycle). A step done by making a
    // skill does not: the skill stays made, and making it again under its name is refused
    // (measured on the 270M: a 300-tick life's recycled "make a skill that counts the files
    // here" cost it 19 refused `create_skill` calls and six needless versions).
    come_round(&book, stuck, &mut out);
    Ok(out)
}

/// Fills `out` up to two ideas with the steps finished longest ago (each by its latest close),
/// skipping open ones, the one it is stuck on, and those done by making a skill.
fn come_round(book: &notebooks::Notebook, stuck: Option<&str>, out: &mut Vec<String>) {
    if out.len() >= 2 {
        return;
    }
    let open: BTreeSet<String> = book.open_texts().iter().map(|t| same_text(t)).collect();
    let mut latest: std::collections::BTreeMap<String, (u64, &str)> = Default::default();
    let made_once = |n: &&notebooks::Note| {
        n.closed
            .as_ref()
            .is_some_and(|c| c.why.starts_with("create_skill"))
    };
    for note in book
        .notes
        .iter()
        .filter(|n| !n.open && n.mark() == 'x')
        .filter(|n| !made_once(n))
    {
        let tick = note.closed.as_ref().map(|c| c.tick).unwrap_or(0);
        let entry = latest
            .entry(same_text(&note.text))
            .or_insert((tick, note.text.as_str()));
        entry.0 = entry.0.max(tick);
    }
    let mut closed: Vec<(String, (u64, &str))> = latest.into_iter().collect();
    closed.sort_by_key(|(_, (tick, _))| *tick);
    for (key, (_, text)) in closed {
        if out.len() >= 2 {
            break;
        }
        if !open.contains(&key)
            && stuck.is_none_or(|s| same_text(s) != key)
            && !out.iter().any(|o| same_text(o) == key)
        {
            out.push(text.to_string());
        }
    }
}

/// The files in the workspace a step can name: regular files at its top and one level down,
/// not hidden and not its skills' copies, sorted.
pub fn files(workspace: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut dirs = vec![(workspace.to_path_buf(), String::new())];
    let mut seen = 0;
    while let Some((dir, prefix)) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            seen += 1;
            if seen > MAX_FILES {
                break;
            }
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') || (prefix.is_empty() && name == "skills") {
                continue;
            }
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            let rel = format!("{prefix}{name}");
            if kind.is_file() {
                out.push(rel);
            } else if kind.is_dir() && prefix.is_empty() {
                dirs.push((entry.path(), format!("{rel}/")));
            }
        }
    }
    out.sort();
    out
}

/// Whether a task names a file to read that the workspace does not have.
fn names_missing_file(task: &str, workspace: &Path) -> bool {
    let lower = task.to_lowercase();
    let reads = ["read ", "show what", "count the lines", "photo"]
        .iter()
        .any(|w| lower.contains(w));
    reads
        && crate::world::examples::files_in(task)
            .iter()
            .any(|f| !workspace.join(f).is_file())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::store::testing::temp_store;

    #[test]
    fn a_newborn_is_offered_its_files_and_its_untried_tools() {
        let (_d, store) = temp_store();
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("notes.txt"), "x").unwrap();
        std::fs::create_dir(dir.path().join("skills")).unwrap();
        std::fs::write(dir.path().join("skills/a.sh"), "x").unwrap();
        let rx = store.read().unwrap();
        let offered = ideas(&rx, &Unlocks::newborn(0), dir.path(), None).unwrap();
        assert_eq!(offered[0], "read notes.txt");
        assert!(offered.len() <= MAX_IDEAS);
        assert!(
            !offered
                .iter()
                .any(|i| i.contains("hello.txt") && i.starts_with("read"))
        );
        let stuck = ideas(
            &rx,
            &Unlocks::newborn(0),
            dir.path(),
            Some("read notes.txt"),
        )
        .unwrap();
        assert!(!stuck.contains(&"read notes.txt".to_string()));
    }

    /// With nothing new to offer, a step finished long ago comes round again, but not one done
    /// by making a skill.
    #[test]
    fn a_skill_made_is_not_offered_again() {
        use crate::creature::notebooks::{ClosedBy, Closure, Notebook};
        let mut book = Notebook {
            name: notebooks::PLAN.into(),
            ..Notebook::default()
        };
        let close = |book: &mut Notebook, text: &str, tick: u64, why: &str| {
            let n = book.append(text, 0);
            book.close_by(
                n,
                Closure {
                    tick,
                    at: 0,
                    by: ClosedBy::World,
                    episode: Some(tick),
                    why: why.into(),
                },
            );
        };
        close(
            &mut book,
            "make a skill that counts the files here",
            3,
            "create_skill `count`",
        );
        close(&mut book, "list the files here", 5, "bash `ls`");
        let mut offered = Vec::new();
        come_round(&book, None, &mut offered);
        assert_eq!(offered, vec!["list the files here".to_string()]);
        assert!(
            !offered.iter().any(|i| i.starts_with("make a skill")),
            "{offered:?}"
        );
    }
}
