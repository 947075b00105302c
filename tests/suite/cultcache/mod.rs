//! The CultCache format in process: the MessagePack codec, the fuzz corpus replayed, the
//! committed fixtures, projection, and export/import round trips under proptest.

mod codec;
mod corpus;
mod format;
mod project;
mod props;
