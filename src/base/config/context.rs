//! `[context]`: the prompt budgets and the window they must fit.
//!
//! The budgets and the model window move together or not at all (the coherence rule, design
//! §3.1): `n_ctx >= max_total_chars / chars_per_token + response_reserve`. Two
//! presets hold coherent sets, for a 16k and a 32k window; a key set explicitly in `wis.toml`
//! (or the environment, or a flag) wins over its preset.

use serde::{Deserialize, Serialize};

use crate::base::exit::{Error, Result};

/// A named set of budgets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Preset {
    /// A 16,384-token window.
    #[default]
    #[serde(rename = "16k")]
    K16,
    /// A 32,768-token window: roughly double room, half to the stream and half to wisdom.
    #[serde(rename = "32k")]
    K32,
}

impl std::fmt::Display for Preset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Preset::K16 => "16k",
            Preset::K32 => "32k",
        })
    }
}

impl Preset {
    /// The preset's values for `[context]` keys, plus `[wisdom] block_max_chars`.
    pub fn values(self) -> Vec<(&'static str, &'static str, toml::Value)> {
        use toml::Value::{Float, Integer};
        let (n_ctx, reserve, total, stream, obs, memory, block) = match self {
            Preset::K16 => (16_384, 1_024, 38_000, 16_000, 2_000, 4_000, 700),
            Preset::K32 => (32_768, 2_048, 76_000, 32_000, 4_000, 8_000, 1_400),
        };
        vec![
            ("context", "n_ctx", Integer(n_ctx)),
            ("context", "chars_per_token", Float(3.0)),
            ("context", "response_reserve", Integer(reserve)),
            ("context", "max_total_chars", Integer(total)),
            ("context", "stream_max_chars", Integer(stream)),
            ("context", "obs_max_chars", Integer(obs)),
            ("context", "memory_max_chars", Integer(memory)),
            ("wisdom", "block_max_chars", Integer(block)),
        ]
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Context {
    /// `16k` or `32k`: the budget set the keys below default to.
    pub preset: Preset,
    /// The model's context window, in tokens.
    pub n_ctx: u32,
    /// Characters per token assumed when turning budgets into tokens.
    pub chars_per_token: f32,
    /// Tokens kept free for the reply.
    pub response_reserve: u32,
    /// Most characters of a whole prompt.
    pub max_total_chars: usize,
    /// Most characters of the recent stream in the volatile tail.
    pub stream_max_chars: usize,
    /// Most characters of one observation (a tool's output as the creature sees it).
    pub obs_max_chars: usize,
    /// Most characters of recalled memory (the "Before you act" block takes its share here).
    pub memory_max_chars: usize,
}

impl Default for Context {
    fn default() -> Self {
        Context {
            preset: Preset::K16,
            n_ctx: 16_384,
            chars_per_token: 3.0,
            response_reserve: 1_024,
            max_total_chars: 38_000,
            stream_max_chars: 16_000,
            obs_max_chars: 2_000,
            memory_max_chars: 4_000,
        }
    }
}

impl Context {
    /// Tokens the budgets need: the whole prompt in tokens plus the reply reserve.
    pub fn tokens_needed(&self) -> u64 {
        let prompt = (self.max_total_chars as f64 / self.chars_per_token as f64).ceil() as u64;
        prompt + u64::from(self.response_reserve)
    }

    /// The most history characters a window of `n_ctx` tokens holds with these settings, or
    /// `None` when the response reserve alone fills it.
    pub fn max_chars_for(&self, n_ctx: u32) -> Option<usize> {
        let room = n_ctx
            .checked_sub(self.response_reserve)
            .filter(|r| *r > 0)?;
        Some((f64::from(room) * f64::from(self.chars_per_token)).floor() as usize)
    }

    /// What to change so the budgets fit a window of `n_ctx` tokens, in numbers a user can set.
    pub fn fit_hint(&self, n_ctx: u32) -> String {
        match self.max_chars_for(n_ctx) {
            Some(chars) => format!(
                "raise n_ctx to at least {} (and serve that window), or keep n_ctx {n_ctx} and \
                 set [context] max_total_chars to at most {chars}",
                self.tokens_needed()
            ),
            None => format!(
                "raise n_ctx above response_reserve {} (at least {}), or lower response_reserve",
                self.response_reserve,
                self.tokens_needed()
            ),
        }
    }

    /// The coherence rule; exit 78 naming the numbers when it does not hold.
    pub fn check_coherence(&self) -> Result<()> {
        if !(self.chars_per_token.is_finite() && self.chars_per_token > 0.0) {
            return Err(Error::config(format!(
                "[context] chars_per_token = {} must be a positive number",
                self.chars_per_token
            )));
        }
        let needed = self.tokens_needed();
        if u64::from(self.n_ctx) < needed {
            return Err(Error::config(format!(
                "[context] budgets do not fit the window: n_ctx {} < max_total_chars {} / \
                 chars_per_token {} + response_reserve {} = {needed}",
                self.n_ctx, self.max_total_chars, self.chars_per_token, self.response_reserve
            ))
            .hint(self.fit_hint(self.n_ctx)));
        }
        for (name, part) in [
            ("stream_max_chars", self.stream_max_chars),
            ("memory_max_chars", self.memory_max_chars),
            ("obs_max_chars", self.obs_max_chars),
        ] {
            if part > self.max_total_chars {
                return Err(Error::config(format!(
                    "[context] {name} {part} is larger than max_total_chars {}",
                    self.max_total_chars
                ))
                .hint("a part of the prompt cannot be larger than the whole"));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_are_coherent() {
        for preset in [Preset::K16, Preset::K32] {
            let mut table = toml::Table::new();
            for (section, key, value) in preset.values() {
                if section == "context" {
                    table.insert(key.into(), value);
                }
            }
            let ctx: Context = table.try_into().unwrap();
            ctx.check_coherence().unwrap();
        }
    }

    #[test]
    fn default_matches_16k_preset() {
        let defaults = toml::Value::try_from(Context::default()).unwrap();
        for (section, key, value) in Preset::K16.values() {
            if section == "context" {
                assert_eq!(defaults.get(key), Some(&value), "{key}");
            }
        }
    }

    #[test]
    fn incoherent_budgets_name_the_numbers() {
        let ctx = Context {
            n_ctx: 8_192,
            ..Context::default()
        };
        let err = ctx.check_coherence().unwrap_err();
        assert_eq!(err.code(), 78);
        assert!(err.message.contains("8192"), "{}", err.message);
        assert!(err.message.contains("38000"), "{}", err.message);
        assert!(err.message.contains("13691"), "{}", err.message);
    }

    /// Regression: the hint once suggested the preset that was already set. It now gives
    /// numbers that make the budgets fit, and following them does.
    #[test]
    fn the_coherence_hint_gives_numbers_that_fit() {
        let mut c = Context {
            n_ctx: 4096,
            ..Context::default()
        };
        let err = c.check_coherence().unwrap_err();
        let hint = err.hint.unwrap();
        assert!(!hint.contains("preset"), "{hint}");
        let chars = c.max_chars_for(4096).unwrap();
        assert!(
            hint.contains(&format!("max_total_chars to at most {chars}")),
            "{hint}"
        );
        c.max_total_chars = chars;
        for part in [
            &mut c.stream_max_chars,
            &mut c.memory_max_chars,
            &mut c.obs_max_chars,
        ] {
            *part = (*part).min(chars);
        }
        c.check_coherence().expect("following the hint fits");
        assert!(c.max_chars_for(c.response_reserve).is_none());
    }
}
