//! The HTTP mind against a fake OpenAI-compatible server: request shapes, retries,
//! unreachable servers, timeouts, cut replies, and every malformed reply kind.

use std::time::{Duration, Instant};

use crate::support::fake_openai::{Answer, FakeOpenAi, closed_port_url};
use serde_json::{Value, json};
use wis::base::config::{Config, Endpoint, Llm, Override};
use wis::base::exit::Kind;
use wis::creature::{Action, ToolSpec};
use wis::mind::open::open_mind;
use wis::mind::openai::{Backoff, OpenAiMind};
use wis::mind::parse::{ParseReason, parse_reply};
use wis::mind::schema::action_schema;
use wis::mind::{Mind, Prompt, Sampling};
use wis::world::TOOLS;

const LS: &str = r#"{"tool":"bash","args":{"command":"ls"}}"#;

fn llm(url: &str) -> Llm {
    Llm {
        url: Some(url.to_string()),
        model: "fake-model".into(),
        timeout_secs: 5,
        connect_timeout_secs: 2,
        load_retries: 3,
        ..Llm::default()
    }
}

fn fast(mind: OpenAiMind) -> OpenAiMind {
    mind.with_backoff(Backoff {
        first: Duration::from_millis(5),
        max: Duration::from_millis(20),
    })
}

fn mind_for(server: &FakeOpenAi) -> OpenAiMind {
    fast(OpenAiMind::new(&llm(&server.url())).unwrap())
}

fn tools() -> Vec<&'static ToolSpec> {
    TOOLS.iter().collect()
}

fn schema() -> Value {
    action_schema(&tools())
}

fn prompt() -> Prompt {
    Prompt {
        stable: "You live in a small directory.\n".into(),
        volatile: "Now: list the files.\n".into(),
    }
}

fn sampling() -> Sampling {
    Sampling {
        temperature: 0.0,
        seed: Some(7),
        max_tokens: 128,
        cache_prompt: false,
    }
}

#[test]
fn chat_sends_the_nested_response_format_and_sampling() {
    let server = FakeOpenAi::builder().reply(LS).start();
    let reply = mind_for(&server)
        .complete(&prompt(), &schema(), &sampling())
        .unwrap();
    assert_eq!(reply.text, LS);
    assert!(!reply.truncated);
    let sent = server.last_completion();
    assert_eq!(sent.path, "/v1/chat/completions");
    let body = &sent.json;
    assert_eq!(body["model"], "fake-model");
    assert_eq!(
        body["messages"],
        json!([
            {"role": "system", "content": "You live in a small directory.\n"},
            {"role": "user", "content": "Now: list the files.\n"}
        ])
    );
    assert_eq!(
        body["response_format"],
        json!({"type": "json_schema", "json_schema": {"name": "action", "strict": true, "schema": schema()}})
    );
    assert!(
        body["response_format"].get("schema").is_none(),
        "flat form sent"
    );
    assert!(body.get("json_schema").is_none());
    assert_eq!(body["seed"], 7);
    assert_eq!(body["temperature"], 0.0);
    assert_eq!(body["max_tokens"], 128);
    assert_eq!(body["cache_prompt"], false);
    assert!(sent.header("authorization").is_none());
    let action = parse_reply(&reply, &tools()).unwrap();
    assert_eq!(action, Action::new("bash", json!({"command": "ls"})));
}

#[test]
fn completion_sends_the_document_and_a_top_level_json_schema() {
    let server = FakeOpenAi::builder().reply(LS).start();
    let mut config = llm(&server.url());
    config.endpoint = Endpoint::Completion;
    let mut mind = fast(OpenAiMind::new(&config).unwrap());
    let sampling = Sampling {
        temperature: 0.7,
        seed: None,
        max_tokens: 64,
        cache_prompt: true,
    };
    let reply = mind.complete(&prompt(), &schema(), &sampling).unwrap();
    assert_eq!(reply.text, LS);
    let sent = server.last_completion();
    assert_eq!(sent.path, "/v1/completions");
    assert_eq!(sent.json["prompt"], prompt().document());
    assert_eq!(sent.json["json_schema"], schema());
    assert!(sent.json.get("response_format").is_none());
    assert!(sent.json.get("messages").is_none());
    assert!(
        sent.json.get("seed").is_none(),
        "no seed: the server picks one"
    );
    assert_eq!(sent.json["temperature"].to_string(), "0.7");
    assert_eq!(sent.json["max_tokens"], 64);
    assert_eq!(sent.json["cache_prompt"], true);
}

