//! `wis cast init`: a cast made of existing creatures.

use std::path::PathBuf;

use crate::base::exit::{Error, Result};
use crate::commands::Ctx;
use crate::turn::cast::{Cast, CastFile, Knobs, Member, absolute};
use crate::world::scene::Arena;

use super::who;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The cast's directory (made if missing; must not already hold a cast).
    pub dir: PathBuf,
    /// A member on stage (repeatable).
    #[arg(long = "member", value_name = "HOME")]
    pub members: Vec<PathBuf>,
    /// A member off stage: rumination and sleep only (repeatable).
    #[arg(long = "offstage", value_name = "HOME")]
    pub offstage: Vec<PathBuf>,
    /// A participant's rest after its turn completes, divided by its initiative speed.
    #[arg(long, default_value_t = Knobs::default().recovery_secs)]
    pub recovery_secs: u64,
    /// Most turns in flight at once.
    #[arg(long, default_value_t = Knobs::default().max_in_flight)]
    pub max_in_flight: u32,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    if args.members.is_empty() && args.offstage.is_empty() {
        return Err(
            Error::usage("a cast needs members: --member HOME (repeatable)")
                .hint("birth creatures first with `wis --home HOME init`"),
        );
    }
    let mut file = CastFile {
        schedule: Knobs {
            recovery_secs: args.recovery_secs,
            max_in_flight: args.max_in_flight,
            ..Knobs::default()
        },
        members: Vec::new(),
        objects: Vec::new(),
        organs: Vec::new(),
    };
    let declared = args
        .members
        .iter()
        .map(|h| (h, Arena::Scene))
        .chain(args.offstage.iter().map(|h| (h, Arena::Offstage)));
    for (home, arena) in declared {
        let home = absolute(home)?;
        if file.members.iter().any(|m| m.home == home) {
            return Err(Error::usage(format!("{} is named twice", home.display())));
        }
        let (name, speed) = who(ctx, &home)?;
        ctx.printer
            .note(format!("member {}: {name} (speed {speed})", home.display()));
        file.members.push(Member { home, arena });
    }
    let cast = Cast::new(&args.dir);
    cast.create(&file, &ctx.clock)?;
    if ctx.printer.is_json() {
        return ctx.printer.json(&serde_json::json!({
            "dir": args.dir,
            "members": file.members,
            "schedule": file.schedule,
        }));
    }
    ctx.printer.line(format!(
        "a cast of {} in {}; play it with `wis cast --dir {} tick`",
        file.members.len(),
        args.dir.display(),
        args.dir.display()
    ))
}
