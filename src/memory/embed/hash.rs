//! The built-in embedder: signed feature hashing of word unigrams, word bigrams and
//! character trigrams, L2-normalised. Deterministic (the same text gives the same bits on
//! every machine), needs no model, and is good at what a creature's memory mostly asks:
//! "have I seen these words, or words spelled like them, together before?"
//!
//! Words are the [`terms`] of a text: lowercased, function words ("the", "which", "is") left
//! out, a plain suffix ("-s", "-es", "-ed", "-ing") taken off, so that "Which command restarts
//! the pump?" and "To restart the pump, run …" share their content words and nothing else.
//! On the labelled question → memory set in `tests/fixtures/retrieval/` this raised recall@1
//! from 0.54 (`ngram-v1`: every word, trigrams at a quarter) to 0.82.

use super::{Embedder, Fnv, normalize};
use crate::base::exit::Result;

/// The feature-set version; changing the features means a new name, so stored vectors are
/// seen as stale and re-embedded.
pub const HASH_MODEL: &str = "ngram-v2";

/// Feature weights: whole words count most, character trigrams catch inflections and typos,
/// word pairs carry a little order. (Measured on the labelled set: trigrams at 0.35 and pairs
/// at 0.25 beat 0.25 / 0.5 by four points of recall@1.)
const W_WORD: f32 = 1.0;
const W_BIGRAM: f32 = 0.25;
const W_TRIGRAM: f32 = 0.35;

/// Function words: they join content words in every sentence and tell texts apart by
/// nothing but grammar.
const STOP: &[&str] = &[
    "a", "about", "an", "and", "are", "as", "at", "be", "been", "but", "by", "can", "could", "did",
    "do", "does", "for", "from", "he", "her", "here", "how", "i", "if", "in", "into", "is", "it",
    "its", "may", "me", "might", "must", "my", "no", "not", "of", "on", "or", "our", "shall",
    "she", "should", "so", "that", "the", "their", "them", "then", "there", "these", "they",
    "this", "those", "to", "was", "we", "were", "what", "when", "where", "which", "who", "whom",
    "why", "will", "with", "would", "yes", "you", "your",
];

/// A text's terms: lowercased alphanumeric words without function words, each with a plain
/// suffix taken off. A text made only of function words keeps them (so it is not empty).
/// The lexical scorer reads the same terms.
pub fn terms(text: &str) -> Vec<String> {
    let words: Vec<String> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let content: Vec<&String> = words
        .iter()
        .filter(|w| STOP.binary_search(&w.as_str()).is_err())
        .collect();
    let kept: Vec<&String> = if content.is_empty() {
        words.iter().collect()
    } else {
        content
    };
    kept.into_iter().map(|w| stem(w)).collect()
}

/// Takes a plain English suffix off a word of more than a few letters.
fn stem(word: &str) -> String {
    for suffix in ["ing", "ed", "es", "s"] {
        if word.len() > suffix.len() + 2 && word.is_char_boundary(word.len() - suffix.len()) {
            if let Some(base) = word.strip_suffix(suffix) {
                return base.to_string();
            }
        }
    }
    word.to_string()
}

/// Feature namespaces, so that a word and a trigram with the same letters differ.
const NS_WORD: u8 = b'w';
const NS_BIGRAM: u8 = b'b';
const NS_TRIGRAM: u8 = b'c';

/// Feature-hashed n-grams in `dim` dimensions.
#[derive(Debug, Clone)]
pub struct HashEmbedder {
    dim: usize,
}

impl HashEmbedder {
    pub fn new(dim: usize) -> HashEmbedder {
        HashEmbedder { dim: dim.max(1) }
    }

    /// One text's vector.
    pub fn vector(&self, text: &str) -> Vec<f32> {
        let mut v = vec![0.0f32; self.dim];
        let words = terms(text);
        for (i, word) in words.iter().enumerate() {
            self.add(&mut v, NS_WORD, &[word.as_bytes()], W_WORD);
            if let Some(next) = words.get(i + 1) {
                self.add(
                    &mut v,
                    NS_BIGRAM,
                    &[word.as_bytes(), next.as_bytes()],
                    W_BIGRAM,
                );
            }
            let padded: Vec<char> = std::iter::once('<')
                .chain(word.chars())
                .chain(std::iter::once('>'))
                .collect();
            let mut buf = [0u8; 12];
            for gram in padded.windows(3) {
                let mut len = 0;
                for c in gram {
                    len += c.encode_utf8(&mut buf[len..]).len();
                }
                self.add(&mut v, NS_TRIGRAM, &[&buf[..len]], W_TRIGRAM);
            }
        }
        normalize(&mut v);
        v
    }

