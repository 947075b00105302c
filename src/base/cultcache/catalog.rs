//! The schema catalog of a v1 snapshot: what each schema id names, and wis's own catalog.
//!
//! An entry is the array `[schemaId, schemaName, schemaVersion, contentHash,
//! canonicalSchemaJson, compatibleSchemaIds[], members[]]`, a member
//! `[slot, memberName, typeName, isReference, isMany, targetSchemaName|nil, isName,
//! indexAlias|nil]`. Reading follows the reference's leniency (missing trailing items take
//! its defaults; schemaId and schemaName must be non-empty strings). A record's schema id
//! resolves through an entry's own id or one of its compatible ids; a later entry claiming
//! the same id wins, as in the reference.
//!
//! wis publishes one entry per registered document type: the schema id is the type's
//! (`wis.persona.v1`), the name drops the version (`wis.persona`), the version repeats the
//! id (the reference's `<name>.v<n>` convention), the members come from the type's own
//! serde definition, and the content hash is the SHA-256 of the canonical schema JSON.

use std::collections::BTreeMap;

use serde::Serialize;
use sha2::{Digest, Sha256};

use super::encode::{EncodeError, Encoder};
use super::value::Value;
use crate::base::store::{DocType, Layout};

/// One schema.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CatalogEntry {
    pub schema_id: String,
    pub schema_name: String,
    pub schema_version: String,
    pub content_hash: String,
    pub canonical_schema_json: String,
    pub compatible_schema_ids: Vec<String>,
    pub members: Vec<CatalogMember>,
}

/// One member of a schema.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CatalogMember {
    pub slot: u64,
    pub member_name: String,
    pub type_name: String,
    pub is_reference: bool,
    pub is_many: bool,
    pub target_schema_name: Option<String>,
    pub is_name: bool,
    pub index_alias: Option<String>,
}

/// The catalog of a file, in file order, with its schema-id index.
#[derive(Debug, Clone, Default)]
pub struct Catalog {
    pub entries: Vec<CatalogEntry>,
    by_id: BTreeMap<String, usize>,
}

impl Catalog {
    pub fn new(entries: Vec<CatalogEntry>) -> Catalog {
        let mut by_id = BTreeMap::new();
        for (i, entry) in entries.iter().enumerate() {
            by_id.insert(entry.schema_id.clone(), i);
            for id in &entry.compatible_schema_ids {
                by_id.insert(id.clone(), i);
            }
        }
        Catalog { entries, by_id }
    }

    /// The entry a record's schema id resolves to.
    pub fn resolve(&self, schema_id: &str) -> Option<&CatalogEntry> {
        self.by_id.get(schema_id).map(|&i| &self.entries[i])
    }

    /// Decodes a catalog array; the error says which entry is wrong and why.
    pub fn decode(value: &Value<'_>) -> Result<Catalog, String> {
        let items = value
            .as_array()
            .ok_or("the schema catalog is not an array")?;
        let entries = items
            .iter()
            .enumerate()
            .map(|(i, v)| decode_entry(v).map_err(|e| format!("catalog entry {i}: {e}")))
            .collect::<Result<_, _>>()?;
        Ok(Catalog::new(entries))
    }
}

fn text<'a>(items: &[Value<'a>], i: usize) -> Option<&'a str> {
    items.get(i).and_then(Value::as_str)
}

fn non_empty<'a>(items: &[Value<'a>], i: usize) -> Option<&'a str> {
    text(items, i).filter(|s| !s.is_empty())
}

fn decode_entry(value: &Value<'_>) -> Result<CatalogEntry, String> {
    let items = value.as_array().ok_or("not an array")?;
    let (Some(schema_id), Some(schema_name)) = (non_empty(items, 0), non_empty(items, 1)) else {
        return Err("schemaId and schemaName must be non-empty strings".into());
    };
    let compatible_schema_ids = match items.get(5) {
        None => Vec::new(),
        Some(Value::Array(ids)) => ids
            .iter()
            .map(|id| id.as_str().filter(|s| !s.is_empty()).map(str::to_string))
            .collect::<Option<_>>()
            .ok_or(format!("`{schema_id}` has invalid compatible schema ids"))?,
        Some(_) => return Err(format!("`{schema_id}` has invalid compatible schema ids")),
    };
    let members = match items.get(6) {
        None => Vec::new(),
        Some(Value::Array(ms)) => ms
            .iter()
            .map(decode_member)
            .collect::<Result<_, _>>()
            .map_err(|e| format!("`{schema_id}`: {e}"))?,
        Some(_) => return Err(format!("`{schema_id}` has invalid members")),
    };
    Ok(CatalogEntry {
        schema_id: schema_id.into(),
        schema_name: schema_name.into(),
        schema_version: non_empty(items, 2)
            .map_or_else(|| format!("{schema_name}.v1"), str::to_string),
        content_hash: non_empty(items, 3).unwrap_or(schema_id).into(),
        canonical_schema_json: text(items, 4).unwrap_or_default().into(),
        compatible_schema_ids,
        members,
    })
}