#[test]
fn on_a_server_of_two_slots_a_creature_s_turns_keep_the_first_and_the_rest_go_to_the_last() {
    let server = FakeOpenAi::builder()
        .slots(2)
        .reply(LS)
        .reply(LS)
        .reply(LS)
        .start();
    let keeping = Sampling {
        cache_prompt: true,
        ..sampling()
    };
    let mut own = mind_for(&server).keeping_the_first_slot();
    own.complete(&prompt(), &schema(), &keeping).unwrap();
    assert_eq!(server.last_completion().json["id_slot"], 0, "a tick's call");
    own.complete(&prompt(), &schema(), &sampling()).unwrap();
    assert_eq!(
        server.last_completion().json["id_slot"],
        1,
        "a call that keeps no cache (a replay's)"
    );
    // A mind shared by a cast's creatures leaves their turns to the server's choice.
    mind_for(&server)
        .complete(&prompt(), &schema(), &keeping)
        .unwrap();
    assert!(server.last_completion().json.get("id_slot").is_none());
    // One slot: no slot is named.
    let one = FakeOpenAi::builder().reply(LS).start();
    let mut alone = mind_for(&one).keeping_the_first_slot();
    alone.complete(&prompt(), &schema(), &keeping).unwrap();
    assert!(one.last_completion().json.get("id_slot").is_none());
}

#[test]
fn usage_and_timings_are_read() {
    let server = FakeOpenAi::builder().reply(LS).start();
    let reply = mind_for(&server)
        .complete(&prompt(), &schema(), &sampling())
        .unwrap();
    assert!(reply.usage.prompt_tokens.is_some_and(|n| n > 0));
    assert!(reply.usage.completion_tokens.is_some_and(|n| n > 0));
    assert_eq!(reply.usage.prompt_ms, Some(1.5));
    assert_eq!(reply.usage.predicted_ms, Some(2.5));
}

#[test]
fn an_api_key_is_sent_as_a_bearer_token() {
    let server = FakeOpenAi::builder().reply(LS).start();
    let mut config = llm(&server.url());
    config.api_key = Some("sekrit".into());
    let mut mind = OpenAiMind::new(&config).unwrap();
    mind.complete(&prompt(), &schema(), &sampling()).unwrap();
    let sent = server.last_completion();
    assert_eq!(sent.header("authorization"), Some("Bearer sekrit"));
}

#[test]
fn a_loading_server_is_retried_until_it_answers() {
    let server = FakeOpenAi::builder().loading(2).reply(LS).start();
    let reply = mind_for(&server)
        .complete(&prompt(), &schema(), &sampling())
        .unwrap();
    assert_eq!(reply.text, LS);
    assert_eq!(server.completions().len(), 3);
}

#[test]
fn a_server_that_keeps_loading_is_unavailable() {
    let server = FakeOpenAi::builder()
        .then_forever(Answer::loading())
        .start();
    let err = mind_for(&server)
        .complete(&prompt(), &schema(), &sampling())
        .unwrap_err();
    assert_eq!(err.kind, Kind::Unavailable);
    assert!(
        err.message.contains("still loading after 3 retries"),
        "{}",
        err.message
    );
    assert!(err.message.contains("Loading model"), "{}", err.message);
    assert!(err.hint.unwrap().contains("load_retries"));
    assert_eq!(server.completions().len(), 4, "one try and three retries");
}

#[test]
fn a_refused_connection_is_unavailable_with_a_hint() {
    let url = closed_port_url();
    let err = fast(OpenAiMind::new(&llm(&url)).unwrap())
        .complete(&prompt(), &schema(), &sampling())
        .unwrap_err();
    assert_eq!(err.kind, Kind::Unavailable);
    assert_eq!(err.code(), 69);
    assert!(err.message.contains(&url), "{}", err.message);
    let hint = err.hint.unwrap();
    assert!(hint.contains(&url), "{hint}");
    assert!(hint.contains("unset [llm] url"), "{hint}");
}

