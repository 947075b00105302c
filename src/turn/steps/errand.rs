//! The keeper's errand in steps the world can close (`[wisdom] errands_enabled`, design §3.6).
//!
//! A commission that asks for an answer ("read X and tell me Y", "how many lines does X have",
//! "which file in D mentions T") is two steps: first the look (read the file, run the command,
//! count, read the folder), then the answer, asked with what the look showed stated right above
//! the question, where a small model picks a value out of text (REFERENCE, the fifth probe).
//! [`stages`] reads the looks from the commission's words when it is given; [`Stage`] says what
//! closes each; [`known`] is what the answer is asked with.
//!
//! A commission whose words name a file that is no longer there (its answer is in what the
//! creature read earlier) has no look: it is answered from [`earlier_reads`] of that file in the
//! ledger, and from memory.

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::LazyLock;

use regex::Regex;

use super::asks::{Asks, Matcher};
use crate::base::exit::Result;
use crate::base::store::Read;
use crate::creature::{Action, Check};
use crate::wisdom::episodes::Episode;
use crate::world::examples::{files_in, words};
use crate::world::paths;
use crate::world::prompt::{demonstrated, holds_word};

/// One look before the answer: a file read, or a command run (the keeper's own, or the one
/// the errand's words call for: counting a file's lines or a folder's files, searching a
/// folder). A small model copies a command out of its step far more surely than it adapts one
/// from a worked example (measured on the suite's tune half), so a look names its command.
#[derive(Debug, Clone, PartialEq)]
pub enum Stage {
    /// `read FILE`.
    Read(String),
    /// `run CMD`.
    Run(String),
}

static RE_READ: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^read (\S+)$").expect("a valid pattern"));
static RE_RUN: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^run (.+)$").expect("a valid pattern"));

impl Stage {
    /// The step as the creature reads it.
    pub fn text(&self) -> String {
        match self {
            Stage::Read(f) => format!("read {f}"),
            Stage::Run(c) => format!("run {c}"),
        }
    }

    /// Reads a stage back from its text (the forms [`Stage::text`] writes).
    pub fn parse(text: &str) -> Option<Stage> {
        if let Some(c) = RE_READ.captures(text) {
            return Some(Stage::Read(c[1].to_string()));
        }
        RE_RUN.captures(text).map(|c| Stage::Run(c[1].to_string()))
    }

    /// What closes it: a successful read (or `cat`) of its file; its command copied whole: the
    /// same programs with the same flags on its operand (`wc -l a/b.txt` needs `wc -l` on
    /// `a/b.txt`; `ls d | wc -l` needs `ls` then `wc -l` on `d`, so neither `ls d/a.txt` nor
    /// `ls -l d | wc -l`, which counts a `total` line, is its count).
    pub fn asks(&self) -> Asks {
        let act = |tools: &[&str], m: Matcher| Asks::Act {
            tools: tools.iter().map(|t| t.to_string()).collect(),
            matcher: m,
        };
        match self {
            Stage::Read(f) => act(&["read_file", "bash"], Matcher::Mentions(vec![f.clone()])),
            Stage::Run(c) => {
                let program = c.split_whitespace().next().unwrap_or_default().to_string();
                match operand(c) {
                    Some(o) => act(
                        &["bash"],
                        Matcher::Command {
                            programs: programs(c),
                            operand: o,
                        },
                    ),
                    None => act(&["bash"], Matcher::FirstWord(vec![program])),
                }
            }
        }
    }

    /// How what it showed is introduced in a `Known fact` line: `notes.txt says`, `` `ls d`
    /// shows ``.
    fn source(&self, action: Option<&Action>) -> String {
        let command = action.and_then(|a| a.str_arg("command"));
        match (self, command) {
            (_, Some(c)) => format!("`{}` shows", c.trim()),
            (Stage::Read(f), None) => format!("{f} says"),
            (Stage::Run(c), None) => format!("`{c}` shows"),
        }
    }
}

/// The look a search that found nothing widens to: `grep -ril 'THING' DIR` matched no file (a
/// thing read from the keeper's words may hold words no file says), so the folder is read whole
/// with each line's file named (`grep -r . DIR`), and the answer is picked from the line nearest
/// the question. None for any other look.
pub fn widened(stage: &Stage) -> Option<Stage> {
    let Stage::Run(c) = stage else {
        return None;
    };
    if programs(c) != ["grep -ilr"] || !c.contains('\'') {
        return None;
    }
    operand(c).map(|dir| Stage::Run(format!("grep -r . {dir}")))
}

/// The word of a command that names what it works on: its last word that is not its program,
/// a flag, a quoted text, a pipe or the program after one (`letters` in `grep -ril 'x'
/// letters`, `manuals` in `ls manuals | wc -l`).
pub fn operand(command: &str) -> Option<String> {
    static QUOTED: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r#"'[^']*'|"[^"]*""#).expect("a valid pattern"));
    let bare = QUOTED.replace_all(command, " ");
    let tokens: Vec<&str> = bare.split_whitespace().collect();
    let mut out = None;
    for (i, t) in tokens.iter().enumerate() {
        let program = i == 0 || tokens[i - 1] == "|";
        if program || t.starts_with('-') || *t == "|" || !t.chars().any(char::is_alphanumeric) {
            continue;
        }
        out = Some(t.to_string());
    }
    out
}

