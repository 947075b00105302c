//! The step a turn works on, and what an action closed (WIS1: the world, never the creature's
//! word). The current step is the first commission the keeper gave that is being worked, else
//! the first open note of the plan. After each of the creature's actions (its own or a
//! reflex's), [`after_action`] judges:
//!
//! - the current commission: with a check, it is `done` when the check holds; without one, the
//!   creature's reply or the action its words name sets it `waiting` for the keeper. A
//!   commission a reflex's action finished is done but marked `below` (WIS2): it moves neither
//!   `commissions.confirmed` nor the lineage's first-commission mark, and no figure counts it;
//! - every other commission on the desk whose check can be read now (a file, a stat);
//! - the current plan step: closed by the world when the action did what its words ask
//!   ([`asks`]); a step the creature closed itself counts as closed only when
//!   it had worked on it with success first.
//!
//! What closed goes into the stream as the System's line, and a commission's end into the news.

pub mod asks;
pub mod errand;

use std::path::Path;

use asks::Asks;

use crate::base::clock::Millis;
use crate::base::exit::Result;
use crate::base::store::{Read, Tx};
use crate::creature::commissions::{self, Commission, Status};
use crate::creature::news::{self, NewsKind};
use crate::creature::notebooks::{self, ClosedBy, Closure};
use crate::creature::{Action, FailKind, Outcome, Persona, REPLY, cut_middle};
use crate::turn::economy::Closed;
use crate::wisdom::episodes::Episode;
use crate::world::judge::{self, Judged};

use crate::world::units::Example;

/// Where the current step comes from.
#[derive(Debug, Clone, PartialEq)]
pub enum Source {
    /// A note of the plan notebook, by number.
    Note(u32),
    /// A commission, by id.
    Commission(u64),
}

/// The step a turn works on.
#[derive(Debug, Clone, PartialEq)]
pub struct StepRef {
    pub text: String,
    pub source: Source,
    /// When it was written (a note) or given (a commission).
    pub since: Millis,
    /// The check a commission carries.
    pub check: Option<crate::creature::Check>,
}

/// The current step: the first worked commission, else the first open note of the plan.
pub fn current(rx: &impl Read) -> Result<Option<StepRef>> {
    if let Some((id, c)) = commissions::current(rx)? {
        return Ok(Some(StepRef {
            text: c.step(),
            source: Source::Commission(id),
            since: c.given_at,
            check: c.check,
        }));
    }
    Ok(notebooks::current_note(rx)?.map(|n| StepRef {
        text: n.text,
        source: Source::Note(n.n),
        since: n.at,
        check: None,
    }))
}

/// What one action closed, and the System's lines saying so.
#[derive(Debug, Clone, Default)]
pub struct Closing {
    pub closed: Closed,
    /// Lines for the stream (the System's voice) and the turn's events.
    pub lines: Vec<String>,
    /// The current commission, when this action finished it (its check held).
    pub finished: Option<(u64, Commission)>,
}

/// Where the action happened.
#[derive(Debug, Clone, Copy)]
pub struct Scene<'a> {
    pub workspace: &'a Path,
    pub tick: u64,
    pub now: Millis,
    pub situation: &'a str,
    /// The worked examples of the creature's tools (what an unchecked step's words are read by).
    pub pool: &'a [&'a Example],
    /// `[wisdom] errands_enabled`: a reply its check rejects is told so, and one that only
    /// repeats the commission's words answers nothing.
    pub errands: bool,
}

