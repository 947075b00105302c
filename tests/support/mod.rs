//! Stand-ins for the services wis talks to, for integration tests: a fake OpenAI-compatible
//! model server with scripted replies, a Qdrant, and an embeddings server. Each runs on a
//! loopback port in a thread. Each test file takes what it needs, so some helpers go unused
//! in any one of them.
#![allow(dead_code)]

pub mod embeddings;
pub mod fake_openai;
mod http1;
pub mod qdrant;
mod server;