/// The programs a command runs, each with its flags: the first word and the first word after
/// each pipe, `;`, `&&` or `||`, without its directories, then its flags, each cluster's letters
/// sorted and the flags in order (`["ls", "wc -l"]` for `ls d | wc -l`; `["ls -l", "wc -l"]`
/// for `ls -l d | wc -l`); quoted texts are not flags.
pub fn programs(command: &str) -> Vec<String> {
    static QUOTED: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r#"'[^']*'|"[^"]*""#).expect("a valid pattern"));
    let bare = QUOTED.replace_all(command, " ");
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    let mut next = true;
    for t in bare.split_whitespace() {
        if matches!(t, "|" | ";" | "&&" | "||") {
            next = true;
            continue;
        }
        if next {
            let p = t.rsplit('/').next().unwrap_or(t).to_lowercase();
            out.push((p, Vec::new()));
            next = false;
        } else if let Some((_, flags)) = out.last_mut()
            && t.starts_with('-')
            && t.len() > 1
        {
            let mut f: Vec<char> = t.trim_start_matches('-').chars().collect();
            f.sort_unstable();
            let dashes = &t[..t.len() - t.trim_start_matches('-').len()];
            flags.push(format!("{dashes}{}", f.into_iter().collect::<String>()));
        }
    }
    out.into_iter()
        .map(|(p, mut flags)| {
            flags.sort();
            std::iter::once(p)
                .chain(flags)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

/// Whether a commission with `check` and these words asks for an answer: its check reads the
/// reply, or, with no check, its words ask to tell the keeper something.
pub fn asks_an_answer(text: &str, check: Option<&Check>) -> bool {
    static ASK: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(?:tell|give|show me|what|which|how many|who|when|where)\b|\?")
            .expect("a valid pattern")
    });
    match check {
        Some(Check::ReplyContains { .. }) => true,
        Some(_) => false,
        None => ASK.is_match(text),
    }
}

/// The looks a commission's words call for before it is answered, as step texts; none for a
/// commission that does not ask for an answer, or whose words name nothing here to look at.
pub fn stages(text: &str, check: Option<&Check>, workspace: &Path) -> Vec<String> {
    if !asks_an_answer(text, check) {
        return Vec::new();
    }
    let lower = text.to_lowercase();
    static RUN: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(?:run|execute)\s+(?:the command\s+)?[`'\x22]?([a-z][^`'\x22,;?]*?)[`'\x22]?\s*(?:\band\b|\bthen\b|[,;?.]\s|[,;?]|\.?$)")
            .expect("a valid pattern")
    });
    // The keeper's command as written: a file's name keeps its capitals.
    if let Some(c) = RUN.captures(text) {
        let command = c[1].trim().to_string();
        if !command.is_empty() && command.len() <= 120 {
            return vec![Stage::Run(command).text()];
        }
    }
    let file = files_in(text)
        .into_iter()
        .map(|f| f.trim_end_matches('.').to_string())
        .find(|f| is_file(workspace, f));
    static LINES: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"\b(?:how many lines|count the lines)\b").expect("a valid pattern")
    });
    static FILES: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"\b(?:how many files|count the files)\b").expect("a valid pattern")
    });
    if let Some(f) = file {
        if LINES.is_match(&lower) {
            return vec![Stage::Run(format!("wc -l {f}")).text()];
        }
        return vec![Stage::Read(f).text()];
    }
    // What a folder is searched for: the thing after "mentions", "about", "names"….
    static THING: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(
            r"\b(?:mentions?|mentioned|about|names?|for|of)\s+(?:the\s+|a\s+|an\s+)?([a-z][a-z -]{1,40}?)\s*(?:[?.,;:]|\band\b|\bis\b|\bwas\b|\bmentioned\b|\bin\b|$)",
        )
        .expect("a valid pattern")
    });
    if let Some(dir) = folder_in(text, workspace) {
        if FILES.is_match(&lower) {
            return vec![Stage::Run(format!("ls {dir} | wc -l")).text()];
        }
        let dir_words: BTreeSet<String> = words(&dir).into_iter().collect();
        let thing = THING
            .captures_iter(&lower)
            .map(|c| c[1].trim().to_string())
            .find(|t| {
                let w = words(t);
                const NOT_A_THING: &[&str] = &[
                    "file", "files", "folder", "folders", "note", "notes", "one", "ones", "them",
                    "it", "track", "name",
                ];
                !w.is_empty()
                    && !w
                        .iter()
                        .all(|x| dir_words.contains(x) || NOT_A_THING.contains(&x.as_str()))
            })
            .filter(|t| !t.contains('\''));
        return vec![match thing {
            Some(t) => Stage::Run(format!("grep -ril '{t}' {dir}")).text(),
            None => Stage::Run(format!("grep -r . {dir}")).text(),
        }];
    }
    Vec::new()
}

/// The steps a commission's words call for when it is given: its looks ([`stages`]) when it
/// asks for an answer, else the chore its words name plainly ([`chores`]), as a step that names
/// its command.
pub fn steps_for(text: &str, check: Option<&Check>, workspace: &Path) -> Vec<String> {
    let looks = stages(text, check, workspace);
    if !looks.is_empty() || matches!(check, Some(Check::ReplyContains { .. })) {
        return looks;
    }
    chores(text, workspace)
}