/// Judges what `action` (with `outcome`) closed of `step` and the keeper's desk. `command` is
/// the current commission's command check, run with the store closed after the action, if it
/// has one.
pub fn after_action(
    tx: &mut Tx<'_>,
    at: Scene<'_>,
    step: Option<&StepRef>,
    action: &Action,
    outcome: &Outcome,
    command: Option<Judged>,
) -> Result<Closing> {
    let mut out = Closing::default();
    let persona: Persona = tx.singleton()?;
    let current = match step {
        Some(StepRef {
            source: Source::Commission(id),
            ..
        }) => Some(*id),
        _ => None,
    };
    for (id, mut c) in commissions::live(tx)? {
        let is_current = current == Some(id);
        if !is_current && !c.status.worked() {
            continue;
        }
        let before = c.clone();
        if is_current {
            c.worked_at(at.tick);
            if action.tool == REPLY
                && let Some(text) = action.str_arg("text")
            {
                c.reply = Some(commissions::bounded(text));
                c.reply_tick = Some(at.tick);
            }
        }
        let reply = if is_current && action.tool == REPLY {
            action.str_arg("text")
        } else {
            None
        };
        // A look of an errand in steps: done when the action did it.
        let mut looked = false;
        if is_current
            && outcome.success
            && let Some(stage) = c.current_stage().and_then(errand::Stage::parse)
            && stage.asks().done_by(action)
        {
            looked = true;
            c.stage += 1;
            c.seen = Some(cut_middle(&outcome.output, commissions::SEEN_MAX_CHARS));
            c.looked = Some(cut_middle(&action.to_json(), 1_000));
            c.patience_anew();
            out.closed.step = true;
            out.lines.push(match c.current_stage() {
                Some(next) => format!(
                    "you did `{}` for the keeper's commission #{id}; next: {next}",
                    stage.text()
                ),
                None if errand::asks_an_answer(&c.text, c.check.as_ref()) => format!(
                    "you did `{}` for the keeper's commission #{id}; now answer it from what \
                     that showed",
                    stage.text()
                ),
                None => format!(
                    "you did `{}` for the keeper's commission #{id}",
                    stage.text()
                ),
            });
        }
        // A search that found nothing is widened to the folder read whole.
        if is_current
            && !looked
            && outcome.fail_kind == FailKind::NonzeroExit
            && outcome.exit_code == Some(1)
            && outcome.output.trim().is_empty()
            && let Some(stage) = c.current_stage().and_then(errand::Stage::parse)
            && stage.asks().done_by(action)
            && let Some(wide) = errand::widened(&stage)
        {
            if let Some(s) = c.stages.get_mut(c.stage as usize) {
                *s = wide.text();
            }
            c.patience_anew();
            out.lines.push(format!(
                "`{}` found nothing for the keeper's commission #{id}; next: {}",
                stage.text().trim_start_matches("run "),
                wide.text()
            ));
        }
        // What the reply answers: nothing, when it only repeats the commission or its command.
        let repeats = at.errands
            && reply.is_some_and(|r| {
                errand::only_repeats(
                    r,
                    &c.text,
                    c.stages
                        .last()
                        .and_then(|s| errand::Stage::parse(s))
                        .as_ref(),
                )
            });
        match c.check.clone() {
            Some(check) => {
                let judged = match judge::judge(&check, &*tx, &persona, at.workspace, reply)? {
                    Judged::NeedsCommand(_) if is_current => command.clone(),
                    Judged::NeedsCommand(_) => None,
                    Judged::Held(_) if repeats => {
                        Some(Judged::NotHeld("the reply only repeats the words".into()))
                    }
                    j => Some(j),
                };
                if at.errands
                    && is_current
                    && reply.is_some()
                    && matches!(check, crate::creature::Check::ReplyContains { .. })
                    && !judged.as_ref().is_some_and(Judged::held)
                {
                    c.missed_replies += 1;
                    out.lines.push(format!(
                        "your reply to the keeper's commission #{id} did not give what was \
                         asked; answer from what you read"
                    ));
                }
                if let Some(Judged::Held(seen)) = judged
                    && (outcome.success || !is_current)
                {
                    // A reflex's action (WIS2): the commission is done, marked below the
                    // model, and moves no statistic and no lineage mark.
                    let below = outcome.automated;
                    let by = if below {
                        " by a reflex, below the model"
                    } else {
                        ""
                    };
                    c.end(Status::Done, at.tick, at.now, format!("{seen}{by}"));
                    c.below = below;
                    if !below {
                        crate::turn::keeper::finished(tx, at.tick)?;
                    }
                    out.closed.commission = true;
                    if is_current && !below {
                        out.finished = Some((id, c.clone()));
                    }
                    let line = format!("the keeper's commission #{id} is done{by}: {seen}");
                    news::post(
                        tx,
                        at.tick,
                        at.now,
                        NewsKind::CommissionDone,
                        &id.to_string(),
                        &line,
                    )?;
                    out.lines.push(line);
                }
            }
            None if is_current && outcome.success && !looked && c.answering() => {
                let asks = asks::asks(&c.text, at.pool);
                let answered =
                    (action.tool == REPLY && !repeats) || did(&asks, action, tx, &persona, at)?;
                if answered {
                    let how = action.brief(60);
                    c.end(
                        Status::Waiting,
                        at.tick,
                        at.now,
                        format!("answered with {how}"),
                    );
                    // Answered by a reflex (WIS2): the keeper's confirmation will pay nothing.
                    c.below = outcome.automated;
                    out.closed.step = true;
                    let line = format!(
                        "you answered the keeper's commission #{id} ({how}); it waits for the keeper"
                    );
                    news::post(
                        tx,
                        at.tick,
                        at.now,
                        NewsKind::CommissionWaiting,
                        &id.to_string(),
                        &line,
                    )?;
                    out.lines.push(line);
                }
            }
            None => {}
        }
        if is_current
            && !looked
            && c.status.worked()
            && let Some((back, tries)) =
                c.tried(at.tick, &crate::wisdom::episodes::action_signature(action))
        {
            out.lines.push(format!(
                "the keeper's commission #{id} is set aside after {tries} tries; it is your \
                 step again at tick {back}"
            ));
        }
        if c != before {
            commissions::save(tx, id, &c)?;
        }
    }
    if let Some(StepRef {
        source: Source::Note(n),
        text,
        since,
        ..
    }) = step
    {
        close_note(
            tx, at, *n, text, *since, action, outcome, &persona, &mut out,
        )?;
    }
    Ok(out)
}

