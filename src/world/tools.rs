//! The creature's tools: the table of every tool's spec, and lookups over it.
//!
//! Which tools a creature can see is decided by its unlocked units
//! ([`crate::world::units::visible_tools`]); the table itself is in `tools/table.rs`.

use crate::creature::tool::ToolSpec;

mod table;

pub use table::TOOLS;

/// The spec of a tool by name or alias (locked or not).
pub fn spec(name: &str) -> Option<&'static ToolSpec> {
    TOOLS.iter().find(|t| t.answers_to(name))
}

/// The tools of one unit, in table order.
pub fn unit_tools(unit: &str) -> impl Iterator<Item = &'static ToolSpec> + '_ {
    TOOLS.iter().filter(move |t| t.unit == unit)
}
