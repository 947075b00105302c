//! `wis cast object add|remove`: the things in the scene that participants on stage may
//! `use`, kept in `cast.toml` as `[[object]]` entries.

use crate::base::exit::{Error, Result};
use crate::commands::Ctx;
use crate::turn::cast::Cast;
use crate::world::scene::SceneObject;
use crate::world::scene::acts::{OBJECT_ABOUT_MAX_CHARS, OBJECT_NAME_MAX_CHARS, OBJECTS_MAX};

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Put a thing in the scene: `wis cast object add lamp "an oil lamp, unlit"`.
    ///
    /// Those on stage see it in their scene ("Things here: lamp (an oil lamp, unlit)") and are
    /// offered `use` on it from the next cast tick. Exit 64 for a name used already, a name
    /// or description that cannot be shown (see the arguments), or a scene already holding
    /// its most things.
    Add(AddArgs),
    /// Take a thing out of the scene, by name (in any case).
    Remove(RemoveArgs),
}

#[derive(Debug, clap::Args)]
pub struct AddArgs {
    /// What participants call it (at most 32 characters: letters, digits, spaces, `-`, `_`,
    /// `'`).
    pub name: String,
    /// One line shown beside its name (at most 160 characters).
    pub description: String,
}

#[derive(Debug, clap::Args)]
pub struct RemoveArgs {
    /// The thing's name.
    pub name: String,
}

pub fn run(ctx: &Ctx, cast: &Cast, cmd: Command) -> Result<()> {
    let mut file = cast.load()?;
    let (what, object) = match cmd {
        Command::Add(args) => {
            let object = SceneObject {
                name: args.name.trim().to_string(),
                description: args.description.trim().to_string(),
            };
            object.check().map_err(|e| {
                Error::usage(e).hint(format!(
                    "a name of at most {OBJECT_NAME_MAX_CHARS} characters and a description \
                     of at most {OBJECT_ABOUT_MAX_CHARS}"
                ))
            })?;
            if let Some(held) = file
                .objects
                .iter()
                .find(|o| o.name.eq_ignore_ascii_case(&object.name))
            {
                return Err(
                    Error::usage(format!("the scene already holds {:?}", held.name))
                        .hint("remove it first with `wis cast object remove NAME`"),
                );
            }
            if file.objects.len() >= OBJECTS_MAX {
                return Err(Error::usage(format!(
                    "the scene already holds {OBJECTS_MAX} things, its most"
                )));
            }
            file.objects.push(object.clone());
            ("added", object)
        }
        Command::Remove(args) => {
            let Some(i) = file
                .objects
                .iter()
                .position(|o| o.name.eq_ignore_ascii_case(args.name.trim()))
            else {
                let names: Vec<&str> = file.objects.iter().map(|o| o.name.as_str()).collect();
                return Err(
                    Error::usage(format!("the scene holds no {:?}", args.name)).hint(
                        if names.is_empty() {
                            "it holds nothing; add a thing with `wis cast object add`".into()
                        } else {
                            format!("it holds: {}", names.join(", "))
                        },
                    ),
                );
            };
            ("removed", file.objects.remove(i))
        }
    };
    cast.save(&file)?;
    if ctx.printer.is_json() {
        return ctx.printer.json(&serde_json::json!({
            what: object,
            "objects": file.objects,
        }));
    }
    let held = file.objects.len();
    ctx.printer.line(format!(
        "the {} is {} the scene; it holds {held} thing{}",
        object.name,
        if what == "added" { "in" } else { "out of" },
        if held == 1 { "" } else { "s" }
    ))
}
