//! A decoded MessagePack value: what [`super::decode`] turns untrusted bytes into before
//! anything else reads them. Strings and binaries borrow from the input; integers keep only
//! their value, not the width they were written with.

/// A decoded MessagePack value borrowing from its input.
#[derive(Debug, Clone, PartialEq)]
pub enum Value<'a> {
    Nil,
    Bool(bool),
    /// An integer at or above zero, whatever width it was written with.
    UInt(u64),
    /// A negative integer.
    Int(i64),
    F32(f32),
    F64(f64),
    Str(&'a str),
    Bin(&'a [u8]),
    Array(Vec<Value<'a>>),
    Map(Vec<(Value<'a>, Value<'a>)>),
    Ext(i8, &'a [u8]),
}

impl<'a> Value<'a> {
    pub fn as_str(&self) -> Option<&'a str> {
        match self {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&[Value<'a>]> {
        match self {
            Value::Array(items) => Some(items),
            _ => None,
        }
    }

    /// The value under a string key of a map.
    pub fn get(&self, key: &str) -> Option<&Value<'a>> {
        match self {
            Value::Map(entries) => entries
                .iter()
                .find(|(k, _)| k.as_str() == Some(key))
                .map(|(_, v)| v),
            _ => None,
        }
    }

    /// A whole number that fits a byte (0..=255), as JavaScript's `Number.isInteger` sees it.
    pub fn as_byte(&self) -> Option<u8> {
        let x = match self {
            Value::UInt(n) => return u8::try_from(*n).ok(),
            Value::F32(x) => f64::from(*x),
            Value::F64(x) => *x,
            _ => return None,
        };
        (x.fract() == 0.0 && (0.0..=255.0).contains(&x)).then_some(x as u8)
    }

    pub fn is_number(&self) -> bool {
        matches!(
            self,
            Value::UInt(_) | Value::Int(_) | Value::F32(_) | Value::F64(_)
        )
    }
}
