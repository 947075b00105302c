//! What the integration tests share: the harness that runs the real binary in a hermetic
//! home ([`harness`]), stores and a scripted mind for tests that live in process ([`store`],
//! [`mind`]); stand-ins for the services wis talks to, each on a loopback port in a thread (a
//! fake OpenAI-compatible model server with scripted replies, a Qdrant, an embeddings
//! server); and, for the real-model tests, finding the model and checking a reply against the
//! action schema; and the rule for tests whose machine lacks what they need ([`require`]).
//! Each test binary takes what it needs, so some helpers go unused in any one.
#![allow(dead_code)]

pub mod conform;
pub mod embeddings;
pub mod fake_openai;
pub mod full_disk;
pub mod harness;
mod http1;
pub mod mind;
pub mod model;
pub mod qdrant;
pub mod require;
mod server;
pub mod store;

#[allow(unused_imports)]
pub use harness::{EPOCH, EPOCH_MS, Run, SEED, TestEnv, bytes};
#[allow(unused_imports)]
pub(crate) use harness::{snapshot, snapshot_run};
