//! The one HTTP client (ureq) and its conventions: bounded timeouts, bounded bodies, HTTP
//! statuses handled by the caller, and errors that say which server did not answer.

use std::time::Duration;

use serde::de::DeserializeOwned;

use crate::exit::{Error, Result};

/// Most bytes read from any response body.
pub const MAX_BODY_BYTES: u64 = 16 * 1024 * 1024;

/// An agent with a connect timeout and an overall timeout; statuses are not errors.
pub fn agent(connect: Duration, total: Duration) -> ureq::Agent {
    ureq::Agent::config_builder()
        .timeout_connect(Some(connect))
        .timeout_global(Some(total))
        .http_status_as_error(false)
        .build()
        .into()
}

/// A response: the status and the body text (bounded).
#[derive(Debug, Clone)]
pub struct Reply {
    pub status: u16,
    pub body: String,
}

impl Reply {
    pub fn ok(&self) -> bool {
        (200..300).contains(&self.status)
    }

    /// Parses the body as JSON of a type.
    pub fn json<T: DeserializeOwned>(&self, what: &str) -> Result<T> {
        serde_json::from_str(&self.body)
            .map_err(|e| Error::data(format!("{what}: the reply is not the expected JSON: {e}")))
    }
}

/// Turns a transport error into an `Unavailable` error naming the URL.
pub fn unreachable(url: &str, err: &ureq::Error) -> Error {
    let why = match err {
        ureq::Error::Timeout(_) => "timed out".to_string(),
        ureq::Error::ConnectionFailed => "connection refused or failed".to_string(),
        ureq::Error::HostNotFound => "host not found".to_string(),
        other => other.to_string(),
    };
    Error::unavailable(format!("{url} did not answer: {why}"))
}

fn read(mut resp: ureq::http::Response<ureq::Body>, url: &str) -> Result<Reply> {
    let status = resp.status().as_u16();
    let body = resp
        .body_mut()
        .with_config()
        .limit(MAX_BODY_BYTES)
        .read_to_string()
        .map_err(|e| unreachable(url, &e))?;
    Ok(Reply { status, body })
}

/// GET a URL.
pub fn get(agent: &ureq::Agent, url: &str, bearer: Option<&str>) -> Result<Reply> {
    let mut req = agent.get(url);
    if let Some(key) = bearer {
        req = req.header("Authorization", &format!("Bearer {key}"));
    }
    let resp = req.call().map_err(|e| unreachable(url, &e))?;
    read(resp, url)
}

/// POST a JSON body to a URL.
pub fn post_json(
    agent: &ureq::Agent,
    url: &str,
    bearer: Option<&str>,
    body: &serde_json::Value,
) -> Result<Reply> {
    let mut req = agent.post(url);
    if let Some(key) = bearer {
        req = req.header("Authorization", &format!("Bearer {key}"));
    }
    let resp = req.send_json(body).map_err(|e| unreachable(url, &e))?;
    read(resp, url)
}

/// The server root of an OpenAI-style base URL: `http://h:p/v1` → `http://h:p`.
pub fn server_root(base: &str) -> &str {
    let trimmed = base.trim_end_matches('/');
    trimmed.strip_suffix("/v1").unwrap_or(trimmed)
}

/// Joins a base URL and a path with exactly one slash.
pub fn join(base: &str, path: &str) -> String {
    format!(
        "{}/{}",
        base.trim_end_matches('/'),
        path.trim_start_matches('/')
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls() {
        assert_eq!(server_root("http://h:1/v1/"), "http://h:1");
        assert_eq!(server_root("http://h:1"), "http://h:1");
        assert_eq!(join("http://h/v1/", "/models"), "http://h/v1/models");
    }
}
