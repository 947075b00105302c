//! The creature's world: its tools, the sandbox its commands run in, and adjudication.
//!
//! Every tool call goes through one chokepoint and ends as one typed [`Outcome`]; nothing the
//! model says about its own success counts.

pub mod action;
pub mod files;
pub mod outcome;
pub mod paths;
pub mod sandbox;
pub mod tools;

pub use action::{Action, REPLY};
pub use outcome::{FailKind, Outcome, cut_middle, normalize_output};
pub use tools::{ArgSpec, ArgType, TOOLS, ToolSpec};
pub mod delegate;
pub mod dispatch;
pub mod manual;
pub mod memory_tools;
pub mod notes;
pub mod objectives;
pub mod organs;
pub mod predict;
pub mod skills;