/// Whether `action` did what `asks` reads from a step's words (a world check is read now).
fn did(
    asks: &Asks,
    action: &Action,
    rx: &impl Read,
    persona: &Persona,
    at: Scene<'_>,
) -> Result<bool> {
    Ok(match asks {
        Asks::World(check) => judge::judge(check, rx, persona, at.workspace, None)?.held(),
        other => other.done_by(action),
    })
}

#[allow(clippy::too_many_arguments)]
fn close_note(
    tx: &mut Tx<'_>,
    at: Scene<'_>,
    n: u32,
    text: &str,
    since: Millis,
    action: &Action,
    outcome: &Outcome,
    persona: &Persona,
    out: &mut Closing,
) -> Result<()> {
    let mut book = notebooks::load(tx, notebooks::PLAN)?;
    let Some(note) = book.note(n).cloned() else {
        return Ok(());
    };
    if !note.open {
        // The creature's own note_close of this very step: a close, once it has worked on it.
        let own = note
            .closed
            .as_ref()
            .is_some_and(|c| c.by == ClosedBy::Creature && c.tick == at.tick);
        if own && note.closes == 1 && worked_on(tx, at.situation, since)? {
            out.closed.step = true;
            out.closed.again = book.done_before(n, text);
            out.lines.push(format!("you closed step {n}: {text}"));
        }
        return Ok(());
    }
    if !outcome.success {
        return Ok(());
    }
    let asks = asks::asks(text, at.pool);
    if !did(&asks, action, &*tx, persona, at)? {
        return Ok(());
    }
    let why = cut_middle(&action.brief(80), 120);
    book.close_by(
        n,
        Closure {
            tick: at.tick,
            at: at.now,
            by: ClosedBy::World,
            episode: Some(at.tick),
            why: why.clone(),
        },
    );
    notebooks::save(tx, &book)?;
    // A step closed before (and reopened) is done again but advances nothing the second time:
    // reopening and closing is no way to progress. One planned again after it was done
    // closes (a recurring chore, evidence for a reflex) and pays nothing.
    let first = book.note(n).is_some_and(|note| note.closes == 1);
    out.closed.step = first;
    out.closed.again = book.done_before(n, text);
    let again = if first { "" } else { " again" };
    out.lines
        .push(format!("step {n} is done{again}: {text} ({why})"));
    Ok(())
}

