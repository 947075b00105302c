//! Helpers shared by the integration tests. Each test file takes what it needs, so some
//! helpers go unused in any one of them.
#![allow(dead_code)]

pub mod fake_openai;
mod http1;
