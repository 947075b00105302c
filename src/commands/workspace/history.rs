//! `wis workspace history [PATH]`: every path with earlier versions kept, or one path's
//! versions, newest first.

use crate::base::exit::Result;
use crate::base::output::one_line;
use crate::turn::workspace::{self, Kept};

use super::{Ctx, count, size};

/// Every path the history holds earlier versions of (most recently changed first), or, with
/// PATH, that path's versions, newest first: the tick, what befell the file, by which action,
/// its size and the start of its SHA-256. `--output-format json` gives one object per line.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A path inside the workspace (as the listing shows it); 66 when none of it is kept.
    pub path: Option<String>,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let config = ctx.config()?;
    let kept = workspace::kept(&ctx.home, &config, args.path.as_deref())?;
    if let Some((looked, last)) = &kept.bounded {
        ctx.printer.warn(format!(
            "the last look at the whole workspace stopped after {looked} entries (at {last}): \
             what comes after in name order is not watched; raise [workspace] \
             history_max_files to watch it"
        ));
    }
    match args.path {
        Some(_) => versions(ctx, &kept),
        None => paths(ctx, &kept),
    }
}

fn paths(ctx: &Ctx, kept: &Kept) -> Result<()> {
    let paths = kept.paths();
    if ctx.printer.is_json() {
        for p in &paths {
            ctx.printer.json_line(p)?;
        }
        return Ok(());
    }
    if paths.is_empty() {
        ctx.printer.note(format!(
            "no earlier versions kept yet; {} watched",
            count(kept.watched, "file")
        ));
        return Ok(());
    }
    let rows = paths
        .iter()
        .map(|p| {
            vec![
                one_line(&p.path, 60),
                p.versions.to_string(),
                p.last_tick.to_string(),
                format!("{} by {}", p.last, p.by),
            ]
        })
        .collect();
    ctx.printer
        .table(&["path", "versions", "last tick", "last change"], rows)?;
    ctx.printer.note(format!(
        "{} of {}, {} of copies; {} watched; `wis workspace history PATH` shows one path's \
         versions",
        count(kept.versions.len(), "version"),
        count(paths.len(), "path"),
        size(kept.bytes),
        count(kept.watched, "file")
    ));
    Ok(())
}

fn versions(ctx: &Ctx, kept: &Kept) -> Result<()> {
    if ctx.printer.is_json() {
        for v in kept.versions.iter().rev() {
            ctx.printer.json_line(v)?;
        }
        return Ok(());
    }
    let rows = kept
        .versions
        .iter()
        .rev()
        .map(|v| {
            let what = match &v.to {
                Some(to) => format!("{} to {}", v.what, one_line(to, 40)),
                None => v.what.clone(),
            };
            let sha = match (&v.sha256, &v.not_kept) {
                (Some(sha), _) => sha[..8].to_string(),
                (None, Some(why)) => format!("not kept: {why}"),
                (None, None) => "not kept".to_string(),
            };
            vec![v.tick.to_string(), what, v.by.clone(), size(v.size), sha]
        })
        .collect();
    ctx.printer
        .table(&["tick", "what", "by", "size", "sha256"], rows)?;
    ctx.printer.note(
        "`wis workspace restore PATH --at TICK` puts back the file as it was when TICK began",
    );
    Ok(())
}
