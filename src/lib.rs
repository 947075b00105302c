//! wis: a platform that gives a small local language model a life and a memory.
//!
//! A creature lives in a home directory and acts through tools; everything it is lives in one
//! redb store. The `wis` binary is a thin command line over this library: each subcommand does
//! one step of the creature's life. See DESIGN.md for the architecture.

pub mod clock;
pub mod commands;
pub mod config;
pub mod cultcache;
pub mod docs;
pub mod env;
pub mod exit;
pub mod home;
pub mod http;
pub mod life;
pub mod memory;
pub mod mind;
pub mod output;
pub mod store;
pub mod wisdom;
pub mod world;
