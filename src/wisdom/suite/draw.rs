//! Drawing a suite from a seed: the kinds' order, each errand's house and its check.

use std::collections::BTreeSet;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::pools::{self, ValueKind};
use super::wordings::{self, Half, KindWordings};
use super::{Errand, Suite};

/// A file of values an errand was about, kept for a later `recall`.
struct Values {
    path: String,
    labels: Vec<(String, String)>,
}

struct Draw {
    rng: ChaCha8Rng,
    files: Vec<(String, String)>,
    dirs: BTreeSet<String>,
    /// Every path the house has or an errand names.
    paths: BTreeSet<String>,
    /// Every value and word drawn, so no two errands share one.
    taken: BTreeSet<String>,
    folders: Vec<&'static str>,
    /// Files of values not yet recalled, oldest first.
    to_recall: Vec<Values>,
    /// The open find folder and its notes (stem, thing) not yet asked about.
    find: Option<(String, Vec<(String, String)>)>,
    find_folders_used: usize,
}

/// Draws the suite (see [`super::generate`]).
pub fn draw(seed: u64, half: Half, n: usize, kinds: &[KindWordings]) -> Suite {
    let mut d = Draw {
        rng: ChaCha8Rng::seed_from_u64(seed),
        files: Vec::new(),
        dirs: BTreeSet::new(),
        paths: BTreeSet::new(),
        taken: BTreeSet::new(),
        folders: Vec::new(),
        to_recall: Vec::new(),
        find: None,
        find_folders_used: 0,
    };
    let mut folders = pools::FOLDERS.to_vec();
    d.shuffle(&mut folders);
    d.folders = folders.into_iter().take(4).collect();
    // Each kind's wordings, dealt round-robin from a seeded order so each is used alike.
    let decks: Vec<Vec<&str>> = kinds
        .iter()
        .map(|k| {
            let mut w = k.of(half);
            d.shuffle(&mut w);
            w
        })
        .collect();
    let mut dealt = vec![0usize; kinds.len()];
    let mut errands = Vec::new();
    while errands.len() < n {
        let mut order: Vec<usize> = (0..kinds.len()).collect();
        d.shuffle(&mut order);
        // A recall needs a file of values read before it: in a round with none yet, it goes last.
        if d.to_recall.is_empty()
            && let Some(r) = order.iter().position(|&k| kinds[k].name == "recall")
        {
            let recall = order.remove(r);
            order.push(recall);
        }
        let before = errands.len();
        for k in order {
            if errands.len() == n {
                break;
            }
            let mut kind = k;
            if kinds[kind].name == "recall" && d.to_recall.is_empty() {
                kind = kinds.iter().position(|k| k.name == "value").unwrap_or(kind);
            }
            let deck = &decks[kind];
            let wording = deck[dealt[kind] % deck.len()];
            dealt[kind] += 1;
            if let Some(errand) = d.errand(&kinds[kind].name, wording) {
                errands.push(errand);
            }
        }
        // A round that drew nothing: every pool is spent, and no later round draws more.
        if errands.len() == before {
            break;
        }
    }
    let mut files = d.files;
    files.sort();
    // Folders that hold a file need no entry of their own.
    let dirs: Vec<String> = d
        .dirs
        .iter()
        .filter(|dir| !files.iter().any(|(p, _)| p.starts_with(&format!("{dir}/"))))
        .cloned()
        .collect();
    Suite {
        seed,
        half,
        files,
        dirs,
        errands,
    }
}

