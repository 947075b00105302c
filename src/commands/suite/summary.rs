//! `wis suite summary`.

use std::path::PathBuf;

use serde::Serialize;

use crate::base::exit::{Error, Result};
use crate::base::home::Home;
use crate::base::store::Read;
use crate::creature::commissions;
use crate::wisdom::curve::interval::Interval;
use crate::wisdom::suite::summary::{self, Fate, Practice, Summary, TICKS_EACH};

use super::Ctx;

/// Arguments of `wis suite summary`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The homes of the lives to summarize (default: --home).
    #[arg(value_name = "HOME")]
    pub homes: Vec<PathBuf>,
    /// The dark twins of the HOMEs, in the same order (the same seeds and errands with every
    /// `[wisdom]` flag off): each pair is compared errand by errand.
    #[arg(long, value_name = "HOME", num_args = 1..)]
    pub dark: Vec<PathBuf>,
    /// Ticks an errand is given: one done later counts as not done.
    #[arg(long, value_name = "TICKS", default_value_t = TICKS_EACH)]
    pub within: u64,
    /// Seed of the bootstrap intervals.
    #[arg(long, value_name = "N", default_value_t = 7)]
    pub seed: u64,
}

#[derive(Serialize)]
struct Life {
    home: String,
    commissions: Vec<Fate>,
    /// Replies that gave a demonstration's answer the check did not pass.
    copied_demonstrations: Vec<String>,
    /// Replies the keeper's channel refused as a worked example's answer: tried, never said.
    refused_copies: usize,
}

#[derive(Serialize)]
struct Report {
    summary: Summary,
    #[serde(skip_serializing_if = "Option::is_none")]
    dark: Option<Summary>,
    #[serde(skip_serializing_if = "Option::is_none")]
    practice: Option<Practice>,
    lives: Vec<Life>,
}

fn lives(ctx: &Ctx, homes: &[PathBuf], within: u64) -> Result<Vec<Life>> {
    homes
        .iter()
        .map(|path| {
            let home = Home::resolve(Some(path))?;
            let store = home.open_read(ctx.wait, "suite summary", &ctx.clock)?;
            let rx = store.read()?;
            let kept = commissions::all(&rx)?;
            let said: Vec<commissions::Said> = rx
                .ring::<commissions::Said>(None)?
                .into_iter()
                .map(|(_, s)| s)
                .collect();
            let episodes: Vec<crate::wisdom::episodes::Episode> = rx
                .ring::<crate::wisdom::episodes::Episode>(None)?
                .into_iter()
                .map(|(_, e)| e)
                .collect();
            let refused_copies = episodes
                .iter()
                .filter(|e| {
                    e.tool == crate::creature::REPLY
                        && e.summary.contains(crate::turn::tick::COPIED_REPLY)
                })
                .count();
            drop(rx);
            drop(store);
            let all: Vec<commissions::Commission> = kept.iter().map(|(_, c)| c.clone()).collect();
            Ok(Life {
                home: path.display().to_string(),
                commissions: summary::fates(&all, within),
                copied_demonstrations: summary::copied_demonstrations(&said, &kept, &episodes),
                refused_copies,
            })
        })
        .collect()
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let homes = if args.homes.is_empty() {
        vec![ctx.home.root().to_path_buf()]
    } else {
        args.homes.clone()
    };
    if !args.dark.is_empty() && args.dark.len() != homes.len() {
        return Err(Error::usage(format!(
            "{} homes and {} dark twins: give one twin per home, in the same order",
            homes.len(),
            args.dark.len()
        )));
    }
    let wise = lives(ctx, &homes, args.within)?;
    let dark = lives(ctx, &args.dark, args.within)?;
    let fates =
        |ls: &[Life]| -> Vec<Vec<Fate>> { ls.iter().map(|l| l.commissions.clone()).collect() };
    let report = Report {
        summary: summary::summarize(&fates(&wise), args.seed),
        dark: (!dark.is_empty()).then(|| summary::summarize(&fates(&dark), args.seed)),
        practice: (!dark.is_empty())
            .then(|| summary::practice(&fates(&wise), &fates(&dark), args.seed)),
        lives: wise.into_iter().chain(dark).collect(),
    };
    if ctx.printer.is_json() {
        return ctx.printer.json(&report);
    }
    print(ctx, "", &report.summary, args.within)?;
    let copied: usize = report
        .lives
        .iter()
        .map(|l| l.copied_demonstrations.len())
        .sum();
    let refused: usize = report.lives.iter().map(|l| l.refused_copies).sum();
    ctx.printer.line(format!(
        "replies copying a demonstration's answer: {copied} said, {refused} refused by the channel"
    ))?;
    if let Some(d) = &report.dark {
        print(ctx, "dark twins: ", d, args.within)?;
    }
    if let Some(p) = &report.practice {
        let over = if p.cut {
            format!(
                " (over the {} errands both twins lived: a twin stopped early)",
                p.errands
            )
        } else {
            String::new()
        };
        ctx.printer.line(format!(
            "practice (second half less first){over}: wise {}, dark {}, wise less dark {}",
            p.wise.text(),
            p.dark.text(),
            p.difference.text()
        ))?;
    }
    Ok(())
}

fn pct(i: &Interval) -> String {
    format!(
        "{:+.0} points [{:+.0}, {:+.0}]",
        100.0 * i.mean,
        100.0 * i.low,
        100.0 * i.high
    )
}

fn print(ctx: &Ctx, label: &str, s: &Summary, within: u64) -> Result<()> {
    let ticks = |m: Option<f64>| m.map_or("-".into(), |t| format!("{t:.1}"));
    let mut rows: Vec<Vec<String>> = s
        .per_kind
        .iter()
        .map(|(k, t)| {
            vec![
                k.clone(),
                format!("{} of {}", t.done, t.given),
                ticks(t.median_ticks),
            ]
        })
        .collect();
    rows.push(vec![
        "all".into(),
        format!(
            "{} of {} ({:.0}%)",
            s.all.done,
            s.all.given,
            100.0 * s.all.rate
        ),
        ticks(s.all.median_ticks),
    ]);
    ctx.printer
        .line(format!("{label}done within {within} ticks, per kind"))?;
    ctx.printer
        .table(&["kind", "done", "median ticks to done"], rows)?;
    let half = |t: &summary::Tally| {
        format!(
            "{} of {} ({:.0}%), median {} ticks",
            t.done,
            t.given,
            100.0 * t.rate,
            ticks(t.median_ticks)
        )
    };
    ctx.printer.line(format!(
        "{label}first half {}; second half {}",
        half(&s.first_half),
        half(&s.second_half)
    ))?;
    if let Some(p) = &s.practice {
        ctx.printer
            .line(format!("{label}second half less first: {}", pct(p)))?;
    }
    Ok(())
}
