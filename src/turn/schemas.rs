//! The published JSON Schemas of the runtime documents (`schemas/` in the source, built into
//! the binary) and `wis check --schemas`: every stored document of those types, projected to
//! JSON as `wis cachectl project` writes its payload, validated against its schema.
//!
//! A creature's store publishes three: the heartbeat state (the persona), the pending turn
//! (the lease) and the sleep receipts. A cast's store publishes four: its schedule, its turns'
//! receipts (the maintenance organs' among them), the appraiser's appraisals and the mutator's
//! proposals. The schemas are
//! held to the Rust types by the drift tests (`schemas_tests.rs`): a field gained, lost or
//! renamed without its schema fails them.

use serde::Serialize;

use crate::base::cultcache::project::payload_json;
use crate::base::exit::{Error, Result};
use crate::base::schema::{Schema, Violation};
use crate::base::store::{Doc, DocType, Read, raw_entries};
use crate::creature::Persona;
use crate::creature::lease::Lease;
use crate::turn::cast::organs::{Appraisal, Proposal};
use crate::turn::cast::record::Receipt;
use crate::turn::cast::schedule::Schedule;
use crate::turn::sleep::SleepReceipt;

/// Most failing documents of one type a report lists (all are counted).
pub const LISTED_MAX: usize = 20;

/// One published schema and the document type it describes.
#[derive(Debug, Clone, Copy)]
pub struct Published {
    /// The document type's schema id (`wis.persona.v1`).
    pub document: &'static str,
    /// Where the schema lives in the source tree.
    pub file: &'static str,
    /// The schema itself.
    pub text: &'static str,
}

impl Published {
    /// The schema, parsed.
    pub fn schema(&self) -> Result<Schema> {
        Schema::parse(self.text).map_err(|e| {
            Error::internal(format!("the built-in schema {} is broken: {e}", self.file))
        })
    }
}

/// The schema `schemas/$file` (built in) of the document type `$doc`.
macro_rules! published {
    ($doc:ty, $file:literal) => {
        Published {
            document: <$doc>::SCHEMA,
            file: concat!("schemas/", $file),
            text: include_str!(concat!("../../schemas/", $file)),
        }
    };
}

/// The runtime heartbeat state: the persona.
pub const HEARTBEAT_STATE: Published = published!(Persona, "runtime-heartbeat-state.schema.json");
/// The pending turn: the lease.
pub const PENDING_TURN: Published = published!(Lease, "pending-turn.schema.json");
/// A sleep's receipt.
pub const SLEEP_RECEIPT: Published = published!(SleepReceipt, "sleep-receipt.schema.json");
/// A cast's initiative schedule.
pub const CAST_SCHEDULE: Published = published!(Schedule, "cast-schedule.schema.json");
/// A cast turn's receipt, a member's or a maintenance organ's.
pub const CAST_RECEIPT: Published = published!(Receipt, "cast-receipt.schema.json");
/// The appraiser's appraisal of one member.
pub const CAST_APPRAISAL: Published = published!(Appraisal, "cast-appraisal.schema.json");
/// The mutator's proposal of a standing value.
pub const CAST_PROPOSAL: Published = published!(Proposal, "cast-proposal.schema.json");

/// What a creature's store publishes.
pub const HOME: &[Published] = &[HEARTBEAT_STATE, PENDING_TURN, SLEEP_RECEIPT];
/// What a cast's store publishes.
pub const CAST: &[Published] = &[CAST_SCHEDULE, CAST_RECEIPT, CAST_APPRAISAL, CAST_PROPOSAL];

/// One document that its schema refuses.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Failure {
    /// The document's key in its table.
    pub key: String,
    /// Where, and what is wrong there (the first violations).
    pub violations: Vec<Violation>,
}

/// One document type, checked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TypeReport {
    pub document: &'static str,
    pub schema: &'static str,
    pub checked: u64,
    pub failed: u64,
    /// The first [`LISTED_MAX`] failing documents.
    pub failures: Vec<Failure>,
}

/// Validates every stored document of each published type (found among `types`, the store's
/// registry) against its schema. A payload that is not one MessagePack value fails at its top.
pub fn check(
    rx: &impl Read,
    types: &[DocType],
    published: &[Published],
) -> Result<Vec<TypeReport>> {
    let mut reports = Vec::new();
    for p in published {
        let schema = p.schema()?;
        let ty = types
            .iter()
            .find(|t| t.schema == p.document)
            .ok_or_else(|| {
                Error::internal(format!(
                    "{} is not a document type of this store",
                    p.document
                ))
            })?;
        let mut report = TypeReport {
            document: p.document,
            schema: p.file,
            checked: 0,
            failed: 0,
            failures: Vec::new(),
        };
        for (key, bytes) in raw_entries(rx, ty)? {
            report.checked += 1;
            let violations = match payload_json(&bytes) {
                Ok(json) => schema.validate(&json),
                Err(why) => vec![Violation {
                    path: String::new(),
                    problem: format!("is not one MessagePack value: {why}"),
                }],
            };
            if violations.is_empty() {
                continue;
            }
            report.failed += 1;
            if report.failures.len() < LISTED_MAX {
                report.failures.push(Failure { key, violations });
            }
        }
        reports.push(report);
    }
    Ok(reports)
}

#[cfg(test)]
#[path = "schemas_tests.rs"]
mod tests;
