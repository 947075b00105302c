//! The skills manifest: one document per skill (its versions, which one runs, which one last
//! worked) and one per version's text.

use serde::{Deserialize, Serialize};

use crate::base::store::Layout;
use crate::doc;
use crate::memory::Utility;

/// Where a version stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum VersionState {
    /// Written, not yet run.
    Draft,
    /// A run of it succeeded.
    Live,
    /// It ran, and no run of it has succeeded.
    Failed,
}

/// The last run of a version.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastRun {
    pub tick: u64,
    pub success: bool,
}

/// One version.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Version {
    pub n: u32,
    /// The tick it was written.
    pub tick: u64,
    pub sha256: String,
    pub state: VersionState,
    #[serde(default)]
    pub last_run: Option<LastRun>,
}

/// A skill in the manifest.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Skill {
    pub name: String,
    pub about: String,
    /// The version that runs.
    pub current: u32,
    /// The newest version that is LIVE, if any.
    pub live: Option<u32>,
    pub versions: Vec<Version>,
    pub runs: u64,
    pub successes: u64,
    pub created_tick: u64,
    /// How the skill fared as the recall block's offer: followed into success, ignored,
    /// followed into failure (a skill written before offers has an empty record).
    #[serde(default)]
    pub offers: Utility,
}

doc!(Skill, "wis.skill", 1, Layout::Keyed);

/// The text of one version, keyed `name@vN`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SkillScript {
    pub name: String,
    pub n: u32,
    pub script: String,
}

doc!(SkillScript, "wis.skill_script", 1, Layout::Keyed);

impl SkillScript {
    pub fn key(name: &str, n: u32) -> String {
        format!("{name}@v{n:04}")
    }
}

impl Skill {
    pub fn version(&self, n: u32) -> Option<&Version> {
        self.versions.iter().find(|v| v.n == n)
    }

    pub fn version_mut(&mut self, n: u32) -> Option<&mut Version> {
        self.versions.iter_mut().find(|v| v.n == n)
    }

    /// The number the next version gets.
    pub fn next_version(&self) -> u32 {
        self.versions.iter().map(|v| v.n).max().unwrap_or(0) + 1
    }

    /// The newest LIVE version older than `n`.
    pub fn live_before(&self, n: u32) -> Option<u32> {
        self.versions
            .iter()
            .filter(|v| v.n < n && v.state == VersionState::Live)
            .map(|v| v.n)
            .max()
    }

    /// Versions past the cap that may go (never the one that runs or the live one), oldest
    /// first.
    pub fn droppable(&self, cap: usize) -> Vec<u32> {
        let excess = self.versions.len().saturating_sub(cap);
        self.versions
            .iter()
            .map(|v| v.n)
            .filter(|n| Some(*n) != self.live && *n != self.current)
            .take(excess)
            .collect()
    }

    /// One line for list_skills.
    pub fn line(&self) -> String {
        let state = |n: u32| {
            self.version(n)
                .map(|v| match v.state {
                    VersionState::Draft => "not run yet",
                    VersionState::Live => "LIVE",
                    VersionState::Failed => "failed",
                })
                .unwrap_or("?")
        };
        let live = match self.live {
            Some(l) if l == self.current => String::new(),
            Some(l) => format!("; last LIVE v{l}"),
            None => "; never LIVE yet".into(),
        };
        format!(
            "{} (skill_{}): runs v{} ({}){live}; {} runs, {} ok: {}",
            self.name,
            self.name,
            self.current,
            state(self.current),
            self.runs,
            self.successes,
            self.about
        )
    }
}
