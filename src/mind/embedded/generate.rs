//! One completion: tokenize, decode the prompt, then sample under the grammar until the
//! model ends its reply or reaches its token limit.
//!
//! Sampling follows llama.cpp's own `common_sampler` (what llama-server does): the
//! unconstrained chain picks a token, the grammar checks that one token, and only when it is
//! refused does the grammar filter candidates before the chain picks again (the best-scoring
//! ones first, see [`constrained`]). The grammar
//! accepts each token exactly once, through the call that reports its failures instead of
//! throwing through the C boundary; after any refusal nothing touches the grammar again, so a
//! `GGML_ASSERT` in it cannot be reached.

use std::num::NonZeroU32;
use std::time::Instant;

use llama_cpp_2::context::LlamaContext;
use llama_cpp_2::context::params::LlamaContextParams;
use llama_cpp_2::llama_batch::LlamaBatch;
use llama_cpp_2::sampling::LlamaSampler;
use llama_cpp_2::token::LlamaToken;
use llama_cpp_2::token::data::LlamaTokenData;
use llama_cpp_2::token::data_array::LlamaTokenDataArray;

use super::{EmbeddedOptions, Loaded};
use crate::exit::{Error, Result};
use crate::mind::Sampling;

/// Tokens decoded per batch while reading the prompt.
const BATCH: usize = 512;
/// Contexts are sized to the call, rounded up to this many tokens.
const CTX_STEP: usize = 256;
/// The top-k of llama-server's default chain.
const TOP_K: usize = 40;
/// Best-scoring tokens first run through the grammar when the chain's choice is refused.
const FIRST_WINDOW: usize = 256;

/// What one completion produced.
#[derive(Debug)]
pub(super) struct Generated {
    pub bytes: Vec<u8>,
    pub prompt_tokens: u32,
    pub completion_tokens: u32,
    /// Stopped at the token limit rather than at the end of the reply.
    pub hit_limit: bool,
    pub prompt_ms: f64,
    pub predicted_ms: f64,
}