/// The file chore a commission's words name plainly, as one step that names its command:
/// copying or renaming a file (`cp`/`mv` from the file named that is here to the path named that
/// is not), adding a quoted line to the end of a file that is here (`echo 'LINE' >> FILE`), or
/// making a folder (`mkdir -p DIR`), writing a word into the one file named (`echo 'WORD' >
/// FILE`). The words are read as the suite's tune half says them ("copy", "duplicate";
/// "rename", "move", "name"; "add", "append", "line"; "folder" or "directory", then "named" or
/// "called", then the name; "the word", "says", "write", "put", "save", then the word). Empty
/// when the words say nothing
/// this plain, name a path outside the workspace, or a line a quoted shell word cannot carry.
///
/// A small model copies a command out of its step far more surely than it adapts a worked
/// example to new paths (measured on the tune half: a copy errand's step read as a chore was
/// done by writing the source file); the command is built only from the keeper's paths and
/// line, each checked, never from the check that judges it.
pub fn chores(text: &str, workspace: &Path) -> Vec<String> {
    // The words of the sentence, not of its paths: `notes/a-copy.txt` says no "copy".
    let lower = PATH.replace_all(text, " ").to_lowercase();
    let has = |re: &Regex| re.is_match(&lower);
    static COPY: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"\b(?:copy|duplicate)\b").expect("a valid pattern"));
    static MOVE: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"\b(?:rename|move|name)\b").expect("a valid pattern"));
    static ADD: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"\b(?:add|append|line)\b").expect("a valid pattern"));
    static FOLDER: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(?:folder|directory)\s+(?:named\s+|called\s+)?([a-z0-9_][\w./-]*)")
            .expect("a valid pattern")
    });
    let ops = Operands::of(text, workspace);
    let named = &ops.named;
    if has(&COPY)
        && let Some(c) = ops.chore(Chore::Copy)
    {
        return vec![c];
    }
    if has(&MOVE)
        && let Some(c) = ops.chore(Chore::Move)
    {
        return vec![c];
    }
    if has(&ADD)
        && let Some(c) = ops.chore(Chore::Append)
    {
        return vec![c];
    }
    if let Some(c) = FOLDER.captures(text) {
        let dir = c[1].trim_end_matches(['.', '/']);
        let word = dir.to_lowercase();
        if dir.len() >= 2
            && word != "named"
            && word != "called"
            && inside(workspace, dir)
            && is_new(workspace, dir)
        {
            return vec![Stage::Run(format!("mkdir -p {dir}")).text()];
        }
    }
    // A word written into the one file named: "the word W", "says W", or W after "write",
    // "put" or "save".
    static THE_WORD: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(?:the word|says)\s+([a-z0-9][a-z0-9_-]{0,39})\b")
            .expect("a valid pattern")
    });
    static VERB_WORD: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(?:write|put|save)\s+([a-z0-9][a-z0-9_-]{0,39})\b")
            .expect("a valid pattern")
    });
    const NOT_A_WORD: &[&str] = &[
        "a", "an", "the", "it", "this", "that", "word", "file", "line", "in", "into", "to",
    ];
    let sentence = PATH.replace_all(text, " ");
    let word = THE_WORD
        .captures_iter(&sentence)
        .chain(VERB_WORD.captures_iter(&sentence))
        .map(|c| c[1].to_string())
        .find(|w| !NOT_A_WORD.contains(&w.to_lowercase().as_str()));
    if let ([file], Some(word)) = (named.as_slice(), word)
        && paths::confine(workspace, file).is_ok_and(|c| !c.dangling && !c.abs().is_dir())
    {
        return vec![Stage::Run(format!("echo '{word}' > {file}")).text()];
    }
    Vec::new()
}

/// A file path as a keeper writes one, as a whole word.
static PATH: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(r"\b{}\b", crate::world::examples::FILE)).expect("a valid pattern")
});

/// A chore whose operands any wording gives plainly: the paths it names and its one quoted line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Chore {
    /// `cp HERE NEW`.
    Copy,
    /// `mv HERE NEW`.
    Move,
    /// `echo 'LINE' >> HERE`.
    Append,
    /// `echo 'WORD' > NEW`: a word written into a file that is not there yet.
    Write,
}

impl Chore {
    /// The chore a command does, read from its form: `cp A B`, `mv A B`, `echo 'L' >> F`,
    /// `echo 'W' > F`.
    pub fn of_command(command: &str) -> Option<Chore> {
        static TWO: LazyLock<Regex> = LazyLock::new(|| {
            Regex::new(r"^(cp|mv)\s+[^\s;&|<>`$'\x22-][^\s;&|<>`$'\x22]*\s+[^\s;&|<>`$'\x22-][^\s;&|<>`$'\x22]*$")
                .expect("a valid pattern")
        });
        // `>>` adds a line, `>` writes the file.
        static ECHO: LazyLock<Regex> = LazyLock::new(|| {
            Regex::new(r"^echo\s+'[^'\n]*'\s*(>>?)\s*[^\s;&|<>`$'\x22-][^\s;&|<>`$'\x22]*$")
                .expect("a valid pattern")
        });
        let command = command.trim();
        if let Some(c) = TWO.captures(command) {
            return Some(if &c[1] == "cp" {
                Chore::Copy
            } else {
                Chore::Move
            });
        }
        ECHO.captures(command).map(|c| {
            if &c[1] == ">>" {
                Chore::Append
            } else {
                Chore::Write
            }
        })
    }

    /// The chore an action did: a command's ([`Chore::of_command`]), or a `write_file` of one
    /// line ([`Chore::Write`], however the lesson wrote it).
    pub fn of_action(action: &Action) -> Option<Chore> {
        match action.tool.as_str() {
            "bash" => Chore::of_command(action.str_arg("command")?),
            "write_file" => {
                let content = action.str_arg("content")?.trim_end_matches('\n');
                (!content.is_empty() && !content.contains('\n')).then_some(Chore::Write)
            }
            _ => None,
        }
    }
}

