//! Choosing each token under the action grammar.
//!
//! This follows llama.cpp's own `common_sampler` (what llama-server does): the unconstrained
//! chain picks a token, the grammar checks that one token, and only when it is refused does
//! the grammar filter candidates before the chain picks again (the best-scoring ones first,
//! see [`Picker::constrained`]). The grammar accepts each token exactly once, through the call
//! that reports failure instead of throwing through the C boundary; after a refusal nothing
//! touches the grammar again, so its `GGML_ASSERT`s cannot be reached.
//!
//! Near the token limit the picker closes the reply by the shortest road it can see. Inside a
//! string the quote that ends it comes first; outside, what ends a list or an object, then the
//! comma and quote that start a property the schema still requires. The grammar keeps only
//! the tokens valid there, so the model fills in only what the schema leaves open (a key's
//! name, a number, a pattern's text), and a reply that would have been cut mid-string still
//! ends as well-formed JSON (marked truncated).

use llama_cpp_2::context::LlamaContext;
use llama_cpp_2::model::LlamaModel;
use llama_cpp_2::sampling::LlamaSampler;
use llama_cpp_2::token::LlamaToken;
use llama_cpp_2::token::data::LlamaTokenData;
use llama_cpp_2::token::data_array::LlamaTokenDataArray;
use llama_cpp_2::token::logit_bias::LlamaLogitBias;

use crate::base::exit::{Error, Result};
use crate::mind::Sampling;

/// The top-k of llama-server's default chain.
const TOP_K: usize = 40;
/// Best-scoring tokens first run through the grammar when the chain's choice is refused.
const FIRST_WINDOW: usize = 256;
/// Inside a string while closing: the tokens that end it, best first (with the logit each is
/// raised by, more than any logit spread; the steps between them outweigh the model's own
/// preference among them).
const IN_STRING: &[(&str, f32)] = &[
    ("\"}}", 130.0),
    ("\"]}", 130.0),
    ("\"]", 125.0),
    ("\"}", 120.0),
    ("\"", 110.0),
    ("\",", 100.0),
    ("\":", 100.0),
];
/// Outside strings while closing: end objects and lists first, else start the next required
/// property.
const OUTSIDE: &[(&str, f32)] = &[
    ("}}", 130.0),
    ("]}", 130.0),
    ("]", 125.0),
    ("}", 120.0),
    (",", 100.0),
    (",\"", 100.0),
    ("\"", 100.0),
    (":", 100.0),
];
/// The end of the reply, while closing.
const END_BIAS: f32 = 140.0;

/// Where a reply being closed stands: inside a JSON string or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Closing {
    InString,
    Outside,
}

/// Follows the reply's bytes to know whether the next token falls inside a JSON string.
#[derive(Debug, Default)]
pub(super) struct Lexer {
    in_string: bool,
    escaped: bool,
}

impl Lexer {
    pub fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            if !self.in_string {
                self.in_string = b == b'"';
            } else if self.escaped {
                self.escaped = false;
            } else if b == b'\\' {
                self.escaped = true;
            } else if b == b'"' {
                self.in_string = false;
            }
        }
    }

    pub fn closing(&self) -> Closing {
        if self.in_string {
            Closing::InString
        } else {
            Closing::Outside
        }
    }
}

/// The grammar, the sampler chain and the closing biases for one completion.
pub(super) struct Picker {
    grammar: LlamaSampler,
    chain: LlamaSampler,
    close_in_string: LlamaSampler,
    close_outside: LlamaSampler,
    /// Allowed tokens the chain needs to see: its top-k, or 1 when greedy.
    needed: usize,
}

impl Picker {
    pub fn new(model: &LlamaModel, grammar: &str, sampling: &Sampling) -> Result<Picker> {
        let grammar = LlamaSampler::grammar(model, grammar, "root")
            .map_err(|e| Error::internal(format!("llama.cpp refused the action grammar: {e}")))?;
        let greedy = sampling.temperature <= 0.0;
        Ok(Picker {
            grammar,
            chain: chain(sampling),
            close_in_string: closing_bias(model, IN_STRING),
            close_outside: closing_bias(model, OUTSIDE),
            needed: if greedy { 1 } else { TOP_K },
        })
    }

    /// Picks the token after output `idx`: the chain's choice if the grammar allows it, else
    /// the chain's choice among allowed tokens. While `closing`, the tokens that close the reply
    /// from where it stands come first.
    pub fn pick(
        &mut self,
        ctx: &LlamaContext<'_>,
        idx: i32,
        closing: Option<Closing>,
    ) -> Result<LlamaToken> {
        let mut all = self.candidates(ctx, idx, closing);
        all.apply_sampler(&mut self.chain);
        if let Some(token) = all.selected_token() {
            let mut one =
                LlamaTokenDataArray::new(vec![LlamaTokenData::new(token, 0.0, 0.0)], false);
            one.apply_sampler(&mut self.grammar);
            if one.data.first().is_some_and(|d| d.logit().is_finite()) {
                return Ok(token);
            }
        }
        self.constrained(ctx, idx, closing)
    }

