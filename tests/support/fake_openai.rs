//! A fake OpenAI-compatible model server for integration tests.
//!
//! It listens on `127.0.0.1:0` in a thread, answers completion requests
//! (`POST …/chat/completions` and `POST …/completions`) from a script, in order, answers
//! the read-only routes a real server has, and records every request for assertions.
//!
//! ```ignore
//! mod support;
//! use support::fake_openai::{Answer, FakeOpenAi};
//!
//! let server = FakeOpenAi::builder()
//!     .loading(2)                                        // 503, 503, then …
//!     .reply(r#"{"tool":"bash","args":{"command":"ls"}}"#) // … this content
//!     .answer(Answer::length(r#"{"tool":"ba"#))         // finish_reason "length"
//!     .answer(Answer::delayed(Duration::from_secs(3), Answer::content("late")))
//!     .answer(Answer::Drop)                              // close without answering
//!     .then_forever(Answer::content(r#"{"tool":"reply","args":{"text":"hi"}}"#))
//!     .n_ctx(4096)
//!     .start();
//! // point [llm] url (or WIS_LLM_URL) at server.url(): "http://127.0.0.1:PORT/v1"
//! let sent = server.last_completion();                   // a `Recorded`
//! assert_eq!(sent.json["response_format"]["type"], "json_schema");
//! ```
//!
//! Routes besides completions (all also reachable under llama-swap's
//! `/upstream/{model}/…`):
//! - `GET /v1/models`: `{"object":"list","data":[{"id":…}]}` for [`Builder::model`]s.
//! - `GET /health`: 503 for the first [`Builder::health_loading`] calls, then
//!   `{"status":"ok"}`.
//! - `GET /props`: `default_generation_settings.n_ctx` = [`Builder::n_ctx`] (default 2048),
//!   `model_path`, `total_slots` ([`Builder::slots`], default 1), and a `chat_template` unless [`Builder::no_chat_template`]
//!   (a base model's server).
//! - `POST /tokenize` with [`Builder::tokenizer`]: one token per that many characters (and
//!   one for BOS); without it, 404 (a server that cannot count).
//! - `GET /running` (llama-swap): each call takes the next [`Builder::running`] snapshot,
//!   the last one repeating; by default the first model is `ready`.
//! - `POST /v1/embeddings` with [`Builder::embeddings`]: deterministic unit vectors.
//! - anything else: [`Builder::route`] handlers first, else 404.
//!
//! When the script runs out, completions get [`Builder::then_forever`]'s answer, or a 500
//! saying the script is exhausted (so a test that asks too often fails loudly).

use std::collections::VecDeque;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use serde_json::{Value, json};

use super::http1::{self, RawRequest};

mod answer;
mod routes;

pub use answer::{Answer, Recorded};

type Handler = Arc<dyn Fn(&Recorded) -> Answer + Send + Sync>;

struct Route {
    method: String,
    path: String,
    handler: Handler,
}

/// Mutable state shared with the connection threads.
struct State {
    script: VecDeque<Answer>,
    then: Option<Answer>,
    requests: Vec<Recorded>,
    running: VecDeque<Value>,
    health_loading: u32,
}

/// What never changes once the server runs.
struct Fixed {
    models: Vec<String>,
    n_ctx: u32,
    total_slots: u32,
    chat_template: bool,
    chars_per_token: Option<usize>,
    embed_dim: Option<usize>,
    routes: Vec<Route>,
}

struct Shared {
    state: Mutex<State>,
    fixed: Fixed,
}

/// Sets up a [`FakeOpenAi`]; every method is optional.
pub struct Builder {
    state: State,
    fixed: Fixed,
}

