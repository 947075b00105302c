//! The fake server's answers: which route a request takes, and the bytes each
//! [`Answer`] puts on the wire (OpenAI-shaped completion bodies, llama-server's read-only
//! routes, llama-swap's `/running`, deterministic embeddings).

use std::hash::{Hash, Hasher};
use std::net::{Shutdown, TcpStream};

use serde_json::{Value, json};

use super::{Answer, Fixed, Recorded, State};
use crate::support::http1;

/// Decides the answer (under the state lock, so the script is taken in order).
pub(super) fn route(req: &Recorded, state: &mut State, fixed: &Fixed) -> Answer {
    if let Some(r) = fixed
        .routes
        .iter()
        .find(|r| r.method == req.method && r.path == req.path)
    {
        return (r.handler)(req);
    }
    if req.is_completion() {
        return state
            .script
            .pop_front()
            .or_else(|| state.then.clone())
            .unwrap_or_else(|| Answer::status(500, "fake server: the script is exhausted"));
    }
    // llama-swap's proxy path reaches the same routes.
    let path = match req.path.strip_prefix("/upstream/") {
        Some(rest) => rest.split_once('/').map_or("/", |(_, p)| p).to_string(),
        None => req.path.clone(),
    };
    let path = format!("/{}", path.trim_start_matches('/'));
    match (req.method.as_str(), path.as_str()) {
        ("GET", "/v1/models") => {
            let data: Vec<Value> = fixed
                .models
                .iter()
                .map(|m| json!({"id": m, "object": "model"}))
                .collect();
            Answer::json(200, json!({"object": "list", "data": data}))
        }
        ("GET", "/health") if state.health_loading > 0 => {
            state.health_loading -= 1;
            Answer::loading()
        }
        ("GET", "/health") => Answer::json(200, json!({"status": "ok"})),
        ("GET", "/props") => {
            let mut props = json!({
                "default_generation_settings": {"n_ctx": fixed.n_ctx},
                "model_path": format!("/models/{}.gguf", fixed.models[0]),
                "total_slots": fixed.total_slots
            });
            if fixed.chat_template {
                props["chat_template"] =
                    json!("{% for m in messages %}{{ m.content }}{% endfor %}");
            }
            Answer::json(200, props)
        }
        ("POST", "/tokenize") if fixed.chars_per_token.is_some() => {
            let per = fixed.chars_per_token.unwrap_or(1);
            let chars = req.json["content"]
                .as_str()
                .map_or(0, |t| t.chars().count());
            let n = chars.div_ceil(per) + 1;
            Answer::json(200, json!({"tokens": vec![1; n]}))
        }
        ("GET", "/running") => {
            let snapshot = if state.running.len() > 1 {
                state.running.pop_front()
            } else {
                state.running.front().cloned()
            };
            Answer::json(200, snapshot.unwrap_or_else(|| json!({"running": []})))
        }
        ("POST", "/v1/embeddings") if fixed.embed_dim.is_some() => {
            embeddings(&req.json, fixed.embed_dim.unwrap_or(8))
        }
        _ => Answer::status(
            404,
            format!("fake server: no route for {} {}", req.method, req.path),
        ),
    }
}

/// Writes an answer; transport failures are ignored (the client may have given up).
pub(super) fn send(stream: &mut TcpStream, req: &Recorded, answer: Answer, fixed: &Fixed) {
    let json_type = "application/json";
    let _ = match answer {
        Answer::Delayed { wait, then } => {
            std::thread::sleep(wait);
            return send(stream, req, *then, fixed);
        }
        Answer::Drop => stream.shutdown(Shutdown::Both),
        Answer::Cut => {
            let body = completion_body(req, Some("this answer never ends"), "stop", fixed);
            let head = http1::head(200, json_type, body.len() + 100);
            let half = &body.as_bytes()[..body.len() / 2];
            let _ = std::io::Write::write_all(stream, head.as_bytes());
            let _ = std::io::Write::write_all(stream, half);
            stream.shutdown(Shutdown::Both)
        }
        Answer::Content {
            text,
            finish_reason,
        } => {
            let body = completion_body(req, Some(&text), &finish_reason, fixed);
            http1::write_response(stream, 200, json_type, body.as_bytes())
        }
        Answer::NullContent => {
            let body = completion_body(req, None, "stop", fixed);
            http1::write_response(stream, 200, json_type, body.as_bytes())
        }
        Answer::Status { code, message } => {
            let body = json!({"error": {"code": code, "message": message}}).to_string();
            http1::write_response(stream, code, json_type, body.as_bytes())
        }
        Answer::Raw {
            code,
            content_type,
            body,
        } => http1::write_response(stream, code, &content_type, body.as_bytes()),
        Answer::Json { code, body } => {
            http1::write_response(stream, code, json_type, body.to_string().as_bytes())
        }
    };
}

/// An OpenAI-shaped completion answer for the request's endpoint.
fn completion_body(req: &Recorded, text: Option<&str>, finish: &str, fixed: &Fixed) -> String {
    let prompt_chars: usize = match req.json.get("messages").and_then(Value::as_array) {
        Some(messages) => messages
            .iter()
            .filter_map(|m| m.get("content")?.as_str())
            .map(|c| c.chars().count())
            .sum(),
        None => req
            .json
            .get("prompt")
            .and_then(Value::as_str)
            .map_or(0, |p| p.chars().count()),
    };
    let prompt_tokens = (prompt_chars / 4).max(1);
    let completion_tokens = (text.map_or(0, |t| t.chars().count()) / 4).max(1);
    let model = req
        .json
        .get("model")
        .cloned()
        .unwrap_or_else(|| json!(fixed.models[0]));
    let choice = if req.is_chat() {
        json!({"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": finish})
    } else {
        json!({"index": 0, "text": text, "finish_reason": finish})
    };
    json!({
        "id": "fake-1",
        "object": if req.is_chat() { "chat.completion" } else { "text_completion" },
        "created": 0,
        "model": model,
        "choices": [choice],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens
        },
        "timings": {
            "prompt_n": prompt_tokens, "prompt_ms": 1.5,
            "predicted_n": completion_tokens, "predicted_ms": 2.5
        }
    })
    .to_string()
}

/// Deterministic unit vectors, one per input string.
fn embeddings(body: &Value, dim: usize) -> Answer {
    let inputs: Vec<String> = match body.get("input") {
        Some(Value::String(s)) => vec![s.clone()],
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| v.as_str().unwrap_or_default().to_string())
            .collect(),
        _ => return Answer::status(400, "fake server: embeddings need an input"),
    };
    let data: Vec<Value> = inputs
        .iter()
        .enumerate()
        .map(|(index, text)| {
            let raw: Vec<f64> = (0..dim)
                .map(|i| {
                    let mut h = std::collections::hash_map::DefaultHasher::new();
                    (text, i).hash(&mut h);
                    (h.finish() % 2001) as f64 / 1000.0 - 1.0
                })
                .collect();
            let norm = raw
                .iter()
                .map(|x| x * x)
                .sum::<f64>()
                .sqrt()
                .max(f64::MIN_POSITIVE);
            let vector: Vec<f64> = raw.iter().map(|x| x / norm).collect();
            json!({"object": "embedding", "index": index, "embedding": vector})
        })
        .collect();
    Answer::json(
        200,
        json!({"object": "list", "data": data, "usage": {"prompt_tokens": 0}}),
    )
}
