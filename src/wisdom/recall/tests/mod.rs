//! Recall against a real store: the index and its catch-up, the block's gate, budget and
//! provenance, bet settlement, the flag that keeps all of it dark, and the kinds prose recall
//! states.

mod bets;
mod block;
mod flag;
mod index;
mod offer;
mod prose;

use serde_json::json;

use crate::base::config::Config;
use crate::base::store::Store;
use crate::creature::{Action, FailKind};
use crate::memory::{EngramId, HashEmbedder, Kind, Memory, NewEngram, Provenance};
use crate::wisdom::episodes::{Episode, action_signature};

pub(super) use crate::base::store::testing::temp_store;

pub(super) fn memory() -> Memory {
    Memory::new(Box::new(HashEmbedder::new(256)))
}

/// The default config with recall switched on or off.
pub(super) fn config(recall: bool) -> Config {
    let mut config = Config::default();
    config.wisdom.recall_enabled = recall;
    config
}

pub(crate) fn bash(command: &str) -> Action {
    Action::new("bash", json!({ "command": command }))
}

/// An episode of `action` in `situation`, judged `success`.
pub(crate) fn episode(tick: u64, situation: &str, action: &Action, success: bool) -> Episode {
    Episode {
        tick,
        at: tick as i64 * 60_000,
        situation: situation.into(),
        tool: action.tool.clone(),
        signature: action_signature(action),
        action: action.to_json(),
        fail_kind: if success {
            FailKind::Ok
        } else {
            FailKind::NonzeroExit
        },
        success,
        automated: false,
        summary: String::new(),
        duration_ms: 1,
        advanced: Default::default(),
        step: None,
    }
}

pub(super) fn push(store: &Store, episodes: &[Episode]) {
    let mut tx = store.write().unwrap();
    for e in episodes {
        tx.push(e).unwrap();
    }
    tx.commit().unwrap();
}

/// Syncs the index and writes it, as the tick's last phase does.
pub(super) fn sync(store: &Store) -> u64 {
    let mut tx = store.write().unwrap();
    let pending = super::ledger::sync(&tx, &memory()).unwrap();
    let read = pending.read;
    pending.write(&mut tx).unwrap();
    tx.commit().unwrap();
    read
}

pub(super) fn strategy(
    store: &Store,
    body: &str,
    provenance: Provenance,
    source: &str,
) -> EngramId {
    let mut tx = store.write().unwrap();
    let new = NewEngram::new(Kind::Strategy, body, provenance).source(source);
    let id = memory().remember(&mut tx, new, 5).unwrap();
    tx.commit().unwrap();
    id
}

/// The pump story: `cat pump.conf` fails twice, then `ss -ltnp` recovers, in one situation.
pub(super) const PUMP: &str = "-|find the pump port";

pub(super) fn pump_story(store: &Store) {
    let cat = bash("cat pump.conf");
    let ss = bash("ss -ltnp");
    push(
        store,
        &[
            episode(1, PUMP, &cat, false),
            episode(2, PUMP, &cat, false),
            episode(3, PUMP, &ss, true),
        ],
    );
}
