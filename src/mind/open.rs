//! Choosing the mind a configuration asks for.
//!
//! `[llm] url` set (directly or through `WIS_LLM_URL`): the HTTP mind. Unset: the embedded
//! model, which needs a build with the `embedded` cargo feature and a fetched model; a build
//! without it says so and names both ways out (exit 69).

use std::path::Path;

use crate::base::config::{Config, Llm};
use crate::base::exit::Result;
use crate::mind::Mind;
use crate::mind::openai::OpenAiMind;

/// Which backend a configuration selects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// An OpenAI-compatible server at `[llm] url`.
    Http,
    /// The in-process model.
    Embedded,
}

/// The backend `[llm]` selects: a non-empty `url` means HTTP.
pub fn backend(llm: &Llm) -> Backend {
    match llm.url.as_deref().map(str::trim) {
        Some(url) if !url.is_empty() => Backend::Http,
        _ => Backend::Embedded,
    }
}

/// Which mind the creature runs on, in one line (for `wis status` and `wis config check`).
pub fn describe_mind(config: &Config) -> String {
    match (backend(&config.llm), &config.llm.url) {
        (Backend::Http, Some(url)) => format!("server {url} (model {})", config.llm.model),
        _ => crate::mind::embedded_status(config).describe(),
    }
}

/// Opens the mind this configuration asks for.
pub fn open_mind(config: &Config) -> Result<Box<dyn Mind>> {
    open_mind_keeping_state(config, None)
}

/// Opens the mind this configuration asks for; the embedded mind keeps the state of its last
/// prompt in `state_dir` between processes (a server keeps its own prompt cache).
pub fn open_mind_keeping_state(config: &Config, state_dir: Option<&Path>) -> Result<Box<dyn Mind>> {
    match backend(&config.llm) {
        Backend::Http => Ok(Box::new(OpenAiMind::new(&config.llm)?)),
        Backend::Embedded => crate::mind::open_default(config, state_dir),
    }
}

/// Opens the mind of one creature living alone on its mind (`wis tick`): the embedded mind
/// keeps its last prompt's state in `state_dir`; a server of two slots or more keeps its turns
/// in its first slot ([`OpenAiMind::keeping_the_first_slot`]). A cast's creatures share a
/// server's slots as the server chooses ([`open_mind_keeping_state`]).
pub fn open_own_mind(config: &Config, state_dir: &Path) -> Result<Box<dyn Mind>> {
    match backend(&config.llm) {
        Backend::Http => Ok(Box::new(
            OpenAiMind::new(&config.llm)?.keeping_the_first_slot(),
        )),
        Backend::Embedded => crate::mind::open_default(config, Some(state_dir)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_url_selects_http() {
        let mut config = Config::default();
        assert_eq!(backend(&config.llm), Backend::Embedded);
        config.llm.url = Some("  ".into());
        assert_eq!(backend(&config.llm), Backend::Embedded);
        config.llm.url = Some("http://127.0.0.1:9/v1".into());
        assert_eq!(backend(&config.llm), Backend::Http);
        let mind = open_mind(&config).unwrap();
        assert!(mind.describe().contains("127.0.0.1:9"));
    }

    #[test]
    #[cfg(not(feature = "embedded"))]
    fn without_a_url_or_embedded_model_the_error_names_both_ways_out() {
        let err = open_mind(&Config::default()).err().unwrap();
        assert_eq!(err.kind, crate::base::exit::Kind::Unavailable);
        assert_eq!(err.code(), 69);
        let hint = err.hint.unwrap();
        assert!(hint.contains("scripts/fetch-model.sh"), "{hint}");
        assert!(hint.contains("WIS_LLM_URL"), "{hint}");
    }
}
