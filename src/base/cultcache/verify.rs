//! Checking a CultCache file without importing it.
//!
//! Structure and catalog resolution are checked by reading (a file that fails there is an
//! error, as it is for every other command). Past that, every payload must decode as one
//! bounded MessagePack value, and a payload of a registered wis type must decode as that
//! type; each one that does not is a problem naming its record. The report counts records
//! and payload bytes per type.

use std::collections::BTreeMap;

use serde::Serialize;

use super::decode::decode_one;
use super::read::{CultFile, ReadError};
use crate::base::store::DocType;

/// The most problems a report lists; the rest are only counted.
pub const MAX_LISTED: usize = 100;

/// What a file holds and what is wrong with it.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    pub format: &'static str,
    /// The file's size.
    pub bytes: u64,
    pub records: u64,
    pub catalog_entries: usize,
    pub types: Vec<TypeCount>,
    /// All problems found (only the first [`MAX_LISTED`] are listed).
    pub problem_count: u64,
    pub problems: Vec<Problem>,
}

impl Report {
    pub fn ok(&self) -> bool {
        self.problem_count == 0
    }
}

/// Records of one type.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct TypeCount {
    #[serde(rename = "type")]
    pub type_name: String,
    pub schema_id: String,
    pub records: u64,
    /// Payload bytes.
    pub bytes: u64,
    /// Whether wis knows the type (and so checked the payloads against it).
    pub wis_type: bool,
}

/// One record that does not check out.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Problem {
    pub record: usize,
    pub key: String,
    pub problem: String,
}

/// Reads and checks a whole file against the document types wis knows.
pub fn verify(bytes: &[u8], known: &[DocType]) -> Result<Report, ReadError> {
    let mut file = CultFile::open(bytes)?;
    let mut types: BTreeMap<(String, String), TypeCount> = BTreeMap::new();
    let mut problems = Vec::new();
    let mut problem_count = 0u64;
    let mut records = 0u64;
    while let Some(record) = file.next_record()? {
        records += 1;
        let type_name = file.type_name(&record).to_string();
        let resolved = file
            .catalog
            .resolve(record.schema_id)
            .map_or(record.schema_id, |e| e.schema_id.as_str());
        let wis =
            super::doc_type(known, resolved).or_else(|| super::doc_type(known, record.schema_id));
        let count = types
            .entry((type_name.clone(), record.schema_id.to_string()))
            .or_insert_with(|| TypeCount {
                type_name,
                schema_id: record.schema_id.to_string(),
                records: 0,
                bytes: 0,
                wis_type: wis.is_some(),
            });
        count.records += 1;
        count.bytes += record.payload.len() as u64;
        let problem = match decode_one(&record.payload) {
            Err(e) => Some(format!("payload is not MessagePack: {e}")),
            Ok(_) => wis.and_then(|ty| {
                (ty.validate)(&record.payload)
                    .err()
                    .map(|e| format!("payload does not decode as {}: {e}", ty.schema))
            }),
        };
        if let Some(problem) = problem {
            problem_count += 1;
            if problems.len() < MAX_LISTED {
                problems.push(Problem {
                    record: record.index,
                    key: record.key.to_string(),
                    problem,
                });
            }
        }
    }
    Ok(Report {
        format: file.shape.label(),
        bytes: bytes.len() as u64,
        records,
        catalog_entries: file.catalog.entries.len(),
        types: types.into_values().collect(),
        problem_count,
        problems,
    })
}
