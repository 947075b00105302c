//! The fake OpenAI-compatible server itself: its routes, its script, its recording and its
//! handling of awkward requests, so tests built on it can trust what it says.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use crate::support::fake_openai::{Answer, FakeOpenAi};
use serde_json::{Value, json};
use wis::base::http;

fn agent() -> ureq::Agent {
    http::agent(Duration::from_secs(2), Duration::from_secs(10))
}

fn get(url: &str) -> http::Reply {
    http::get(&agent(), url, None).unwrap()
}

fn post(url: &str, body: Value) -> http::Reply {
    http::post_json(&agent(), url, None, &body).unwrap()
}

fn json_of(reply: &http::Reply) -> Value {
    serde_json::from_str(&reply.body).unwrap()
}

#[test]
fn read_only_routes_answer_like_llama_server() {
    let server = FakeOpenAi::builder()
        .model("a")
        .model("b")
        .n_ctx(4096)
        .health_loading(1)
        .start();
    let models = json_of(&get(&format!("{}/models", server.url())));
    assert_eq!(models["data"][1]["id"], "b");
    assert_eq!(get(&format!("{}/health", server.root())).status, 503);
    let health = get(&format!("{}/health", server.root()));
    assert_eq!(
        (health.status, json_of(&health)["status"].clone()),
        (200, json!("ok"))
    );
    for path in ["props", "upstream/a/props"] {
        let props = json_of(&get(&format!("{}/{path}", server.root())));
        assert_eq!(
            props["default_generation_settings"]["n_ctx"], 4096,
            "{path}"
        );
    }
    let running = json_of(&get(&format!("{}/running", server.root())));
    assert_eq!(
        running,
        json!({"running": [{"model": "a", "state": "ready"}]})
    );
    assert_eq!(get(&format!("{}/nowhere", server.root())).status, 404);
    assert_eq!(server.requests().len(), 7);
    assert!(server.completions().is_empty());
}

#[test]
fn completions_follow_the_script_then_the_fallback() {
    let server = FakeOpenAi::builder()
        .reply("one")
        .then_forever(Answer::content("again"))
        .start();
    let chat = format!("{}/chat/completions", server.url());
    let body = json!({"model": "m", "messages": [{"role": "user", "content": "hello there"}]});
    let first = json_of(&post(&chat, body.clone()));
    assert_eq!(first["choices"][0]["message"]["content"], "one");
    assert_eq!(first["choices"][0]["finish_reason"], "stop");
    assert_eq!(first["model"], "m");
    for _ in 0..3 {
        let next = json_of(&post(&chat, body.clone()));
        assert_eq!(next["choices"][0]["message"]["content"], "again");
    }
    server.push(Answer::length("pushed"));
    let raw = json_of(&post(
        &format!("{}/completions", server.url()),
        json!({"prompt": "p"}),
    ));
    assert_eq!(raw["choices"][0]["text"], "pushed");
    assert_eq!(raw["choices"][0]["finish_reason"], "length");
    assert_eq!(server.completions().len(), 5);
    assert_eq!(server.last_completion().json["prompt"], "p");
}

#[test]
fn an_exhausted_script_fails_loudly() {
    let server = FakeOpenAi::builder().start();
    let reply = post(&format!("{}/chat/completions", server.url()), json!({}));
    assert_eq!(reply.status, 500);
    assert!(reply.body.contains("script is exhausted"));
}

#[test]
fn statuses_and_raw_bodies_are_sent_verbatim() {
    let server = FakeOpenAi::builder()
        .answer(Answer::loading())
        .answer(Answer::raw("not json"))
        .answer(Answer::NullContent)
        .start();
    let url = format!("{}/chat/completions", server.url());
    let loading = post(&url, json!({}));
    assert_eq!(loading.status, 503);
    assert_eq!(json_of(&loading)["error"]["message"], "Loading model");
    assert_eq!(post(&url, json!({})).body, "not json");
    let null = json_of(&post(&url, json!({})));
    assert_eq!(null["choices"][0]["message"]["content"], Value::Null);
}

