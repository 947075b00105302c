//! `wis cast log`: the receipts of the latest turns, or with `--scene` the scene's latest
//! lines (what those on stage saw each other do).

use crate::base::clock::rfc3339;
use crate::base::exit::Result;
use crate::base::output::one_line;
use crate::base::store::Read;
use crate::commands::Ctx;
use crate::turn::cast::Cast;
use crate::turn::cast::record::{Receipt, SceneLine};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// How many receipts (or scene lines), newest last.
    #[arg(short = 'n', long, default_value_t = 20)]
    pub last: usize,
    /// The scene's lines instead of the receipts: who did what on stage, in words, as the
    /// participants read them in their prompts.
    #[arg(long)]
    pub scene: bool,
}

pub fn run(ctx: &Ctx, cast: &Cast, args: Args) -> Result<()> {
    let store = cast.open_read(ctx.wait, "cast log", &ctx.clock)?;
    if args.scene {
        let lines: Vec<SceneLine> = store
            .read()?
            .ring::<SceneLine>(Some(args.last))?
            .into_iter()
            .map(|(_, l)| l)
            .collect();
        drop(store);
        if ctx.printer.is_json() {
            for l in &lines {
                ctx.printer.json_line(l)?;
            }
            return Ok(());
        }
        if lines.is_empty() {
            return ctx.printer.line("nothing has happened in the scene yet");
        }
        let rows = lines
            .iter()
            .map(|l| {
                vec![
                    l.cast_tick.to_string(),
                    rfc3339(l.at),
                    one_line(&l.text, 160),
                ]
            })
            .collect();
        return ctx.printer.table(&["cast tick", "at", "line"], rows);
    }
    let receipts: Vec<Receipt> = store
        .read()?
        .ring::<Receipt>(Some(args.last))?
        .into_iter()
        .map(|(_, r)| r)
        .collect();
    drop(store);
    if ctx.printer.is_json() {
        for r in &receipts {
            ctx.printer.json_line(r)?;
        }
        return Ok(());
    }
    if receipts.is_empty() {
        return ctx.printer.line("no turns yet");
    }
    let rows = receipts
        .iter()
        .map(|r| {
            vec![
                r.cast_tick.to_string(),
                r.id.clone(),
                r.arena.to_string(),
                r.kind.as_str().to_string(),
                r.turn.clone().unwrap_or_else(|| "-".into()),
                match &r.act {
                    Some(d) if d.ok => d.act.name().to_string(),
                    Some(d) => format!("{} (failed)", d.act.name()),
                    None => "-".into(),
                },
                r.ending.as_str().to_string(),
                rfc3339(r.started_at),
                format!("{:.1}s", (r.completed_at - r.started_at) as f64 / 1000.0),
                rfc3339(r.cooldown_until),
                r.why.clone(),
                one_line(&r.detail, 80),
            ]
        })
        .collect();
    ctx.printer.table(
        &[
            "cast tick",
            "id",
            "arena",
            "kind",
            "turn",
            "act",
            "ending",
            "started",
            "took",
            "rests until",
            "why chosen",
            "detail",
        ],
        rows,
    )
}