#[test]
fn a_slow_server_times_out() {
    let server = FakeOpenAi::builder()
        .answer(Answer::delayed(Duration::from_secs(4), Answer::content(LS)))
        .start();
    let mut config = llm(&server.url());
    config.timeout_secs = 1;
    let started = Instant::now();
    let err = OpenAiMind::new(&config)
        .unwrap()
        .complete(&prompt(), &schema(), &sampling())
        .unwrap_err();
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(err.kind, Kind::Unavailable);
    assert!(
        err.message.contains("did not answer within 1s"),
        "{}",
        err.message
    );
    assert!(err.hint.unwrap().contains("timeout_secs"));
}

#[test]
fn an_overlong_reply_is_cut_at_the_cap() {
    let long = format!(
        "{{\"tool\":\"reply\",\"args\":{{\"text\":\"{}\"}}}}",
        "é".repeat(500)
    );
    let server = FakeOpenAi::builder().reply(long).start();
    let mut config = llm(&server.url());
    config.max_reply_chars = 50;
    let reply = OpenAiMind::new(&config)
        .unwrap()
        .complete(&prompt(), &schema(), &sampling())
        .unwrap();
    assert_eq!(reply.text.chars().count(), 50);
    assert!(reply.truncated);
    let failure = parse_reply(&reply, &tools()).unwrap_err();
    assert_eq!(failure.reason, ParseReason::Truncated);
}

