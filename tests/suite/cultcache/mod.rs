//! The CultCache format in process: the MessagePack codec, the fuzz corpus replayed, the
//! committed fixtures, projection, export/import round trips under proptest, and the file
//! contract with the reference library (`interop`, `wide`; docs/cultcache.md).

mod codec;
mod corpus;
mod format;
mod interop;
mod project;
mod props;
mod wide;