/// What writing `path` would spoil of a step that copies, moves or adds to a file: `Some` with
/// that file when `step` is such a chore (`run cp A B`, `run mv A B`, `run echo 'L' >> A`) and
/// `path` names its `A`. Writing the file the chore carries first loses what the keeper kept
/// in it, and the chore then carries the creature's words instead (a rename "done" with the
/// file's words gone).
pub fn spoils_the_chore(step: &str, path: &str) -> Option<String> {
    let Some(Stage::Run(command)) = Stage::parse(step) else {
        return None;
    };
    let chore = Chore::of_command(&command)?;
    let words: Vec<&str> = command.split_whitespace().collect();
    let carried = match chore {
        Chore::Copy | Chore::Move => *words.get(1)?,
        Chore::Append => *words.last()?,
        Chore::Write => return None,
    };
    let norm = |p: &str| p.trim().trim_start_matches("./").to_string();
    (norm(path) == norm(carried)).then(|| norm(carried))
}

/// What a commission's words name, whatever their wording: its paths inside the workspace
/// (as whole words), the first of them that is a file here, the first that is not there yet,
/// and its one quoted line.
struct Operands {
    named: Vec<String>,
    here: Option<String>,
    new: Option<String>,
    line: Option<String>,
    word: Option<String>,
}

/// The words any errand is said with, whatever it asks: articles, pronouns, prepositions,
/// helpers and courtesies, and the verbs and nouns of putting words into files. What is left of
/// an errand's sentence without them (and without its paths) is what the keeper brought to it.
#[rustfmt::skip]
const ERRAND_WORDS: &[&str] = &[
    // articles, pronouns, determiners
    "a", "an", "the", "i", "me", "my", "mine", "you", "your", "we", "us", "our", "it", "its",
    "this", "that", "these", "those", "there", "here", "one", "some", "any", "each", "every",
    "other", "another", "same", "what", "which", "who", "whatever",
    // prepositions, conjunctions, adverbs
    "in", "into", "inside", "within", "to", "at", "on", "onto", "of", "for", "from", "with",
    "without", "by", "as", "about", "under", "over", "up", "down", "out", "and", "or", "but", "so",
    "then", "than", "if", "just", "only", "also", "too", "now", "please", "thanks", "thank",
    "kindly", "again", "nothing", "else", "alone",
    // helpers
    "is", "are", "was", "were", "be", "been", "being", "am", "do", "does", "did", "done", "have",
    "has", "had", "having", "will", "would", "shall", "should", "can", "could", "may", "might",
    "must", "not", "no", "d", "ll", "s", "t", "re", "ve", "m",
    // wanting and asking
    "need", "needs", "want", "wants", "like", "let", "get", "got", "go", "see", "make", "makes",
    "made", "making", "create", "creates", "created", "creating", "give", "given",
    // putting words in a file
    "write", "writes", "written", "writing", "wrote", "put", "puts", "putting", "save", "saves",
    "saved", "saving", "store", "stores", "stored", "storing", "keep", "keeps", "kept", "place",
    "places", "placed", "set", "sets", "record", "records", "recorded", "note", "jot", "type",
    "enter", "add", "adds", "added", "drop", "leave", "fill", "mark", "hold", "holds", "holding",
    "contain", "contains", "containing", "contained", "say", "says", "saying", "said", "read",
    "reads", "show", "shows", "carry", "carries", "bear", "bears",
    // files and their parts
    "file", "files", "new", "empty", "blank", "called", "named", "name", "titled", "word", "words",
    "text", "line", "lines", "content", "contents", "folder", "directory", "top", "level", "single",
    "plain", "exactly", "own", "itself",
];

/// The one word an errand asks to be written, when its sentence gives one plainly: its one
/// quoted line, or else the one word left of its sentence once its paths, the pieces of its
/// paths and the [`ERRAND_WORDS`] are taken away. None when nothing is left, or more than one
/// word is (which one is meant is a guess).
fn word_to_write(text: &str, named: &[String], line: Option<&String>) -> Option<String> {
    if let Some(line) = line {
        return Some(line.clone());
    }
    static WORD: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"[A-Za-z0-9][A-Za-z0-9_-]*").expect("a valid pattern"));
    let pieces = path_pieces(named);
    let sentence = PATH.replace_all(text, " ");
    let mut left: Vec<&str> = WORD
        .find_iter(&sentence)
        .map(|m| m.as_str())
        .filter(|w| {
            let lower = w.to_lowercase();
            !ERRAND_WORDS.contains(&lower.as_str()) && !pieces.contains(&lower)
        })
        .collect();
    left.dedup_by(|a, b| a.eq_ignore_ascii_case(b));
    match left.as_slice() {
        [one] if one.len() <= 40 => Some(one.to_string()),
        _ => None,
    }
}

/// The words of `paths`' pieces, lowercased (`notes/a-copy.txt`: `notes`, `a`, `copy`, `txt`):
/// words of a sentence that only name a path.
fn path_pieces(paths: &[impl AsRef<str>]) -> BTreeSet<String> {
    paths
        .iter()
        .flat_map(|p| {
            p.as_ref()
                .split(['/', '.', '-', '_'])
                .map(str::to_lowercase)
        })
        .collect()
}

