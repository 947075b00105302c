//! Minds over HTTP: the fake OpenAI-compatible server itself, and the OpenAI mind against it
//! (retries, loading, timeouts, parsing replies, the action schema); and the tests' check of a
//! reply against the action schema.

mod conform;
mod fake_server;
mod http;
