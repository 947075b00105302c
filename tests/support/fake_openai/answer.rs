//! What the fake server can answer ([`Answer`]) and what it saw ([`Recorded`]).

use std::time::Duration;

use serde_json::Value;

/// One scripted answer to a completion request (or a [`Builder::route`] handler's answer).
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// 200 with this text as the reply (`message.content` or `text`) and a finish reason.
    Content { text: String, finish_reason: String },
    /// 200 with `"content": null`.
    NullContent,
    /// A status with a llama-server style JSON error body carrying `message`.
    Status { code: u16, message: String },
    /// A status with this body verbatim (malformed or non-JSON bodies).
    Raw {
        code: u16,
        content_type: String,
        body: String,
    },
    /// A status with this JSON body.
    Json { code: u16, body: Value },
    /// Waits, then gives the inner answer.
    Delayed { wait: Duration, then: Box<Answer> },
    /// Reads the request, then closes the connection without a byte of answer.
    Drop,
    /// Promises a 200 body, sends part of it, then closes the connection.
    Cut,
}

impl Answer {
    /// A reply that stopped normally.
    pub fn content(text: impl Into<String>) -> Answer {
        Answer::Content {
            text: text.into(),
            finish_reason: "stop".into(),
        }
    }
    /// A reply that hit the token limit (`finish_reason: "length"`).
    pub fn length(text: impl Into<String>) -> Answer {
        Answer::Content {
            text: text.into(),
            finish_reason: "length".into(),
        }
    }
    /// An HTTP error with a JSON error body.
    pub fn status(code: u16, message: impl Into<String>) -> Answer {
        Answer::Status {
            code,
            message: message.into(),
        }
    }
    /// llama-server's answer while it loads a model.
    pub fn loading() -> Answer {
        Answer::status(503, "Loading model")
    }
    /// A 200 whose body is this text verbatim.
    pub fn raw(body: impl Into<String>) -> Answer {
        Answer::Raw {
            code: 200,
            content_type: "application/json".into(),
            body: body.into(),
        }
    }
    /// Any status with a JSON body.
    pub fn json(code: u16, body: Value) -> Answer {
        Answer::Json { code, body }
    }
    /// `then`, after `wait`.
    pub fn delayed(wait: Duration, then: Answer) -> Answer {
        Answer::Delayed {
            wait,
            then: Box::new(then),
        }
    }
}

/// One request as the server saw it.
#[derive(Debug, Clone)]
pub struct Recorded {
    pub method: String,
    /// The path without the query.
    pub path: String,
    pub query: String,
    /// Header names in lower case.
    pub headers: Vec<(String, String)>,
    pub body: String,
    /// The body as JSON; `Value::Null` when it is empty or not JSON.
    pub json: Value,
}

impl Recorded {
    pub fn header(&self, name: &str) -> Option<&str> {
        let name = name.to_ascii_lowercase();
        self.headers
            .iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v.as_str())
    }
    /// A `POST` to a chat or raw completion path.
    pub fn is_completion(&self) -> bool {
        self.method == "POST" && self.path.ends_with("/completions")
    }
    /// A `POST` to the chat path.
    pub fn is_chat(&self) -> bool {
        self.method == "POST" && self.path.ends_with("/chat/completions")
    }
}
