//! How wis's prompts measure on the model in use (`wis config check`): characters per token
//! of a newborn's whole prompt, counted by the model's own tokenizer (the embedded model's, or
//! a llama-server's `/tokenize`), against what `[context] chars_per_token` assumes. The
//! budgets are then checked at the measured rate: a setup that fits at the assumed 3.0 but not
//! at the model's real 2.68 is refused before a tick overruns the window.

use serde::Serialize;

use crate::base::config::{Config, Context};
use crate::base::exit::{Error, Result};
use crate::creature::morph::Morph;
use crate::creature::{Persona, Unlocks};
use crate::mind::Mind;
use crate::world::prompt::{Tail, build, work_cue};

/// A prompt counted by the model's tokenizer.
#[derive(Debug, Clone, Serialize)]
pub struct Measured {
    /// Which prompt: a newborn's, or this creature's next.
    pub prompt: &'static str,
    pub chars: usize,
    pub tokens: usize,
    pub chars_per_token: f64,
}

impl Measured {
    pub fn describe(&self, assumed: f32) -> String {
        format!(
            "{} is {} characters = {} tokens on this model ({:.2} characters per token; \
             [context] chars_per_token assumes {assumed})",
            self.prompt, self.chars, self.tokens, self.chars_per_token
        )
    }
}

/// A newborn's whole prompt on its first tick: the least any tick's prompt holds.
pub fn newborn_prompt(context: &Context) -> String {
    let persona = Persona::newborn("Tam", 0);
    let cue = work_cue(None);
    let tail = Tail {
        scene: None,
        tick: 1,
        cue: &cue,
        ..Tail::default()
    };
    build(&persona, Morph::Otter, &Unlocks::newborn(0), &tail, context).document()
}

/// `max_total_chars` must hold at least a newborn's prompt with no history (the stream is
/// trimmed to fit; the rest of the prompt is not).
pub fn check_fixed_part(context: &Context) -> Result<()> {
    let chars = newborn_prompt(context).chars().count();
    if chars > context.max_total_chars {
        return Err(Error::config(format!(
            "a newborn's prompt with no history is already {chars} characters, over [context]              max_total_chars {}",
            context.max_total_chars
        ))
        .hint(format!(
            "set [context] max_total_chars to at least {} (and n_ctx to fit it), or use a              preset",
            chars * 2
        )));
    }
    Ok(())
}

/// Counts a newborn's whole prompt with `mind`'s tokenizer; `None` when it cannot count.
pub fn measure(mind: &mut dyn Mind, context: &Context) -> Option<Measured> {
    measure_text(mind, "a newborn's prompt", &newborn_prompt(context))
}

/// Counts `text` (the prompt called `what`) with `mind`'s tokenizer.
pub fn measure_text(mind: &mut dyn Mind, what: &'static str, text: &str) -> Option<Measured> {
    let tokens = mind.count_tokens(text)?.max(1);
    let chars = text.chars().count();
    Some(Measured {
        prompt: what,
        chars,
        tokens,
        chars_per_token: chars as f64 / tokens as f64,
    })
}

/// The coherence rule at the measured rate, when the model packs fewer characters into a
/// token than `[context]` assumes (exit 78 with numbers that fit).
pub fn check_at_measured(config: &Config, measured: &Measured) -> Result<()> {
    let assumed = config.context.chars_per_token;
    if measured.chars_per_token >= f64::from(assumed) {
        return Ok(());
    }
    let real = Context {
        chars_per_token: (measured.chars_per_token * 100.0).floor() as f32 / 100.0,
        ..config.context.clone()
    };
    real.check_coherence().map_err(|e| {
        Error::config(format!(
            "at the {:.2} characters per token measured on this model (not the {assumed} \
             assumed), {}",
            measured.chars_per_token, e.message
        ))
        .hint(format!(
            "set [context] chars_per_token = {}; then {}",
            real.chars_per_token,
            real.fit_hint(real.n_ctx)
        ))
    })
}

/// The reply must fit what the coherence rule keeps free for it: `[llm] max_tokens` at most
/// `[context] response_reserve` (else a prompt within the budgets plus a full reply can overrun
/// the window).
pub fn check_reply_budget(config: &Config) -> Result<()> {
    let (max, reserve) = (config.llm.max_tokens, config.context.response_reserve);
    if max > reserve {
        return Err(Error::config(format!(
            "[llm] max_tokens {max} is larger than [context] response_reserve {reserve}, the \
             room the budgets keep free for a reply"
        ))
        .hint(format!(
            "set [llm] max_tokens to at most {reserve}, or raise [context] response_reserve to \
             {max} (and n_ctx with it)"
        )));
    }
    Ok(())
}
