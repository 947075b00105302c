//! What the creature wrote itself, so that a fact about its own writing is not passed on as
//! knowledge of its house.
//!
//! A fact distilled from a read (`notes.txt says: …`, `` `wc -l notes.txt` shows: … ``) is worth
//! an heir's while when it says what the house held. Read after the creature itself wrote the
//! file (a file it made, or a keeper's file it wrote over), it says what the creature wrote:
//! on the 270M, scribbles such as `recipe.txt says: bread.txt` or the keeper's
//! `recipes/bread.txt` read back after it had written "bread" over it. Those stay behind at
//! export; what it read of a file before it first wrote it travels.

use std::collections::HashMap;

use crate::base::exit::Result;
use crate::base::store::Read;
use crate::creature::Action;
use crate::wisdom::episodes::Episode;

/// The paths the creature's own successful actions wrote, each with the ring number of the
/// first episode that wrote it: `write_file`'s path, and a command's redirect target (`>`,
/// `>>`) or the last word of a `cp`, `mv`, `tee` or `touch`.
pub fn first_writes(rx: &impl Read) -> Result<HashMap<String, u64>> {
    let mut out: HashMap<String, u64> = HashMap::new();
    for (seq, e) in rx.ring::<Episode>(None)? {
        if !e.success {
            continue;
        }
        let Ok(action) = serde_json::from_str::<Action>(&e.action) else {
            continue;
        };
        let target = match action.tool.as_str() {
            "write_file" => action.str_arg("path").map(clean),
            "bash" => action.str_arg("command").and_then(command_target),
            _ => None,
        };
        if let Some(path) = target.filter(|p| !p.is_empty()) {
            out.entry(path).or_insert(seq);
        }
    }
    Ok(out)
}

/// A path as a fact names it: without a leading `./`.
fn clean(path: &str) -> String {
    path.trim().trim_start_matches("./").to_string()
}

/// The file a command writes, when it plainly writes one.
fn command_target(command: &str) -> Option<String> {
    if let Some(at) = command.rfind('>') {
        let rest = command[at + 1..].trim_start();
        let word = rest.split_whitespace().next()?;
        return Some(clean(word.trim_matches(['\'', '"', ';'])));
    }
    let words: Vec<&str> = command.split_whitespace().collect();
    let program = words.first()?.rsplit('/').next()?;
    if matches!(program, "cp" | "mv" | "tee" | "touch") && words.len() >= 2 {
        return words
            .last()
            .filter(|w| !w.starts_with('-'))
            .map(|w| clean(w.trim_matches(['\'', '"', ';'])));
    }
    None
}

/// Whether the fact `body`, read in the episode of ring number `read_at`, is about what the
/// creature had written by then: its subject (`P says:`, or a command naming P) is a path it
/// wrote at or before that episode.
pub fn about_own_writing(body: &str, read_at: u64, writes: &HashMap<String, u64>) -> bool {
    let Some(subject) = super::heir::subject(body) else {
        return false;
    };
    let written_by_then = |p: &str| writes.get(p).is_some_and(|&w| w <= read_at);
    if let Some(path) = subject.strip_suffix(" says:") {
        return written_by_then(&clean(path));
    }
    subject
        .trim_start_matches('`')
        .trim_end_matches("` shows:")
        .split_whitespace()
        .any(|w| written_by_then(&clean(w)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_writes_its_redirect_target_or_its_last_word() {
        assert_eq!(
            command_target("echo 'x' >> lists/a.txt").as_deref(),
            Some("lists/a.txt")
        );
        assert_eq!(
            command_target("echo hi > ./b.txt").as_deref(),
            Some("b.txt")
        );
        assert_eq!(command_target("cp a.txt b.txt").as_deref(), Some("b.txt"));
        assert_eq!(command_target("/bin/mv a.txt d/").as_deref(), Some("d/"));
        assert_eq!(command_target("cat a.txt"), None);
        assert_eq!(command_target("wc -l a.txt"), None);
    }

    #[test]
    fn a_fact_read_after_its_file_was_written_is_about_own_writing() {
        let writes = HashMap::from([("recipes/bread.txt".to_string(), 10)]);
        assert!(about_own_writing(
            "recipes/bread.txt says: bread",
            12,
            &writes
        ));
        assert!(about_own_writing(
            "recipes/bread.txt says: bread",
            10,
            &writes
        ));
        assert!(
            !about_own_writing("recipes/bread.txt says: flour, yeast", 4, &writes),
            "read before it was written: the house's words"
        );
        assert!(about_own_writing(
            "`wc -l recipes/bread.txt` shows: 1 recipes/bread.txt",
            11,
            &writes
        ));
        assert!(!about_own_writing("notes.txt says: port 8731", 12, &writes));
        assert!(!about_own_writing("The pump listens on 8731", 12, &writes));
    }
}