    /// Advances the grammar past a chosen token (never an end-of-generation token).
    pub fn accept(&mut self, token: LlamaToken) -> Result<()> {
        self.grammar.try_accept(token).map_err(|e| {
            Error::internal(format!("the action grammar refused token {}: {e}", token.0))
        })
    }

    fn candidates(
        &mut self,
        ctx: &LlamaContext<'_>,
        idx: i32,
        closing: Option<Closing>,
    ) -> LlamaTokenDataArray {
        let mut all = ctx.token_data_array_ith(idx);
        match closing {
            Some(Closing::InString) => all.apply_sampler(&mut self.close_in_string),
            Some(Closing::Outside) => all.apply_sampler(&mut self.close_outside),
            None => {}
        }
        all
    }

    /// The chain's choice among grammar-allowed tokens. Filtering all 262k tokens of Gemma 3
    /// through the grammar costs 50-300 ms, so the best-scoring tokens are filtered first,
    /// widening eightfold until `needed` allowed tokens are found: the allowed tokens outside
    /// that window all score lower, so the choice is the one a full filter gives.
    fn constrained(
        &mut self,
        ctx: &LlamaContext<'_>,
        idx: i32,
        closing: Option<Closing>,
    ) -> Result<LlamaToken> {
        let mut window = FIRST_WINDOW;
        loop {
            let mut candidates = self.candidates(ctx, idx, closing);
            let whole = window >= candidates.data.len();
            if !whole {
                candidates.apply_sampler(&mut LlamaSampler::top_k(window as i32));
            }
            candidates.apply_sampler(&mut self.grammar);
            // The grammar marks refused tokens with -inf in place; drop them, and let the
            // chain sort again (top-k would otherwise trust the order top-k left).
            candidates.data.retain(|d| d.logit().is_finite());
            candidates.sorted = false;
            candidates.selected = None;
            if candidates.data.len() >= self.needed || whole {
                candidates.apply_sampler(&mut self.chain);
                let index = candidates
                    .selected
                    .filter(|&i| candidates.data[i].logit().is_finite());
                return index.map(|i| candidates.data[i].id()).ok_or_else(|| {
                    Error::internal(
                        "the action grammar allows no token here (the grammar is inconsistent)",
                    )
                });
            }
            window *= 8;
        }
    }
}

/// llama-server's default chain (top-k 40, top-p 0.95, min-p 0.05, temperature, a seeded
/// draw), or greedy at temperature 0.
fn chain(sampling: &Sampling) -> LlamaSampler {
    if sampling.temperature <= 0.0 {
        return LlamaSampler::greedy();
    }
    LlamaSampler::chain_simple([
        LlamaSampler::top_k(TOP_K as i32),
        LlamaSampler::top_p(0.95, 1),
        LlamaSampler::min_p(0.05, 1),
        LlamaSampler::temp(sampling.temperature),
        LlamaSampler::dist(seed32(sampling.seed)),
    ])
}

/// A 32-bit sampler seed from the configured one (fresh when unset). llama.cpp reads
/// `0xFFFFFFFF` as "pick one at random", so that value is never passed.
fn seed32(seed: Option<u64>) -> u32 {
    let s = seed.unwrap_or_else(rand::random);
    let folded = (s ^ (s >> 32)) as u32;
    folded.min(u32::MAX - 1)
}

/// A bias toward `closers` (those the vocabulary has as one token) and the end of the reply.
fn closing_bias(model: &LlamaModel, closers: &[(&str, f32)]) -> LlamaSampler {
    let vocab = model.vocab();
    let mut biases: Vec<LlamaLogitBias> = closers
        .iter()
        .filter_map(
            |&(text, bias)| match vocab.tokenize(text.as_bytes(), false, false)[..] {
                [one] => Some(LlamaLogitBias::new(one, bias)),
                _ => None,
            },
        )
        .collect();
    for end in [vocab.eos(), vocab.eot()] {
        if end.0 >= 0 {
            biases.push(LlamaLogitBias::new(end, END_BIAS));
        }
    }
    LlamaSampler::logit_bias(vocab.n_tokens(), &biases)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lexer_knows_when_it_is_inside_a_string() {
        let mut l = Lexer::default();
        l.feed(br#"{"tool": "reply", "args": {"text": "say \"hi"#);
        assert_eq!(l.closing(), Closing::InString);
        l.feed(br#"\" \\"#);
        assert_eq!(l.closing(), Closing::InString);
        l.feed(br#"""#);
        assert_eq!(l.closing(), Closing::Outside);
        l.feed(b"}}");
        assert_eq!(l.closing(), Closing::Outside);
    }

    #[test]
    fn seeds_avoid_the_random_marker() {
        assert_eq!(seed32(Some(u64::from(u32::MAX))), u32::MAX - 1);
        assert_eq!(seed32(Some(7)), 7);
        assert_ne!(seed32(Some(1 << 32)), seed32(Some(2 << 32)));
    }
}
