//! One completion: tokenize, decode the prompt, then pick tokens under the grammar (see
//! [`super::sampler`]) until the model ends its reply or its token budget runs out. The last
//! few tokens of the budget are spent closing the reply, so it still parses; a reply the
//! schema still holds open at the limit (a required property not yet written) gets a few more
//! tokens, all spent closing.
//!
//! With a state file (see [`super::kv`]) the previous call's state is loaded first and only
//! the prompt tokens after the prefix it shares are decoded; afterwards the new state is saved.

use std::num::NonZeroU32;
use std::time::Instant;

use llama_cpp_2::context::LlamaContext;
use llama_cpp_2::context::params::LlamaContextParams;
use llama_cpp_2::llama_batch::LlamaBatch;
use llama_cpp_2::token::LlamaToken;

use super::kv::StateFile;
use super::sampler::{Lexer, Picker};
use super::{EmbeddedOptions, Loaded};
use crate::base::exit::{Error, Result};
use crate::mind::Sampling;

/// Tokens decoded per batch while reading the prompt.
pub(super) const BATCH: usize = 512;
/// Contexts are sized to the call, rounded up to this many tokens.
const CTX_STEP: usize = 256;
/// Tokens at the end of the budget spent closing the reply (at most a quarter of it).
const CLOSE_RESERVE: usize = 24;
/// Tokens past the budget a reply may still spend closing (when the context has room): the
/// required properties of the longest tool's arguments, written with the least the model may
/// choose.
const CLOSE_GRACE: usize = 32;

/// What one completion produced (the resident mind sends it as it is).
pub(super) type Generated = crate::mind::resident::Answer;

/// A prompt tokenized and checked against the window, with its reply budget.
pub(super) struct Planned {
    pub tokens: Vec<LlamaToken>,
    /// The reply's token budget.
    max_tokens: usize,
    /// Tokens past the budget a reply may spend closing.
    grace: usize,
}

impl Planned {
    /// The context this call needs: the prompt, the reply and its grace, and at least
    /// `at_least` (a saved state to load).
    fn needed(&self, at_least: usize) -> usize {
        (self.tokens.len() + self.max_tokens + self.grace).max(at_least)
    }
}

/// Tokenizes `document` and works out the reply's budget within the window.
pub(super) fn plan(
    loaded: &Loaded,
    options: &EmbeddedOptions,
    document: &str,
    sampling: &Sampling,
) -> Result<Planned> {
    let tokens = loaded
        .model
        .vocab()
        .tokenize(document.as_bytes(), true, false);
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
    let grace = CLOSE_GRACE.min(window - tokens.len() - max_tokens);
    Ok(Planned {
        tokens,
        max_tokens,
        grace,
    })
}

/// A context of `n_ctx` tokens (at most the window) on the configured threads.
pub(super) fn context(
    loaded: &'static Loaded,
    options: &EmbeddedOptions,
    n_ctx: usize,
) -> Result<LlamaContext<'static>> {
    let threads = options.effective_threads() as i32;
    let params = LlamaContextParams::default()
        .with_n_ctx(NonZeroU32::new(n_ctx.min(options.n_ctx as usize) as u32))
        .with_n_batch(BATCH as u32)
        .with_n_ubatch(BATCH as u32)
        .with_n_threads(threads)
        .with_n_threads_batch(threads);
    loaded
        .model
        .new_context(super::backend::backend()?, params)
        .map_err(|e| Error::unavailable(format!("llama.cpp cannot make a context: {e}")))
}

/// One completion in a context of its own, sized to the call. With a state file, the saved
/// state is loaded first and the new one saved after.
pub(super) fn run(
    loaded: &'static Loaded,
    options: &EmbeddedOptions,
    grammar: &str,
    document: &str,
    sampling: &Sampling,
    state: Option<&StateFile>,
) -> Result<Generated> {
    let planned = plan(loaded, options, document, sampling)?;
    let window = options.n_ctx as usize;
    // A saved state is loaded only into a context that can hold it.
    let saved = state
        .and_then(StateFile::saved_tokens)
        .filter(|&n| n <= window);
    let load_from = state.filter(|_| saved.is_some());
    let n_ctx = planned.needed(saved.unwrap_or(0)).div_ceil(CTX_STEP) * CTX_STEP;
    let mut ctx = context(loaded, options, n_ctx)?;
    let picker = Picker::new(&loaded.model, grammar, sampling)?;
    let started = Instant::now();
    let reused = load_from.map_or(0, |s| s.restore(&mut ctx, &planned.tokens, window));
    let (out, read) = complete(loaded, &mut ctx, picker, planned, reused, started)?;
    if let Some(state) = state {
        // A cache that cannot be written costs the next call time, never this one its reply.
        if let Err(e) = state.save(&ctx, &read)
            && crate::base::env::var(crate::base::env::LLAMA_LOG).is_some()
        {
            crate::base::output::warn(format!("the embedded mind's state was not kept: {e}"));
        }
    }
    Ok(out)
}

/// Reads the prompt from token `reused` on (the context already holds the ones before, and
/// nothing after), then picks the reply with `picker`. Returns what was made and every token
/// the context now holds. `started` is when the prompt's reading began (a state's loading
/// counts).
pub(super) fn complete(
    loaded: &Loaded,
    ctx: &mut LlamaContext<'_>,
    mut picker: Picker,
    planned: Planned,
    reused: usize,
    started: Instant,
) -> Result<(Generated, Vec<LlamaToken>)> {
    let model = &loaded.model;
    let vocab = model.vocab();
    let Planned {
        tokens,
        max_tokens,
        grace,
    } = planned;
    let close_from = max_tokens - CLOSE_RESERVE.min(max_tokens / 4);

    let mut batch = LlamaBatch::new(BATCH, 1);
    let last = tokens.len() - 1;
    for (i, chunk) in tokens[reused..].chunks(BATCH).enumerate() {
        batch.clear();
        for (j, &token) in chunk.iter().enumerate() {
            let pos = reused + i * BATCH + j;
            add(&mut batch, token, pos, pos == last)?;
        }
        decode(ctx, &mut batch)?;
    }
    let prompt_ms = ms(started);

    let started = Instant::now();
    let mut out = Generated {
        bytes: Vec::new(),
        prompt_tokens: tokens.len() as u32,
        reused_tokens: reused as u32,
        completion_tokens: 0,
        hit_limit: false,
        prompt_ms,
        predicted_ms: 0.0,
    };
    let mut pos = tokens.len();
    let mut read = tokens;
    let mut lexer = Lexer::default();
    loop {
        if out.completion_tokens as usize >= max_tokens + grace {
            out.hit_limit = true;
            break;
        }
        let closing = out.completion_tokens as usize >= close_from;
        let token = picker.pick(ctx, batch.n_tokens() - 1, closing.then(|| lexer.closing()))?;
        if vocab.is_eog(token) {
            out.hit_limit = closing;
            break;
        }
        picker.accept(token)?;
        let piece = vocab.token_to_piece(token, false, None);
        lexer.feed(&piece);
        out.bytes.extend(piece);
        out.completion_tokens += 1;
        batch.clear();
        add(&mut batch, token, pos, true)?;
        pos += 1;
        decode(ctx, &mut batch)?;
        read.push(token);
    }
    out.predicted_ms = ms(started);
    Ok((out, read))
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
