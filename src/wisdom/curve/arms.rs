//! The arms: which model answers with which memory, resolved from `[curve.arms.<name>]`,
//! and the one sampler discipline and grammar every arm's calls share.
//!
//! An arm with `samples = N` (N > 1) spends about N times the small model's compute (measured,
//! per run: [`super::compute`]) on the majority of N samples: every task is asked N times at
//! the arm's temperature (`temperature`, else [`VOTE_TEMPERATURE`]), sample `k` (from 0) with
//! the seed `[curve] seed + k`, and the answer is the majority ([`super::vote`]). An arm with one sample makes today's one greedy call.

use serde::Serialize;

use crate::base::config::{ArmMemory, Curve, Llm, VOTE_TEMPERATURE};
use crate::base::exit::{Error, Result};
use crate::mind::Sampling;
use crate::mind::schema::action_schema;
use crate::world::TOOLS;

/// Most samples an arm may ask per task.
pub const MAX_SAMPLES: u32 = 64;

/// One arm, resolved against `[llm]`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ArmSpec {
    pub name: String,
    /// OpenAI-compatible base URL; `None`: the embedded model.
    pub url: Option<String>,
    /// The model name (llama-swap picks the upstream by it).
    pub model: String,
    pub memory: ArmMemory,
    /// Model calls per task (1: one greedy call).
    pub samples: u32,
    /// The sampling temperature when `samples` > 1; `None` with one sample (greedy).
    pub temperature: Option<f32>,
}

impl ArmSpec {
    /// How sample `k` (from 0) of a task is drawn: with one sample, `base` exactly; with
    /// more, at the arm's temperature with the seed `base`'s seed + `k`.
    pub fn sampling_for(&self, base: &Sampling, k: u32) -> Sampling {
        match self.temperature {
            None => base.clone(),
            Some(temperature) => Sampling {
                temperature,
                seed: Some(base.seed.unwrap_or_default().wrapping_add(u64::from(k))),
                ..base.clone()
            },
        }
    }

    /// Whether this arm asks for the resident model (the one ticks use).
    pub fn is_resident(&self, llm: &Llm) -> bool {
        self.url == llm.url && self.model == llm.model
    }
}

/// The arms to run: all of `[curve.arms]`, or only `only`. Arms on the resident model run
/// first and the others after, so a model server swaps as little as it can and the run ends
/// with one swap back.
pub fn select(curve: &Curve, llm: &Llm, only: Option<&str>) -> Result<Vec<ArmSpec>> {
    if let Some(name) = only
        && !curve.arms.contains_key(name)
    {
        let known: Vec<&str> = curve.arms.keys().map(String::as_str).collect();
        return Err(Error::usage(format!("no arm named {name:?}"))
            .hint(format!("the arms in [curve.arms]: {}", known.join(", "))));
    }
    let mut arms: Vec<ArmSpec> = curve
        .arms
        .iter()
        .filter(|(name, _)| only.is_none_or(|o| o == name.as_str()))
        .map(|(name, arm)| {
            Ok(ArmSpec {
                name: name.clone(),
                url: arm.url.clone().or_else(|| llm.url.clone()),
                model: arm.model.clone().unwrap_or_else(|| llm.model.clone()),
                memory: arm.memory,
                samples: arm.samples,
                temperature: vote_temperature(name, arm.samples, arm.temperature)?,
            })
        })
        .collect::<Result<_>>()?;
    if arms.is_empty() {
        return Err(Error::config("[curve.arms] names no arms")
            .hint("add one, e.g. [curve.arms.naive-small] memory = \"none\""));
    }
    arms.sort_by_key(|a| !a.is_resident(llm));
    Ok(arms)
}

/// The temperature of an arm's samples, checked: none for one sample, else the arm's own
/// or [`VOTE_TEMPERATURE`].
fn vote_temperature(name: &str, samples: u32, temperature: Option<f32>) -> Result<Option<f32>> {
    let key = format!("[curve.arms.{name}]");
    if !(1..=MAX_SAMPLES).contains(&samples) {
        return Err(Error::config(format!(
            "{key} samples = {samples}: an arm asks from 1 to {MAX_SAMPLES} samples per task"
        ))
        .hint("leave samples out for one greedy call, or set e.g. samples = 8"));
    }
    match temperature {
        Some(t) if samples == 1 => Err(Error::config(format!(
            "{key} temperature = {t} with one sample: one sample is always greedy"
        ))
        .hint("remove temperature, or set samples above 1")),
        Some(t) if !(t.is_finite() && t > 0.0 && t <= 2.0) => Err(Error::config(format!(
            "{key} temperature = {t}: a voting arm samples above 0, at most 2"
        ))
        .hint(format!("leave it out for {VOTE_TEMPERATURE}"))),
        Some(t) => Ok(Some(t)),
        None if samples == 1 => Ok(None),
        None => Ok(Some(VOTE_TEMPERATURE)),
    }
}

