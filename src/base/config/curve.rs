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
    /// The same copy, remembered raw: the creature's most recent episodes (what it did and
    /// what the world showed), verbatim, within the wise arm's character budget. The control
    /// for "is curated memory better than raw history?".
    Raw,
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
    /// `none`, `live` or `raw`.
    pub memory: ArmMemory,
    /// Samples per task, the answer by majority over them: `samples = 8` stands in for a
    /// model spending eight times the compute (`wis curve run` prints the measured ratio).
    /// 1: one greedy call.
    #[serde(default = "one_sample", skip_serializing_if = "is_one_sample")]
    pub samples: u32,
    /// The temperature of every sample when `samples` > 1. Unset: [`VOTE_TEMPERATURE`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub temperature: Option<f32>,
}

/// The temperature an arm with `samples` > 1 samples at unless it says otherwise.
pub const VOTE_TEMPERATURE: f32 = 0.7;

fn one_sample() -> u32 {
    1
}

fn is_one_sample(n: &u32) -> bool {
    *n == 1
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
                samples: 1,
                temperature: None,
            },
        );
        arms.insert(
            "wise-small".into(),
            Arm {
                url: None,
                model: None,
                memory: ArmMemory::Live,
                samples: 1,
                temperature: None,
            },
        );
        arms.insert(
            "raw-small".into(),
            Arm {
                url: None,
                model: None,
                memory: ArmMemory::Raw,
                samples: 1,
                temperature: None,
            },
        );
        arms.insert(
            "vote-small".into(),
            Arm {
                url: None,
                model: None,
                memory: ArmMemory::None,
                samples: 8,
                temperature: None,
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
