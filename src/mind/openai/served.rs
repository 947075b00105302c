//! Which model really answers: a plain llama-server serves its one model whatever name a
//! request asks for, and echoes the asked name in its answer's `model` field, so only its
//! `GET /props` (`model_path`) tells the truth. llama-swap and other routers pick the model by
//! name and answer without `/props`; there the answer's `model` field is what answered.
//!
//! The probe is opt-in ([`OpenAiMind::naming_served_model`]): the experience curve uses it so
//! that an arm is the model it claims to be; ticks never pay for it.

use serde_json::Value;

use super::OpenAiMind;
use crate::base::http;

impl OpenAiMind {
    /// Makes every reply name the model the server says it serves: asked once, on the first
    /// call, from `GET {root}/props`; a server without it leaves the answer's `model` field.
    pub fn naming_served_model(mut self) -> OpenAiMind {
        self.probe_served = true;
        self
    }

    /// The served model's path from `/props`, asked once; `None` when not asked for or not
    /// said.
    pub(super) fn served_model(&mut self) -> Option<String> {
        if !self.probe_served {
            return None;
        }
        if let Some(known) = &self.served {
            return known.clone();
        }
        let url = http::join(http::server_root(&self.base), "props");
        let found = http::try_get(&self.agent, &url, self.api_key.as_deref())
            .ok()
            .filter(http::Reply::ok)
            .and_then(|reply| model_path(&reply.body));
        self.served = Some(found.clone());
        found
    }
}

/// `model_path` of a llama-server `/props` answer.
fn model_path(body: &str) -> Option<String> {
    let value: Value = serde_json::from_str(body).ok()?;
    value
        .get("model_path")?
        .as_str()
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(String::from)
}

/// Whether `answered` (a model name, or a GGUF path or file name) is the model `configured`
/// names: the same name, or a file whose name without `.gguf` is the name or starts with it
/// and a `-`, `_` or `.` (`gemma-3-270m` is `/models/gemma-3-270m-q4_k_m.gguf`). Letter case
/// does not matter.
pub fn same_model(configured: &str, answered: &str) -> bool {
    let want = configured.trim().to_lowercase();
    let got = answered.trim().to_lowercase();
    if want.is_empty() || got == want {
        return !want.is_empty();
    }
    let file = got.rsplit(['/', '\\']).next().unwrap_or(&got);
    let stem = file.strip_suffix(".gguf").unwrap_or(file);
    stem == want
        || stem
            .strip_prefix(want.as_str())
            .is_some_and(|rest| rest.starts_with(['-', '_', '.']))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn props_name_the_model_path() {
        let body = r#"{"model_path":"/models/small.gguf","total_slots":1}"#;
        assert_eq!(model_path(body).as_deref(), Some("/models/small.gguf"));
        assert_eq!(model_path(r#"{"model_path":""}"#), None);
        assert_eq!(model_path("404 page"), None);
    }

    #[test]
    fn a_name_matches_itself_and_its_gguf_files() {
        assert!(same_model("large", "large"));
        assert!(same_model("Small", "/models/small.gguf"));
        assert!(same_model("gemma-3-270m", "gemma-3-270m-q4_k_m.gguf"));
        assert!(!same_model("large", "/models/small.gguf"));
        assert!(!same_model("large", "gemma-3-270m-q4_k_m.gguf"));
        assert!(!same_model("gemma", "gemma3-270m.gguf"));
        assert!(!same_model("", ""));
    }
}
