//! What the notebook tools (`tools/note_*.rs`) share: reading the notebook a call names, and
//! the answer for one that does not exist. The notebooks themselves, the creature's
//! proto-memory, are kept in the store ([`crate::creature::notebooks`]).

use crate::creature::notebooks::valid_name;
use crate::creature::tool::{ArgSpec, ArgType};
use crate::creature::{Action, FailKind, Outcome};

/// The `notebook` argument, as the tools that write to one describe it.
pub const NOTEBOOK_ARG: ArgSpec =
    ArgSpec::required("notebook", ArgType::String, "notebook name, e.g. plan");

/// The `notebook` argument, as the tools that read one describe it.
pub const NOTEBOOK_NAME_ARG: ArgSpec =
    ArgSpec::required("notebook", ArgType::String, "notebook name");

/// The notebook a call names, trimmed and lowercased; a name that cannot be one is refused.
pub fn notebook_arg(action: &Action) -> Result<String, Outcome> {
    let name = action
        .str_arg("notebook")
        .unwrap_or_default()
        .trim()
        .to_lowercase();
    if !valid_name(&name) {
        return Err(Outcome::fail(
            FailKind::InvalidArgs,
            "a notebook name is 1-40 letters, digits, spaces, - or _",
        ));
    }
    Ok(name)
}

/// What a call on a notebook that does not exist is told.
pub fn no_notebook(name: &str) -> Outcome {
    Outcome::fail(
        FailKind::NotFound,
        format!("there is no notebook called {name}"),
    )
}
