//! What the world showed of the tick's action, kept on memory: a done errand of a named kind
//! (`[wisdom] errands_enabled`) teaches its look and the action or answer that finished it,
//! each a precedent of its kind ([`crate::wisdom::errands`]) with the commission and its
//! episodes as evidence and the world's witness (the commission's check held); and what the
//! action closed, in words ([`closure`]), witnesses the memories followed into it when the
//! bets settle.

use std::path::Path;

use crate::base::clock::Millis;
use crate::base::exit::Result;
use crate::base::store::Tx;
use crate::creature::commissions::{self, Commission};
use crate::creature::{Action, REPLY};
use crate::memory::{LazyMemory, Provenance, Witness, Witnessed};
use crate::turn::steps::Closing;
use crate::turn::steps::errand::{self, Chore, Stage};
use crate::turn::steps::{Source, StepRef};
use crate::wisdom::errands::{self, Role};
use crate::wisdom::recall::Closure;

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
    let held = held(id, done);
    let tick = done
        .ended_tick
        .or(done.episodes.last().copied())
        .unwrap_or(0);
    let done_by = errands::Done {
        evidence,
        witness: Witness::new(Witnessed::ErrandDone, &held, tick, now)
            .on(Some(id))
            .episodes(done.episodes.iter().rev().take(4).copied()),
    };
    let look = done
        .stages
        .last()
        .and_then(|s| Stage::parse(s).map(|st| (s, st)));
    let looked = done
        .looked
        .as_deref()
        .and_then(|a| serde_json::from_str::<Action>(a).ok());
    // A chore's step is its act, not a look (design §3.8): the act's lesson below is the one.
    let chore = !errand::asks_an_answer(&done.text, done.check.as_ref());
    if let (Some((text, _)), Some(looked), false) = (&look, &looked, chore) {
        errands::remember(
            tx,
            memory,
            kind,
            Role::Look,
            text,
            looked,
            &[],
            &done_by,
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
            &done_by,
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
            &done_by,
            now,
        )?;
    }
    Ok(())
}

/// What held of a done commission, in words: `commission #3 done: reply contains 7341`.
fn held(id: u64, c: &Commission) -> String {
    match &c.check {
        Some(check) => format!("commission #{id} done: {}", check.describe()),
        None => format!("commission #{id} done"),
    }
}

/// What the action closed, in words, for the world's witness on what was followed into it.
pub fn closure(step: Option<&str>, closing: &Closing, action: Option<&Action>) -> Closure {
    let reply = action.is_some_and(|a| a.tool == REPLY);
    let said = match (&closing.finished, closing.closed) {
        (Some((id, c)), _) => Some(held(*id, c)),
        (None, closed) if closed.commission => Some("a commission's check held".into()),
        (None, closed) if closed.step => Some(match step {
            Some(step) => format!("step closed: \"{step}\""),
            None => "step closed".into(),
        }),
        _ => None,
    };
    Closure {
        said,
        commission: closing.finished.as_ref().map(|(id, _)| *id),
        commission_closed: closing.closed.commission,
        reply,
    }
}

/// Practice (`[wisdom] errands_enabled`, design §3.6): what the nearest lessons of an errand's
/// kind did gives the current step's commission, not yet begun, the step its words did not:
/// - one that asks no answer and whose words named no chore ([`errand::steps_for`] found none)
///   takes the chore the lessons did (`cp`, `mv`, adding a line, writing a word into a new
///   file), made again with its own paths, line and word ([`errand::chore_again`]);
/// - one whose words only named a file to read takes the look the lessons took on a file
///   (`wc -l a.txt`), taken on its file ([`errand::look_like`]).
///
/// Its step then names its command, as a plainly worded errand's does. The keeper's words give
/// the operands; what the creature lived gives the verb. Returns the System's line saying so;
/// nothing when no lesson of its kind fits.
pub fn adopt_practice(
    tx: &mut Tx<'_>,
    memory: &LazyMemory<'_>,
    step: Option<&StepRef>,
    workspace: &Path,
) -> Result<Option<String>> {
    let Some(StepRef {
        source: Source::Commission(id),
        ..
    }) = step
    else {
        return Ok(None);
    };
    let Some(mut c) = commissions::get(tx, *id)? else {
        return Ok(None);
    };
    let Some(kind) = c.kind.clone() else {
        return Ok(None);
    };
    if c.stage > 0 || c.tries > 0 {
        return Ok(None);
    }
    let asks = errand::asks_an_answer(&c.text, c.check.as_ref());
    let read = match c.stages.as_slice() {
        [only] => match Stage::parse(only) {
            Some(Stage::Read(file)) => Some(file),
            _ => return Ok(None),
        },
        [] if !asks => None,
        _ => return Ok(None),
    };
    let role = if read.is_some() {
        Role::Look
    } else {
        Role::Act
    };
    let found = errands::recall(
        tx,
        memory.get()?,
        Some(&kind),
        role,
        &c.text,
        errands::KEPT_PER_ROLE,
    )?;
    let adopted = found.iter().find_map(|p| {
        let action = serde_json::from_str::<Action>(&p.action).ok()?;
        let stage = match &read {
            Some(file) => {
                let command = action
                    .str_arg("command")
                    .filter(|_| action.tool == "bash")?;
                errand::look_like(command, file)
            }
            None => errand::chore_again(Chore::of_action(&action)?, &c.text, workspace),
        }?;
        Some((stage, p))
    });
    let Some((stage, lesson)) = adopted else {
        return Ok(None);
    };
    c.stages = vec![stage.clone()];
    commissions::save(tx, *id, &c)?;
    // Whose errand it was: the creature's own, or an ancestor's it inherited (WIS5).
    let whose = match (lesson.provenance, &lesson.volume) {
        (Provenance::Inherited, Some(volume)) => {
            format!("a {kind} errand an ancestor did (inherited from {volume})")
        }
        (Provenance::Inherited, None) => format!("a {kind} errand an ancestor did (inherited)"),
        _ => format!("a {kind} errand you did before"),
    };
    Ok(Some(format!(
        "{whose} gives the keeper's commission #{id} its step: {stage}"
    )))
}