impl Operands {
    fn of(text: &str, workspace: &Path) -> Operands {
        static QUOTED: LazyLock<Regex> =
            LazyLock::new(|| Regex::new(r"'([^'\n\\]{1,200})'").expect("a valid pattern"));
        // Paths as whole words: `../../etc/x.cfg` names no `etc/x.cfg`.
        let named: Vec<String> = PATH
            .find_iter(text)
            .filter(|m| {
                !text[..m.start()]
                    .chars()
                    .next_back()
                    .is_some_and(|c| matches!(c, '.' | '/' | '-' | '~' | '$' | '\\'))
            })
            .map(|m| m.as_str().trim_end_matches('.').to_string())
            .filter(|f| inside(workspace, f))
            .collect();
        let here = named.iter().find(|f| is_file(workspace, f)).cloned();
        let new = named.iter().find(|f| is_new(workspace, f)).cloned();
        // Exactly one quoted line: with an apostrophe about, which quote ends it is a guess.
        let line = QUOTED
            .captures(text)
            .filter(|_| text.matches('\'').count() == 2)
            .map(|c| c[1].trim().to_string())
            .filter(|l| !l.is_empty() && !l.starts_with('-'));
        let word = word_to_write(text, &named, line.as_ref());
        Operands {
            named,
            here,
            new,
            line,
            word,
        }
    }

    /// The chore's step with these operands, when they are all named.
    fn chore(&self, chore: Chore) -> Option<String> {
        let command = match chore {
            Chore::Copy => format!("cp {} {}", self.here.as_ref()?, self.new.as_ref()?),
            Chore::Move => format!("mv {} {}", self.here.as_ref()?, self.new.as_ref()?),
            Chore::Append => format!("echo '{}' >> {}", self.line.as_ref()?, self.here.as_ref()?),
            // One path named, not there yet: nothing of the keeper's is written over.
            Chore::Write => match self.named.as_slice() {
                [_] => format!("echo '{}' > {}", self.word.as_ref()?, self.new.as_ref()?),
                _ => return None,
            },
        };
        Some(Stage::Run(command).text())
    }
}

/// The chore a lesson did (`cp`, `mv`, adding a line, writing a word into a new file), made
/// again with `text`'s own operands, as a step: what practice gives an errand of the lesson's
/// kind whose words named no chore plainly ([`chores`] found none). None when the words name
/// no such operands here.
///
/// A word to write is read more loosely than [`chores`] reads one: not only after "the word",
/// "says" or a verb of writing, but as the one word the sentence holds besides its paths and
/// the words any errand is said with. The lesson says a word is written; the keeper's sentence
/// says which.
pub fn chore_again(chore: Chore, text: &str, workspace: &Path) -> Option<String> {
    Operands::of(text, workspace).chore(chore)
}

/// [`chore_again`] for the chore a lesson's `command` did ([`Chore::of_command`]).
pub fn chore_like(command: &str, text: &str, workspace: &Path) -> Option<String> {
    chore_again(Chore::of_command(command)?, text, workspace)
}

/// The look a lesson's `command` took, taken on `file` instead, as a step: what practice gives
/// an errand of the lesson's kind whose words only named a file to read. Two forms:
/// - a look on a file (`wc -l a.txt`: one program, its flags, one file) is taken on `file`;
/// - a folder's listing given to one program (`ls tickets | wc -l`: what the folder holds,
///   counted) gives that program the file (`wc -l notes.txt`: what the file holds, counted),
///   when it is a program that only reads what it is given (`wc`, `sort`, `uniq`, `head`,
///   `tail`, `nl`).
///
/// None for any other form.
pub fn look_like(command: &str, file: &str) -> Option<String> {
    static ONE_FILE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(&format!(
            r"^([a-z][a-z0-9_]*)((?:\s+-[A-Za-z]+)*)\s+{}$",
            crate::world::examples::FILE
        ))
        .expect("a valid pattern")
    });
    static LISTED: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(
            r"^ls(?:\s+-[A-Za-z1]+)*\s+[A-Za-z0-9_][\w./-]*\s*\|\s*(wc|sort|uniq|head|tail|nl)((?:\s+-[A-Za-z0-9]+)*)$",
        )
        .expect("a valid pattern")
    });
    if file.starts_with('-')
        || file.contains(|ch: char| ch.is_whitespace() || "'\"`$;&|<>\\".contains(ch))
    {
        return None;
    }
    let command = command.trim();
    let c = ONE_FILE
        .captures(command)
        .or_else(|| LISTED.captures(command))?;
    Some(Stage::Run(format!("{}{} {file}", &c[1], &c[2])).text())
}

/// Whether `path` names a place inside the workspace and reads as no flag.
fn inside(workspace: &Path, path: &str) -> bool {
    !path.starts_with('-') && paths::confine(workspace, path).is_ok()
}

/// Whether `path` is a place in the workspace with nothing there yet (not even a link to nothing).
fn is_new(workspace: &Path, path: &str) -> bool {
    paths::confine(workspace, path).is_ok_and(|c| !c.dangling && !c.abs().exists())
}

/// Whether `path` is a file of the workspace.
fn is_file(workspace: &Path, path: &str) -> bool {
    paths::confine(workspace, path).is_ok_and(|c| !c.dangling && c.abs().is_file())
}

/// The first word of `text` naming a folder of the workspace.
fn folder_in(text: &str, workspace: &Path) -> Option<String> {
    static WORD: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"[A-Za-z0-9_][\w./-]*").expect("a valid pattern"));
    WORD.find_iter(text)
        .map(|m| m.as_str().trim_end_matches(['.', '/']).to_string())
        .filter(|w| w.len() >= 2)
        .find(|w| paths::confine(workspace, w).is_ok_and(|c| !c.dangling && c.abs().is_dir()))
}

