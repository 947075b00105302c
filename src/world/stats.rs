//! Reading the stat paths of the criterion vocabulary from the store: each one a count of
//! settled facts, computed only when a criterion asks for it.

use crate::base::exit::{Error, Result};
use crate::base::store::Read;
use crate::creature::Persona;
use crate::creature::criterion::Criterion;
use crate::creature::expectations::{self, Expectation};
use crate::creature::quest_book::{QuestBook, Verdict};
use crate::world::delegate::Delegation;
use crate::world::skills::Skill;

/// The value of one stat path now. `persona` is the caller's copy, which may be ahead of the
/// store within the transaction.
pub fn value(rx: &impl Read, persona: &Persona, path: &str) -> Result<f64> {
    let n = match path {
        "sleeps" => persona.sleeps,
        "sleeps.consolidated" => crate::memory::MemoryState::load(rx)?.consolidations,
        "level" => u64::from(persona.level()),
        "objectives.completed" => persona.goals_completed,
        "quests.passed" => closed(rx, Verdict::Passed)?,
        "quests.failed" => closed(rx, Verdict::Failed)?,
        "skills.live" => rx
            .all::<Skill>()?
            .iter()
            .filter(|(_, s)| s.live.is_some())
            .count() as u64,
        "expectations.recorded" => rx.count::<Expectation>()?,
        "expectations.held" => expectations::held(rx)?,
        "delegations.returned" => rx
            .ring::<Delegation>(None)?
            .iter()
            .filter(|(_, d)| d.digest.is_some())
            .count() as u64,
        "commissions.confirmed" => crate::creature::commissions::desk(rx)?.finished,
        other => {
            return Err(Error::internal(format!(
                "{other:?} is not in the stat vocabulary"
            )));
        }
    };
    Ok(n as f64)
}

fn closed(rx: &impl Read, verdict: Verdict) -> Result<u64> {
    let (book, _) = rx.singleton_or_default::<QuestBook>()?;
    Ok(book.closed.iter().filter(|c| c.verdict == verdict).count() as u64)
}

/// The values of `paths`, in order (a quest's snapshot for stall detection).
pub fn snapshot(rx: &impl Read, persona: &Persona, paths: &[String]) -> Result<Vec<f64>> {
    paths.iter().map(|p| value(rx, persona, p)).collect()
}

/// The stats a criterion reads, as they are now: `sleeps = 2, quests.passed = 1`.
pub fn shown(rx: &impl Read, persona: &Persona, criterion: &Criterion) -> Result<String> {
    let paths = criterion.paths();
    let values = snapshot(rx, persona, &paths)?;
    Ok(paths
        .iter()
        .zip(values)
        .map(|(p, v)| format!("{p} = {v}"))
        .collect::<Vec<_>>()
        .join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::store::testing::temp_store;
    use crate::creature::criterion::STATS;

    #[test]
    fn every_declared_path_reads_on_a_newborn_store() {
        let (_dir, store) = temp_store();
        let rx = store.read().unwrap();
        let mut persona = Persona::newborn("X", 0);
        persona.sleeps = 3;
        for s in STATS {
            let v = value(&rx, &persona, s.path).unwrap();
            let expected = match s.path {
                "sleeps" => 3.0,
                "level" => 1.0,
                _ => 0.0,
            };
            assert_eq!(v, expected, "{}", s.path);
        }
        assert!(value(&rx, &persona, "tools_used.bash").is_err());
    }
}
