//! The creature's world: its tools (one file each, in `tools/`) and the units they arrive in,
//! the sandbox its commands run in, adjudication, the typed stats criteria read, and the
//! prompt that shows it all.
//!
//! Every tool call goes through one chokepoint and ends as one typed [`Outcome`](crate::creature::Outcome); nothing the
//! model says about its own success counts.

pub mod files;
pub mod history;
pub mod paths;
pub mod sandbox;
pub mod tools;

pub mod prompt;
pub mod scene;
pub mod stats;
pub mod units;
pub mod window;

pub use tools::TOOLS;
pub mod delegate;
pub mod dispatch;
pub mod examples;
pub mod judge;
pub mod memory_tools;
pub mod nearby;
pub mod notes;
pub mod objectives;
pub mod organs;
pub mod skills;
