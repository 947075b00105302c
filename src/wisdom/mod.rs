//! Wisdom: what the creature's lived, adjudicated experience becomes: the episode ledger and
//! the sleep turn (and, behind their flags, reflexes, replay, recall, curation, lineage, and the
//! experience curve that measures all of it).

pub mod episodes;
pub mod sleep;