/// The file a commission's words name that is not in the workspace (an errand about what was
/// read before): the first file name its words hold that is not here.
pub fn gone_file(text: &str, workspace: &Path) -> Option<String> {
    files_in(text)
        .into_iter()
        .map(|f| f.trim_end_matches('.').to_string())
        .find(|f| !is_file(workspace, f))
}

/// Most lines of what a look showed stated above the answer.
pub const KNOWN_LINES: usize = 4;

/// The `Known fact` bodies an answer is asked with: the lines `seen` holds (what `stage`
/// showed when `action` did it), each introduced by its source, at most [`KNOWN_LINES`], the
/// line sharing most words with `question` last (nearest the question). A look that showed
/// several lines is also said to have shown that many.
///
/// A file read whole that shares fewer words with a question than its length does ("how long
/// is it in lines", "its line count") is stated by its length alone, `F has 8 lines (line count
/// 8)`, as `wc -l` would count it: a small model does not count the lines it is shown, it
/// copies one of them.
pub fn known(stage: &Stage, action: Option<&Action>, seen: &str, question: &str) -> Vec<String> {
    let source = stage.source(action);
    let lines: Vec<&str> = seen
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    if let Stage::Read(file) = stage
        && let Some(n) = whole_lines(seen)
        && n > 1
    {
        let length = format!("{n} lines (line count {n})");
        let asked: BTreeSet<String> = words(question).into_iter().collect();
        let best = lines.iter().map(|l| shared(l, &asked)).max().unwrap_or(0);
        if shared(&length, &asked) > best {
            return vec![format!("{file} has {length}")];
        }
    }
    if matches!(stage, Stage::Run(_))
        && let Some(found) = found_in_files(&lines, question)
    {
        return found;
    }
    let mut out: Vec<String> = ranked(&lines, question)
        .into_iter()
        .map(|l| format!("{source}: {l}"))
        .collect();
    if lines.len() > 1 && matches!(stage, Stage::Run(_)) {
        out.insert(0, format!("{source} {} lines", lines.len()));
    }
    out
}

/// The lines to state of `lines`: the one that shares strictly more words with `question` than
/// every other, alone (a small model copies the line nearest the question, so only the line
/// that answers is put there); else all of them ordered by the words they share, the best
/// last, at most [`KNOWN_LINES`] (the least sharing dropped first).
pub fn ranked<'a>(lines: &[&'a str], question: &str) -> Vec<&'a str> {
    let asked: BTreeSet<String> = words(question).into_iter().collect();
    let mut scored: Vec<(usize, usize, &str)> = lines
        .iter()
        .enumerate()
        .map(|(i, l)| (shared(l, &asked), i, *l))
        .collect();
    // Most shared last; among equals, the file's own order.
    scored.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
    if let [.., second, best] = scored.as_slice()
        && best.0 > second.0
    {
        return vec![best.2];
    }
    let skip = scored.len().saturating_sub(KNOWN_LINES);
    let mut kept: Vec<(usize, usize, &str)> = scored.into_iter().skip(skip).collect();
    kept.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)));
    kept.into_iter().map(|(_, _, l)| l).collect()
}

/// What a search that names each line's file showed (`grep -r . letters`: every line is
/// `FILE:TEXT`), as `Known fact` bodies: each line said by its file (`letters/b.txt says: We
/// talked about the owl.`), ranked as [`ranked`] ranks them. When one line shares strictly more
/// words with `question` than every other, the file is also said to hold what the question
/// asked about, in the question's own words: `the noisy owl is in letters/b.txt`. None when a
/// line is not of that form.
///
/// Measured on the 270M (`examples/prompt_formats file`, wordings of a find whose thing the
/// rules do not read, none of the suite's, 64 prompts): stated as the search printed it, the
/// file was named 3 times in 64 greedy and 2 at temperature 0.7; the model copied the line's
/// words. Said by its file with the holding line last, 59 and 31.
fn found_in_files(lines: &[&str], question: &str) -> Option<Vec<String>> {
    static LINE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(&format!(r"^({}):(.*\S.*)$", crate::world::examples::FILE))
            .expect("a valid pattern")
    });
    let split: Vec<(&str, &str)> = lines
        .iter()
        .map(|l| {
            let c = LINE.captures(l)?;
            Some((c.get(1)?.as_str(), c.get(2)?.as_str().trim()))
        })
        .collect::<Option<_>>()?;
    if split.is_empty() {
        return None;
    }
    let texts: Vec<&str> = split.iter().map(|(_, t)| *t).collect();
    let best = ranked(&texts, question);
    // The line itself, not its words: two files may say the same.
    let file_of = |text: &str| {
        split
            .iter()
            .find(|(_, t)| std::ptr::eq(*t, text))
            .map(|(f, _)| *f)
    };
    let mut out: Vec<String> = best
        .iter()
        .filter_map(|t| Some(format!("{} says: {t}", file_of(t)?)))
        .collect();
    if let [only] = best.as_slice()
        && let Some(file) = file_of(only)
    {
        let pieces = path_pieces(&[file]);
        let held: BTreeSet<String> = words(only).into_iter().collect();
        let mut asked: Vec<String> = words(question)
            .into_iter()
            .filter(|w| {
                held.contains(w) && !pieces.contains(w) && !ERRAND_WORDS.contains(&w.as_str())
            })
            .collect();
        let mut seen = BTreeSet::new();
        asked.retain(|w| seen.insert(w.clone()));
        if !asked.is_empty() {
            out.push(format!("the {} is in {file}", asked.join(" ")));
        }
    }
    Some(out)
}