impl Draw {
    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.rng.random_range(0..=i);
            items.swap(i, j);
        }
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.rng.random_range(0..items.len())]
    }

    fn folder(&mut self) -> &'static str {
        let folders = self.folders.clone();
        self.pick(&folders)
    }

    /// One of `items` not taken yet (taking it), or none when all are.
    fn fresh<'a>(&mut self, items: &[&'a str]) -> Option<&'a str> {
        let free: Vec<&str> = items
            .iter()
            .copied()
            .filter(|i| !self.taken.contains(*i))
            .collect();
        if free.is_empty() {
            return None;
        }
        let item = self.pick(&free);
        self.taken.insert(item.to_string());
        Some(item)
    }

    /// A path not used yet: `folder/stem.ext`, or with `-2`, `-3`… before the extension.
    fn path(&mut self, folder: Option<&str>, stem: &str, ext: &str) -> String {
        let at = |s: &str| match folder {
            Some(f) => format!("{f}/{s}.{ext}"),
            None => format!("{s}.{ext}"),
        };
        let mut path = at(stem);
        let mut k = 0;
        while self.paths.contains(&path) || self.dirs.contains(&path) {
            // `-b` to `-f`, then `-7`, `-8`…: every try a name not tried before.
            let suffix = match ["b", "c", "d", "e", "f"].get(k) {
                Some(letter) => letter.to_string(),
                None => (k + 2).to_string(),
            };
            path = at(&format!("{stem}-{suffix}"));
            k += 1;
        }
        self.paths.insert(path.clone());
        path
    }

    fn file(&mut self, path: &str, content: String) {
        if let Some((dir, _)) = path.rsplit_once('/') {
            self.dirs.insert(dir.to_string());
        }
        self.files.push((path.to_string(), content));
    }

    fn value(&mut self, kind: ValueKind) -> String {
        loop {
            let v = match kind {
                ValueKind::Num4 => self.rng.random_range(1000..10000u32).to_string(),
                ValueKind::Num2 => self.rng.random_range(10..100u32).to_string(),
                ValueKind::Num3 => self.rng.random_range(100..1000u32).to_string(),
                ValueKind::Code => format!(
                    "{}{}-{}",
                    (b'A' + self.rng.random_range(0..26u8)) as char,
                    self.rng.random_range(2..10u8),
                    self.pick(pools::CODE_WORDS)
                ),
                ValueKind::Name => self.pick(pools::NAMES).to_string(),
                ValueKind::Time => format!(
                    "{:02}:{}",
                    self.rng.random_range(5..22u8),
                    self.pick(&["00", "15", "30", "45"])
                ),
                ValueKind::Day => self.pick(pools::DAYS).to_string(),
                ValueKind::Colour => self.pick(pools::COLOURS).to_string(),
                ValueKind::Date => format!(
                    "{} {}",
                    self.rng.random_range(2..29u8),
                    self.pick(pools::MONTHS)
                ),
                ValueKind::WordNum => format!(
                    "{}{}",
                    self.pick(pools::WORDS),
                    self.rng.random_range(10..100u8)
                ),
            };
            if self.taken.insert(v.to_lowercase()) {
                return v;
            }
        }
    }

    /// The errand of `kind` worded by `wording`, and the house it needs; none when the pools
    /// ran dry.
    fn errand(&mut self, kind: &str, wording: &str) -> Option<Errand> {
        let (values, check, gone): (Vec<(&str, String)>, String, Option<String>) = match kind {
            "value" => {
                let (path, labels) = self.values_file()?;
                let (label, value) = labels[self.rng.random_range(0..labels.len())].clone();
                self.to_recall.push(Values {
                    path: path.clone(),
                    labels,
                });
                (
                    vec![("file", path), ("label", label)],
                    format!("reply contains {value}"),
                    None,
                )
            }
            "recall" => {
                let file = self.to_recall.remove(0);
                let (label, value) =
                    file.labels[self.rng.random_range(0..file.labels.len())].clone();
                (
                    vec![("file", file.path.clone()), ("label", label)],
                    format!("reply contains {value}"),
                    Some(file.path),
                )
            }
            "whole" => {
                let (phrase, word) = {
                    let free: Vec<(&str, &str)> = pools::PHRASES
                        .iter()
                        .copied()
                        .filter(|(_, w)| !self.taken.contains(*w))
                        .collect();
                    if free.is_empty() {
                        return None;
                    }
                    self.pick(&free)
                };
                self.taken.insert(word.to_string());
                let folder = self.folder();
                let stem = self.pick(pools::NOTE_STEMS);
                let path = self.path(Some(folder), stem, "txt");
                self.file(&path, format!("{phrase}\n"));
                (vec![("file", path)], format!("reply contains {word}"), None)
            }
            "write" => {
                let word = self.fresh(pools::WORDS)?;
                let stem = self.pick(&["sign", "card", "tag", "label", "answer", "title", "motto"]);
                let folder = if self.rng.random_range(0..2u8) == 0 {
                    Some(self.folder())
                } else {
                    None
                };
                let path = self.path(folder, stem, "txt");
                if let Some(f) = folder {
                    self.dirs.insert(f.to_string());
                }
                (
                    vec![("word", word.to_string()), ("file", path.clone())],
                    format!("file {path} contains {word}"),
                    None,
                )
            }
            "append" => {
                let stem = self.fresh(pools::LIST_STEMS)?;
                let line = self.fresh(pools::NEW_LINES)?;
                let folder = self.folder();
                let path = self.path(Some(folder), stem, "txt");
                let k = self.rng.random_range(2..4usize);
                let items = self.items(k);
                let first = items[0].clone();
                self.file(&path, format!("{}\n", items.join("\n")));
                (
                    vec![("line", line.to_string()), ("file", path.clone())],
                    format!("command grep -q '{line}' {path} && grep -q '{first}' {path}"),
                    None,
                )
            }
            "mkdir" => {
                let name = self.fresh(pools::NEW_FOLDERS)?;
                let dir = if self.rng.random_range(0..3u8) == 0 {
                    format!("{}/{name}", self.folder())
                } else {
                    name.to_string()
                };
                self.paths.insert(dir.clone());
                (
                    vec![("dir", dir.clone())],
                    format!("command test -d {dir}"),
                    None,
                )
            }
            "copy" | "rename" => {
                let (stem, word) = {
                    let free: Vec<(&str, &str)> = pools::MOVABLE
                        .iter()
                        .copied()
                        .filter(|(s, _)| !self.taken.contains(*s))
                        .collect();
                    if free.is_empty() {
                        return None;
                    }
                    self.pick(&free)
                };
                self.taken.insert(stem.to_string());
                let folder = self.folder();
                let src = self.path(Some(folder), stem, "txt");
                self.file(&src, format!("{stem}: remember the {word}\n"));
                let new = self.pick(pools::NEW_STEMS);
                let dst = if self.rng.random_range(0..2u8) == 0 {
                    self.path(Some(folder), &format!("{stem}-{new}"), "txt")
                } else {
                    let other = self.folder();
                    self.dirs.insert(other.to_string());
                    self.path(Some(other), &format!("{new}-{stem}"), "txt")
                };
                let check = if kind == "copy" {
                    format!("command test -f {src} && grep -q {word} {dst}")
                } else {
                    format!("command test ! -e {src} && grep -q {word} {dst}")
                };
                (vec![("src", src), ("dst", dst)], check, None)
            }
            "count" if wording.contains("{dir}") => {
                let folder = self.fresh(pools::COUNT_FOLDERS)?;
                let n = self.rng.random_range(3..8usize);
                let mut stems = pools::COUNT_FILE_STEMS.to_vec();
                self.shuffle(&mut stems);
                for stem in stems.into_iter().take(n) {
                    let path = self.path(Some(folder), stem, "txt");
                    self.file(&path, format!("{stem}\n"));
                }
                (
                    vec![("dir", folder.to_string())],
                    format!("reply contains {n}"),
                    None,
                )
            }
            "count" => {
                let stem = self.fresh(pools::LIST_STEMS)?;
                let n = self.rng.random_range(3..10usize);
                let folder = self.folder();
                let path = self.path(Some(folder), stem, "txt");
                let items = self.items(n);
                self.file(&path, format!("{}\n", items.join("\n")));
                (vec![("file", path)], format!("reply contains {n}"), None)
            }
            "find" => {
                let (dir, stem, thing) = self.find_note()?;
                (
                    vec![("dir", dir), ("thing", thing)],
                    format!("reply contains {stem}"),
                    None,
                )
            }
            _ => return None,
        };
        let values: Vec<(&str, &str)> = values.iter().map(|(k, v)| (*k, v.as_str())).collect();
        Some(Errand {
            kind: kind.to_string(),
            text: wordings::fill(wording, &values),
            check,
            gone,
        })
    }

    /// A new file of values: its path and its (label, value) lines.
    fn values_file(&mut self) -> Option<(String, Vec<(String, String)>)> {
        let free: Vec<usize> = (0..pools::TOPICS.len())
            .filter(|&i| !self.taken.contains(pools::TOPICS[i].stem))
            .collect();
        if free.is_empty() {
            return None;
        }
        let topic = &pools::TOPICS[self.pick(&free)];
        self.taken.insert(topic.stem.to_string());
        let labels: Vec<(String, String)> = topic
            .labels
            .iter()
            .map(|(l, k)| (l.to_string(), self.value(*k)))
            .collect();
        let style = self.rng.random_range(0..3u8);
        let (ext, content) = match style {
            0 => (
                "conf",
                format!(
                    "# {} settings\n{}",
                    topic.stem,
                    labels
                        .iter()
                        .map(|(l, v)| format!("{l} = {v}\n"))
                        .collect::<String>()
                ),
            ),
            1 => (
                "cfg",
                labels
                    .iter()
                    .map(|(l, v)| format!("{l}: {v}\n"))
                    .collect::<String>(),
            ),
            _ => (
                "txt",
                labels
                    .iter()
                    .map(|(l, v)| format!("The {l} is {v}.\n"))
                    .collect::<String>(),
            ),
        };
        let folder = self.folder();
        let path = self.path(Some(folder), topic.stem, ext);
        self.file(&path, content);
        Some((path, labels))
    }

    /// `n` list items, no two alike.
    fn items(&mut self, n: usize) -> Vec<String> {
        let mut items = pools::ITEMS.to_vec();
        self.shuffle(&mut items);
        items.into_iter().take(n).map(str::to_string).collect()
    }

    /// A note of a find folder not asked about yet: (folder, its stem, the thing it mentions).
    fn find_note(&mut self) -> Option<(String, String, String)> {
        if self.find.as_ref().is_none_or(|(_, left)| left.is_empty()) {
            let folder = *pools::FIND_FOLDERS.get(self.find_folders_used)?;
            self.find_folders_used += 1;
            let mut stems = pools::FIND_STEMS.to_vec();
            self.shuffle(&mut stems);
            let mut things: Vec<&str> = pools::THINGS
                .iter()
                .copied()
                .filter(|t| !self.taken.contains(*t))
                .collect();
            self.shuffle(&mut things);
            let n = 4.min(things.len());
            let mut notes = Vec::new();
            for (stem, thing) in stems.into_iter().zip(things).take(n) {
                self.taken.insert(thing.to_string());
                let path = self.path(Some(folder), stem, "txt");
                let sentence = self.pick(pools::THING_SENTENCES).replace("{thing}", thing);
                self.file(&path, format!("{sentence}\n"));
                notes.push((stem.to_string(), thing.to_string()));
            }
            self.find = Some((folder.to_string(), notes));
        }
        let (folder, notes) = self.find.as_mut()?;
        let (stem, thing) = notes.pop()?;
        Some((folder.clone(), stem, thing))
    }
}
