//! Wisdom: what the creature's lived, adjudicated experience becomes, and the instrument that
//! measures whether it helps (`docs/design.md` §4).
//!
//! [`episodes`] is the adjudicated ledger everything else reads; [`reflex`] the reflexes promoted
//! from it and fired below the model (design §4.1); [`recall`] the situation index
//! over it, the "Before you act" block and its bets (design §4.3); [`curve`] the experience
//! curve (design §4.4): a frozen battery of house-domain tasks, mechanical scorers, and the
//! runner that puts the same battery to several arms (a model and a memory each) and records
//! the scores against the creature's age; [`replay`] counterfactual replay (design §4.2):
//! recorded failures with verified fixes put to the model again with today's recall, scored
//! against the record and never executed; [`curation`] the judgement of memory by its utility
//! record (design §4.5); [`incubation`] the failure situations with no fix yet, which each
//! sleep revisits (design §3.3); [`dream`] a resonance cluster compressed into one line by one
//! model call, kept only when it passes mechanical checks (design §3.3); [`lineage`] heirloom volumes, exported at retirement and
//! inherited, discounted, by a newborn (design §4.6); [`distill`] what was lived made into
//! scars, guardrails, procedures and facts at sleep (design §4.9); [`overwrite`] the scar of a
//! file written over or deleted unread (design §3.7).

pub mod curation;
pub mod curve;
pub mod distill;
pub mod dream;
pub mod episodes;
pub mod errands;
pub mod incubation;
pub mod lineage;
pub mod musing;
pub mod overwrite;
pub mod recall;
pub mod reflex;
pub mod replay;
pub mod suite;