pub(super) fn run(
    loaded: &Loaded,
    options: &EmbeddedOptions,
    grammar: &str,
    document: &str,
    sampling: &Sampling,
) -> Result<Generated> {
    let model = &loaded.model;
    let vocab = model.vocab();
    let tokens = vocab.tokenize(document.as_bytes(), true, false);
    if tokens.is_empty() {
        return Err(Error::internal("the prompt tokenized to nothing"));
    }
    let window = options.n_ctx as usize;
    if tokens.len() >= window {
        return Err(Error::config(format!(
            "the prompt is {} tokens, which does not fit [context] n_ctx = {window}",
            tokens.len()
        ))
        .hint("lower the [context] budgets (max_total_chars) or raise n_ctx"));
    }
    let max_tokens = (sampling.max_tokens as usize).min(window - tokens.len());
    let n_ctx = (tokens.len() + max_tokens).div_ceil(CTX_STEP) * CTX_STEP;
    let threads = options.effective_threads() as i32;
    let params = LlamaContextParams::default()
        .with_n_ctx(NonZeroU32::new(n_ctx.min(window) as u32))
        .with_n_batch(BATCH as u32)
        .with_n_ubatch(BATCH as u32)
        .with_n_threads(threads)
        .with_n_threads_batch(threads);
    let mut ctx = model
        .new_context(super::backend::backend()?, params)
        .map_err(|e| Error::unavailable(format!("llama.cpp cannot make a context: {e}")))?;

    let mut grammar = LlamaSampler::grammar(model, grammar, "root")
        .map_err(|e| Error::internal(format!("llama.cpp refused the action grammar: {e}")))?;
    let mut chain = chain(sampling);
    let needed = if sampling.temperature <= 0.0 {
        1
    } else {
        TOP_K
    };

    let started = Instant::now();
    let mut batch = LlamaBatch::new(BATCH, 1);
    let last = tokens.len() - 1;
    for (i, chunk) in tokens.chunks(BATCH).enumerate() {
        batch.clear();
        for (j, &token) in chunk.iter().enumerate() {
            let pos = i * BATCH + j;
            add(&mut batch, token, pos, pos == last)?;
        }
        decode(&mut ctx, &mut batch)?;
    }
    let prompt_ms = ms(started);

    let started = Instant::now();
    let mut out = Generated {
        bytes: Vec::new(),
        prompt_tokens: tokens.len() as u32,
        completion_tokens: 0,
        hit_limit: false,
        prompt_ms,
        predicted_ms: 0.0,
    };
    let mut pos = tokens.len();
    loop {
        if out.completion_tokens as usize >= max_tokens {
            out.hit_limit = true;
            break;
        }
        let token = pick(&ctx, batch.n_tokens() - 1, &mut grammar, &mut chain, needed)?;
        if vocab.is_eog(token) {
            break;
        }
        grammar.try_accept(token).map_err(|e| {
            Error::internal(format!("the action grammar refused token {}: {e}", token.0))
        })?;
        out.bytes.extend(vocab.token_to_piece(token, false, None));
        out.completion_tokens += 1;
        batch.clear();
        add(&mut batch, token, pos, true)?;
        pos += 1;
        decode(&mut ctx, &mut batch)?;
    }
    out.predicted_ms = ms(started);
    Ok(out)
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

/// Picks the next token: the chain's choice if the grammar allows it, else the chain's choice
/// among the tokens the grammar allows.
fn pick(
    ctx: &LlamaContext<'_>,
    idx: i32,
    grammar: &mut LlamaSampler,
    chain: &mut LlamaSampler,
    needed: usize,
) -> Result<LlamaToken> {
    let mut all = ctx.token_data_array_ith(idx);
    all.apply_sampler(chain);
    if let Some(token) = all.selected_token() {
        let mut one = LlamaTokenDataArray::new(vec![LlamaTokenData::new(token, 0.0, 0.0)], false);
        one.apply_sampler(grammar);
        if one.data.first().is_some_and(|d| d.logit().is_finite()) {
            return Ok(token);
        }
    }
    constrained(ctx, idx, grammar, chain, needed)
}

/// The chain's choice among grammar-allowed tokens. Filtering all 262k tokens through the
/// grammar costs 50-300 ms, so the best-scoring tokens are filtered first, widening eightfold
/// until `needed` allowed tokens are found (the chain's top-k, or 1 when greedy): the allowed
/// tokens outside that window all score lower, so the choice is the one a full filter gives.
fn constrained(
    ctx: &LlamaContext<'_>,
    idx: i32,
    grammar: &mut LlamaSampler,
    chain: &mut LlamaSampler,
    needed: usize,
) -> Result<LlamaToken> {
    let mut window = FIRST_WINDOW;
    loop {
        let mut candidates = ctx.token_data_array_ith(idx);
        let whole = window >= candidates.data.len();
        if !whole {
            candidates.apply_sampler(&mut LlamaSampler::top_k(window as i32));
        }
        candidates.apply_sampler(grammar);
        // The grammar marks refused tokens with -inf in place; drop them, and let the chain
        // sort again (top-k would otherwise trust the order top-k left).
        candidates.data.retain(|d| d.logit().is_finite());
        candidates.sorted = false;
        candidates.selected = None;
        let allowed = candidates.data.len();
        if allowed >= needed || whole {
            candidates.apply_sampler(chain);
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

fn add(batch: &mut LlamaBatch, token: LlamaToken, pos: usize, logits: bool) -> Result<()> {
    batch
        .add(token, pos as i32, &[0], logits)
        .map_err(|e| Error::internal(format!("llama.cpp batch: {e}")))
}

fn decode(ctx: &mut LlamaContext<'_>, batch: &mut LlamaBatch) -> Result<()> {
    ctx.decode(batch)
        .map_err(|e| Error::unavailable(format!("llama.cpp could not evaluate the prompt: {e}")))
}

fn ms(since: Instant) -> f64 {
    since.elapsed().as_secs_f64() * 1000.0
}
