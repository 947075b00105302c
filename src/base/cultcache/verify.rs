//! Checking a CultCache file without importing it.
//!
//! Structure and catalog resolution are checked by reading (a file that fails there is an
//! error, as it is for every other command). Past that, a record of a registered wis type
//! is checked exactly as `import` checks it ([`check_record`]: its key fits the type, its
//! payload decodes as one bounded MessagePack value and then as the type), and any other
//! record's payload must decode as one bounded MessagePack value; each record that fails
//! is a problem naming it. A record of a type wis does not know is not a problem (the file
//! is a sound CultCache file), but the report counts such records (`foreignRecords`):
//! `import` takes a file only when that count is 0 and there are no problems. The report
//! counts records and payload bytes per type.

use std::collections::BTreeMap;

use serde::Serialize;

use super::decode::decode_one;
use super::import::{Checked, check_record};
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
    /// Records of types wis does not know, which `import` refuses.
    pub foreign_records: u64,
    /// Of those, payloads that are not MessagePack: a custom payload formatter's bytes, which
    /// only their own type's reader can check, so they are counted, not failed.
    pub opaque_payloads: u64,
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
    let mut foreign_records = 0u64;
    let mut opaque_payloads = 0u64;
    while let Some(record) = file.next_record()? {
        records += 1;
        let type_name = file.type_name(&record).to_string();
        let checked = check_record(known, &file, &record);
        let count = types
            .entry((type_name.clone(), record.schema_id.to_string()))
            .or_insert_with(|| TypeCount {
                type_name,
                schema_id: record.schema_id.to_string(),
                records: 0,
                bytes: 0,
                wis_type: !matches!(checked, Checked::Foreign),
            });
        count.records += 1;
        count.bytes += record.payload.len() as u64;
        let problem = match checked {
            Checked::Wis(..) => None,
            Checked::Bad(_, why) => Some(why),
            Checked::Foreign => {
                foreign_records += 1;
                match decode_one(&record.payload) {
                    Ok(_) => None,
                    // A limit of wis's is named as one.
                    Err(e) if e.is_limit() => Some(format!("payload is {}", e.described())),
                    // Not MessagePack: a custom formatter's bytes, counted, not failed.
                    Err(_) => {
                        opaque_payloads += 1;
                        None
                    }
                }
            }
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
        foreign_records,
        opaque_payloads,
        catalog_entries: file.catalog.entries.len(),
        types: types.into_values().collect(),
        problem_count,
        problems,
    })
}