impl Builder {
    /// Appends a reply with this content.
    pub fn reply(self, text: impl Into<String>) -> Builder {
        self.answer(Answer::content(text))
    }
    /// Appends any answer.
    pub fn answer(mut self, answer: Answer) -> Builder {
        self.state.script.push_back(answer);
        self
    }
    /// Appends answers in order.
    pub fn answers(mut self, answers: impl IntoIterator<Item = Answer>) -> Builder {
        self.state.script.extend(answers);
        self
    }
    /// Appends `n` "still loading" 503s.
    pub fn loading(mut self, n: usize) -> Builder {
        self.state
            .script
            .extend(std::iter::repeat_n(Answer::loading(), n));
        self
    }
    /// Appends an HTTP error.
    pub fn status(self, code: u16, message: impl Into<String>) -> Builder {
        self.answer(Answer::status(code, message))
    }
    /// What every completion gets once the script is used up.
    pub fn then_forever(mut self, answer: Answer) -> Builder {
        self.state.then = Some(answer);
        self
    }
    /// Adds a model name (the first is the default model of `/running`).
    pub fn model(mut self, name: &str) -> Builder {
        self.fixed.models.push(name.to_string());
        self
    }
    /// The window `GET /props` reports.
    pub fn n_ctx(mut self, n_ctx: u32) -> Builder {
        self.fixed.n_ctx = n_ctx;
        self
    }
    /// The slots `GET /props` reports (`total_slots`, default 1).
    pub fn slots(mut self, n: u32) -> Builder {
        self.fixed.total_slots = n;
        self
    }
    /// `GET /props` reports no chat template (the server of a base model).
    pub fn no_chat_template(mut self) -> Builder {
        self.fixed.chat_template = false;
        self
    }
    /// `POST /tokenize` counts one token per `chars` characters, plus one for BOS.
    pub fn tokenizer(mut self, chars: usize) -> Builder {
        self.fixed.chars_per_token = Some(chars.max(1));
        self
    }
    /// Appends one `GET /running` snapshot of `(model, state)` pairs.
    pub fn running(mut self, models: &[(&str, &str)]) -> Builder {
        let list: Vec<Value> = models
            .iter()
            .map(|(m, s)| json!({"model": m, "state": s}))
            .collect();
        self.state.running.push_back(json!({ "running": list }));
        self
    }
    /// `GET /health` answers 503 this many times before it answers ok.
    pub fn health_loading(mut self, n: u32) -> Builder {
        self.state.health_loading = n;
        self
    }
    /// Answers `POST /v1/embeddings` with deterministic unit vectors of this size.
    pub fn embeddings(mut self, dim: usize) -> Builder {
        self.fixed.embed_dim = Some(dim);
        self
    }
    /// Answers `method path` (path without query) with a handler, before the built-in routes.
    pub fn route(
        mut self,
        method: &str,
        path: &str,
        handler: impl Fn(&Recorded) -> Answer + Send + Sync + 'static,
    ) -> Builder {
        let route = Route {
            method: method.to_string(),
            path: path.to_string(),
            handler: Arc::new(handler),
        };
        self.fixed.routes.push(route);
        self
    }
    /// Starts listening.
    pub fn start(mut self) -> FakeOpenAi {
        if self.fixed.models.is_empty() {
            self.fixed.models.push("fake-model".into());
        }
        if self.state.running.is_empty() {
            let first = self.fixed.models[0].clone();
            self.state
                .running
                .push_back(json!({"running": [{"model": first, "state": "ready"}]}));
        }
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
        let addr = listener.local_addr().expect("local address");
        let shared = Arc::new(Shared {
            state: Mutex::new(self.state),
            fixed: self.fixed,
        });
        let stop = Arc::new(AtomicBool::new(false));
        let accept = {
            let (shared, stop) = (shared.clone(), stop.clone());
            std::thread::spawn(move || accept_loop(listener, shared, stop))
        };
        FakeOpenAi {
            addr,
            shared,
            stop,
            accept: Some(accept),
        }
    }
}

/// A running fake server; it stops when dropped.
pub struct FakeOpenAi {
    addr: SocketAddr,
    shared: Arc<Shared>,
    stop: Arc<AtomicBool>,
    accept: Option<JoinHandle<()>>,
}

