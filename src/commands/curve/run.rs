//! `wis curve run`: put the frozen battery to every arm and record the scores.

use std::path::PathBuf;

use crate::base::exit::Result;
use crate::wisdom::curve::interval::{self, Interval};
use crate::wisdom::curve::{Gain, LiveRun, RunReport, run_live};

use super::Ctx;

/// Arguments of `wis curve run`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The battery file [default: [curve] battery].
    #[arg(long, value_name = "FILE")]
    pub battery: Option<PathBuf>,
    /// Run only this arm [default: every arm in [curve.arms]].
    #[arg(long, value_name = "NAME")]
    pub arm: Option<String>,
    /// Also append each arm's result to this JSON Lines file.
    #[arg(long, value_name = "FILE.jsonl")]
    pub out: Option<PathBuf>,
    /// With --arm: exit 1 when that arm's mean task score (0 to 1) is below this.
    #[arg(long, value_name = "X", requires = "arm")]
    pub min_score: Option<f64>,
    /// Exit 1 unless the arm with live memory beats the arm without memory on the same model
    /// by at least this much (mean task score, paired over the tasks) with a 95% interval
    /// wholly above 0.
    #[arg(long, value_name = "X", conflicts_with = "arm")]
    pub min_gain: Option<f64>,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let config = ctx.config()?;
    let what = LiveRun {
        battery: args.battery.as_deref(),
        arm: args.arm.as_deref(),
        out: args.out.as_deref(),
    };
    let progress = ctx.printer.progress(0, "curve");
    let report = run_live(&ctx.home, &config, &ctx.clock, ctx.wait, &what, &progress)?;
    print(ctx, &report)?;
    if let Some(min) = args.min_gain {
        report.check_min_gain(min)?;
    }
    match (&args.arm, args.min_score) {
        (Some(arm), Some(min)) => report.check_min_score(arm, min),
        _ => Ok(()),
    }
}

/// A run as JSON: the report with each arm's interval and memory's gains.
#[derive(serde::Serialize)]
struct Json<'a> {
    #[serde(flatten)]
    report: &'a RunReport,
    intervals: Vec<(String, Interval)>,
    gains: Vec<Gain>,
}

fn print(ctx: &Ctx, report: &RunReport) -> Result<()> {
    if ctx.printer.is_json() {
        return ctx.printer.json(&Json {
            report,
            intervals: report
                .results
                .iter()
                .map(|r| (r.arm.clone(), interval::of_result(r)))
                .collect(),
            gains: report.gains(),
        });
    }
    ctx.printer.table(&RunReport::HEADER, report.rows())?;
    for gain in report.gains() {
        ctx.printer.line(gain.line())?;
    }
    for line in report.readout_lines() {
        ctx.printer.line(line)?;
    }
    Ok(())
}
