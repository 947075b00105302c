//! Unlock state: which units of the body the creature has, since when, and on what evidence.
//!
//! A creature is born with the U0 body. Units are granted only at tick boundaries by the one
//! writer, `grant` in [`crate::turn::progression`]; this module holds the state document. The
//! state is its own document, not part of the persona, so no other writer can lose a grant.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::base::clock::Millis;
use crate::base::store::Layout;
use crate::doc;

/// The newborn unit.
pub const NEWBORN_UNIT: &str = "U0";

/// Whether a unit is usable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum UnitState {
    /// Granted: its tools exist for the creature.
    Granted,
    /// Earned, but its organ does not answer yet: held until it does.
    Pending,
}

/// One unit's record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UnitRecord {
    pub state: UnitState,
    /// Tick and time of the grant (or of the hold).
    pub tick: u64,
    pub at: Millis,
    /// Who granted it: `birth`, `quest`, `milestone`, `operator` or `seeder`.
    pub by: String,
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
    pub units: BTreeMap<String, UnitRecord>,
}

doc!(Unlocks, "wis.unlocks", 1, Layout::Singleton);

impl Unlocks {
    /// The newborn's state: U0 granted at birth.
    pub fn newborn(at: Millis) -> Unlocks {
        let mut units = BTreeMap::new();
        units.insert(
            NEWBORN_UNIT.to_string(),
            UnitRecord {
                state: UnitState::Granted,
                tick: 0,
                at,
                by: "birth".into(),
                evidence: "born".into(),
                held: None,
                engram_due: false,
            },
        );
        Unlocks { units }
    }

    /// Whether a unit is granted.
    pub fn has(&self, unit: &str) -> bool {
        self.units
            .get(unit)
            .is_some_and(|r| r.state == UnitState::Granted)
    }

    /// Units whose tools exist for the creature, in unit order.
    pub fn granted(&self) -> Vec<&str> {
        self.units
            .iter()
            .filter(|(_, r)| r.state == UnitState::Granted)
            .map(|(u, _)| u.as_str())
            .collect()
    }
}
