//! What an arm's answers cost: its model calls, the prompt tokens the model read and the tokens
//! it generated, summed over the battery as the backends reported them (an HTTP server's
//! `usage` or `timings`, the embedded mind's own counts; [`crate::mind::Usage`]).
//!
//! An arm's compute is compared with the naive small arm's (the arm without memory, one
//! sample, on the wise arm's model; [`super::roles`]) as a ratio of tokens, so that a voting
//! arm's "compute-matched" is a number measured on the run, not a label. Tokens are counted
//! in each arm's own model: on one model a ratio of tokens is a ratio of compute; an arm on
//! another model costs that ratio times the ratio of the two models' sizes.

use serde::{Deserialize, Serialize};

use crate::mind::Usage;

/// What an arm's calls cost over one battery.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Compute {
    /// Model calls made.
    pub calls: u64,
    /// Of those, the calls whose backend reported both token counts: the sums are over these.
    pub reported: u64,
    /// Prompt tokens the model read (the share a prompt cache served left out; the battery
    /// runs with the cache off).
    pub prompt_tokens: u64,
    /// Tokens the model generated.
    pub generated_tokens: u64,
}

impl Compute {
    /// Adds one call's reported usage.
    pub fn add(&mut self, usage: &Usage) {
        self.calls += 1;
        if let (Some(prompt), Some(generated)) = (usage.prompt_tokens, usage.completion_tokens) {
            let cached = usage.cached_tokens.unwrap_or(0).min(prompt);
            self.reported += 1;
            self.prompt_tokens += u64::from(prompt - cached);
            self.generated_tokens += u64::from(generated);
        }
    }

    /// Adds another arm's (or task's) compute.
    pub fn merge(&mut self, other: &Compute) {
        self.calls += other.calls;
        self.reported += other.reported;
        self.prompt_tokens += other.prompt_tokens;
        self.generated_tokens += other.generated_tokens;
    }

    /// Whether every call reported its tokens (only then is the sum the arm's whole cost).
    pub fn complete(&self) -> bool {
        self.calls > 0 && self.reported == self.calls
    }

    /// Tokens read and generated, when every call reported them.
    pub fn tokens(&self) -> Option<u64> {
        self.complete()
            .then_some(self.prompt_tokens + self.generated_tokens)
    }

    /// This compute over `base`'s, in tokens; `None` unless both reported every call and
    /// `base` spent some.
    pub fn ratio_to(&self, base: &Compute) -> Option<f64> {
        let (mine, theirs) = (self.tokens()?, base.tokens()?);
        (theirs > 0).then(|| mine as f64 / theirs as f64)
    }

    /// Table cells: prompt tokens read and tokens generated, `-` when a call did not report.
    pub fn cells(&self) -> [String; 2] {
        if self.complete() {
            [
                self.prompt_tokens.to_string(),
                self.generated_tokens.to_string(),
            ]
        } else {
            ["-".into(), "-".into()]
        }
    }
}

/// A ratio as a table cell: `8.00×`, or `-` when it cannot be measured.
pub fn ratio_cell(ratio: Option<f64>) -> String {
    match ratio {
        Some(r) => format!("{r:.2}×"),
        None => "-".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn usage(prompt: Option<u32>, cached: Option<u32>, generated: Option<u32>) -> Usage {
        Usage {
            prompt_tokens: prompt,
            cached_tokens: cached,
            completion_tokens: generated,
            ..Usage::default()
        }
    }

    #[test]
    fn reported_calls_sum_and_a_cache_share_is_not_read() {
        let mut c = Compute::default();
        c.add(&usage(Some(100), Some(40), Some(5)));
        c.add(&usage(Some(100), None, Some(7)));
        assert_eq!(
            c,
            Compute {
                calls: 2,
                reported: 2,
                prompt_tokens: 160,
                generated_tokens: 12
            }
        );
        assert_eq!(c.tokens(), Some(172));
        assert_eq!(c.cells(), ["160".to_string(), "12".to_string()]);
    }

    #[test]
    fn an_unreported_call_leaves_the_sum_unknown() {
        let mut c = Compute::default();
        c.add(&usage(Some(100), None, Some(5)));
        c.add(&usage(None, None, None));
        assert_eq!((c.calls, c.reported), (2, 1));
        assert_eq!(c.tokens(), None);
        assert_eq!(c.cells(), ["-".to_string(), "-".to_string()]);
        assert_eq!(c.ratio_to(&c), None);
        assert_eq!(Compute::default().tokens(), None);
    }

    #[test]
    fn eight_samples_of_the_same_prompt_cost_eight_times_one() {
        let mut one = Compute::default();
        one.add(&usage(Some(300), Some(0), Some(10)));
        let mut eight = Compute::default();
        for _ in 0..8 {
            eight.add(&usage(Some(300), Some(0), Some(10)));
        }
        assert_eq!(eight.ratio_to(&one), Some(8.0));
        assert_eq!(ratio_cell(eight.ratio_to(&one)), "8.00×");
        assert_eq!(ratio_cell(None), "-");
        let mut sum = one;
        sum.merge(&one);
        assert_eq!(sum.ratio_to(&one), Some(2.0));
    }
}
