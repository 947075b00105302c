//! `wis cast add`: a creature's home joins the cast.

use std::path::PathBuf;

use crate::base::exit::{Error, Result};
use crate::commands::Ctx;
use crate::turn::cast::{Cast, Member, absolute};
use crate::world::scene::Arena;

use super::who;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The creature's home.
    pub home: PathBuf,
    /// Off stage: rumination and sleep only.
    #[arg(long)]
    pub offstage: bool,
}

pub fn run(ctx: &Ctx, cast: &Cast, args: Args) -> Result<()> {
    let mut file = cast.load()?;
    let home = absolute(&args.home)?;
    if file.members.iter().any(|m| m.home == home) {
        return Err(Error::usage(format!(
            "{} is already in the cast",
            home.display()
        )));
    }
    let (name, speed) = who(ctx, &home)?;
    let arena = if args.offstage {
        Arena::Offstage
    } else {
        Arena::Scene
    };
    file.members.push(Member {
        home: home.clone(),
        arena,
    });
    cast.save(&file)?;
    if ctx.printer.is_json() {
        return ctx.printer.json(&serde_json::json!({
            "joined": home,
            "name": name,
            "speed": speed,
            "arena": arena,
        }));
    }
    ctx.printer.line(format!(
        "{name} (speed {speed}) joins the cast ({arena}); ready on the next cast tick"
    ))
}
