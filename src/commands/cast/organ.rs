//! `wis cast organ add|remove`: the cast's maintenance organs, kept in `cast.toml` as
//! `[[organ]]` tables.

use crate::base::exit::{Error, Result};
use crate::commands::Ctx;
use crate::turn::cast::Cast;
use crate::turn::cast::organs::{
    APPRAISALS_DEFAULT, MIN_TURNS_DEFAULT, Organ, OrganKind, TURNS_DEFAULT,
};

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Add a maintenance organ: `wis cast organ add appraiser` (or `mutator`).
    ///
    /// An organ is an offstage participant under the same initiative law as the members: ready
    /// at once, then resting `recovery_secs / speed` after each turn. Its turn runs in wis, with
    /// no model call, and leaves a maintenance receipt (`wis cast log`). The appraiser scores
    /// each member's recent turns on stage against its goals (what its tick advanced, whether
    /// it answered those who spoke to it, how many turns it let pass) and writes it an
    /// `appraisal` memory; the mutator reads each member's latest appraisals and, when they
    /// repeat one pattern, proposes a standing value for it, which waits for `wis cast review`.
    /// Exit 64 for a kind already in the cast or a knob out of bounds or of the other kind.
    Add(AddArgs),
    /// Take an organ out of the cast, by kind (a turn in flight completes first); what it
    /// recorded (appraisals, proposals) stays in the cast's store.
    Remove(RemoveArgs),
}

#[derive(Debug, clap::Args)]
pub struct AddArgs {
    /// Which organ.
    #[arg(value_enum)]
    pub kind: OrganKind,
    /// Its initiative speed, 0.5 to 1.5: its rest after a turn is recovery_secs / speed.
    #[arg(long, default_value_t = 1.0)]
    pub speed: f64,
    /// The appraiser's: most turns of one member one appraisal covers [default: 20].
    #[arg(long)]
    pub turns: Option<u32>,
    /// The appraiser's: fewest turns on stage since its last appraisal for a member to be
    /// appraised [default: 3].
    #[arg(long)]
    pub min_turns: Option<u32>,
    /// The mutator's: how many of a member's latest appraisals must each show a pattern for it
    /// to propose a value [default: 3].
    #[arg(long)]
    pub appraisals: Option<u32>,
}

#[derive(Debug, clap::Args)]
pub struct RemoveArgs {
    /// Which organ.
    #[arg(value_enum)]
    pub kind: OrganKind,
}

pub fn run(ctx: &Ctx, cast: &Cast, cmd: Command) -> Result<()> {
    let mut file = cast.load()?;
    let (what, organ) = match cmd {
        Command::Add(args) => {
            let organ = Organ {
                kind: args.kind,
                speed: args.speed,
                turns: args.turns,
                min_turns: args.min_turns,
                appraisals: args.appraisals,
            };
            organ.check().map_err(|e| {
                Error::usage(e).hint(format!(
                    "the appraiser takes --turns (default {TURNS_DEFAULT}) and --min-turns \
                     (default {MIN_TURNS_DEFAULT}), the mutator --appraisals (default \
                     {APPRAISALS_DEFAULT}); both take --speed"
                ))
            })?;
            if file.organs.iter().any(|o| o.kind == organ.kind) {
                return Err(
                    Error::usage(format!("the cast already has the {}", organ.kind))
                        .hint("remove it first with `wis cast organ remove KIND`"),
                );
            }
            file.organs.push(organ.clone());
            ("added", organ)
        }
        Command::Remove(args) => {
            let Some(i) = file.organs.iter().position(|o| o.kind == args.kind) else {
                let kinds: Vec<&str> = file.organs.iter().map(|o| o.kind.as_str()).collect();
                return Err(Error::usage(format!("the cast has no {}", args.kind)).hint(
                    if kinds.is_empty() {
                        "it has no organ; add one with `wis cast organ add KIND`".into()
                    } else {
                        format!("it has: {}", kinds.join(", "))
                    },
                ));
            };
            ("removed", file.organs.remove(i))
        }
    };
    cast.save(&file)?;
    if ctx.printer.is_json() {
        return ctx.printer.json(&serde_json::json!({
            what: organ,
            "organs": file.organs,
        }));
    }
    if what == "added" {
        ctx.printer.line(format!(
            "the {} joins the cast (offstage, speed {}); its first turn comes when the law \
             picks it",
            organ.kind, organ.speed
        ))
    } else {
        ctx.printer.line(format!(
            "the {} leaves the cast once no turn of its is in flight; what it recorded stays",
            organ.kind
        ))
    }
}
