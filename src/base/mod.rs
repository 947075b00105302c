//! The ground floor: what every other floor stands on and nothing here knows about a creature.
//!
//! The store (typed documents in redb, given their types by the floor above), configuration,
//! the clock, the home directory, exit codes, the one HTTP client, the one printer, the escape
//! every page's text goes through, the CultCache file format, and the JSON Schema subset wis
//! publishes its formats in.

pub mod clock;
pub mod config;
pub mod cultcache;
pub mod env;
pub mod exit;
pub mod home;
pub mod html;
pub mod http;
pub mod interrupt;
pub mod output;
pub mod schema;
pub mod store;
