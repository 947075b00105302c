//! The suite's wordings: how a keeper phrases each kind of errand, split into a tune half and a
//! test half (`exam_battery/commissions/wordings.toml`, built into wis).

use serde::Deserialize;

use crate::base::exit::{Error, Result};

/// The wordings shipped with wis.
pub const SHIPPED: &str = include_str!("../../../exam_battery/commissions/wordings.toml");

/// Which half of the wordings a suite draws from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Half {
    /// What prompt work may look at.
    Tune,
    /// What is only ever measured.
    Test,
    /// Both halves.
    All,
}

/// One kind of errand and its wordings.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KindWordings {
    pub name: String,
    pub about: String,
    pub tune: Vec<String>,
    pub test: Vec<String>,
}

impl KindWordings {
    /// The wordings of `half`.
    pub fn of(&self, half: Half) -> Vec<&str> {
        match half {
            Half::Tune => self.tune.iter().map(String::as_str).collect(),
            Half::Test => self.test.iter().map(String::as_str).collect(),
            Half::All => self
                .tune
                .iter()
                .chain(&self.test)
                .map(String::as_str)
                .collect(),
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    kind: Vec<KindWordings>,
}

/// The placeholders a wording may use.
pub const PLACEHOLDERS: &[&str] = &[
    "file", "label", "word", "line", "dir", "src", "dst", "thing",
];

/// The placeholders in `wording`, in order.
pub fn placeholders(wording: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = wording;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        out.push(&rest[open + 1..open + close]);
        rest = &rest[open + close + 1..];
    }
    out
}

/// Reads wordings, checking every kind has wordings in both halves and every placeholder is
/// known (65 otherwise).
pub fn parse(text: &str) -> Result<Vec<KindWordings>> {
    let file: File =
        toml::from_str(text).map_err(|e| Error::data(format!("the suite's wordings: {e}")))?;
    for k in &file.kind {
        if k.tune.is_empty() || k.test.is_empty() {
            return Err(Error::data(format!(
                "the suite's wordings: kind {:?} needs wordings in both halves",
                k.name
            )));
        }
        for w in k.tune.iter().chain(&k.test) {
            if let Some(p) = placeholders(w)
                .into_iter()
                .find(|p| !PLACEHOLDERS.contains(p))
            {
                return Err(Error::data(format!(
                    "the suite's wordings: {{{p}}} in {w:?} is not a placeholder"
                )));
            }
        }
    }
    Ok(file.kind)
}

/// The shipped wordings.
pub fn shipped() -> Vec<KindWordings> {
    parse(SHIPPED).expect("the shipped wordings parse")
}

/// Fills `wording`'s placeholders from `values`.
pub fn fill(wording: &str, values: &[(&str, &str)]) -> String {
    let mut out = wording.to_string();
    for (name, value) in values {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_wordings_have_ten_kinds_and_four_of_each_half() {
        let kinds = shipped();
        assert!(kinds.len() >= 8, "{}", kinds.len());
        for k in &kinds {
            assert!(k.tune.len() >= 2 && k.test.len() >= 2, "{}", k.name);
            assert_eq!(k.tune.len() + k.test.len(), 8, "{}", k.name);
            for w in &k.tune {
                assert!(!k.test.contains(w), "{w:?} is in both halves");
            }
        }
    }

    #[test]
    fn an_unknown_placeholder_or_an_empty_half_is_refused() {
        let bad = "[[kind]]\nname = \"x\"\nabout = \"\"\ntune = [\"{nope}\"]\ntest = [\"a\"]\n";
        assert!(parse(bad).unwrap_err().message.contains("{nope}"));
        let empty = "[[kind]]\nname = \"x\"\nabout = \"\"\ntune = []\ntest = [\"a\"]\n";
        assert!(parse(empty).unwrap_err().message.contains("both halves"));
    }

    #[test]
    fn placeholders_fill_in_order() {
        assert_eq!(placeholders("Copy {src} to {dst}."), vec!["src", "dst"]);
        assert_eq!(
            fill(
                "Copy {src} to {dst}.",
                &[("src", "a.txt"), ("dst", "b.txt")]
            ),
            "Copy a.txt to b.txt."
        );
    }
}
