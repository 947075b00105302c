//! Store format migrations: each step moves a store from one format version to the next,
//! inside the opening command's transaction, so a migration either lands whole or not at all.
//!
//! Format 1 is the first; the chain is empty until a format change needs a step. A store older
//! than the oldest step (or a gap in the chain) is refused rather than guessed at.

use super::Tx;
use crate::base::exit::{Error, Result};

/// One step: upgrades a store of format `from` to `from + 1`.
pub struct Step {
    pub from: u32,
    pub run: fn(&mut Tx<'_>) -> Result<()>,
}

/// The chain of steps, in order.
pub const STEPS: &[Step] = &[];

/// Runs the steps that take a store from `found` to `target`.
pub fn run(tx: &mut Tx<'_>, found: u32, target: u32) -> Result<()> {
    run_chain(STEPS, tx, found, target)
}

fn run_chain(steps: &[Step], tx: &mut Tx<'_>, found: u32, target: u32) -> Result<()> {
    let mut version = found;
    while version < target {
        let step = steps.iter().find(|s| s.from == version).ok_or_else(|| {
            Error::data(format!(
                "no migration from store format {version} to {target}"
            ))
            .hint("open this store with the wis version that wrote it and export it")
        })?;
        (step.run)(tx)?;
        version += 1;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::store::Read;
    use crate::base::store::testing::temp_store;

    fn mark(tx: &mut Tx<'_>) -> Result<()> {
        let n: u32 = tx.meta("steps_run")?.unwrap_or(0);
        tx.put_meta("steps_run", &(n + 1))
    }

    #[test]
    fn chain_runs_each_step_once_and_refuses_gaps() {
        let (_dir, store) = temp_store();
        let steps = [Step { from: 0, run: mark }, Step { from: 1, run: mark }];
        let mut tx = store.write().unwrap();
        run_chain(&steps, &mut tx, 0, 2).unwrap();
        assert_eq!(tx.meta::<u32>("steps_run").unwrap(), Some(2));
        let err = run_chain(&steps, &mut tx, 2, 4).unwrap_err();
        assert!(err.message.contains("no migration from store format 2"));
    }
}