/// How many of `asked`'s words `line` holds.
fn shared(line: &str, asked: &BTreeSet<String>) -> usize {
    words(line)
        .into_iter()
        .collect::<BTreeSet<_>>()
        .intersection(asked)
        .count()
}

/// How many lines a file's text holds as `wc -l` counts them, when `seen` is the whole of it:
/// none when a read cut it (`[... N bytes cut ...]`) or it is no text.
fn whole_lines(seen: &str) -> Option<usize> {
    static CUT: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?m)^\[\.\.\. \d+ (?:bytes|chars) cut \.\.\.\]$").expect("a valid pattern")
    });
    if CUT.is_match(seen) || seen.starts_with("(a binary file") {
        return None;
    }
    let text = seen.trim_end_matches('\n');
    (!text.is_empty()).then(|| text.lines().count())
}

/// Episodes searched for an earlier read of a file.
const EARLIER_EPISODES: usize = 1_000;

/// What the creature's own reads of `file` showed earlier in its life, as `Known fact` bodies
/// (`notes/a.txt said: …`), at most [`KNOWN_LINES`], the line nearest `question` last: the
/// lines an earlier errand's look at it showed (kept on that commission), else what the newest
/// successful read of it in the ledger showed (its episode's summary, on one line).
pub fn earlier_reads(rx: &impl Read, file: &str, question: &str) -> Result<Vec<String>> {
    let looked = Stage::Read(file.to_string()).text();
    for (id, c) in crate::creature::commissions::all(rx)?.into_iter().rev() {
        let Some(seen) = c.seen.as_deref() else {
            continue;
        };
        if !c.stages.contains(&looked) {
            continue;
        }
        let lines: Vec<&str> = seen
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect();
        let when = c
            .episodes
            .first()
            .map_or(format!("for commission #{id}"), |t| format!("at tick {t}"));
        return Ok(ranked(&lines, question)
            .into_iter()
            .map(|l| format!("{file} said (you read it {when}): {l}"))
            .collect());
    }
    for (_, e) in rx
        .ring::<Episode>(Some(EARLIER_EPISODES))?
        .into_iter()
        .rev()
    {
        if !e.success || e.automated {
            continue;
        }
        let Ok(action) = serde_json::from_str::<Action>(&e.action) else {
            continue;
        };
        let names_it = match action.tool.as_str() {
            "read_file" => action.str_arg("path") == Some(file),
            "bash" => action.str_arg("command").is_some_and(|c| {
                c.trim_start().starts_with("cat ") && c.split_whitespace().any(|w| w == file)
            }),
            _ => false,
        };
        if !names_it {
            continue;
        }
        if let Some((_, shown)) = e.summary.split_once(" -> ok: ") {
            return Ok(vec![format!(
                "{file} said (you read it at tick {}): {}",
                e.tick,
                shown.trim()
            )]);
        }
    }
    Ok(Vec::new())
}

/// The line an answer is asked with after a reply its check did not find what was asked in.
pub const MISSED: &str = "your last reply to this did not give what was asked";

/// What an errand's answer is asked with, when `c` is a commission whose own words are its
/// step now and ask for an answer: a line saying its last reply missed (when one did), then
/// what its last look showed, or, with no look, what the creature read earlier of the file its
/// words name that is gone. None for any other step.
pub fn answer_known(
    rx: &impl Read,
    c: &crate::creature::commissions::Commission,
    workspace: &Path,
) -> Result<Option<Vec<String>>> {
    if !c.answering() || !asks_an_answer(&c.text, c.check.as_ref()) {
        return Ok(None);
    }
    let mut known = Vec::new();
    if c.missed_replies > 0 {
        known.push(MISSED.to_string());
    }
    let last = c.stages.last().and_then(|s| Stage::parse(s));
    match (last, c.seen.as_deref()) {
        (Some(stage), Some(seen)) => {
            let action = c
                .looked
                .as_deref()
                .and_then(|a| serde_json::from_str::<Action>(a).ok());
            known.extend(self::known(&stage, action.as_ref(), seen, &c.text));
        }
        _ => {
            if let Some(file) = gone_file(&c.text, workspace) {
                known.extend(earlier_reads(rx, &file, &c.text)?);
            }
        }
    }
    Ok(Some(known))
}

/// The paths a step's words name, whole (`papers/boiler.cfg`), in order, without repeats.
pub fn named_paths(step: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for f in files_in(step) {
        let f = f.trim_end_matches('.').to_string();
        if !out.contains(&f) {
            out.push(f);
        }
    }
    out
}

/// Most answers an errand's reply may be picked among.
pub const SPANS_MAX: usize = 160;
/// Most words of one such answer (a whole line may be longer).
const SPAN_WORDS: usize = 8;

