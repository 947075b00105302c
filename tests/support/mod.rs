//! Stand-ins for the services wis talks to, for integration tests: a fake OpenAI-compatible
//! model server with scripted replies, a Qdrant, and an embeddings server, each on a loopback
//! port in a thread; and, for the real-model tests, finding the model and checking a reply
//! against the action schema. Each test file takes what it needs, so some helpers go unused
//! in any one of them.
#![allow(dead_code)]

pub mod conform;
pub mod embeddings;
pub mod fake_openai;
mod http1;
pub mod model;
pub mod qdrant;
mod server;
