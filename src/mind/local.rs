//! The local model: where its file lives, whether this build can run it, and the default
//! choice of mind when no server URL is configured.
//!
//! With no `[llm] url`, the creature thinks with the embedded model when the build has the
//! `embedded` feature and the GGUF file is present; otherwise there is no mind to open and the
//! error (exit 69) names the two ways out. This module compiles in every build, so `wis status`
//! and `wis config check` can say which mind a creature would run on.

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::Mind;
use crate::base::config::Config;
use crate::base::exit::{Error, Result};

/// File name of the default model, the base Gemma 3 270M, as `scripts/fetch-model.sh`
/// installs it.
pub const DEFAULT_MODEL_FILE: &str = "gemma-3-270m-q4_k_m.gguf";

/// Whether this build has the embedded mind (the `embedded` cargo feature).
pub const BUILT_WITH_EMBEDDED: bool = cfg!(feature = "embedded");

/// The way out when there is no mind, for hints.
const WAYS_OUT: &str = "either fetch the model (scripts/fetch-model.sh) and build wis with `--features embedded`, or set [llm] url (or WIS_LLM_URL) to an OpenAI-compatible server";

/// Where `scripts/fetch-model.sh` installs the default model: `<data dir>/models/<file>`.
pub fn default_model_path() -> Result<PathBuf> {
    Ok(crate::base::home::data_dir()?
        .join("models")
        .join(DEFAULT_MODEL_FILE))
}

/// The GGUF the embedded mind would load: `[llm] model_path`, else the default model.
pub fn model_path(config: &Config) -> Result<PathBuf> {
    match &config.llm.model_path {
        Some(path) => Ok(path.clone()),
        None => default_model_path(),
    }
}

/// What this build and this machine offer for a mind without a server.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EmbeddedStatus {
    /// The build has the `embedded` feature.
    pub built: bool,
    /// The GGUF that would be loaded; `None` when no data directory can be found.
    pub model_path: Option<PathBuf>,
    /// `[llm] model_path` names it (rather than the default model).
    pub configured: bool,
    /// The file exists (its contents are checked only when it is loaded).
    pub model_present: bool,
}

impl EmbeddedStatus {
    /// The embedded mind can be opened.
    pub fn usable(&self) -> bool {
        self.built && self.model_present
    }

    /// One line for `wis status` and `wis config check`.
    pub fn describe(&self) -> String {
        let path = self
            .model_path
            .as_ref()
            .map_or_else(|| "(no data directory)".into(), |p| p.display().to_string());
        match (self.built, self.model_present) {
            (true, true) => format!("embedded llama.cpp, model {path}"),
            (true, false) => format!("none: the embedded model {path} is missing"),
            (false, true) => {
                format!("none: this build lacks the embedded feature (model {path} is present)")
            }
            (false, false) => {
                "none: this build lacks the embedded feature and no model is fetched".into()
            }
        }
    }

    /// Why no mind can be opened, with the ways out (exit 69, or 66 for a configured file
    /// that is missing).
    pub fn unavailable(&self) -> Error {
        let path = self
            .model_path
            .as_ref()
            .map_or_else(String::new, |p| p.display().to_string());
        if self.built && self.configured && !self.model_present {
            return Error::no_input(format!("[llm] model_path {path} does not exist")).hint(
                "fix [llm] model_path, or remove it to use the default model (scripts/fetch-model.sh)",
            );
        }
        let why = match (self.built, self.model_present) {
            (true, _) => format!("no model server is configured and the model {path} is missing"),
            (false, _) => {
                "no model server is configured and this build has no embedded model".into()
            }
        };
        Error::unavailable(why).hint(WAYS_OUT)
    }
}

/// Whether the embedded mind could run for this configuration.
pub fn embedded_status(config: &Config) -> EmbeddedStatus {
    let model_path = model_path(config).ok();
    EmbeddedStatus {
        built: BUILT_WITH_EMBEDDED,
        model_present: model_path.as_ref().is_some_and(|p| p.is_file()),
        configured: config.llm.model_path.is_some(),
        model_path,
    }
}

/// The mind for a configuration without `[llm] url`: the embedded model when this build has
/// it and its file is present, else the error that names the ways out.
pub fn open_default(config: &Config, state_dir: Option<&Path>) -> Result<Box<dyn Mind>> {
    open_with(&embedded_status(config), config, state_dir)
}

fn open_with(
    status: &EmbeddedStatus,
    config: &Config,
    state_dir: Option<&Path>,
) -> Result<Box<dyn Mind>> {
    if !status.usable() {
        return Err(status.unavailable());
    }
    #[cfg(feature = "embedded")]
    {
        super::embedded::open_embedded(config, state_dir)
    }
    #[cfg(not(feature = "embedded"))]
    {
        let _ = (config, state_dir);
        Err(status.unavailable())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::exit::Kind;

    fn config_with(path: Option<PathBuf>) -> Config {
        let mut config = Config::default();
        config.llm.model_path = path;
        config
    }

    #[test]
    fn a_missing_model_is_unavailable_with_both_ways_out() {
        let dir = tempfile::tempdir().unwrap();
        let status = EmbeddedStatus {
            built: BUILT_WITH_EMBEDDED,
            model_path: Some(dir.path().join(DEFAULT_MODEL_FILE)),
            configured: false,
            model_present: false,
        };
        let err = status.unavailable();
        assert_eq!(err.kind, Kind::Unavailable);
        assert_eq!(err.code(), 69);
        let hint = err.hint.unwrap();
        assert!(hint.contains("scripts/fetch-model.sh"), "{hint}");
        assert!(hint.contains("--features embedded"), "{hint}");
        assert!(hint.contains("[llm] url"), "{hint}");
        assert!(!status.usable());
    }

    #[test]
    fn no_default_model_and_no_url_is_exit_69() {
        let dir = tempfile::tempdir().unwrap();
        for built in [true, false] {
            let status = EmbeddedStatus {
                built,
                model_path: Some(dir.path().join(DEFAULT_MODEL_FILE)),
                configured: false,
                model_present: false,
            };
            let err = open_with(&status, &Config::default(), None)
                .err()
                .expect("no mind");
            assert_eq!(err.code(), 69, "{}", err.message);
            assert!(err.hint.unwrap().contains("scripts/fetch-model.sh"));
        }
    }

    #[test]
    fn a_configured_model_that_is_missing_names_the_key() {
        let dir = tempfile::tempdir().unwrap();
        let config = config_with(Some(dir.path().join("absent.gguf")));
        let err = open_default(&config, None)
            .err()
            .expect("no mind without a model");
        // A build with the feature points at the key (66); one without it says how to get it.
        let want = if BUILT_WITH_EMBEDDED { 66 } else { 69 };
        assert_eq!(err.code(), want, "{}", err.message);
        assert!(err.hint.unwrap().contains("scripts/fetch-model.sh"));
    }

    #[test]
    fn status_reports_a_present_configured_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("m.gguf");
        std::fs::write(&path, b"GGUF").unwrap();
        let status = embedded_status(&config_with(Some(path.clone())));
        assert!(status.model_present && status.configured);
        assert_eq!(status.model_path.as_ref(), Some(&path));
        assert_eq!(status.usable(), BUILT_WITH_EMBEDDED);
        assert!(status.describe().contains(&path.display().to_string()));
    }

    #[test]
    fn the_default_path_is_in_the_data_dir_models_folder() {
        let path = default_model_path().unwrap();
        assert!(path.ends_with(format!("models/{DEFAULT_MODEL_FILE}")));
    }
}
