//! Replay against a real store ([`flow`]), and the source scan that keeps every executor out
//! of reach of the replay code (WIS4, [`scan`]).

mod flow;
mod scan;