#[test]
fn finish_reason_length_marks_the_reply_truncated() {
    let server = FakeOpenAi::builder()
        .answer(Answer::length(r#"{"tool":"bash","args":{"comm"#))
        .answer(Answer::length(LS))
        .start();
    let mut mind = mind_for(&server);
    let cut = mind.complete(&prompt(), &schema(), &sampling()).unwrap();
    assert!(cut.truncated);
    assert_eq!(
        parse_reply(&cut, &tools()).unwrap_err().reason,
        ParseReason::Truncated
    );
    let whole = mind.complete(&prompt(), &schema(), &sampling()).unwrap();
    assert!(whole.truncated, "the model stopped at its limit");
    assert_eq!(parse_reply(&whole, &tools()).unwrap().tool, "bash");
}

#[test]
fn every_malformed_reply_becomes_its_parse_reason() {
    let cases: Vec<(Answer, Option<ParseReason>)> = vec![
        (Answer::content(""), Some(ParseReason::Empty)),
        (Answer::NullContent, Some(ParseReason::Empty)),
        (
            Answer::content("I should list the files."),
            Some(ParseReason::NoJson),
        ),
        (
            Answer::content(r#"{"tool":"bash","args":{"command":"l"#),
            Some(ParseReason::Truncated),
        ),
        (
            Answer::content("{'tool': 'bash', 'args': {}}"),
            Some(ParseReason::InvalidJson),
        ),
        (
            Answer::content(r#"{"thought":"ls"}"#),
            Some(ParseReason::BadShape),
        ),
        (
            Answer::content(r#"{"tool":"rm","args":{}}"#),
            Some(ParseReason::UnknownTool),
        ),
        (
            Answer::content(r#"{"tool":"bash","args":{"command":1}}"#),
            Some(ParseReason::InvalidArgs),
        ),
        (
            Answer::content(r#"{"tool":"bash","args":{}}"#),
            Some(ParseReason::InvalidArgs),
        ),
        (
            Answer::content(r#"{"tool":"bash","args":{"command":"ls","x":1}}"#),
            Some(ParseReason::InvalidArgs),
        ),
        (Answer::content(format!("Sure:\n```json\n{LS}\n```")), None),
    ];
    let server = FakeOpenAi::builder()
        .answers(cases.iter().map(|(a, _)| a.clone()))
        .start();
    let mut mind = mind_for(&server);
    for (answer, expected) in cases {
        let reply = mind.complete(&prompt(), &schema(), &sampling()).unwrap();
        let parsed = parse_reply(&reply, &tools());
        match expected {
            Some(reason) => {
                let failure = parsed.expect_err(&format!("{answer:?}"));
                assert_eq!(failure.reason, reason, "{answer:?}: {}", failure.detail);
                assert_eq!(failure.raw, reply.text);
            }
            None => assert_eq!(parsed.unwrap().tool, "bash"),
        }
    }
    assert_eq!(server.remaining(), 0);
}

#[test]
fn http_errors_are_clear_and_quote_the_server() {
    let cases = [
        (
            Answer::status(401, "invalid api key"),
            Kind::Config,
            "api_key",
        ),
        (Answer::status(404, "model not found"), Kind::Config, "/v1"),
        (
            Answer::status(400, "context too long"),
            Kind::Config,
            "[context]",
        ),
        (Answer::status(500, "kaboom"), Kind::Unavailable, "log"),
    ];
    for (answer, kind, hint) in cases {
        let server = FakeOpenAi::builder().answer(answer.clone()).start();
        let err = mind_for(&server)
            .complete(&prompt(), &schema(), &sampling())
            .unwrap_err();
        let Answer::Status { code, message } = answer else {
            unreachable!()
        };
        assert_eq!(err.kind, kind, "{code}");
        assert!(err.message.contains(&message), "{code}: {}", err.message);
        assert!(err.message.contains(&code.to_string()), "{}", err.message);
        assert!(err.hint.unwrap().contains(hint), "{code}");
        assert_eq!(server.completions().len(), 1, "{code} is not retried");
    }
}

#[test]
fn an_error_body_is_quoted_bounded() {
    let server = FakeOpenAi::builder()
        .status(500, "x".repeat(100_000))
        .start();
    let err = mind_for(&server)
        .complete(&prompt(), &schema(), &sampling())
        .unwrap_err();
    assert!(err.message.len() < 1000, "{}", err.message.len());
}

#[test]
fn broken_answers_are_errors_not_replies() {
    let server = FakeOpenAi::builder()
        .answer(Answer::raw("<html>proxy error</html>"))
        .answer(Answer::raw(r#"{"object":"list","data":[]}"#))
        .answer(Answer::Drop)
        .answer(Answer::Cut)
        .start();
    let mut mind = mind_for(&server);
    let mut next = || {
        mind.complete(&prompt(), &schema(), &sampling())
            .unwrap_err()
    };
    let not_json = next();
    assert_eq!(not_json.kind, Kind::Data);
    assert!(
        not_json.message.contains("proxy error"),
        "{}",
        not_json.message
    );
    assert!(not_json.hint.unwrap().contains("OpenAI-compatible"));
    assert_eq!(next().kind, Kind::Data, "an answer without choices");
    for what in ["a dropped connection", "a cut answer"] {
        let err = next();
        assert_eq!(err.kind, Kind::Unavailable, "{what}");
        assert!(
            err.message.contains("closed before a full answer"),
            "{what}: {}",
            err.message
        );
        assert!(err.hint.unwrap().contains("mid-answer"), "{what}");
    }
}

#[test]
fn touch_asks_for_one_token_of_the_model() {
    let server = FakeOpenAi::builder().loading(1).reply("x").start();
    mind_for(&server).touch().unwrap();
    let sent = server.last_completion();
    assert_eq!(sent.path, "/v1/chat/completions");
    assert_eq!(sent.json["max_tokens"], 1);
    assert_eq!(sent.json["model"], "fake-model");
    assert_eq!(server.completions().len(), 2, "the 503 was retried");
}

#[test]
fn waiting_for_llama_swap_polls_until_ready() {
    let server = FakeOpenAi::builder()
        .running(&[])
        .running(&[("fake-model", "starting"), ("other", "ready")])
        .running(&[("fake-model", "ready")])
        .start();
    let mind = mind_for(&server);
    mind.wait_ready_llama_swap(Duration::from_secs(5), Duration::from_millis(10))
        .unwrap();
    let polls: Vec<_> = server
        .requests()
        .into_iter()
        .filter(|r| r.method == "GET" && r.path == "/running")
        .collect();
    assert_eq!(polls.len(), 3);
}

#[test]
fn waiting_for_a_model_that_never_gets_ready_is_bounded() {
    let server = FakeOpenAi::builder()
        .running(&[("fake-model", "starting")])
        .start();
    let started = Instant::now();
    let err = mind_for(&server)
        .wait_ready_llama_swap(Duration::from_millis(200), Duration::from_millis(20))
        .unwrap_err();
    assert!(started.elapsed() < Duration::from_secs(2));
    assert_eq!(err.kind, Kind::Unavailable);
    assert!(err.message.contains("\"starting\""), "{}", err.message);
}

#[test]
fn waiting_on_a_server_without_running_is_a_config_error() {
    let server = FakeOpenAi::builder()
        .route("GET", "/running", |_| Answer::status(404, "no such route"))
        .start();
    let err = mind_for(&server)
        .wait_ready_llama_swap(Duration::from_secs(5), Duration::from_millis(10))
        .unwrap_err();
    assert_eq!(err.kind, Kind::Config);
    assert!(err.hint.unwrap().contains("llama-swap"));
}

#[test]
fn open_mind_follows_the_url_override() {
    let server = FakeOpenAi::builder().reply(LS).start();
    let overrides = [Override {
        key: "llm.url".into(),
        value: server.url(),
        origin: "WIS_LLM_URL".into(),
    }];
    let config = Config::from_layers(None, "wis.toml", &overrides).unwrap();
    let mut mind = open_mind(&config).unwrap();
    assert!(mind.describe().contains(&server.url()));
    let reply = mind.complete(&prompt(), &schema(), &sampling()).unwrap();
    assert_eq!(reply.text, LS);
    assert!(reply.elapsed_ms < 5_000);
}

/// `auto` asks `/props` once: a server reporting a chat template gets chat; one reporting
/// none (a base model's llama-server) gets the raw document on `/v1/completions`, because
/// chat would wrap it in a template the model never learned.
#[test]
fn auto_sends_a_base_models_server_the_raw_document() {
    let chat = FakeOpenAi::builder().reply(LS).reply(LS).start();
    let mut mind = mind_for(&chat);
    assert_eq!(llm(&chat.url()).endpoint, Endpoint::Auto);
    mind.complete(&prompt(), &schema(), &sampling()).unwrap();
    mind.complete(&prompt(), &schema(), &sampling()).unwrap();
    assert_eq!(chat.last_completion().path, "/v1/chat/completions");
    let props = chat
        .requests()
        .iter()
        .filter(|r| r.path == "/props")
        .count();
    assert_eq!(props, 1, "/props is asked once per mind");

    let base = FakeOpenAi::builder().no_chat_template().reply(LS).start();
    let mut mind = mind_for(&base);
    let route = mind.route();
    assert_eq!(route.endpoint, Endpoint::Completion, "{}", route.why);
    assert!(route.why.contains("no chat template"), "{}", route.why);
    mind.complete(&prompt(), &schema(), &sampling()).unwrap();
    let sent = base.last_completion();
    assert_eq!(sent.path, "/v1/completions");
    assert_eq!(sent.json["prompt"], prompt().document());
}

/// A prompt the served window cannot hold is refused before it is sent (exit 78), counted by
/// the server's own tokenizer, and the hint gives numbers measured on that model.
#[test]
fn a_prompt_over_the_served_window_is_never_sent() {
    let server = FakeOpenAi::builder()
        .n_ctx(1024)
        .tokenizer(2)
        .then_forever(Answer::content(LS))
        .start();
    let mut mind = mind_for(&server);
    let long = Prompt {
        stable: "You live in a small directory.\n".into(),
        volatile: "word ".repeat(400),
    };
    let err = mind.complete(&long, &schema(), &sampling()).unwrap_err();
    assert_eq!(err.code(), 78, "{}", err.message);
    assert!(
        err.message
            .contains("does not fit the server's window of 1024"),
        "{}",
        err.message
    );
    let hint = err.hint.unwrap();
    assert!(hint.contains("chars_per_token = 2.0"), "{hint}");
    assert!(server.completions().is_empty(), "nothing was sent");
    let tokenized = server
        .requests()
        .iter()
        .filter(|r| r.path == "/tokenize")
        .count();
    assert_eq!(tokenized, 1);

    // Short prompts need no count: their bytes already fit.
    mind.complete(&prompt(), &schema(), &sampling()).unwrap();
    let tokenized = server
        .requests()
        .iter()
        .filter(|r| r.path == "/tokenize")
        .count();
    assert_eq!(tokenized, 1, "a prompt whose bytes fit is not counted");
    assert_eq!(server.completions().len(), 1);

    // A server that cannot count is sent the prompt; its own answer decides.
    let mute = FakeOpenAi::builder().n_ctx(1024).reply(LS).start();
    let mut mind = mind_for(&mute);
    mind.complete(&long, &schema(), &sampling()).unwrap();
    assert_eq!(mute.completions().len(), 1);
}
