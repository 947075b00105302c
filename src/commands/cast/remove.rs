//! `wis cast remove`: a member leaves the cast; its home is untouched.

use crate::base::exit::Result;
use crate::commands::Ctx;
use crate::turn::cast::Cast;

use super::find;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The member's home, or its id in the cast.
    pub member: String,
}

pub fn run(ctx: &Ctx, cast: &Cast, args: Args) -> Result<()> {
    let mut file = cast.load()?;
    let i = find(ctx, cast, &file, &args.member)?;
    let gone = file.members.remove(i);
    cast.save(&file)?;
    if ctx.printer.is_json() {
        return ctx.printer.json(&serde_json::json!({ "left": gone.home }));
    }
    ctx.printer.line(format!(
        "{} leaves the cast (its home is untouched)",
        gone.home.display()
    ))
}