    /// Adds one feature: its hash picks the bucket and the sign.
    fn add(&self, v: &mut [f32], ns: u8, parts: &[&[u8]], weight: f32) {
        let mut h = Fnv::new();
        h.write(&[ns]);
        for (i, p) in parts.iter().enumerate() {
            if i > 0 {
                h.write(&[0]);
            }
            h.write(p);
        }
        let h = h.finish();
        let bucket = (h % self.dim as u64) as usize;
        let sign = if h >> 63 == 0 { 1.0 } else { -1.0 };
        v[bucket] += sign * weight;
    }
}

impl Embedder for HashEmbedder {
    fn backend(&self) -> &str {
        "hash"
    }
    fn model(&self) -> &str {
        HASH_MODEL
    }
    fn dim(&self) -> Option<usize> {
        Some(self.dim)
    }
    fn max_batch(&self) -> usize {
        256
    }
    fn calibration(&self) -> super::Calibration {
        super::Calibration::HASH
    }
    fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>> {
        Ok(texts.iter().map(|t| self.vector(t)).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::search::dot;

    /// The hash of `vector("wis remembers")` at 256 dimensions under `ngram-v2`.
    const PINNED: u64 = 9_815_869_173_881_736_530;

    fn norm(v: &[f32]) -> f32 {
        dot(v, v).sqrt()
    }

    #[test]
    fn deterministic_across_instances_and_calls() {
        let a = HashEmbedder::new(256);
        let b = HashEmbedder::new(256);
        let text = "The pump controller listens on TCP port 8731.";
        assert_eq!(a.vector(text), b.vector(text));
        assert_eq!(a.embed(&[text, text]).unwrap(), vec![a.vector(text); 2]);
        // Pinned bits: a change to the features must come with a new HASH_MODEL.
        let bytes = crate::memory::vector::to_bytes(&a.vector("wis remembers"));
        let mut h = Fnv::new();
        h.write(&bytes);
        assert_eq!(
            h.finish(),
            PINNED,
            "features changed: bump HASH_MODEL and this pin"
        );
    }

    #[test]
    fn unit_length_or_zero() {
        let e = HashEmbedder::new(64);
        for text in ["a", "hello world", "ünïcödé wörds ok", "x y z x y z", "42"] {
            let v = e.vector(text);
            assert_eq!(v.len(), 64);
            assert!((norm(&v) - 1.0).abs() < 1e-5, "{text}: {}", norm(&v));
        }
        for empty in ["", "   ", "!?-- ..."] {
            assert!(e.vector(empty).iter().all(|x| *x == 0.0), "{empty:?}");
        }
    }

    #[test]
    fn similar_texts_are_closer_than_unrelated_ones() {
        let e = HashEmbedder::new(256);
        let q = e.vector("restart the pump controller");
        let near = e.vector("the pump controller needed a restart");
        let far = e.vector("grocery list: apples, bread, cheese");
        assert!(dot(&q, &near) > 0.5, "{}", dot(&q, &near));
        assert!(dot(&q, &far) < 0.2, "{}", dot(&q, &far));
        assert!((dot(&q, &q) - 1.0).abs() < 1e-5);
        // Case and punctuation do not matter.
        assert_eq!(e.vector("Restart, the PUMP controller!"), q);
    }

    #[test]
    fn terms_leave_function_words_out_and_share_stems() {
        assert_eq!(
            terms("Which command restarts the greenhouse pump?"),
            ["command", "restart", "greenhouse", "pump"]
        );
        assert_eq!(
            terms("To restart the greenhouse pump, run: pumpctl restart"),
            ["restart", "greenhouse", "pump", "run", "pumpctl", "restart"]
        );
        // Only function words: they are kept, so the text still has a vector.
        assert_eq!(terms("what is it"), ["what", "is", "it"]);
        // Short words are left whole; a suffix comes off a word in any script.
        assert_eq!(terms("bus gas wörterés"), ["bus", "gas", "wörteré"]);
    }

    #[test]
    fn a_question_is_closer_to_its_answer_than_to_a_wordy_neighbour() {
        let e = HashEmbedder::new(256);
        let q = e.vector("Which command restarts the greenhouse pump?");
        let answer = e.vector("To restart the greenhouse pump, run: pumpctl restart --greenhouse");
        let neighbour = e.vector("The spare fuse is kept in the blue tin on the shelf.");
        assert!(dot(&q, &answer) > 0.5, "{}", dot(&q, &answer));
        assert!(dot(&q, &neighbour) < 0.1, "{}", dot(&q, &neighbour));
    }
}
