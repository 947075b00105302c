//! The worked examples a work turn shows: the few nearest its step, by the words they share.
//!
//! Measured on the 270M base model (REFERENCE, the fourth probe): a fixed list of examples in
//! the prompt is a sequence the model continues, and it answers with what followed a similar
//! line earlier, not the matching question. Shown only the one to three examples nearest the
//! step, right above it with nothing in between, it did the step 5 to 7 times in 9, adapting
//! the arguments. The pool is every granted unit's examples ([`crate::world::units::examples`])
//! and the creature's own precedents.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::LazyLock;

use regex::Regex;

use crate::world::units::Example;

/// A file name in a text: a word with a dot and a short extension (`notes.txt`, `a/b.log`).
pub const FILE: &str = r"[\w./-]*\w\.[A-Za-z0-9]{1,6}";

/// The file names a text mentions.
pub fn files_in(text: &str) -> Vec<String> {
    static RE: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(&format!(r"\b{FILE}\b")).expect("a valid file pattern"));
    RE.find_iter(text).map(|m| m.as_str().to_string()).collect()
}

/// Words that carry no task.
const STOP: &[&str] = &[
    "a", "an", "the", "to", "of", "in", "into", "on", "at", "for", "and", "or", "is", "are", "be",
    "it", "its", "this", "that", "with", "by", "as", "your", "you", "i", "my", "me", "please",
    "now", "then", "so", "do", "all", "some", "one", "new", "again",
];

/// The least score [`closest`] takes as the step's own kind of task.
pub const CLOSE_ENOUGH: f64 = 1.6;

/// The words of a text, lowercased, split at anything but letters and digits, without the
/// [`STOP`] words.
pub fn words(text: &str) -> Vec<String> {
    text.to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty() && !STOP.contains(w))
        .map(str::to_string)
        .collect()
}

/// Words a keeper uses for the same file chore, each with the word the worked examples use
/// (`[wisdom] errands_enabled`: "create a directory" is "make a folder").
pub const SYNONYMS: &[(&str, &str)] = &[
    ("create", "make"),
    ("directory", "folder"),
    ("directories", "folder"),
    ("folders", "folder"),
    ("called", "named"),
    ("duplicate", "copy"),
    ("append", "add"),
    ("save", "write"),
    ("put", "write"),
    ("move", "rename"),
    ("open", "read"),
    ("show", "read"),
];

/// A word as the examples would say it ([`SYNONYMS`]).
pub fn canonical(word: &str) -> &str {
    SYNONYMS
        .iter()
        .find(|(w, _)| *w == word)
        .map_or(word, |(_, c)| c)
}

/// [`words`], each as the examples would say it ([`canonical`]).
pub fn canonical_words(text: &str) -> Vec<String> {
    words(text)
        .into_iter()
        .map(|w| canonical(&w).to_string())
        .collect()
}

/// How near each example of `pool` is to `step`: the shared words, each weighted by how rare it
/// is among the pool's tasks (a word every example has says little), and one more when both
/// name a file.
pub fn scores(step: &str, pool: &[&Example]) -> Vec<f64> {
    scores_by(step, pool, words)
}

/// [`scores`] with each text's words read by `read`.
fn scores_by(step: &str, pool: &[&Example], read: fn(&str) -> Vec<String>) -> Vec<f64> {
    let words = read;
    let n = pool.len().max(1) as f64;
    let tasks: Vec<BTreeSet<String>> = pool
        .iter()
        .map(|e| words(e.task).into_iter().collect())
        .collect();
    let mut df: BTreeMap<&str, usize> = BTreeMap::new();
    for t in &tasks {
        for w in t {
            *df.entry(w.as_str()).or_default() += 1;
        }
    }
    let step_words: BTreeSet<String> = words(step).into_iter().collect();
    let step_file = !files_in(step).is_empty();
    tasks
        .iter()
        .zip(pool)
        .map(|(t, e)| {
            let shared: f64 = step_words
                .iter()
                .filter(|w| t.contains(*w))
                .map(|w| (1.0 + n / df[w.as_str()] as f64).ln())
                .sum();
            let file = step_file && !files_in(e.task).is_empty();
            shared + if file { 1.0 } else { 0.0 }
        })
        .collect()
}

/// The `k` examples nearest `step`, the nearest last (it goes right above the step); only
/// examples that share something with it, and none when nothing does.
pub fn nearest<'a>(step: &str, pool: &[&'a Example], k: usize) -> Vec<&'a Example> {
    nearest_by(step, pool, k, false)
}

