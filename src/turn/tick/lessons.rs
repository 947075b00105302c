//! What a done errand of a named kind teaches, kept as it ends (`[wisdom] errands_enabled`):
//! its look and the action or answer that finished it, each a precedent of its kind
//! ([`crate::wisdom::errands`]), with the commission and its episodes as evidence.

use std::path::Path;

use crate::base::clock::Millis;
use crate::base::exit::Result;
use crate::base::store::Tx;
use crate::creature::commissions::Commission;
use crate::creature::{Action, REPLY};
use crate::memory::LazyMemory;
use crate::turn::steps::errand::{self, Stage};
use crate::wisdom::errands::{self, Role};

/// Keeps the lessons of commission `id`, which `action` just finished.
pub fn remember(
    tx: &mut Tx<'_>,
    memory: &LazyMemory<'_>,
    id: u64,
    done: &Commission,
    action: &Action,
    workspace: &Path,
    now: Millis,
) -> Result<()> {
    let Some(kind) = done.kind.as_deref() else {
        return Ok(());
    };
    let memory = memory.get()?;
    let mut evidence = vec![format!("commission:{id}")];
    evidence.extend(
        done.episodes
            .iter()
            .rev()
            .take(4)
            .map(|t| format!("episode:{t}")),
    );
    let look = done
        .stages
        .last()
        .and_then(|s| Stage::parse(s).map(|st| (s, st)));
    let looked = done
        .looked
        .as_deref()
        .and_then(|a| serde_json::from_str::<Action>(a).ok());
    if let (Some((text, _)), Some(looked)) = (&look, &looked) {
        errands::remember(
            tx,
            memory,
            kind,
            Role::Look,
            text,
            looked,
            &[],
            &evidence,
            now,
        )?;
    }
    if action.tool == REPLY {
        let known = match (&look, done.seen.as_deref()) {
            (Some((_, stage)), Some(seen)) => {
                errand::known(stage, looked.as_ref(), seen, &done.text)
            }
            _ => errand::answer_known(tx, done, workspace)?
                .unwrap_or_default()
                .into_iter()
                .filter(|k| !k.starts_with(errand::MISSED))
                .collect(),
        };
        errands::remember(
            tx,
            memory,
            kind,
            Role::Answer,
            &done.text,
            action,
            &known,
            &evidence,
            now,
        )?;
    } else {
        errands::remember(
            tx,
            memory,
            kind,
            Role::Act,
            &done.text,
            action,
            &[],
            &evidence,
            now,
        )?;
    }
    Ok(())
}
