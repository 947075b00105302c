//! Asking the model server what window it actually serves (`wis config check`).
//!
//! llama-server reports it at `GET /props` (`default_generation_settings.n_ctx`); through
//! llama-swap the same path is reached at `/upstream/{model}/props`. Other servers do not say,
//! which is reported as such rather than guessed.

use serde::Serialize;

use super::Config;
use crate::base::http;

/// What the server said about its window.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum ServerWindow {
    /// The server reports its window.
    Served { n_ctx: u32, source: String },
    /// The server answered but does not report a window.
    Unknown { models: Vec<String> },
    /// The server did not answer.
    Unreachable { error: String },
}

impl ServerWindow {
    pub fn describe(&self) -> String {
        match self {
            ServerWindow::Served { n_ctx, source } => format!("serves n_ctx {n_ctx} ({source})"),
            ServerWindow::Unknown { models } => {
                format!(
                    "answers (models: {}) but does not report its window",
                    models.join(", ")
                )
            }
            ServerWindow::Unreachable { error } => {
                format!("not reachable ({error}); window not compared")
            }
        }
    }
}

/// Probes `[llm] url` for its served window.
pub fn probe_window(config: &Config) -> ServerWindow {
    let Some(base) = config.llm.url.as_deref() else {
        return ServerWindow::Unreachable {
            error: "no [llm] url".into(),
        };
    };
    let agent = http::agent(
        std::time::Duration::from_secs(config.llm.connect_timeout_secs),
        std::time::Duration::from_secs(config.llm.connect_timeout_secs.max(5) * 2),
    );
    let key = config.llm.api_key.as_deref();
    let models = match http::get(&agent, &http::join(base, "models"), key) {
        Ok(r) if r.ok() => r
            .json::<serde_json::Value>("GET /v1/models")
            .ok()
            .and_then(|v| {
                v.get("data")?.as_array().map(|a| {
                    a.iter()
                        .filter_map(|m| m.get("id")?.as_str().map(String::from))
                        .collect()
                })
            })
            .unwrap_or_default(),
        Ok(r) => {
            return ServerWindow::Unreachable {
                error: format!("GET /v1/models answered {}", r.status),
            };
        }
        Err(e) => return ServerWindow::Unreachable { error: e.message },
    };
    let root = http::server_root(base);
    let candidates = [
        http::join(root, "props"),
        http::join(root, &format!("upstream/{}/props", config.llm.model)),
    ];
    for url in candidates {
        if let Ok(r) = http::get(&agent, &url, key)
            && r.ok()
            && let Ok(v) = r.json::<serde_json::Value>("GET /props")
            && let Some(n) = v
                .pointer("/default_generation_settings/n_ctx")
                .and_then(|n| n.as_u64())
        {
            return ServerWindow::Served {
                n_ctx: n as u32,
                source: url,
            };
        }
    }
    ServerWindow::Unknown { models }
}