/// The answers an errand's reply may be picked among when it is asked again: every run of up to
/// [`SPAN_WORDS`] words of the lines `known` states (what its look showed, from the line nearest
/// the question), and each line whole, but none made only of the question's own words, and none
/// whose words one of `missed` holds in a row (the replies its check already did not find the
/// answer in: a line said whole and missed takes every run of its words with it). At most
/// [`SPANS_MAX`].
pub fn spans(known: &[String], question: &str, missed: &[String]) -> Vec<String> {
    let asked: BTreeSet<String> = words(question).into_iter().collect();
    let trim = |t: &str| {
        t.trim_matches(|c: char| !c.is_alphanumeric())
            .trim()
            .to_string()
    };
    let mut out: Vec<String> = Vec::new();
    let push = |span: String, out: &mut Vec<String>| {
        let w = words(&span);
        let own = w
            .iter()
            .any(|x| !asked.contains(x) && x != "says" && x != "shows");
        if !span.is_empty()
            && own
            && !missed.iter().any(|m| holds_words(m, &span))
            && !out.contains(&span)
            && out.len() < SPANS_MAX
        {
            out.push(span);
        }
    };
    for line in known.iter().rev().filter(|l| l.as_str() != MISSED) {
        let said = line
            .split_once(": ")
            .map_or(line.as_str(), |(_, rest)| rest);
        push(trim(said), &mut out);
        let tokens: Vec<&str> = said.split_whitespace().flat_map(named_file_apart).collect();
        for len in 1..=SPAN_WORDS.min(tokens.len()) {
            for start in 0..=tokens.len() - len {
                push(trim(&tokens[start..start + len].join(" ")), &mut out);
            }
        }
    }
    out
}

/// A word of a search's output line (`letters/may.txt:The`) as the file it names and the rest:
/// the file is an answer of its own when the keeper asks which file.
fn named_file_apart(token: &str) -> Vec<&str> {
    static NAMED: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(&format!(r"^({}):(.*)$", crate::world::examples::FILE)).expect("a valid pattern")
    });
    match NAMED.captures(token) {
        Some(c) => {
            let (file, rest) = (
                c.get(1).map_or("", |m| m.as_str()),
                c.get(2).map_or("", |m| m.as_str()),
            );
            [file, rest].into_iter().filter(|t| !t.is_empty()).collect()
        }
        None => vec![token],
    }
}

/// Whether `reply`'s words hold `span`'s words in a row (case aside). A reply the check did not
/// pass holds the answer in none of its runs of words, so no span it holds is offered again: a
/// check that finds its text in a reply finds it in any reply holding that reply's words.
fn holds_words(reply: &str, span: &str) -> bool {
    let norm = |t: &str| -> Vec<String> {
        t.split_whitespace()
            .map(|w| {
                w.trim_matches(|c: char| !c.is_alphanumeric())
                    .to_lowercase()
            })
            .filter(|w| !w.is_empty())
            .collect()
    };
    let (r, s) = (norm(reply), norm(span));
    !s.is_empty() && r.windows(s.len()).any(|w| w == s.as_slice())
}

/// Whether a reply to an errand gives nothing of its own: it only repeats the question, or it
/// is a worked example's answer that no line stated above the question holds (copied from the
/// prompt, not read from the world).
pub fn gives_nothing(reply: &str, question: &str, known: &[String]) -> bool {
    if only_repeats(reply, question, None) {
        return true;
    }
    demonstrated(reply)
        .iter()
        .any(|r| !known.iter().any(|k| holds_word(&k.to_lowercase(), r)))
}

/// Whether a reply to the keeper holds a worked example's answer (`12`, `green`, `Pip`…) that
/// nothing else in the prompt it answered (`shown`) holds, as a word of its own: copied from a
/// demonstration, not read from the world or remembered.
pub fn copies_demonstration(reply: &str, shown: &str) -> bool {
    let copied = demonstrated(reply);
    if copied.is_empty() {
        return false;
    }
    // What the creature itself said or thought is no source: a copy it was refused once,
    // quoted back in its stream, does not make the same copy its own the next time.
    static OWN: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?m)^\[\d+ (?:you|thought|REFLEX)\] .*$").expect("a valid pattern")
    });
    // Nor is a line's tick: `[25 world]` holds no 25 the world showed.
    static TICK: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"(?m)^\[\d+ ").expect("a valid pattern"));
    // Nor is its own reply quoted in a memory, a lesson or a scar, nor a number the platform
    // counts with: `step 12`, `tick 12`, `age 12`, `12 ticks`.
    static QUOTED: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r#"(?i)\breply\s+(?:`[^`\n]*`|"[^"\n]*")|\bsaid to the keeper:[^\n]*"#)
            .expect("a valid pattern")
    });
    static COUNTER: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(?:step|tick|age|commission|day|level)\s+#?\d+\b|\b\d+\s+ticks?\b")
            .expect("a valid pattern")
    });
    let others = crate::world::prompt::without_demonstrations(shown);
    let rest = OWN.replace_all(&others, "");
    let rest = QUOTED.replace_all(&rest, "");
    let rest = COUNTER.replace_all(&rest, "");
    let rest = TICK.replace_all(&rest, "[").to_lowercase();
    copied.iter().any(|r| !holds_word(&rest, r))
}

/// Whether `reply` only repeats the commission's words or a command it ran: such a reply
/// answers nothing, whatever it holds.
pub fn only_repeats(reply: &str, text: &str, stage: Option<&Stage>) -> bool {
    let norm = |s: &str| words(s).join(" ");
    let r = norm(reply);
    if r.is_empty() {
        return true;
    }
    let command = match stage {
        Some(Stage::Run(c)) => Some(c.clone()),
        _ => None,
    };
    norm(text).contains(&r) || command.is_some_and(|c| norm(&c).contains(&r))
}

#[cfg(test)]
#[path = "errand_tests.rs"]
mod tests;