/// The sampler discipline of every battery call: temperature 0, the fixed `[curve] seed`,
/// the prompt cache off (its reuse can change results).
pub fn sampling(curve: &Curve, llm: &Llm) -> Sampling {
    Sampling {
        temperature: 0.0,
        seed: Some(curve.seed),
        max_tokens: llm.max_tokens,
        cache_prompt: false,
    }
}

/// The one grammar every arm answers in: every creature tool, plus `reply`. The arms differ
/// only in model and memory; a grammar that differed would be a fourth variable.
pub fn battery_schema() -> serde_json::Value {
    let tools: Vec<_> = TOOLS.iter().collect();
    action_schema(&tools)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::config::Arm;

    fn curve() -> Curve {
        Curve::default()
    }

    #[test]
    fn resident_arms_run_first() {
        let mut c = curve();
        c.arms.insert(
            "naive-large".into(),
            Arm {
                url: None,
                model: Some("large".into()),
                memory: ArmMemory::None,
                samples: 1,
                temperature: None,
            },
        );
        let arms = select(&c, &Llm::default(), None).unwrap();
        let names: Vec<&str> = arms.iter().map(|a| a.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "naive-small",
                "raw-small",
                "vote-small",
                "wise-small",
                "naive-large"
            ]
        );
        assert_eq!(arms[4].model, "large");
        assert_eq!(arms[2].samples, 8);
        assert_eq!(arms[0].model, Llm::default().model);
    }

    #[test]
    fn an_arm_url_overrides_llm_url() {
        let mut c = curve();
        c.arms.insert(
            "remote".into(),
            Arm {
                url: Some("http://h:1/v1".into()),
                model: None,
                memory: ArmMemory::None,
                samples: 1,
                temperature: None,
            },
        );
        let llm = Llm {
            url: Some("http://local:8080/v1".into()),
            ..Llm::default()
        };
        let arms = select(&c, &llm, Some("remote")).unwrap();
        assert_eq!(arms.len(), 1);
        assert_eq!(arms[0].url.as_deref(), Some("http://h:1/v1"));
        let arms = select(&c, &llm, Some("wise-small")).unwrap();
        assert_eq!(arms[0].url.as_deref(), Some("http://local:8080/v1"));
    }

    #[test]
    fn an_unknown_arm_is_a_usage_error_listing_the_arms() {
        let e = select(&curve(), &Llm::default(), Some("wise-huge")).unwrap_err();
        assert_eq!(e.code(), 64);
        assert!(e.hint.unwrap().contains("vote-small"));
    }

    #[test]
    fn a_voting_arm_samples_warm_with_derived_seeds_and_one_sample_is_greedy() {
        let mut c = curve();
        c.arms.insert(
            "vote-small".into(),
            Arm {
                url: None,
                model: None,
                memory: ArmMemory::None,
                samples: 8,
                temperature: None,
            },
        );
        let llm = Llm::default();
        let base = sampling(&c, &llm);
        let vote = &select(&c, &llm, Some("vote-small")).unwrap()[0];
        assert_eq!(
            (vote.samples, vote.temperature),
            (8, Some(VOTE_TEMPERATURE))
        );
        let third = vote.sampling_for(&base, 2);
        assert_eq!(third.temperature, VOTE_TEMPERATURE);
        assert_eq!(third.seed, Some(c.seed + 2));
        assert_eq!(
            (third.max_tokens, third.cache_prompt),
            (base.max_tokens, false)
        );
        let naive = &select(&c, &llm, Some("naive-small")).unwrap()[0];
        assert_eq!((naive.samples, naive.temperature), (1, None));
        assert_eq!(naive.sampling_for(&base, 0), base);
    }

    #[test]
    fn sample_counts_and_temperatures_out_of_range_are_config_errors() {
        for (samples, temperature) in [(0, None), (65, None), (1, Some(0.7)), (4, Some(0.0))] {
            let mut c = curve();
            c.arms.insert(
                "odd".into(),
                Arm {
                    url: None,
                    model: None,
                    memory: ArmMemory::None,
                    samples,
                    temperature,
                },
            );
            let e = select(&c, &Llm::default(), None).unwrap_err();
            assert_eq!(e.code(), 78, "{samples} {temperature:?}");
            assert!(e.message.contains("[curve.arms.odd]"), "{}", e.message);
        }
    }

    #[test]
    fn every_call_samples_greedily_with_the_fixed_seed_and_no_cache() {
        let s = sampling(&curve(), &Llm::default());
        assert_eq!(s.temperature, 0.0);
        assert_eq!(s.seed, Some(curve().seed));
        assert!(!s.cache_prompt);
    }

    #[test]
    fn the_battery_grammar_has_every_tool_and_reply() {
        let names = crate::mind::schema::schema_tool_names(&battery_schema());
        assert_eq!(names.len(), TOOLS.len() + 1);
        assert!(names.iter().any(|n| n == "check_tools"));
    }
}
