//! Typed documents: every piece of state has a stable schema id (`wis.persona.v1`), a layout,
//! and a MessagePack encoding (rmp-serde, fields by name).
//!
//! The schema id is the redb table name and the CultCache schema id, so a document type is
//! found by the same name everywhere. Changing a type's shape means a new version and a
//! migration, never a silent reinterpretation of old bytes.

use serde::Serialize;
use serde::de::DeserializeOwned;

/// How a document type is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// Exactly one per store, under the key `self`.
    Singleton,
    /// Many, by string key.
    Keyed,
    /// A bounded ring in insertion order; the oldest entries go when `cap` is reached.
    Ring { cap: u64 },
}

/// A document type.
pub trait Doc: Serialize + DeserializeOwned {
    /// `wis.<name>.v<version>`.
    const SCHEMA: &'static str;
    const LAYOUT: Layout;
}

/// Declares a type as a document: `doc!(Persona, "wis.persona", 1, Layout::Singleton);`
#[macro_export]
macro_rules! doc {
    ($ty:ty, $name:literal, $version:literal, $layout:expr) => {
        impl $crate::base::store::Doc for $ty {
            const SCHEMA: &'static str = concat!($name, ".v", $version);
            const LAYOUT: $crate::base::store::Layout = $layout;
        }
    };
}

/// The key of a singleton document.
pub const SINGLETON_KEY: &str = "self";

/// Encodes a document (fields by name, so added optional fields stay readable).
pub fn encode<D: Serialize>(doc: &D) -> Result<Vec<u8>, String> {
    rmp_serde::to_vec_named(doc).map_err(|e| e.to_string())
}

/// Decodes a document.
pub fn decode<D: DeserializeOwned>(bytes: &[u8]) -> Result<D, String> {
    rmp_serde::from_slice(bytes).map_err(|e| e.to_string())
}

/// What the store knows about a registered document type without knowing the type.
#[derive(Clone, Copy)]
pub struct DocType {
    pub schema: &'static str,
    pub layout: Layout,
    /// Decodes bytes as this type; the error says why not.
    pub validate: fn(&[u8]) -> Result<(), String>,
    /// The type's members (encoded field names and types), for catalogs such as CultCache's.
    pub members: fn() -> Vec<super::shape::Member>,
}

impl std::fmt::Debug for DocType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DocType")
            .field("schema", &self.schema)
            .finish()
    }
}

impl DocType {
    pub fn of<D: Doc>() -> DocType {
        DocType {
            schema: D::SCHEMA,
            layout: D::LAYOUT,
            validate: |b| decode::<D>(b).map(|_| ()),
            members: super::shape::members::<D>,
        }
    }

    /// `wis.persona` of `wis.persona.v1`.
    pub fn name(&self) -> &'static str {
        self.schema
            .rsplit_once(".v")
            .map(|(n, _)| n)
            .unwrap_or(self.schema)
    }

    /// `1` of `wis.persona.v1`.
    pub fn version(&self) -> u32 {
        self.schema
            .rsplit_once(".v")
            .and_then(|(_, v)| v.parse().ok())
            .unwrap_or(0)
    }
}
