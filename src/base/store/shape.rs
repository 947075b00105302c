//! The shape of a document type, read from its serde definition without needing a value.
//!
//! A document's members (field names as encoded, in declaration order, with a type name) are
//! what a CultCache catalog publishes so that other tools can read a wis file without wis.
//! Declaring them by hand would drift from the code; instead a tracing deserializer asks the
//! type itself: serde's derived `Deserialize` names every field up front
//! (`deserialize_struct(name, FIELDS, ..)`), and feeding it one field at a time shows which
//! `deserialize_*` call that field's type makes. Each field is traced in a run of its own,
//! so a type the tracer cannot follow (untagged enums, flattening) costs only that field's
//! detail (`any`), never the list.

use std::fmt;

use serde::de::{self, DeserializeOwned, DeserializeSeed, IntoDeserializer, Visitor};

/// One member of a document type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    /// The field name as encoded.
    pub name: &'static str,
    /// `bool`, `u64`, `i64`, `f64`, `string`, `bytes`, `nil`, `T?` (optional), `T[]`
    /// (sequence), `map<K,V>`, `tuple`, `any`, or the name of a struct or enum.
    pub type_name: String,
    /// A sequence or a map.
    pub many: bool,
}

/// The members of a document type, in declaration order; empty when the type is not a struct.
pub fn members<D: DeserializeOwned>() -> Vec<Member> {
    let mut fields = None;
    let _ = D::deserialize(Top {
        fields: &mut fields,
        field: None,
        ty: &mut None,
    });
    let Some(fields) = fields else {
        return Vec::new();
    };
    (0..fields.len())
        .map(|i| {
            let mut ty = None;
            let mut seen = None;
            let _ = D::deserialize(Top {
                fields: &mut seen,
                field: Some(i),
                ty: &mut ty,
            });
            let ty = ty.unwrap_or(Ty::Any);
            Member {
                name: fields[i],
                many: matches!(ty, Ty::Seq(_) | Ty::Map(..)),
                type_name: ty.to_string(),
            }
        })
        .collect()
}

/// A traced type.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Ty {
    Plain(&'static str),
    Option(Box<Ty>),
    Seq(Box<Ty>),
    Map(Box<Ty>, Box<Ty>),
    Any,
}

impl fmt::Display for Ty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ty::Plain(name) => f.write_str(name),
            Ty::Option(t) => write!(f, "{t}?"),
            Ty::Seq(t) => write!(f, "{t}[]"),
            Ty::Map(k, v) => write!(f, "map<{k},{v}>"),
            Ty::Any => f.write_str("any"),
        }
    }
}

/// Ends a trace once it has seen what it came for.
#[derive(Debug)]
struct Stop;

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("trace stopped")
    }
}

impl std::error::Error for Stop {}

impl de::Error for Stop {
    fn custom<T: fmt::Display>(_: T) -> Self {
        Stop
    }
}

/// The document itself: records its field list, then offers one field to trace.
struct Top<'o> {
    fields: &'o mut Option<&'static [&'static str]>,
    field: Option<usize>,
    ty: &'o mut Option<Ty>,
}

impl<'de> de::Deserializer<'de> for Top<'_> {
    type Error = Stop;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Stop> {
        Err(Stop)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Stop> {
        *self.fields = Some(fields);
        match self.field.and_then(|i| fields.get(i)) {
            Some(name) => visitor.visit_map(OneEntry {
                key: Some(name),
                out: self.ty,
            }),
            None => Err(Stop),
        }
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier
        ignored_any
    }
}

/// A map of one entry: the field named `key`, whose value is traced into `out`.
struct OneEntry<'o> {
    key: Option<&'static str>,
    out: &'o mut Option<Ty>,
}

impl<'de> de::MapAccess<'de> for OneEntry<'_> {
    type Error = Stop;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Stop> {
        match self.key.take() {
            Some(key) => seed.deserialize(key.into_deserializer()).map(Some),
            None => Ok(None),
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Stop> {
        seed.deserialize(Trace { out: self.out })
    }
}

/// Traces one value: records the type its first `deserialize_*` call asks for and answers
/// with a plausible value, or stops at a named type (its name is all a catalog needs).
struct Trace<'o> {
    out: &'o mut Option<Ty>,
}

