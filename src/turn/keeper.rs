//! The keeper's channel, between turns (`wis commission`, `wis inbox`): giving the creature
//! work, confirming or rejecting what it answered, taking work back, and reading what it said.
//!
//! None of these waits for a turn to end: a commission given while a turn runs is the
//! creature's from the next turn on (the turn's last phase reads the desk afresh). A keeper's
//! confirmation pays like the world's own check (design §6): [`XP_PER_COMMISSION`] on the
//! progress-only rule, the `commissions.confirmed` stat, and the lineage's first-commission
//! mark.

use std::path::Path;

use serde::Serialize;

use crate::base::clock::Millis;
use crate::base::config::Config;
use crate::base::exit::{Error, Result};
use crate::base::store::{Read, Tx};
use crate::creature::check::FORMS;
use crate::creature::commissions::{self, Commission, Desk, Said, Status, bounded};
use crate::creature::stream::{StreamLine, Voice};
use crate::creature::{Check, Persona};
use crate::turn::economy::{XP_PER_COMMISSION, XP_PER_SUCCESS};
use crate::world::judge;
use crate::world::sandbox::{self, Limits};

/// What the keeper asks for.
#[derive(Debug, Clone, Default)]
pub struct Ask {
    pub text: String,
    /// The check, as written (one of [`FORMS`]).
    pub check: Option<String>,
    pub due_ticks: Option<u64>,
    /// The kind of errand ([`commissions::valid_kind`]).
    pub kind: Option<String>,
    /// The looks before its own words (`[wisdom] errands_enabled`: read from the words by
    /// [`crate::turn::steps::errand::stages`]); empty, one step.
    pub stages: Vec<String>,
}

/// A commission as the keeper reads it.
#[derive(Debug, Clone, Serialize)]
pub struct Shown {
    pub id: u64,
    #[serde(flatten)]
    pub commission: Commission,
}

/// Reads the check a keeper wrote: 64 for one that is not in the vocabulary, 65 for one that
/// cannot be judged in this workspace (a path that leads out of it, a command that is not
/// there).
pub fn read_check(text: &str, workspace: &Path, config: &Config) -> Result<Check> {
    let check = Check::parse(text).map_err(|e| {
        let err = Error::usage(format!("--check: {e}"));
        if e.contains(FORMS) {
            err
        } else {
            err.hint(format!("a check is one of {FORMS}"))
        }
    })?;
    if let Some(why) = judge::unjudgeable(&check, workspace) {
        return Err(Error::data(format!("--check cannot be judged here: {why}"))
            .hint("paths are relative to the creature's workspace"));
    }
    if let Check::Shell { command } = &check {
        let program = command.split_whitespace().next().unwrap_or_default();
        let probe = format!("command -v {}", sandbox::shell_quote(program));
        let limits = Limits::from_organs(&config.organs);
        if !program.starts_with(['!', '(', '{', '['])
            && !sandbox::run_command(&probe, workspace, &limits).success
        {
            return Err(Error::data(format!(
                "--check cannot be judged here: `{program}` is not a command the sandbox has"
            )));
        }
    }
    Ok(check)
}

/// Gives a commission. 64 for an empty text; 65 when `[keeper] max_open` are open already.
pub fn give(
    tx: &mut Tx<'_>,
    config: &Config,
    ask: &Ask,
    check: Option<Check>,
    now: Millis,
) -> Result<u64> {
    let text = bounded(&ask.text);
    if text.is_empty() {
        return Err(Error::usage("a commission needs words: what should the creature do?")
            .hint("e.g. wis commission add \"write hello into greeting.txt\" --check \"file greeting.txt contains hello\""));
    }
    if ask.due_ticks == Some(0) {
        return Err(Error::usage("--due-ticks must be at least 1"));
    }
    if let Some(kind) = &ask.kind
        && !commissions::valid_kind(kind)
    {
        return Err(Error::usage(format!(
            "--kind {:?} is not a kind: 1 to {} lowercase letters, digits and dashes, starting with a letter",
            bounded(kind),
            commissions::KIND_MAX_CHARS
        ))
        .hint("e.g. --kind value, --kind write, --kind count"));
    }
    let live = commissions::desk(tx)?.live.len();
    if live >= config.keeper.max_open {
        return Err(Error::data(format!(
            "{live} commissions are open already ([keeper] max_open = {})",
            config.keeper.max_open
        ))
        .hint("confirm, reject or drop one first (`wis commission list`)"));
    }
    let persona: Persona = tx.singleton()?;
    let mut c = Commission::new(&text, check, ask.due_ticks, persona.ticks, now);
    c.kind = ask.kind.clone();
    c.stages = ask.stages.iter().map(|s| bounded(s)).collect();
    let id = commissions::give(tx, &c)?;
    tx.push(&StreamLine::new(
        persona.ticks,
        now,
        Voice::System,
        format!("the keeper asks (#{id}): {text}"),
    ))?;
    Ok(id)
}

