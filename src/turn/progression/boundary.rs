//! What a tick boundary settles, in order: the facts the turn brought (a skill run, due
//! predictions, a delegated job's digest, engrams still owed), then the quest, then the units.
//! [`after_outcome`] runs in the last phase of a work or rumination turn; [`at_sleep`] in the
//! sleep turn. Both write in the caller's transaction and return one line per change.

use super::chores::ChoresDone;
use super::milestone::{self, Authority, Probes};
use super::{retry_engrams, window};
use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::creature::Persona;
use crate::creature::expectations::{self, Check};
use crate::creature::{Action, Outcome};
use crate::turn::ctx::TurnCtx;
use crate::turn::quests;
use crate::turn::sleep::receipt::JobReport;
use crate::world::delegate;
use crate::world::skills::{self, Runnable};
use crate::world::units;

/// After a work or rumination turn's outcome is recorded. `acted` is the tool call and its
/// adjudicated outcome, when the turn made one.
pub fn after_outcome(
    tx: &mut Tx<'_>,
    b: &TurnCtx<'_>,
    acted: Option<(&Action, &Outcome)>,
    skills: &[Runnable],
    done: ChoresDone,
) -> Result<Vec<String>> {
    let mut events = Vec::new();
    let mut persona: Persona = tx.singleton()?;
    if let Some((action, outcome)) = acted
        && let Some(skill) = skills.iter().find(|s| s.spec.name == action.tool)
        && let Some(line) = skills::settle_run(tx, &skill.name, skill.version, outcome, b.tick)?
    {
        window(tx, b, &line)?;
        events.push(line);
    }
    events.extend(settle_predictions(tx, b, &persona, &done.checks)?);
    if let Some((seq, worked)) = &done.job
        && let Some(line) = delegate::settle(tx, *seq, worked, b.tick)?
    {
        window(tx, b, &line)?;
        events.push(line);
    }
    retry_engrams(tx, b)?;
    events.extend(quests::check_pass(tx, &mut persona, b)?);
    let mut probes = Probes::taken(done.probes);
    let adjudicated =
        milestone::adjudicate(tx, b, &persona, &mut probes, Authority::Evidence, None)?;
    events.extend(adjudicated);
    tx.set(&persona)?;
    Ok(events)
}

/// In the sleep turn, after the sleep is counted on `persona` (which the caller saves): the
/// quest's pass and stall checks, the next quest's issue, and the milestones, granted in ladder
/// order. Organs are probed here when a unit needs one.
pub fn at_sleep(tx: &mut Tx<'_>, b: &TurnCtx<'_>, persona: &mut Persona) -> Result<Vec<JobReport>> {
    let mut quest_lines = settle_predictions(tx, b, persona, &[])?;
    retry_engrams(tx, b)?;
    quest_lines.extend(quests::check_pass(tx, persona, b)?);
    quest_lines.extend(quests::stall_step(tx, persona, b)?);
    let issue = quests::due_issue(tx, persona)?;
    let before = issue
        .and_then(|q| q.on_issue)
        .and_then(units::unit)
        .map(|u| u.position());
    let mut probes = Probes::live(&b.config.organs);
    let mut unit_lines =
        milestone::adjudicate(tx, b, persona, &mut probes, Authority::Evidence, before)?;
    if let Some(quest) = issue {
        quest_lines.extend(quests::issue(tx, persona, quest, b)?);
    }
    unit_lines.extend(milestone::adjudicate(
        tx,
        b,
        persona,
        &mut probes,
        Authority::Evidence,
        None,
    )?);
    let mut jobs = Vec::new();
    for (job, lines) in [("quests", quest_lines), ("milestone unlocks", unit_lines)] {
        if !lines.is_empty() {
            jobs.push(JobReport::new(job, lines.join("; ")));
        }
    }
    Ok(jobs)
}

/// Settles the predictions due at this boundary: stat checks now, shell checks from the
/// results the store-closed phase brought (a shell check not run yet waits).
fn settle_predictions(
    tx: &mut Tx<'_>,
    b: &TurnCtx<'_>,
    persona: &Persona,
    shell: &[(u64, Outcome)],
) -> Result<Vec<String>> {
    let mut lines = Vec::new();
    for (seq, e) in expectations::due(tx, b.tick)? {
        let (held, detail) = match &e.check {
            Check::Stat { criterion } => {
                let held =
                    criterion.holds(&mut |p| crate::world::stats::value(&*tx, persona, p))?;
                (held, crate::world::stats::shown(&*tx, persona, criterion)?)
            }
            Check::Shell { .. } => match shell.iter().find(|(s, _)| *s == seq) {
                Some((_, o)) => (o.success, crate::creature::outcome::observation(o, 160)),
                None => continue,
            },
            // `predict` writes only the two forms above.
            other => (
                false,
                format!("{} is not a prediction's check", other.describe()),
            ),
        };
        let line = expectations::settle(tx, seq, e, held, detail, b.tick, b.now)?;
        window(tx, b, &line)?;
        lines.push(line);
    }
    Ok(lines)
}
