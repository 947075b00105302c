//! What each tick's model call cost: prompt tokens, how many of them a cache served (a
//! server's prompt cache, the embedded mind's saved state), and the time spent reading the
//! prompt and generating the reply. Kept as a capped ring, one entry per model call of a tick,
//! so `wis status` can show how much of each prompt is reread.

use serde::{Deserialize, Serialize};

use super::{Reply, Usage};
use crate::base::clock::Millis;
use crate::base::exit::Result;
use crate::base::store::{Layout, Read};
use crate::doc;

/// Most calls kept.
pub const CALL_CAP: u64 = 512;
/// Calls `wis status` sums over.
pub const RECENT_CALLS: usize = 20;

/// One model call of a tick.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MindCall {
    pub tick: u64,
    pub at: Millis,
    /// Wall time of the call, in milliseconds.
    pub elapsed_ms: u64,
    /// What the backend reported (absent figures were not reported).
    pub usage: CallUsage,
}

/// [`Usage`] as stored.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CallUsage {
    pub prompt_tokens: Option<u32>,
    pub cached_tokens: Option<u32>,
    pub completion_tokens: Option<u32>,
    pub prompt_ms: Option<f64>,
    pub predicted_ms: Option<f64>,
}

doc!(MindCall, "wis.mind_call", 1, Layout::Ring { cap: CALL_CAP });

impl MindCall {
    pub fn of(tick: u64, at: Millis, reply: &Reply) -> MindCall {
        let Usage {
            prompt_tokens,
            cached_tokens,
            completion_tokens,
            prompt_ms,
            predicted_ms,
        } = reply.usage.clone();
        MindCall {
            tick,
            at,
            elapsed_ms: reply.elapsed_ms,
            usage: CallUsage {
                prompt_tokens,
                cached_tokens,
                completion_tokens,
                prompt_ms,
                predicted_ms,
            },
        }
    }
}

/// The recent calls at a glance.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CallSummary {
    /// Calls summed.
    pub calls: usize,
    /// Prompt tokens over the calls that reported both counts.
    pub prompt_tokens: u64,
    /// Of those, the tokens a cache served.
    pub cached_tokens: u64,
    /// Median milliseconds reading the prompt and generating, where reported.
    pub median_prompt_ms: Option<f64>,
    pub median_predicted_ms: Option<f64>,
    /// Median wall time of a call.
    pub median_elapsed_ms: u64,
}

impl CallSummary {
    /// The newest `n` calls; `None` when there are none.
    pub fn recent(rx: &impl Read, n: usize) -> Result<Option<CallSummary>> {
        let calls: Vec<MindCall> = rx
            .ring::<MindCall>(Some(n))?
            .into_iter()
            .map(|(_, c)| c)
            .collect();
        Ok(CallSummary::of(&calls))
    }

    pub fn of(calls: &[MindCall]) -> Option<CallSummary> {
        if calls.is_empty() {
            return None;
        }
        let (mut prompt_tokens, mut cached_tokens) = (0u64, 0u64);
        for c in calls {
            if let (Some(p), Some(k)) = (c.usage.prompt_tokens, c.usage.cached_tokens) {
                prompt_tokens += u64::from(p);
                cached_tokens += u64::from(k.min(p));
            }
        }
        let median = |v: Vec<f64>| -> Option<f64> {
            let mut v = v;
            v.sort_by(f64::total_cmp);
            (!v.is_empty()).then(|| v[v.len() / 2])
        };
        Some(CallSummary {
            calls: calls.len(),
            prompt_tokens,
            cached_tokens,
            median_prompt_ms: median(calls.iter().filter_map(|c| c.usage.prompt_ms).collect()),
            median_predicted_ms: median(
                calls.iter().filter_map(|c| c.usage.predicted_ms).collect(),
            ),
            median_elapsed_ms: median(calls.iter().map(|c| c.elapsed_ms as f64).collect())
                .map_or(0, |m| m as u64),
        })
    }

    /// The share of prompt tokens served from a cache; `None` when no call reported it.
    pub fn reuse(&self) -> Option<f64> {
        (self.prompt_tokens > 0).then(|| self.cached_tokens as f64 / self.prompt_tokens as f64)
    }

    /// One line for `wis status`.
    pub fn line(&self) -> String {
        let reuse = match self.reuse() {
            Some(r) => format!(
                "{:.0}% of {} prompt tokens from cache",
                r * 100.0,
                self.prompt_tokens
            ),
            None => "cache reuse not reported".into(),
        };
        let secs =
            |ms: Option<f64>| ms.map_or_else(|| "?".into(), |m| format!("{:.1} s", m / 1000.0));
        format!(
            "last {} calls: {reuse}; median {} reading, {} generating, {} in all",
            self.calls,
            secs(self.median_prompt_ms),
            secs(self.median_predicted_ms),
            secs(Some(self.median_elapsed_ms as f64))
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(prompt: Option<u32>, cached: Option<u32>, elapsed: u64) -> MindCall {
        MindCall {
            tick: 1,
            at: 0,
            elapsed_ms: elapsed,
            usage: CallUsage {
                prompt_tokens: prompt,
                cached_tokens: cached,
                prompt_ms: Some(elapsed as f64 / 2.0),
                ..CallUsage::default()
            },
        }
    }

    #[test]
    fn reuse_counts_only_calls_that_report_both_figures() {
        let s = CallSummary::of(&[
            call(Some(1000), Some(0), 4000),
            call(Some(1000), Some(900), 1000),
            call(Some(500), None, 2000),
            call(Some(1000), Some(5000), 900),
        ])
        .unwrap();
        assert_eq!((s.prompt_tokens, s.cached_tokens), (3000, 1900));
        assert!((s.reuse().unwrap() - 1900.0 / 3000.0).abs() < 1e-9);
        assert_eq!(s.median_elapsed_ms, 2000);
        assert!(
            s.line().contains("63% of 3000 prompt tokens from cache"),
            "{}",
            s.line()
        );
        assert!(CallSummary::of(&[]).is_none());
        let unreported = CallSummary::of(&[call(None, None, 5)]).unwrap();
        assert_eq!(unreported.reuse(), None);
        assert!(unreported.line().contains("not reported"));
    }
}
