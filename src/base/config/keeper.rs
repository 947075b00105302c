//! `[keeper]`: the keeper's channel (`wis commission`, `wis inbox`).

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Keeper {
    /// Most commissions open at once (open, rejected or waiting); one more is refused (65).
    pub max_open: usize,
}

impl Default for Keeper {
    fn default() -> Self {
        Keeper { max_open: 8 }
    }
}
