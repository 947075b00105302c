//! A turn of the creature's life, and the steps between turns.
//!
//! [`tick`] is one heartbeat (work, rumination or sleep); [`sleep`] the sleep turn and its
//! receipt; [`birth`] a newborn's home; [`progression`] and [`quests`] the growing body and the
//! System's quests, settled at the boundaries between turns; [`economy`] what a turn pays;
//! [`replay`] counterfactual replay in sleep and on its own; [`report`] the creature at a glance; [`growth`] the growth report, one HTML page; [`check`] the invariants `wis check` adds to the store's
//! own; [`documents`] the register of every document type the store may hold; [`schemas`] the
//! published JSON Schemas of the runtime documents and `wis check --schemas`; [`workspace`] the
//! keeper's side of the workspace's history.

pub mod between;
pub mod birth;
pub mod cast;
pub mod check;
pub mod ctx;
pub mod documents;
pub mod economy;
pub mod growth;
pub mod ideas;
pub mod keeper;
pub mod lease;
pub mod life;
pub mod pause;
pub mod progression;
pub mod quests;
pub mod recover;
pub mod replay;
pub mod report;
pub mod schemas;
pub mod sleep;
pub mod steps;
pub mod tick;
pub mod workspace;