fn decode_member(value: &Value<'_>) -> Result<CatalogMember, String> {
    let items = value.as_array().ok_or("a member is not an array")?;
    let slot = match items.first() {
        Some(Value::UInt(n)) => *n,
        Some(Value::F64(x)) if x.fract() == 0.0 && *x >= 0.0 => *x as u64,
        _ => return Err("a member has an invalid slot".into()),
    };
    let (Some(member_name), Some(type_name)) = (non_empty(items, 1), non_empty(items, 2)) else {
        return Err("a member has an invalid name or type".into());
    };
    let flag = |i: usize| matches!(items.get(i), Some(Value::Bool(true)));
    Ok(CatalogMember {
        slot,
        member_name: member_name.into(),
        type_name: type_name.into(),
        is_reference: flag(3),
        is_many: flag(4),
        target_schema_name: text(items, 5).map(str::to_string),
        is_name: flag(6),
        index_alias: text(items, 7).map(str::to_string),
    })
}

impl CatalogEntry {
    /// Writes this entry as the reference does.
    pub fn encode(&self, enc: &mut Encoder) -> Result<(), EncodeError> {
        enc.array_len(7)?;
        for s in [
            &self.schema_id,
            &self.schema_name,
            &self.schema_version,
            &self.content_hash,
            &self.canonical_schema_json,
        ] {
            enc.str(s)?;
        }
        enc.array_len(self.compatible_schema_ids.len())?;
        for id in &self.compatible_schema_ids {
            enc.str(id)?;
        }
        enc.array_len(self.members.len())?;
        for m in &self.members {
            enc.array_len(8)?;
            enc.uint(m.slot);
            enc.str(&m.member_name)?;
            enc.str(&m.type_name)?;
            enc.bool(m.is_reference);
            enc.bool(m.is_many);
            optional_str(enc, m.target_schema_name.as_deref())?;
            enc.bool(m.is_name);
            optional_str(enc, m.index_alias.as_deref())?;
        }
        Ok(())
    }

    /// The catalog entry wis publishes for one of its document types.
    pub fn of_doc_type(ty: &DocType) -> CatalogEntry {
        let members: Vec<CatalogMember> = (ty.members)()
            .into_iter()
            .enumerate()
            .map(|(slot, m)| CatalogMember {
                slot: slot as u64,
                member_name: m.name.to_string(),
                type_name: m.type_name,
                is_reference: false,
                is_many: m.many,
                target_schema_name: None,
                is_name: m.name == "name",
                index_alias: None,
            })
            .collect();
        let (layout, cap) = match ty.layout {
            Layout::Singleton => ("singleton", None),
            Layout::Keyed => ("keyed", None),
            Layout::Ring { cap } => ("ring", Some(cap)),
        };
        let canonical = CanonicalSchema {
            schema_name: ty.name(),
            schema_version: ty.schema,
            layout,
            cap,
            members: &members,
        };
        let canonical_schema_json =
            serde_json::to_string(&canonical).unwrap_or_else(|_| String::from("{}"));
        let digest = Sha256::digest(canonical_schema_json.as_bytes());
        let content_hash = digest.iter().map(|b| format!("{b:02x}")).collect();
        CatalogEntry {
            schema_id: ty.schema.into(),
            schema_name: ty.name().into(),
            schema_version: ty.schema.into(),
            content_hash,
            canonical_schema_json,
            compatible_schema_ids: vec![ty.schema.into()],
            members,
        }
    }
}

fn optional_str(enc: &mut Encoder, s: Option<&str>) -> Result<(), EncodeError> {
    match s {
        Some(s) => enc.str(s),
        None => {
            enc.nil();
            Ok(())
        }
    }
}

/// The canonical schema JSON: the reference's `{schemaName, schemaVersion, members}` plus
/// how wis keys the type (`layout`, and `cap` for rings).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CanonicalSchema<'a> {
    schema_name: &'a str,
    schema_version: &'a str,
    layout: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    cap: Option<u64>,
    members: &'a [CatalogMember],
}

/// wis's catalog: one entry per document type, sorted as a snapshot wants it.
pub fn wis_catalog(types: &[DocType]) -> Vec<CatalogEntry> {
    let mut entries: Vec<CatalogEntry> = types.iter().map(CatalogEntry::of_doc_type).collect();
    entries.sort_by(|a, b| {
        super::write::ordinal(&a.schema_name, &b.schema_name)
            .then_with(|| super::write::ordinal(&a.schema_id, &b.schema_id))
    });
    entries
}
