//! What the server says about itself: which model really answers, the window it serves, and
//! whether the model carries a chat template.
//!
//! A plain llama-server serves its one model whatever name a request asks for, and echoes the
//! asked name in its answer's `model` field, so only its `GET /props` (`model_path`) tells the
//! truth; the same answer gives the window (`default_generation_settings.n_ctx`) and the chat
//! template it applies. Through llama-swap the same path is reached at
//! `/upstream/{model}/props`. Other servers (vLLM, Ollama) do not answer it: then the answer's
//! `model` field is what answered, and the window is the configured `[context] n_ctx`.
//!
//! `/props` is asked at most once per mind, on its first call.

use std::path::Path;

use serde_json::Value;

use super::OpenAiMind;
use crate::base::config::Endpoint;
use crate::base::http;

/// What `/props` said.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Props {
    /// The URL that answered.
    pub source: String,
    pub model_path: Option<String>,
    /// The window of one slot, in tokens.
    pub n_ctx: Option<u32>,
    /// The template the server wraps chat messages in (its ChatML fallback when the model has
    /// none).
    pub chat_template: Option<String>,
    /// How many slots (sequences with a prompt cache of their own) the server keeps.
    pub total_slots: Option<u32>,
}

impl Props {
    /// Reads a `/props` answer; `None` when it is not one.
    pub fn parse(source: &str, body: &str) -> Option<Props> {
        let value: Value = serde_json::from_str(body).ok()?;
        let text = |ptr: &str| {
            value
                .pointer(ptr)
                .and_then(Value::as_str)
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(String::from)
        };
        let props = Props {
            source: source.to_string(),
            model_path: text("/model_path"),
            n_ctx: value
                .pointer("/default_generation_settings/n_ctx")
                .or_else(|| value.pointer("/n_ctx"))
                .and_then(Value::as_u64)
                .and_then(|n| u32::try_from(n).ok())
                .filter(|n| *n > 0),
            chat_template: text("/chat_template"),
            total_slots: value
                .pointer("/total_slots")
                .and_then(Value::as_u64)
                .and_then(|n| u32::try_from(n).ok())
                .filter(|n| *n > 0),
        };
        let said_something =
            props.model_path.is_some() || props.n_ctx.is_some() || props.chat_template.is_some();
        said_something.then_some(props)
    }
}

/// Which endpoint a mind sends to, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Route {
    pub endpoint: Endpoint,
    pub why: String,
}

/// The endpoint `[llm] endpoint = "auto"` resolves to for a server that said `props`.
///
/// A model file the server names and this machine can read decides: with a chat template,
/// chat; without one, raw completion, because the server would wrap the prompt in a fallback
/// template the model never learned (measured on the base Gemma 3 270M: the same document
/// answered right through raw completion and wrong through chat). Without a readable file,
/// the reported template decides (none reported: completion). A server that does not answer
/// `/props` is not a llama-server; chat is the form every other server documents.
pub fn route(props: Option<&Props>) -> Route {
    let Some(props) = props else {
        return Route {
            endpoint: Endpoint::Chat,
            why: "the server does not report its model (GET /props): chat, the form vLLM, \
                  Ollama and llama-swap document"
                .into(),
        };
    };
    if let Some(path) = props.model_path.as_deref()
        && let Ok(summary) = crate::mind::gguf::check(Path::new(path))
    {
        return if summary.chat_template {
            Route {
                endpoint: Endpoint::Chat,
                why: format!("the served model file {path} carries a chat template"),
            }
        } else {
            Route {
                endpoint: Endpoint::Completion,
                why: format!(
                    "the served model file {path} carries no chat template: chat would wrap \
                     the prompt in the server's fallback template, which a base model never \
                     learned"
                ),
            }
        };
    }
    match &props.chat_template {
        Some(_) => Route {
            endpoint: Endpoint::Chat,
            why: format!("the server reports a chat template ({})", props.source),
        },
        None => Route {
            endpoint: Endpoint::Completion,
            why: format!("the server reports no chat template ({})", props.source),
        },
    }
}

impl OpenAiMind {
    /// Makes every reply name the model the server says it serves (`/props` `model_path`);
    /// a server without it leaves the answer's `model` field.
    pub fn naming_served_model(mut self) -> OpenAiMind {
        self.probe_served = true;
        self
    }

