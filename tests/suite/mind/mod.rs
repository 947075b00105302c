//! Minds over HTTP: the fake OpenAI-compatible server itself, and the OpenAI mind against it
//! (retries, loading, timeouts, parsing replies, the action schema); the tests' check of a
//! reply against the action schema; and reply parsing and the action schema over the
//! creature's real tool table.

mod conform;
mod fake_server;
mod http;
mod parse;
mod schema;