/// [`nearest`], with a keeper's words for the same chore read as the examples say them when
/// `synonyms` ([`SYNONYMS`]).
pub fn nearest_by<'a>(
    step: &str,
    pool: &[&'a Example],
    k: usize,
    synonyms: bool,
) -> Vec<&'a Example> {
    let scored = scores_by(step, pool, if synonyms { canonical_words } else { words });
    let mut order: Vec<usize> = (0..pool.len()).filter(|&i| scored[i] > 0.0).collect();
    // Best first; ties keep the pool's order.
    order.sort_by(|&a, &b| scored[b].total_cmp(&scored[a]).then(a.cmp(&b)));
    let mut picked: Vec<&Example> = Vec::new();
    for i in order {
        if picked.len() == k {
            break;
        }
        if !picked.iter().any(|p| p.task == pool[i].task) {
            picked.push(pool[i]);
        }
    }
    picked.reverse();
    picked
}

/// The one example whose task is plainly the step's kind, if any: the nearest, when its score
/// reaches [`CLOSE_ENOUGH`] and it shares at least half the step's words.
pub fn closest<'a>(step: &str, pool: &[&'a Example]) -> Option<&'a Example> {
    let scored = scores(step, pool);
    let best = (0..pool.len()).max_by(|&a, &b| scored[a].total_cmp(&scored[b]).then(b.cmp(&a)))?;
    let step_words: BTreeSet<String> = words(step).into_iter().collect();
    let task: BTreeSet<String> = words(pool[best].task).into_iter().collect();
    let shared = step_words.intersection(&task).count();
    (scored[best] >= CLOSE_ENOUGH && 2 * shared >= step_words.len()).then_some(pool[best])
}

/// Whether `step` is plainly of an example's kind ([`closest`] finds one): such a step is
/// answered from the examples, not from stated facts. On the 270M, facts and their
/// demonstration above a plain step took the examples' place and the step's action was lost
/// (a step "read what your ancestors left you" read the demonstration's file instead).
/// The keeper's examples are not plain: telling the keeper what a file says is read, then
/// answered from what the read showed.
pub fn plain(step: &str, pool: &[&Example]) -> bool {
    closest(step, pool).is_some_and(|e| {
        !crate::world::units::REPLY_EXAMPLES
            .iter()
            .any(|r| std::ptr::eq(r, e))
    })
}

/// Renders examples as earlier tasks and their actions, in the prompt's `Q:`/`A:` form.
pub fn render(examples: &[&Example]) -> String {
    examples
        .iter()
        .map(|e| format!("Q: {}\nA: {}\n", e.task, e.action))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::creature::Unlocks;
    use crate::world::units;

    fn pool() -> Vec<&'static Example> {
        units::examples(&Unlocks::newborn(0))
    }

    fn nearest_task(step: &str) -> &'static str {
        nearest(step, &pool(), 3)
            .last()
            .map(|e| e.task)
            .unwrap_or("")
    }

    #[test]
    fn the_nearest_example_is_the_step_s_own_kind() {
        assert_eq!(nearest_task("list the files here"), "list the files here");
        assert_eq!(nearest_task("read notes.txt"), "read hello.txt");
        assert_eq!(
            nearest_task("write ready into status.txt"),
            "write hi into hello.txt"
        );
        assert_eq!(
            nearest_task("check what you can do"),
            "check what you are able to do now"
        );
        assert_eq!(
            nearest_task("count the lines in data.csv"),
            "count the lines in log.txt"
        );
        assert_eq!(
            nearest_task("read the plan notebook"),
            "read the plan notebook"
        );
        let shown = nearest("list the files here", &pool(), 3);
        assert!(shown.len() <= 3 && !shown.is_empty());
    }

    #[test]
    fn a_plain_step_is_one_an_example_plainly_does() {
        let pool = pool();
        assert!(plain("read hello.txt", &pool));
        assert!(plain("list the files here", &pool));
        assert!(!plain("tell the keeper what notes.txt says", &pool));
        assert!(!plain("which port does the pump listen on", &pool));
    }

    #[test]
    fn a_keeper_s_other_words_for_a_chore_find_its_example() {
        let pool = crate::world::units::pool(&Unlocks::newborn(0), true);
        let near = |step: &str| {
            nearest_by(step, &pool, 1, true)
                .last()
                .map(|e| e.task)
                .unwrap_or("")
        };
        assert_eq!(
            near("Create a directory called backups."),
            "make a folder named tmp"
        );
        assert!(near("Duplicate a/b.txt as a/c.txt.").starts_with("copy "));
        assert!(near("Append 'x' to a/b.txt.").starts_with("add the line"));
        assert!(
            nearest_by("Create a directory called backups.", &pool, 1, false)
                .last()
                .is_none_or(|e| !e.task.contains("folder")),
            "without synonyms it is as it was"
        );
    }

    #[test]
    fn nothing_in_common_shows_nothing() {
        assert!(nearest("zzz qqq", &pool(), 3).is_empty());
        assert!(closest("zzz qqq", &pool()).is_none());
    }

    #[test]
    fn rendering_is_the_q_a_form() {
        let shown = nearest("list the files here", &pool(), 1);
        assert_eq!(
            render(&shown),
            "Q: list the files here\nA: {\"tool\": \"bash\", \"args\": {\"command\": \"ls -la\"}}\n"
        );
    }
}
