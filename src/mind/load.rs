//! Whether the model server is busy now, where it reports it, so a heartbeat defers its turn
//! instead of stacking a second request behind one in flight.
//!
//! llama-server answers `GET /slots` with one object per slot (`is_processing`): busy when
//! every slot is processing. llama-swap answers `GET /running` with the models it runs and
//! their `state`: busy while one is `starting` or `stopping` (a swap in progress). A server
//! that answers neither (vLLM, Ollama, llama-server started with `--no-slots`) reports
//! nothing, and nothing is deferred. The embedded mind has no server: the store's lease is
//! its load.

use std::time::Duration;

use serde_json::Value;

use crate::base::config::Llm;
use crate::base::http;

/// Busy: why, in words.
pub type Busy = String;

/// Reads a `/slots` answer: `Some(Some(why))` busy, `Some(None)` idle, `None` not an answer.
pub fn slots_busy(body: &str) -> Option<Option<Busy>> {
    let slots = serde_json::from_str::<Value>(body).ok()?;
    let slots = slots.as_array()?;
    if slots.is_empty() {
        return None;
    }
    let processing = slots
        .iter()
        .filter(|s| s.get("is_processing").and_then(Value::as_bool) == Some(true))
        .count();
    Some((processing == slots.len()).then(|| {
        format!(
            "the model server is busy: {processing} of {} slots processing",
            slots.len()
        )
    }))
}

/// Reads a llama-swap `/running` answer (same convention as [`slots_busy`]).
pub fn running_busy(body: &str) -> Option<Option<Busy>> {
    let value = serde_json::from_str::<Value>(body).ok()?;
    let running = value.get("running")?.as_array()?;
    Some(running.iter().find_map(|m| {
        let state = m.get("state").and_then(Value::as_str)?;
        matches!(state, "starting" | "stopping").then(|| {
            let model = m.get("model").and_then(Value::as_str).unwrap_or("a model");
            format!("the model server is swapping: {model} is {state}")
        })
    }))
}

/// Asks the configured server whether it is busy; `None` when it is idle, reports nothing,
/// does not answer within two seconds, or there is no server (the embedded mind).
pub fn server_busy(llm: &Llm) -> Option<Busy> {
    let base = llm.url.as_deref()?;
    let agent = http::agent(Duration::from_secs(2), Duration::from_secs(2));
    let key = llm.api_key.as_deref();
    let root = http::server_root(base);
    for (path, read) in [
        ("slots", slots_busy as fn(&str) -> Option<Option<Busy>>),
        ("running", running_busy),
    ] {
        match http::try_get(&agent, &http::join(root, path), key) {
            Ok(reply) if reply.status == 200 => {
                if let Some(answer) = read(&reply.body) {
                    return answer;
                }
            }
            Ok(_) => continue,
            Err(_) => return None,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_busy_only_when_every_slot_processes() {
        let one = r#"[{"id":0,"is_processing":true},{"id":1,"is_processing":false}]"#;
        assert_eq!(slots_busy(one), Some(None));
        let all = r#"[{"id":0,"is_processing":true},{"id":1,"is_processing":true}]"#;
        assert_eq!(
            slots_busy(all),
            Some(Some(
                "the model server is busy: 2 of 2 slots processing".into()
            ))
        );
        assert_eq!(slots_busy("{\"error\":\"off\"}"), None);
        assert_eq!(slots_busy("[]"), None);
        assert_eq!(slots_busy("not json"), None);
    }

    #[test]
    fn a_swap_in_progress_is_busy() {
        let ready = r#"{"running":[{"model":"small","state":"ready"}]}"#;
        assert_eq!(running_busy(ready), Some(None));
        let swapping = r#"{"running":[{"model":"large","state":"starting"}]}"#;
        assert!(
            running_busy(swapping)
                .unwrap()
                .unwrap()
                .contains("large is starting")
        );
        assert_eq!(running_busy("{}"), None);
    }
}