impl FakeOpenAi {
    pub fn builder() -> Builder {
        Builder {
            state: State {
                script: VecDeque::new(),
                then: None,
                requests: Vec::new(),
                running: VecDeque::new(),
                health_loading: 0,
            },
            fixed: Fixed {
                models: Vec::new(),
                n_ctx: 2048,
                total_slots: 1,
                chat_template: true,
                chars_per_token: None,
                embed_dim: None,
                routes: Vec::new(),
            },
        }
    }
    /// The base URL, ending in `/v1` (what `[llm] url` takes).
    pub fn url(&self) -> String {
        format!("{}/v1", self.root())
    }
    /// The server root (`/health`, `/props`, `/running` live here).
    pub fn root(&self) -> String {
        format!("http://{}", self.addr)
    }
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }
    /// Every request so far, in arrival order.
    pub fn requests(&self) -> Vec<Recorded> {
        self.lock().requests.clone()
    }
    /// The completion requests so far.
    pub fn completions(&self) -> Vec<Recorded> {
        self.requests()
            .into_iter()
            .filter(Recorded::is_completion)
            .collect()
    }
    /// The latest completion request; panics when there is none.
    pub fn last_completion(&self) -> Recorded {
        self.completions()
            .pop()
            .expect("the fake server got no completion request")
    }
    /// Appends an answer to the script while the server runs.
    pub fn push(&self, answer: Answer) {
        self.lock().script.push_back(answer);
    }
    /// Scripted answers not yet given.
    pub fn remaining(&self) -> usize {
        self.lock().script.len()
    }
    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.shared.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Drop for FakeOpenAi {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wake the accept loop so it sees the flag.
        let _ = TcpStream::connect_timeout(&self.addr, Duration::from_secs(1));
        if let Some(handle) = self.accept.take() {
            let _ = handle.join();
        }
    }
}

/// A base URL on which nothing listens (connections are refused).
/// A server that answers a turn that plans (its prompt holds `## Think`) with `plan`, and every
/// other call with the next of `work`, in order (a 500 once they run out).
pub fn planning_then(plan: &'static str, work: &[&str]) -> FakeOpenAi {
    let queue: Arc<Mutex<VecDeque<String>>> =
        Arc::new(Mutex::new(work.iter().map(|s| s.to_string()).collect()));
    let mut builder = FakeOpenAi::builder();
    for path in ["/v1/chat/completions", "/v1/completions"] {
        let queue = queue.clone();
        builder = builder.route("POST", path, move |req| {
            if req.body.contains("## Think") {
                return Answer::content(plan);
            }
            match queue.lock().unwrap().pop_front() {
                Some(a) => Answer::content(a),
                None => Answer::status(500, "the script is exhausted"),
            }
        });
    }
    builder.start()
}

pub fn closed_port_url() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
    let addr = listener.local_addr().expect("local address");
    drop(listener);
    format!("http://{addr}/v1")
}

fn accept_loop(listener: TcpListener, shared: Arc<Shared>, stop: Arc<AtomicBool>) {
    for stream in listener.incoming() {
        if stop.load(Ordering::SeqCst) {
            return;
        }
        let Ok(stream) = stream else { continue };
        let shared = shared.clone();
        std::thread::spawn(move || serve(stream, &shared));
    }
}

/// Serves one connection: one request, one answer, close.
fn serve(mut stream: TcpStream, shared: &Shared) {
    let raw = match http1::read_request(&mut stream) {
        Ok(raw) => raw,
        Err(e) => {
            let body = json!({"error": {"code": 400, "message": e.to_string()}}).to_string();
            let _ = http1::write_response(&mut stream, 400, "application/json", body.as_bytes());
            return;
        }
    };
    let request = record(raw);
    let answer = {
        let mut state = shared.state.lock().unwrap_or_else(|e| e.into_inner());
        state.requests.push(request.clone());
        routes::route(&request, &mut state, &shared.fixed)
    };
    routes::send(&mut stream, &request, answer, &shared.fixed);
}

fn record(raw: RawRequest) -> Recorded {
    let (path, query) = match raw.target.split_once('?') {
        Some((p, q)) => (p.to_string(), q.to_string()),
        None => (raw.target.clone(), String::new()),
    };
    let body = String::from_utf8_lossy(&raw.body).into_owned();
    let json = serde_json::from_str(&body).unwrap_or(Value::Null);
    Recorded {
        method: raw.method,
        path,
        query,
        headers: raw.headers,
        body,
        json,
    }
}
