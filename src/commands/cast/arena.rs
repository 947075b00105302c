//! `wis cast arena`: a member moves on stage or off stage.

use crate::base::exit::Result;
use crate::commands::Ctx;
use crate::turn::cast::Cast;
use crate::world::scene::Arena;

use super::find;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The member's id in the cast (or its home).
    pub member: String,
    /// `scene` or `offstage`.
    #[arg(value_enum)]
    pub arena: ArenaName,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum ArenaName {
    Scene,
    Offstage,
}

impl From<ArenaName> for Arena {
    fn from(a: ArenaName) -> Arena {
        match a {
            ArenaName::Scene => Arena::Scene,
            ArenaName::Offstage => Arena::Offstage,
        }
    }
}

pub fn run(ctx: &Ctx, cast: &Cast, args: Args) -> Result<()> {
    let mut file = cast.load()?;
    let arena = Arena::from(args.arena);
    let i = find(ctx, cast, &file, &args.member)?;
    file.members[i].arena = arena;
    cast.save(&file)?;
    if ctx.printer.is_json() {
        return ctx.printer.json(&serde_json::json!({
            "home": file.members[i].home,
            "arena": arena,
        }));
    }
    ctx.printer.line(format!(
        "{} plays {} from the next cast tick",
        file.members[i].home.display(),
        if arena == Arena::Scene {
            "on stage"
        } else {
            "off stage"
        }
    ))
}
