//! Unlock state: which units of the body the creature has, since when, on whose authority and on
//! what evidence; and the typed names of the units ([`UnitId`]) and of the grantors ([`By`]).
//!
//! A creature is born with the U0 body. Units are granted only at tick boundaries by the one
//! writer, `grant` in [`crate::turn::progression`]; this module holds the state document. The
//! state is its own document, not part of the persona, so no other writer can lose a grant.
//! Both types are stored as the strings they always were (`"U4a"`, `"seeder"`), so the
//! document's bytes are those of the plain-string record.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize, Serializer};

use crate::base::clock::Millis;
use crate::base::store::Layout;
use crate::doc;

/// A unit of the body, in ladder order. Its order is also the order of its name as text, so a
/// map keyed by it is stored in the order a map keyed by the name was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum UnitId {
    U0,
    U1,
    U2,
    U3,
    U4a,
    U4b,
    U5,
    U6,
}

impl UnitId {
    /// Every unit, in ladder order.
    pub const ALL: [UnitId; 8] = [
        UnitId::U0,
        UnitId::U1,
        UnitId::U2,
        UnitId::U3,
        UnitId::U4a,
        UnitId::U4b,
        UnitId::U5,
        UnitId::U6,
    ];

    /// The unit's name as people, the store and the CLI spell it.
    pub const fn as_str(self) -> &'static str {
        match self {
            UnitId::U0 => "U0",
            UnitId::U1 => "U1",
            UnitId::U2 => "U2",
            UnitId::U3 => "U3",
            UnitId::U4a => "U4a",
            UnitId::U4b => "U4b",
            UnitId::U5 => "U5",
            UnitId::U6 => "U6",
        }
    }
}

impl fmt::Display for UnitId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A name that is no unit's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownUnit(pub String);

impl fmt::Display for UnknownUnit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "there is no unit {:?}", self.0)
    }
}

impl std::error::Error for UnknownUnit {}

impl FromStr for UnitId {
    type Err = UnknownUnit;

    /// The exact spelling only (`U4a`, not `u4a`).
    fn from_str(text: &str) -> Result<UnitId, UnknownUnit> {
        UnitId::ALL
            .into_iter()
            .find(|u| u.as_str() == text)
            .ok_or_else(|| UnknownUnit(text.to_string()))
    }
}

impl Serialize for UnitId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// The newborn unit.
pub const NEWBORN_UNIT: UnitId = UnitId::U0;

/// Whether a unit is usable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum UnitState {
    /// Granted: its tools exist for the creature.
    Granted,
    /// Earned, but its organ does not answer yet: held until it does.
    Pending,
}

/// On whose authority a unit was granted (or held).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum By {
    /// The newborn kit.
    Birth,
    /// The quest reward sink: an issue or a pass paid it.
    Quest,
    /// The milestone adjudicator: the evidence earned it.
    Milestone,
    /// The operator, by `wis unlock grant UNIT --operator` (through the adjudicator).
    Operator,
    /// The one-shot seeder of an existing store.
    Seeder,
}

impl By {
    pub fn as_str(self) -> &'static str {
        match self {
            By::Birth => "birth",
            By::Quest => "quest",
            By::Milestone => "milestone",
            By::Operator => "operator",
            By::Seeder => "seeder",
        }
    }
}

impl fmt::Display for By {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One unit's record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UnitRecord {
    pub state: UnitState,
    /// Tick and time of the grant (or of the hold).
    pub tick: u64,
    pub at: Millis,
    /// Who granted it.
    pub by: By,
    /// The evidence, in one line.
    pub evidence: String,
    /// Why a pending unit is held (its organ does not answer).
    #[serde(default)]
    pub held: Option<String>,
    /// The grant's engram is still to be written (memory refused it at the grant; the next
    /// boundary tries again). The System window and the news item are written with the grant.
    #[serde(default)]
    pub engram_due: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Unlocks {
    #[serde(with = "by_name")]
    pub units: BTreeMap<UnitId, UnitRecord>,
}

doc!(Unlocks, "wis.unlocks", 1, Layout::Singleton);

/// The unit map as stored: keyed by the unit's name. Decoding reads a map of names first, so a
/// document's shape still reads as `map<string,UnitRecord>`; a name that is no unit's does not
/// decode.
mod by_name {
    use std::collections::BTreeMap;

    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serializer};

    use super::{UnitId, UnitRecord};

    pub fn serialize<S: Serializer>(
        units: &BTreeMap<UnitId, UnitRecord>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        s.collect_map(units.iter().map(|(id, r)| (id.as_str(), r)))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<BTreeMap<UnitId, UnitRecord>, D::Error> {
        BTreeMap::<String, UnitRecord>::deserialize(d)?
            .into_iter()
            .map(|(name, r)| Ok((name.parse().map_err(D::Error::custom)?, r)))
            .collect()
    }
}

impl Unlocks {
    /// The newborn's state: U0 granted at birth.
    pub fn newborn(at: Millis) -> Unlocks {
        let mut units = BTreeMap::new();
        units.insert(
            NEWBORN_UNIT,
            UnitRecord {
                state: UnitState::Granted,
                tick: 0,
                at,
                by: By::Birth,
                evidence: "born".into(),
                held: None,
                engram_due: false,
            },
        );
        Unlocks { units }
    }

    /// Whether a unit is granted.
    pub fn has(&self, unit: UnitId) -> bool {
        self.units
            .get(&unit)
            .is_some_and(|r| r.state == UnitState::Granted)
    }

    /// Units whose tools exist for the creature, in unit order.
    pub fn granted(&self) -> Vec<UnitId> {
        self.units
            .iter()
            .filter(|(_, r)| r.state == UnitState::Granted)
            .map(|(u, _)| *u)
            .collect()
    }
}

#[cfg(test)]
mod tests;
