//! WordPiece: each word of the basic tokenizer ([`super::text`]) cut into the longest pieces
//! the vocabulary holds, left to right, a piece after the first carrying the `##` prefix; a
//! word that cannot be cut entirely (or is longer than [`MAX_WORD_CHARS`]) is one `[UNK]`.
//! A text's ids open with `[CLS]` and close with `[SEP]`, and hold at most the model's
//! declared number of tokens, the end of a long text cut off.
//!
//! The vocabulary is `vocab.txt`, one piece a line, the id its line number.

use std::collections::HashMap;
use std::path::Path;

use super::text::{self, Rules};
use crate::base::exit::{Error, Result};

/// Words longer than this many characters are `[UNK]` without being cut.
pub const MAX_WORD_CHARS: usize = 100;

/// A vocabulary and the tokenizer's rules.
#[derive(Debug)]
pub struct WordPiece {
    ids: HashMap<String, u32>,
    rules: Rules,
    max_tokens: usize,
    cls: u32,
    sep: u32,
    unk: u32,
}

impl WordPiece {
    /// Reads `vocab.txt` (its bytes are returned too, for the model's fingerprint); it must
    /// hold exactly `size` pieces, the special ones among them.
    pub fn read(
        path: &Path,
        size: usize,
        rules: Rules,
        max_tokens: usize,
    ) -> Result<(WordPiece, Vec<u8>)> {
        let bytes = std::fs::read(path).map_err(|e| Error::io_at(path, e))?;
        let text = std::str::from_utf8(&bytes)
            .map_err(|e| Error::data(format!("vocab.txt is not UTF-8: {e}")))?;
        let pieces: Vec<&str> = text.lines().collect();
        if pieces.len() != size {
            return Err(Error::data(format!(
                "vocab.txt has {} pieces; config.json says {size}",
                pieces.len()
            )));
        }
        let wp = WordPiece::new(&pieces, rules, max_tokens)?;
        Ok((wp, bytes))
    }

    /// A vocabulary of `pieces` (the id of each its index; a repeated piece takes its last id).
    pub fn new(pieces: &[&str], rules: Rules, max_tokens: usize) -> Result<WordPiece> {
        let ids: HashMap<String, u32> = pieces
            .iter()
            .enumerate()
            .map(|(i, p)| (p.to_string(), i as u32))
            .collect();
        let special = |name: &str| {
            ids.get(name)
                .copied()
                .ok_or_else(|| Error::data(format!("vocab.txt has no {name}")))
        };
        Ok(WordPiece {
            cls: special("[CLS]")?,
            sep: special("[SEP]")?,
            unk: special("[UNK]")?,
            ids,
            rules,
            max_tokens: max_tokens.max(2),
        })
    }

    /// The ids of one text: `[CLS]`, its pieces (cut to fit), `[SEP]`.
    pub fn encode(&self, text: &str) -> Vec<u32> {
        let room = self.max_tokens - 2;
        let normalized = text::normalize(text, self.rules);
        let mut ids = vec![self.cls];
        for word in text::words(&normalized) {
            if ids.len() > room {
                break;
            }
            self.cut(word, &mut ids);
        }
        ids.truncate(room + 1);
        ids.push(self.sep);
        ids
    }

    /// Appends the pieces of one word (or `[UNK]`).
    fn cut(&self, word: &str, out: &mut Vec<u32>) {
        if word.chars().count() > MAX_WORD_CHARS {
            out.push(self.unk);
            return;
        }
        let before = out.len();
        let mut key = String::with_capacity(word.len() + 2);
        let mut start = 0;
        while start < word.len() {
            let mut end = word.len();
            let found = loop {
                key.clear();
                if start > 0 {
                    key.push_str("##");
                }
                key.push_str(&word[start..end]);
                if let Some(id) = self.ids.get(&key) {
                    break Some(*id);
                }
                // Back off one character.
                match word[start..end].char_indices().next_back() {
                    Some((i, _)) if i > 0 => end = start + i,
                    _ => break None,
                }
            };
            let Some(id) = found else {
                out.truncate(before);
                out.push(self.unk);
                return;
            };
            out.push(id);
            start = end;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vocab(max_tokens: usize) -> WordPiece {
        let pieces = [
            "[PAD]", "[UNK]", "[CLS]", "[SEP]", "un", "##aff", "##able", "the", "pump", "##s", ",",
            "a",
        ];
        let rules = Rules {
            lowercase: true,
            strip_accents: true,
            chinese_chars: true,
        };
        WordPiece::new(&pieces, rules, max_tokens).unwrap()
    }

    #[test]
    fn longest_pieces_first_and_unknown_words_whole() {
        let wp = vocab(64);
        assert_eq!(wp.encode("Unaffable pumps"), [2, 4, 5, 6, 8, 9, 3]);
        // "unaffx" cannot be cut to the end: one [UNK], not "un ##aff [UNK]".
        assert_eq!(wp.encode("the unaffx, pump"), [2, 7, 1, 10, 8, 3]);
        assert_eq!(wp.encode(""), [2, 3]);
        let long = "a".repeat(MAX_WORD_CHARS + 1);
        assert_eq!(wp.encode(&long), [2, 1, 3]);
    }

    #[test]
    fn a_long_text_is_cut_to_the_declared_length() {
        let wp = vocab(5);
        assert_eq!(wp.encode("the pump the pump the pump"), [2, 7, 8, 7, 3]);
        assert_eq!(wp.encode("unaffable unaffable"), [2, 4, 5, 6, 3]);
        assert_eq!(vocab(3).encode("unaffable"), [2, 4, 3]);
    }

    #[test]
    fn a_vocabulary_without_its_special_pieces_is_refused() {
        let rules = Rules {
            lowercase: true,
            strip_accents: true,
            chinese_chars: true,
        };
        let err = WordPiece::new(&["[CLS]", "[SEP]", "a"], rules, 8).unwrap_err();
        assert_eq!(err.code(), 65);
        assert!(err.message.contains("[UNK]"), "{}", err.message);
    }
}