    /// What `/props` said, asked once: the server root's, else llama-swap's upstream one.
    pub fn props(&mut self) -> Option<&Props> {
        if self.props.is_none() {
            let root = http::server_root(&self.base);
            let candidates = [
                http::join(root, "props"),
                http::join(root, &format!("upstream/{}/props", self.model)),
            ];
            let found = candidates.iter().find_map(|url| {
                http::try_get(&self.agent, url, self.api_key.as_deref())
                    .ok()
                    .filter(http::Reply::ok)
                    .and_then(|reply| Props::parse(url, &reply.body))
            });
            self.props = Some(found);
        }
        self.props.as_ref().and_then(Option::as_ref)
    }

    /// Keeps this mind's calls that keep a prompt cache (one creature's turns) in the server's
    /// first slot when it has two or more, so the calls that keep none, sent to its last, never
    /// share a slot with them.
    pub fn keeping_the_first_slot(mut self) -> OpenAiMind {
        self.first_slot = true;
        self
    }

    /// The slot a call is sent to on a server whose `/props` says it keeps two slots or more: a
    /// call that keeps no prompt cache (`cache_prompt` off: a replay's, a dream's, a curve's, a
    /// delegated job's) to the last; one creature's own turns
    /// ([`OpenAiMind::keeping_the_first_slot`]) to the first. A tick's prompt is then never
    /// pushed out of its slot by a sleep's own calls, and the tick after a sleep reads only what
    /// is new (a one-slot server reads it again from the start). None otherwise: the server
    /// chooses the slot whose prompt is most like the call's (a cast's creatures sharing it).
    pub(super) fn slot_for(&mut self, cache_prompt: bool) -> Option<u32> {
        if cache_prompt && !self.first_slot {
            return None;
        }
        let slots = self
            .props()
            .and_then(|p| p.total_slots)
            .filter(|n| *n >= 2)?;
        Some(if cache_prompt { 0 } else { slots - 1 })
    }

    /// The served model's path from `/props`, when replies are to name it.
    pub(super) fn served_model(&mut self) -> Option<String> {
        if !self.probe_served {
            return None;
        }
        self.props().and_then(|p| p.model_path.clone())
    }

    /// The endpoint this mind sends to, and why (`auto` asks `/props` once).
    pub fn route(&mut self) -> Route {
        match self.endpoint {
            Endpoint::Chat => Route {
                endpoint: Endpoint::Chat,
                why: "[llm] endpoint = \"chat\"".into(),
            },
            Endpoint::Completion => Route {
                endpoint: Endpoint::Completion,
                why: "[llm] endpoint = \"completion\"".into(),
            },
            Endpoint::Auto => {
                if self.route.is_none() {
                    let props = self.props().cloned();
                    self.route = Some(route(props.as_ref()));
                }
                self.route.clone().unwrap_or_else(|| route(None))
            }
        }
    }
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
    fn props_name_the_model_path_window_and_template() {
        let body = r#"{"model_path":"/models/small.gguf","total_slots":1,
            "default_generation_settings":{"n_ctx":8192},"chat_template":"{{ x }}"}"#;
        let p = Props::parse("u", body).unwrap();
        assert_eq!(p.model_path.as_deref(), Some("/models/small.gguf"));
        assert_eq!(p.n_ctx, Some(8192));
        assert_eq!(p.chat_template.as_deref(), Some("{{ x }}"));
        assert_eq!(p.total_slots, Some(1));
        assert_eq!(Props::parse("u", r#"{"model_path":""}"#), None);
        assert_eq!(Props::parse("u", "404 page"), None);
    }

    #[test]
    fn auto_routes_by_what_the_server_reports() {
        assert_eq!(route(None).endpoint, Endpoint::Chat);
        let templated = Props {
            chat_template: Some("{{ messages }}".into()),
            ..Props::default()
        };
        assert_eq!(route(Some(&templated)).endpoint, Endpoint::Chat);
        let bare = Props {
            n_ctx: Some(4096),
            model_path: Some("/nowhere/model.gguf".into()),
            ..Props::default()
        };
        let r = route(Some(&bare));
        assert_eq!(r.endpoint, Endpoint::Completion, "{}", r.why);
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
