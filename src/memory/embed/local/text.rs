//! The basic BERT tokenizer: a text cleaned, normalised and split into words and punctuation
//! marks, before WordPiece cuts the words into vocabulary pieces ([`super::wordpiece`]).
//!
//! In order, as the model's own tokenizer does it: control characters, NUL and U+FFFD are
//! dropped and every other whitespace character becomes a space; each CJK ideograph is set
//! apart by spaces; accents come off (canonical decomposition, then the nonspacing marks
//! dropped); every character is lowercased on its own (so a final capital sigma is σ, not ς);
//! then the text is split at whitespace, and every punctuation character (ASCII punctuation,
//! or any character of a Unicode punctuation category) is a word of its own.
//!
//! One difference from the tokenizer the model was trained with: a literal `[SEP]` (or another
//! special token's name) in a text is read as punctuation and a word, never as the token.

use unicode_general_category::get_general_category;
use unicode_normalization::UnicodeNormalization;

/// Which of the optional steps a model's tokenizer takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    pub lowercase: bool,
    pub strip_accents: bool,
    pub chinese_chars: bool,
}

/// The Unicode general category's two-letter abbreviation ("Mn", "Po", "Cc").
fn category(c: char) -> &'static str {
    get_general_category(c).abbreviation()
}

/// Control, format, unassigned and private-use characters, except tab and line ends.
fn is_control(c: char) -> bool {
    !matches!(c, '\t' | '\n' | '\r') && category(c).starts_with('C')
}

/// ASCII punctuation (which counts `$`, `+`, `^` and the like) and Unicode punctuation.
fn is_punctuation(c: char) -> bool {
    c.is_ascii_punctuation() || category(c).starts_with('P')
}

/// The CJK Unified Ideographs blocks and their extensions and compatibility blocks (not
/// Hangul, kana or other scripts, which are written with spaces).
fn is_cjk(c: char) -> bool {
    matches!(u32::from(c),
        0x4E00..=0x9FFF
        | 0x3400..=0x4DBF
        | 0x20000..=0x2A6DF
        | 0x2A700..=0x2B73F
        | 0x2B740..=0x2B81F
        | 0x2B820..=0x2CEAF
        | 0xF900..=0xFAFF
        | 0x2F800..=0x2FA1F)
}

/// The cleaned, normalised text.
pub fn normalize(text: &str, rules: Rules) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == '\0' || c == '\u{fffd}' || is_control(c) {
            continue;
        }
        if c.is_whitespace() {
            out.push(' ');
        } else if rules.chinese_chars && is_cjk(c) {
            out.push(' ');
            out.push(c);
            out.push(' ');
        } else {
            out.push(c);
        }
    }
    if rules.strip_accents {
        out = out.nfd().filter(|c| category(*c) != "Mn").collect();
    }
    if rules.lowercase {
        out = out.chars().flat_map(char::to_lowercase).collect();
    }
    out
}

/// The words of a normalised text: split at whitespace, each punctuation mark on its own.
pub fn words(normalized: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in normalized.char_indices() {
        let ends = c.is_whitespace() || is_punctuation(c);
        if ends {
            if let Some(s) = start.take() {
                out.push(&normalized[s..i]);
            }
            if !c.is_whitespace() {
                out.push(&normalized[i..i + c.len_utf8()]);
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push(&normalized[s..]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const UNCASED: Rules = Rules {
        lowercase: true,
        strip_accents: true,
        chinese_chars: true,
    };

    fn split(text: &str, rules: Rules) -> Vec<String> {
        words(&normalize(text, rules))
            .into_iter()
            .map(String::from)
            .collect()
    }

    #[test]
    fn lowercases_strips_accents_and_splits_punctuation() {
        assert_eq!(
            split("Héllo, Wörld! It's 3.5°C—café?", UNCASED),
            [
                "hello", ",", "world", "!", "it", "'", "s", "3", ".", "5°c", "—", "cafe", "?"
            ]
        );
        // `$` and `+` are ASCII punctuation though Unicode calls them symbols.
        assert_eq!(split("a$b+c", UNCASED), ["a", "$", "b", "+", "c"]);
    }

    #[test]
    fn controls_go_whitespace_becomes_a_space_and_ideographs_stand_alone() {
        assert_eq!(split("a\u{0}b\u{fffd}c\u{200b}d", UNCASED), ["abcd"]);
        assert_eq!(
            split("one\ttwo\nthree\u{a0}four", UNCASED),
            ["one", "two", "three", "four"]
        );
        assert_eq!(split("我爱abc", UNCASED), ["我", "爱", "abc"]);
        // Hangul is not split per syllable (stripping accents decomposes it into its letters).
        assert_eq!(
            split("한국어", UNCASED),
            ["한국어".nfd().collect::<String>()]
        );
    }

    #[test]
    fn a_cased_model_keeps_case_and_accents() {
        let cased = Rules {
            lowercase: false,
            strip_accents: false,
            chinese_chars: true,
        };
        assert_eq!(split("Café ÉTÉ", cased), ["Café", "ÉTÉ"]);
        // Each character lowercased alone: a final sigma is σ.
        assert_eq!(split("ΟΔΟΣ", UNCASED), ["οδοσ"]);
    }

    #[test]
    fn empty_and_blank_texts_have_no_words() {
        for text in ["", "   ", "\u{0}\u{200b}\n"] {
            assert!(split(text, UNCASED).is_empty(), "{text:?}");
        }
    }
}
