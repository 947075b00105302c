//! The creature: its state documents (genome and body plan, persona and counters, stream,
//! notebooks, objectives, unlocks, news, the pending-turn lease, its predictions, its quest
//! book), the pure rules over them (the nap curve, the heartbeat's choice, [`Criterion`]), and
//! the action channel's types: what an action is, how a tool is described, what an outcome is.

pub mod action;
pub mod check;
pub mod commission_figures;
pub mod commissions;
pub mod criterion;
pub mod expectations;
pub mod genome;
pub mod heartbeat;
pub mod lease;
pub mod morph;
pub mod nap;
pub mod news;
pub mod notebooks;
pub mod objectives;
pub mod outcome;
pub mod persona;
pub mod quest_book;
pub mod stream;
pub mod tool;
pub mod turns;
pub mod unlocks;

pub use action::{Action, REPLY};
pub use check::Check;
pub use criterion::Criterion;
pub use genome::{Genome, Temperament};
pub use morph::{Lexicon, Morph};
pub use nap::Stage;
pub use outcome::{Effect, FailKind, Outcome, cut_middle, normalize_output};
pub use persona::{LastTick, Persona};
pub use tool::{ArgSpec, ArgType, ToolSpec};
pub use unlocks::{By, UnitId, UnitRecord, UnitState, Unlocks};
