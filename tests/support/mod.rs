//! Stand-ins for the services wis talks to, speaking the documented REST shapes
//! (REFERENCE.md): a Qdrant and an OpenAI-compatible embeddings server. Each runs on a
//! loopback port in a thread and can be stopped mid-test, after which the port refuses.

#![allow(dead_code)]

pub mod embeddings;
pub mod qdrant;
mod server;
