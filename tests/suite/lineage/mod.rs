//! Lineage through the binary and the format's contract: the heirloom fuzz corpus replayed,
//! the JSON Schema held to the reader, two generations end to end, and `scripts/fresh_slate.sh`
//! failing at each step and rerun.

mod corpus;
mod e2e;
mod fresh_slate;
mod inheritance;
mod schema;
