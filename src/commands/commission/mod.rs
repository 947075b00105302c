//! `wis commission`: the keeper gives the creature work, and confirms, rejects or takes back
//! what it did (design §3.6). What the creature said back is `wis inbox`.

mod add;
mod list;
mod verdict;

use crate::base::clock::rfc3339;
use crate::base::exit::Result;
use crate::creature::commissions::Commission;

use super::Ctx;

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Give the creature work: it becomes its next step, ahead of its own plan, shown in its
    /// prompt as your words.
    ///
    /// With --check, wis judges the world after each of the creature's actions and the
    /// commission is done the moment the check holds (it pays XP and counts as
    /// `commissions.confirmed`). Without it, the creature's answer (a reply, or the action your
    /// words name) leaves it waiting for you: `wis commission confirm ID` or `wis commission
    /// reject ID "why"`. Exit 64 for an empty text or a check outside the vocabulary, 65 for a
    /// check that cannot be judged here (a path outside the workspace, a command the sandbox
    /// does not have) or when `[keeper] max_open` commissions are open, 75 when the store is
    /// busy.
    Add(add::Args),
    /// The commissions on the desk (open, rejected, waiting for you), or every one kept.
    List(list::Args),
    /// One commission whole: its check, status, ticks spent, the episodes that worked on it,
    /// the creature's reply, your rejections.
    Show(list::ShowArgs),
    /// Confirm what the creature did: the commission is finished and paid (one a reflex
    /// answered below the model is finished, but pays and counts nothing).
    Confirm(verdict::Args),
    /// Say it is not done, and why: the commission goes back to the creature with your words.
    Reject(verdict::RejectArgs),
    /// Take a commission back.
    Drop(verdict::Args),
}

pub fn run(ctx: &Ctx, cmd: Command) -> Result<()> {
    match cmd {
        Command::Add(args) => add::run(ctx, args),
        Command::List(args) => list::run(ctx, args),
        Command::Show(args) => list::show(ctx, args),
        Command::Confirm(args) => verdict::confirm(ctx, args),
        Command::Reject(args) => verdict::reject(ctx, args),
        Command::Drop(args) => verdict::drop(ctx, args),
    }
}

/// One commission as a table row: id, status, ticks spent, check, text.
fn row(id: u64, c: &Commission) -> Vec<String> {
    vec![
        format!("#{id}"),
        c.status.to_string(),
        c.ticks_spent.to_string(),
        c.check
            .as_ref()
            .map(|k| k.describe())
            .unwrap_or_else(|| "(you confirm)".into()),
        c.text.clone(),
    ]
}

/// One commission whole, as label and value pairs.
fn pairs(id: u64, c: &Commission) -> Vec<(String, String)> {
    let mut out = vec![
        ("commission".to_string(), format!("#{id}")),
        ("text".into(), c.text.clone()),
        ("status".into(), c.status.to_string()),
        (
            "check".into(),
            c.check
                .as_ref()
                .map(|k| k.describe())
                .unwrap_or_else(|| "none: waits for your confirmation".into()),
        ),
        (
            "given".into(),
            format!("at age {} ({})", c.given_tick, rfc3339(c.given_at)),
        ),
        ("ticks spent".into(), c.ticks_spent.to_string()),
    ];
    if let Some(k) = &c.kind {
        out.push(("kind".into(), k.clone()));
    }
    for (i, stage) in c.stages.iter().enumerate() {
        let state = if (i as u32) < c.stage {
            "done"
        } else {
            "to do"
        };
        out.push((format!("step {}", i + 1), format!("{stage} ({state})")));
    }
    if !c.stages.is_empty() {
        let state = if c.answering() {
            "to do"
        } else {
            "after the above"
        };
        // A chore has nothing to answer: its own words are the step left, until its check holds.
        let last = if crate::turn::steps::errand::asks_an_answer(&c.text, c.check.as_ref()) {
            "answer"
        } else {
            "its own words"
        };
        out.push((
            format!("step {}", c.stages.len() + 1),
            format!("{last} ({state})"),
        ));
    }
    if c.missed_replies > 0 {
        out.push(("replies missed".into(), c.missed_replies.to_string()));
    }
    if let Some(d) = c.due_ticks {
        out.push(("due within".into(), format!("{d} ticks")));
    }
    if !c.episodes.is_empty() {
        let ticks: Vec<String> = c.episodes.iter().map(u64::to_string).collect();
        out.push(("worked at ticks".into(), ticks.join(", ")));
    }
    if let Some(r) = &c.reply {
        let at = c
            .reply_tick
            .map(|t| format!(" (tick {t})"))
            .unwrap_or_default();
        out.push(("reply".into(), format!("{r}{at}")));
    }
    for (i, why) in c.rejections.iter().enumerate() {
        out.push((format!("rejected ({})", i + 1), why.clone()));
    }
    if let (Some(v), Some(t)) = (&c.verdict, c.ended_tick) {
        out.push(("verdict".into(), format!("{v} (at age {t})")));
    }
    if c.below {
        out.push((
            "below the model".into(),
            "a reflex did it: it pays nothing and counts in no figure".into(),
        ));
    }
    out
}
