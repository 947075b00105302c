//! The real binary end to end, each run through the one harness (`support::harness`): the
//! foundation commands, memory, the curve, ticks against a fake model server, recall,
//! counterfactual replay, the CultCache commands, a lived creature's round trip, kill -9, a
//! busy store, the keeper's commands beside running ticks and the syncs a command asks of the
//! disk; and the report snapshots, text and JSON, of every reporting command.

mod battery_v3;
mod cachectl;
mod cast;
mod cast_acts;
mod cast_organs;
mod commission;
mod commission_suite;
mod contention;
mod copied_reply;
mod curve_arms;
mod curve_fixture;
mod curve_large;
mod curve_run;
mod curve_show;
mod distill;
mod dream;
mod economy;
mod embed_local;
mod errands;
mod foundation;
mod kill9;
mod lived;
mod memory;
mod mind;
mod prose_recall;
mod recall;
mod reflex;
mod reflex_below;
mod replay;
mod replay_predictions;
mod replay_sleep;
mod report;
mod report_browser;
mod report_life;
mod reports;
mod schemas;
mod second_thought;
mod store_busy;
mod syncs;
mod tick;
mod workspace;
