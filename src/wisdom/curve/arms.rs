//! The arms: which model answers with which memory, resolved from `[curve.arms.<name>]`,
//! and the one sampler discipline and grammar every arm's calls share.

use serde::Serialize;

use crate::base::config::{ArmMemory, Curve, Llm};
use crate::base::exit::{Error, Result};
use crate::mind::Sampling;
use crate::mind::schema::action_schema;
use crate::world::TOOLS;

/// One arm, resolved against `[llm]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ArmSpec {
    pub name: String,
    /// OpenAI-compatible base URL; `None`: the embedded model.
    pub url: Option<String>,
    /// The model name (llama-swap picks the upstream by it).
    pub model: String,
    pub memory: ArmMemory,
}

impl ArmSpec {
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
        .map(|(name, arm)| ArmSpec {
            name: name.clone(),
            url: arm.url.clone().or_else(|| llm.url.clone()),
            model: arm.model.clone().unwrap_or_else(|| llm.model.clone()),
            memory: arm.memory,
        })
        .collect();
    if arms.is_empty() {
        return Err(Error::config("[curve.arms] names no arms")
            .hint("add one, e.g. [curve.arms.naive-small] memory = \"none\""));
    }
    arms.sort_by_key(|a| !a.is_resident(llm));
    Ok(arms)
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
        let arms = select(&curve(), &Llm::default(), None).unwrap();
        let names: Vec<&str> = arms.iter().map(|a| a.name.as_str()).collect();
        assert_eq!(names, ["naive-small", "wise-small", "naive-large"]);
        assert_eq!(arms[2].model, "large");
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
        assert!(e.hint.unwrap().contains("naive-large"));
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
