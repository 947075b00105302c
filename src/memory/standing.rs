//! The creature's standing values: its active `value` engrams, newest first, as a tick reads
//! them (design §3.4, maintenance organs). They are found through the ids memory keeps of its
//! value engrams ([`MemoryState::values`]), so a tick never scans memory for them; a store that
//! holds none costs one small read.

use super::engram::{Engram, Kind, Tier};
use super::state::MemoryState;
use crate::base::exit::Result;
use crate::base::store::Read;

/// The newest `n` active value engrams, newest first.
pub fn standing(rx: &impl Read, n: usize) -> Result<Vec<Engram>> {
    if n == 0 {
        return Ok(Vec::new());
    }
    let ids = MemoryState::load(rx)?.value_ids(rx)?;
    let mut out = Vec::new();
    for id in ids.into_iter().rev() {
        if out.len() == n {
            break;
        }
        if let Some(e) = super::get(rx, id)?
            && e.kind == Kind::Value
            && e.tier == Tier::Active
        {
            out.push(e);
        }
    }
    Ok(out)
}

/// The active value engram that `source` (one of its sources, such as
/// `cast-proposal:p3`) names, if there is one: how an operator's acceptance is written once.
pub fn value_from(rx: &impl Read, source: &str) -> Result<Option<Engram>> {
    let ids = MemoryState::load(rx)?.value_ids(rx)?;
    for id in ids.into_iter().rev() {
        if let Some(e) = super::get(rx, id)?
            && e.kind == Kind::Value
            && e.tier == Tier::Active
            && e.sources.iter().any(|s| s == source)
        {
            return Ok(Some(e));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::store::SINGLETON_KEY;
    use crate::base::store::testing::temp_store;
    use crate::memory::{EngramId, HashEmbedder, Memory, NewEngram, Provenance};

    fn hash_memory(dim: usize) -> Memory {
        Memory::new(Box::new(HashEmbedder::new(dim)))
    }

    fn value(body: &str) -> NewEngram {
        NewEngram::new(Kind::Value, body, Provenance::Told).source("operator")
    }

    #[test]
    fn the_newest_active_values_and_nothing_else() {
        let (_dir, store) = temp_store();
        let memory = hash_memory(16);
        let mut tx = store.write().unwrap();
        assert!(standing(&tx, 3).unwrap().is_empty());
        let fact = NewEngram::new(Kind::Fact, "the pump is red", Provenance::Told);
        memory.remember(&mut tx, fact, 1).unwrap();
        let a = memory.remember(&mut tx, value("I answer."), 2).unwrap();
        let b = memory
            .remember(&mut tx, value("I act.").source("cast-proposal:p1"), 3)
            .unwrap();
        let c = memory.remember(&mut tx, value("I finish."), 4).unwrap();
        memory.set_tier(&mut tx, c, Tier::Archive, 5).unwrap();
        tx.commit().unwrap();
        let rx = store.read().unwrap();
        let held: Vec<EngramId> = standing(&rx, 3).unwrap().iter().map(|e| e.id).collect();
        assert_eq!(held, [b, a]);
        assert_eq!(standing(&rx, 1).unwrap()[0].id, b);
        assert_eq!(
            value_from(&rx, "cast-proposal:p1").unwrap().map(|e| e.id),
            Some(b)
        );
        assert_eq!(value_from(&rx, "cast-proposal:p2").unwrap(), None);
    }

    /// A store from before the value ids were kept: the reader scans, and the next write of
    /// memory fills the list in.
    #[test]
    fn an_old_store_without_the_list_is_read_by_a_scan_and_filled_in_on_the_next_write() {
        let (_dir, store) = temp_store();
        let memory = hash_memory(16);
        let mut tx = store.write().unwrap();
        let a = memory.remember(&mut tx, value("I answer."), 1).unwrap();
        let mut state = MemoryState::load(&tx).unwrap();
        state.values = None;
        tx.put(SINGLETON_KEY, &state).unwrap();
        tx.commit().unwrap();
        let rx = store.read().unwrap();
        assert_eq!(MemoryState::load(&rx).unwrap().values, None);
        assert_eq!(standing(&rx, 3).unwrap()[0].id, a);
        drop(rx);
        let mut tx = store.write().unwrap();
        let fact = NewEngram::new(Kind::Fact, "the pump is red", Provenance::Told);
        memory.remember(&mut tx, fact, 2).unwrap();
        tx.commit().unwrap();
        let rx = store.read().unwrap();
        assert_eq!(MemoryState::load(&rx).unwrap().values, Some(vec![a]));
    }
}
