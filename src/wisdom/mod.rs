//! Wisdom: what lived experience adds to a small model, and the instrument that measures it.
//!
//! Each part of WISDOM_PLAN lives in its own submodule. [`curve`] is the experience curve
//! (§4): a frozen battery of house-domain tasks, mechanical scorers, and the runner that puts
//! the same battery to several arms (a model and a memory each) and records the scores
//! against the creature's age.

pub mod curve;
