//! `[organs]`: the creature's body beyond the model: the sandbox its commands run in, the
//! senses and voice it may grow (each an HTTP service probed before it is granted), and the
//! deeper model it may delegate to.

use serde::{Deserialize, Serialize};

/// How bash is confined.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum SandboxMode {
    /// bubblewrap when installed, otherwise rlimits.
    #[default]
    Auto,
    /// bubblewrap, or refuse to run commands.
    Bwrap,
    /// rlimits and a process-group timeout only.
    Rlimit,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Organs {
    /// How bash is confined: `auto`, `bwrap` or `rlimit`.
    pub sandbox: SandboxMode,
    /// Seconds a command may run before its whole process group is killed.
    pub bash_timeout_secs: u64,
    /// Characters of command output kept (the rest is cut, and the cut is said).
    pub output_max_chars: usize,
    /// Sight: URL of an OpenAI-compatible server with a vision model (`/v1`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vision_url: Option<String>,
    /// Model name for sight.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vision_model: Option<String>,
    /// Voice: URL of an OpenAI-compatible speech server (`/v1`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub speak_url: Option<String>,
    /// The deeper model that `delegate` hands jobs to (`/v1` URL).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub delegate_url: Option<String>,
    /// Model name for delegated jobs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub delegate_model: Option<String>,
    /// Seconds an organ probe may take.
    pub probe_timeout_secs: u64,
}

impl Default for Organs {
    fn default() -> Self {
        Organs {
            sandbox: SandboxMode::Auto,
            bash_timeout_secs: 20,
            output_max_chars: 4000,
            vision_url: None,
            vision_model: None,
            speak_url: None,
            delegate_url: None,
            delegate_model: None,
            probe_timeout_secs: 3,
        }
    }
}