#[test]
fn a_delayed_answer_does_not_block_other_requests() {
    let server = FakeOpenAi::builder()
        .answer(Answer::delayed(
            Duration::from_secs(2),
            Answer::content("slow"),
        ))
        .reply("fast")
        .start();
    let url = format!("{}/chat/completions", server.url());
    let slow = {
        let url = url.clone();
        std::thread::spawn(move || json_of(&post(&url, json!({}))))
    };
    while server.completions().is_empty() {
        std::thread::sleep(Duration::from_millis(5));
    }
    let started = Instant::now();
    let fast = json_of(&post(&url, json!({})));
    assert!(started.elapsed() < Duration::from_secs(1));
    assert_eq!(fast["choices"][0]["message"]["content"], "fast");
    assert_eq!(
        slow.join().unwrap()["choices"][0]["message"]["content"],
        "slow"
    );
}

#[test]
fn routes_and_embeddings() {
    let server = FakeOpenAi::builder()
        .embeddings(16)
        .route("POST", "/collections/c/points/query", |req| {
            Answer::json(200, json!({"echo": req.json["limit"]}))
        })
        .start();
    let routed = post(
        &format!("{}/collections/c/points/query", server.root()),
        json!({"limit": 3}),
    );
    assert_eq!(json_of(&routed), json!({"echo": 3}));
    let url = format!("{}/embeddings", server.url());
    let first = json_of(&post(
        &url,
        json!({"model": "e", "input": ["alpha", "beta"]}),
    ));
    let again = json_of(&post(&url, json!({"model": "e", "input": "alpha"})));
    let vector = |v: &Value| -> Vec<f64> {
        v["embedding"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_f64().unwrap())
            .collect()
    };
    let alpha = vector(&first["data"][0]);
    assert_eq!(alpha.len(), 16);
    assert!((alpha.iter().map(|x| x * x).sum::<f64>() - 1.0).abs() < 1e-9);
    assert_eq!(alpha, vector(&again["data"][0]), "deterministic");
    assert_ne!(alpha, vector(&first["data"][1]));
}

/// Sends a raw request and returns the whole response text.
fn raw_exchange(server: &FakeOpenAi, request: &[u8]) -> String {
    let mut stream = TcpStream::connect(server.addr()).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    stream.write_all(request).unwrap();
    let mut out = String::new();
    stream.read_to_string(&mut out).unwrap();
    out
}

#[test]
fn chunked_bodies_and_queries_are_recorded() {
    let server = FakeOpenAi::builder().reply("ok").start();
    let request = b"POST /v1/chat/completions?x=1 HTTP/1.1\r\nHost: t\r\n\
        Transfer-Encoding: chunked\r\nAuthorization: Bearer k\r\n\r\n\
        7\r\n{\"a\": 1\r\n1\r\n}\r\n0\r\n\r\n";
    let response = raw_exchange(&server, request);
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    let seen = server.last_completion();
    assert_eq!(seen.json, json!({"a": 1}));
    assert_eq!(seen.query, "x=1");
    assert_eq!(seen.header("Authorization"), Some("Bearer k"));
}

#[test]
fn a_garbled_request_gets_a_400_and_the_server_keeps_serving() {
    let server = FakeOpenAi::builder().start();
    let response = raw_exchange(&server, b"NONSENSE\r\n\r\n");
    assert!(response.starts_with("HTTP/1.1 400"), "{response}");
    let response = raw_exchange(
        &server,
        b"GET /health HTTP/1.1\r\nContent-Length: x\r\n\r\n",
    );
    assert!(response.starts_with("HTTP/1.1 400"), "{response}");
    assert_eq!(get(&format!("{}/health", server.root())).status, 200);
}

#[test]
fn a_dropped_server_stops_listening() {
    let server = FakeOpenAi::builder().start();
    let addr = server.addr();
    drop(server);
    assert!(TcpStream::connect_timeout(&addr, Duration::from_millis(500)).is_err());
}