/// Whether the ledger holds a success of the creature's own that advanced something in
/// `situation` since `since`.
fn worked_on(rx: &impl Read, situation: &str, since: Millis) -> Result<bool> {
    Ok(rx.ring::<Episode>(Some(64))?.iter().any(|(_, e)| {
        e.situation == situation && e.at >= since && e.success && !e.automated && e.advanced.any()
    }))
}

/// Most `seen here` facts shown above a step.
pub const SEEN_SHOWN: usize = 2;

/// What the creature's own reads and commands showed while on this step (in `situation`, since
/// `since`), newest first, as `Known fact` bodies: `notes.txt says: …`, `` `date` shows: … ``.
/// A step that asks to tell the keeper what a file says needs what the read showed right above
/// it, where a small model uses it (design §4.3).
pub fn seen_here(rx: &impl Read, situation: &str, since: Millis) -> Result<Vec<String>> {
    let mut out = Vec::new();
    for (_, e) in rx.ring::<Episode>(Some(32))?.into_iter().rev() {
        if out.len() == SEEN_SHOWN {
            break;
        }
        if e.situation != situation || !e.success || e.at < since {
            continue;
        }
        let Ok(action) = serde_json::from_str::<Action>(&e.action) else {
            continue;
        };
        let Some((_, shown)) = e.summary.split_once(" -> ok: ") else {
            continue;
        };
        let shown = shown.trim();
        let fact = match action.tool.as_str() {
            "read_file" => action.str_arg("path").map(|p| format!("{p} says: {shown}")),
            "bash" => action
                .str_arg("command")
                .map(|c| format!("`{c}` shows: {shown}")),
            _ => None,
        };
        if let Some(f) = fact
            && !out.contains(&f)
        {
            out.push(f);
        }
    }
    Ok(out)
}

/// The keeper's latest rejection of the commission `step` comes from, as a `Known fact` body.
pub fn rejection(rx: &impl Read, step: &StepRef) -> Result<Option<String>> {
    let Source::Commission(id) = step.source else {
        return Ok(None);
    };
    Ok(commissions::get(rx, id)?
        .filter(|c| c.status == Status::Rejected)
        .and_then(|c| c.rejections.last().cloned())
        .map(|why| format!("the keeper said it is not done yet: {why}")))
}

/// Expires the commissions past their due ticks at the creature's age `tick`; their lines.
pub fn expire(tx: &mut Tx<'_>, tick: u64, now: Millis) -> Result<Vec<String>> {
    let mut lines = Vec::new();
    for (id, mut c) in commissions::live(tx)? {
        if c.status.worked() && c.overdue(tick) {
            let due = c.due_ticks.unwrap_or_default();
            c.end(
                Status::Expired,
                tick,
                now,
                format!("not done within {due} ticks"),
            );
            commissions::save(tx, id, &c)?;
            let line =
                format!("the keeper's commission #{id} expired: not done within {due} ticks");
            news::post(
                tx,
                tick,
                now,
                NewsKind::CommissionExpired,
                &id.to_string(),
                &line,
            )?;
            lines.push(line);
        }
    }
    Ok(lines)
}

/// The keeper's words, as the prompt shows them: every commission on the desk, the one being
/// worked first, with a rejection's reason; none when the desk is empty.
pub fn keepers_words(live: &[(u64, Commission)]) -> Option<String> {
    if live.is_empty() {
        return None;
    }
    let mut lines = Vec::new();
    for (id, c) in live {
        let state = match c.status {
            Status::Waiting => " (answered; the keeper will look)".to_string(),
            Status::Rejected => match c.rejections.last() {
                Some(why) => format!(" (not done yet, the keeper says: {why})"),
                None => " (not done yet, the keeper says)".to_string(),
            },
            _ => String::new(),
        };
        lines.push(format!("#{id}: {}{state}", c.text));
    }
    Some(lines.join("\n"))
}
