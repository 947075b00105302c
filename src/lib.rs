//! wis: a platform that gives a small local language model a life and a memory.
//!
//! A creature lives in a home directory and acts through tools; everything it is lives in one
//! redb store. The `wis` binary is a thin command line over this library: each subcommand does
//! one step of the creature's life.
//!
//! The modules are floors, and a floor imports only the floors below it (a test holds this;
//! `docs/design.md` says why):
//!
//! | floor | module | what lives there |
//! |---|---|---|
//! | 6 | [`commands`] | the command line: arguments in, one call, printing out |
//! | 5 | [`turn`] | a turn of life: tick, sleep, birth, a cast's turn, progression and quests, the turn context |
//! | 4 | [`wisdom`] | what lived experience becomes: the ledger, recall, replay, the experience curve, lineage |
//! | 3 | [`world`] | the tools, the units of the body, dispatch, the sandbox, the prompt |
//! | 2 | [`mind`], [`memory`] | the model behind one trait; engrams, vectors, recall by similarity |
//! | 1 | [`creature`] | the creature's state documents and the action channel's types |
//! | 0 | [`base`] | the store, configuration, the clock, exit codes, HTTP, the printer |

pub mod base;
pub mod commands;
pub mod creature;
pub mod memory;
pub mod mind;
pub mod turn;
pub mod wisdom;
pub mod world;

#[cfg(test)]
mod floors;