/// A commission by id, or 66 naming what there is.
pub fn find(rx: &impl Read, id: u64) -> Result<Commission> {
    commissions::get(rx, id)?.ok_or_else(|| {
        Error::no_input(format!("there is no commission #{id}"))
            .hint("`wis commission list --all` shows every commission kept")
    })
}

/// Confirms a commission the creature answered (or any still open): it is `confirmed`, pays,
/// and counts; one a reflex answered below the model is confirmed and pays and counts nothing
/// (WIS2). 65 for one that already ended.
pub fn confirm(tx: &mut Tx<'_>, id: u64, now: Millis) -> Result<(Commission, u64)> {
    let mut c = find(tx, id)?;
    if !c.status.live() {
        return Err(Error::data(format!(
            "commission #{id} is already {}",
            c.status
        )));
    }
    let mut persona: Persona = tx.singleton()?;
    c.end(
        Status::Confirmed,
        persona.ticks,
        now,
        "the keeper confirmed it",
    );
    commissions::save(tx, id, &c)?;
    // An answer a reflex gave below the model is confirmed, but pays and counts nothing (WIS2).
    let xp = if c.below {
        0
    } else {
        XP_PER_SUCCESS + XP_PER_COMMISSION
    };
    if !c.below {
        let before = persona.level();
        persona.xp += xp;
        persona.mark_levels(before, persona.ticks);
        tx.set(&persona)?;
        finished(tx, persona.ticks)?;
    }
    tx.push(&StreamLine::new(
        persona.ticks,
        now,
        Voice::System,
        format!("the keeper confirmed commission #{id}: {}", c.text),
    ))?;
    Ok((c, xp))
}

/// Rejects an answer: the commission goes back to the creature with the keeper's words. 64 for
/// an empty reason; 65 for one that already ended.
pub fn reject(tx: &mut Tx<'_>, id: u64, why: &str, now: Millis) -> Result<Commission> {
    let why = bounded(why);
    if why.is_empty() {
        return Err(Error::usage("say why: the creature reads it as your words"));
    }
    let mut c = find(tx, id)?;
    if !c.status.live() {
        return Err(Error::data(format!(
            "commission #{id} is already {}",
            c.status
        )));
    }
    let persona: Persona = tx.singleton()?;
    c.status = Status::Rejected;
    c.below = false;
    c.ended_tick = None;
    c.ended_at = None;
    c.verdict = None;
    c.rejections.push(why.clone());
    if c.rejections.len() > commissions::MAX_REJECTIONS {
        c.rejections.remove(0);
    }
    commissions::save(tx, id, &c)?;
    tx.push(&StreamLine::new(
        persona.ticks,
        now,
        Voice::System,
        format!("the keeper says commission #{id} is not done: {why}"),
    ))?;
    Ok(c)
}

/// Takes a commission back. 65 for one that already ended.
pub fn drop(tx: &mut Tx<'_>, id: u64, now: Millis) -> Result<Commission> {
    let mut c = find(tx, id)?;
    if !c.status.live() {
        return Err(Error::data(format!(
            "commission #{id} is already {}",
            c.status
        )));
    }
    let persona: Persona = tx.singleton()?;
    c.end(
        Status::Dropped,
        persona.ticks,
        now,
        "the keeper took it back",
    );
    commissions::save(tx, id, &c)?;
    Ok(c)
}

/// Counts a finished commission (its check held, or the keeper confirmed it) at the
/// creature's age `tick`: the `commissions.confirmed` stat and the first one's age.
pub fn finished(tx: &mut Tx<'_>, tick: u64) -> Result<()> {
    let mut d: Desk = commissions::desk(tx)?;
    d.finished += 1;
    d.first_finished_tick.get_or_insert(tick);
    tx.set(&d)
}

/// The commissions, newest first: those on the desk, or with `all` every one kept.
pub fn list(rx: &impl Read, all: bool) -> Result<Vec<Shown>> {
    let mut out: Vec<Shown> = if all {
        commissions::all(rx)?
            .into_iter()
            .map(|(id, commission)| Shown { id, commission })
            .collect()
    } else {
        commissions::live(rx)?
            .into_iter()
            .map(|(id, commission)| Shown { id, commission })
            .collect()
    };
    out.reverse();
    Ok(out)
}

/// What the creature said to the keeper since tick `since` (oldest first), with ring numbers.
pub fn inbox(rx: &impl Read, since: u64, last: Option<usize>) -> Result<Vec<(u64, Said)>> {
    Ok(rx
        .ring::<Said>(last)?
        .into_iter()
        .filter(|(_, s)| s.tick >= since)
        .collect())
}
