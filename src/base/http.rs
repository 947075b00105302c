//! The one HTTP client (ureq) and its conventions: bounded timeouts, bounded bodies, HTTP
//! statuses handled by the caller, and errors that say which server did not answer.

use std::time::Duration;

use serde::de::DeserializeOwned;

use crate::base::exit::{Error, Result};

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
    Error::unavailable(format!("{url} did not answer: {}", why(err)))
}

/// Whether a transport error is a timeout (connect, read or overall).
pub fn is_timeout(err: &ureq::Error) -> bool {
    match err {
        ureq::Error::Timeout(_) => true,
        ureq::Error::Io(e) => matches!(
            e.kind(),
            std::io::ErrorKind::TimedOut | std::io::ErrorKind::WouldBlock
        ),
        _ => false,
    }
}

/// Whether the server accepted the connection and then closed it before a full answer.
pub fn is_cut_off(err: &ureq::Error) -> bool {
    matches!(err, ureq::Error::Io(e) if matches!(
        e.kind(),
        std::io::ErrorKind::ConnectionReset
            | std::io::ErrorKind::ConnectionAborted
            | std::io::ErrorKind::UnexpectedEof
            | std::io::ErrorKind::BrokenPipe
    ))
}

/// A few words saying why a request got no answer.
pub fn why(err: &ureq::Error) -> String {
    if is_timeout(err) {
        return "timed out".to_string();
    }
    match err {
        ureq::Error::ConnectionFailed => "connection refused or failed".to_string(),
        ureq::Error::HostNotFound => "host not found".to_string(),
        ureq::Error::Io(e) if is_cut_off(err) => {
            format!("the connection closed before a full answer ({e})")
        }
        ureq::Error::Io(e) if e.kind() == std::io::ErrorKind::ConnectionRefused => {
            "connection refused".to_string()
        }
        other => other.to_string(),
    }
}

fn read(mut resp: ureq::http::Response<ureq::Body>) -> Result<Reply, ureq::Error> {
    let status = resp.status().as_u16();
    let body = resp
        .body_mut()
        .with_config()
        .limit(MAX_BODY_BYTES)
        .read_to_string()?;
    Ok(Reply { status, body })
}

/// GET a URL, keeping the transport error for callers that tell timeouts from refusals.
pub fn try_get(agent: &ureq::Agent, url: &str, bearer: Option<&str>) -> Result<Reply, ureq::Error> {
    let mut req = agent.get(url);
    if let Some(key) = bearer {
        req = req.header("Authorization", &format!("Bearer {key}"));
    }
    read(req.call()?)
}

/// POST a JSON body, keeping the transport error (see [`try_get`]).
pub fn try_post_json(
    agent: &ureq::Agent,
    url: &str,
    bearer: Option<&str>,
    body: &serde_json::Value,
) -> Result<Reply, ureq::Error> {
    let mut req = agent.post(url);
    if let Some(key) = bearer {
        req = req.header("Authorization", &format!("Bearer {key}"));
    }
    read(req.send_json(body)?)
}

/// POST a JSON body and read the answer as bytes (audio, images), bounded like any body.
pub fn try_post_json_bytes(
    agent: &ureq::Agent,
    url: &str,
    body: &serde_json::Value,
) -> Result<(u16, Vec<u8>), ureq::Error> {
    let mut resp = agent.post(url).send_json(body)?;
    let status = resp.status().as_u16();
    let bytes = resp
        .body_mut()
        .with_config()
        .limit(MAX_BODY_BYTES)
        .read_to_vec()?;
    Ok((status, bytes))
}

/// GET a URL.
pub fn get(agent: &ureq::Agent, url: &str, bearer: Option<&str>) -> Result<Reply> {
    try_get(agent, url, bearer).map_err(|e| unreachable(url, &e))
}

/// POST a JSON body to a URL.
pub fn post_json(
    agent: &ureq::Agent,
    url: &str,
    bearer: Option<&str>,
    body: &serde_json::Value,
) -> Result<Reply> {
    try_post_json(agent, url, bearer, body).map_err(|e| unreachable(url, &e))
}

/// At most `max_chars` characters of a body, on one line, for error messages.
pub fn excerpt(body: &str, max_chars: usize) -> String {
    let flat: String = body
        .trim()
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if flat.chars().count() <= max_chars {
        flat
    } else {
        format!("{}…", flat.chars().take(max_chars).collect::<String>())
    }
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

    #[test]
    fn excerpts_are_bounded_and_on_one_line() {
        assert_eq!(excerpt("  a\nb  ", 10), "a b");
        assert_eq!(excerpt(&"x".repeat(50), 5), "xxxxx…");
    }
}