impl Trace<'_> {
    fn plain(self, name: &'static str) {
        *self.out = Some(Ty::Plain(name));
    }
}

macro_rules! trace_scalar {
    ($($method:ident => $name:literal, $visit:ident($value:expr);)*) => {
        $(fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Stop> {
            self.plain($name);
            visitor.$visit($value)
        })*
    };
}

macro_rules! trace_named {
    ($($method:ident($($arg:ident: $ty:ty),*);)*) => {
        $(fn $method<V: Visitor<'de>>(self, name: &'static str, $($arg: $ty,)* _: V)
            -> Result<V::Value, Stop> {
            $(let _ = $arg;)*
            self.plain(name);
            Err(Stop)
        })*
    };
}

impl<'de> de::Deserializer<'de> for Trace<'_> {
    type Error = Stop;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Stop> {
        *self.out = Some(Ty::Any);
        Err(Stop)
    }

    trace_scalar! {
        deserialize_bool => "bool", visit_bool(false);
        deserialize_i8 => "i8", visit_i8(0);
        deserialize_i16 => "i16", visit_i16(0);
        deserialize_i32 => "i32", visit_i32(0);
        deserialize_i64 => "i64", visit_i64(0);
        deserialize_i128 => "i128", visit_i128(0);
        deserialize_u8 => "u8", visit_u8(0);
        deserialize_u16 => "u16", visit_u16(0);
        deserialize_u32 => "u32", visit_u32(0);
        deserialize_u64 => "u64", visit_u64(0);
        deserialize_u128 => "u128", visit_u128(0);
        deserialize_f32 => "f32", visit_f32(0.0);
        deserialize_f64 => "f64", visit_f64(0.0);
        deserialize_char => "char", visit_char('a');
        deserialize_str => "string", visit_str("");
        deserialize_string => "string", visit_str("");
        deserialize_bytes => "bytes", visit_bytes(&[]);
        deserialize_byte_buf => "bytes", visit_bytes(&[]);
        deserialize_identifier => "string", visit_str("");
    }

    trace_named! {
        deserialize_unit_struct();
        deserialize_newtype_struct();
        deserialize_tuple_struct(len: usize);
        deserialize_struct(fields: &'static [&'static str]);
        deserialize_enum(variants: &'static [&'static str]);
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Stop> {
        self.plain("nil");
        visitor.visit_unit()
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Stop> {
        let mut inner = None;
        let result = visitor.visit_some(Trace { out: &mut inner });
        *self.out = Some(Ty::Option(Box::new(inner.unwrap_or(Ty::Any))));
        result
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Stop> {
        let mut inner = None;
        let result = visitor.visit_seq(OneElement {
            out: Some(&mut inner),
        });
        *self.out = Some(Ty::Seq(Box::new(inner.unwrap_or(Ty::Any))));
        result
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _: usize, _: V) -> Result<V::Value, Stop> {
        self.plain("tuple");
        Err(Stop)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Stop> {
        let (mut key, mut value) = (None, None);
        let result = visitor.visit_map(OneKeyValue {
            key: Some(&mut key),
            value: &mut value,
        });
        *self.out = Some(Ty::Map(
            Box::new(key.unwrap_or(Ty::Any)),
            Box::new(value.unwrap_or(Ty::Any)),
        ));
        result
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Stop> {
        visitor.visit_unit()
    }
}

/// A sequence of one traced element.
struct OneElement<'o> {
    out: Option<&'o mut Option<Ty>>,
}

impl<'de> de::SeqAccess<'de> for OneElement<'_> {
    type Error = Stop;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Stop> {
        match self.out.take() {
            Some(out) => seed.deserialize(Trace { out }).map(Some),
            None => Ok(None),
        }
    }
}

/// A map of one traced key and value.
struct OneKeyValue<'o> {
    key: Option<&'o mut Option<Ty>>,
    value: &'o mut Option<Ty>,
}

impl<'de> de::MapAccess<'de> for OneKeyValue<'_> {
    type Error = Stop;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Stop> {
        match self.key.take() {
            Some(out) => seed.deserialize(Trace { out }).map(Some),
            None => Ok(None),
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Stop> {
        seed.deserialize(Trace { out: self.value })
    }
}
