//! `[curve]`: the experience-curve instrument: the frozen battery and the arms it runs on.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// Which memory an arm answers with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ArmMemory {
    /// An empty fixture creature.
    None,
    /// A read-only copy of the live store, with recall and the "Before you act" block.
    Live,
}

/// One arm: a model and a memory.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Arm {
    /// OpenAI-compatible base URL (`/v1`). Unset: `[llm] url`, or the embedded model.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// Model name. Unset: `[llm] model`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    /// `none` or `live`.
    pub memory: ArmMemory,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Curve {
    /// The battery file: absolute, or relative to the working directory and then the home;
    /// a shipped battery's name (`exam_battery/v1.jsonl`) falls back to the copy inside wis.
    pub battery: String,
    /// Sampler seed for every battery call.
    pub seed: u64,
    /// Most curve results kept in the store.
    pub results_cap: u64,
    /// The arms, by name.
    pub arms: BTreeMap<String, Arm>,
}

impl Default for Curve {
    fn default() -> Self {
        let mut arms = BTreeMap::new();
        arms.insert(
            "naive-small".into(),
            Arm {
                url: None,
                model: None,
                memory: ArmMemory::None,
            },
        );
        arms.insert(
            "wise-small".into(),
            Arm {
                url: None,
                model: None,
                memory: ArmMemory::Live,
            },
        );
        arms.insert(
            "naive-large".into(),
            Arm {
                url: None,
                model: Some("large".into()),
                memory: ArmMemory::None,
            },
        );
        Curve {
            battery: "exam_battery/v1.jsonl".into(),
            seed: 7,
            results_cap: 1000,
            arms,
        }
    }
}
