//! How a tool is described to the mind: its name, its typed arguments, one line about it and
//! the other names it answers to. The action schema, the prompt, check_tools, manual and
//! dispatch all read these specs, so a tool is described once. The tools themselves (each spec
//! with the code that runs it, and the unit it arrives with) live in [`crate::world::tools`].

/// The JSON type of an argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArgType {
    String,
    Integer,
    Boolean,
}

impl ArgType {
    pub fn json_name(self) -> &'static str {
        match self {
            ArgType::String => "string",
            ArgType::Integer => "integer",
            ArgType::Boolean => "boolean",
        }
    }
}

/// One argument of a tool.
#[derive(Debug, Clone, Copy)]
pub struct ArgSpec {
    pub name: &'static str,
    pub ty: ArgType,
    pub required: bool,
    /// One line for the manual and the schema's description.
    pub about: &'static str,
    /// A regular expression (anchored, in the JSON-schema subset llama.cpp's grammar converter
    /// reads) every value of a string argument matches, where its form is fixed.
    pub pattern: Option<&'static str>,
}

impl ArgSpec {
    /// An argument every call must give.
    pub const fn required(name: &'static str, ty: ArgType, about: &'static str) -> ArgSpec {
        ArgSpec {
            name,
            ty,
            required: true,
            about,
            pattern: None,
        }
    }

    /// An argument a call may leave out.
    pub const fn optional(name: &'static str, ty: ArgType, about: &'static str) -> ArgSpec {
        ArgSpec {
            name,
            ty,
            required: false,
            about,
            pattern: None,
        }
    }

    /// This argument with every value matching `pattern`.
    pub const fn matching(self, pattern: &'static str) -> ArgSpec {
        ArgSpec {
            pattern: Some(pattern),
            ..self
        }
    }
}

/// One tool.
#[derive(Debug, Clone, Copy)]
pub struct ToolSpec {
    pub name: &'static str,
    pub args: &'static [ArgSpec],
    /// One line, free of body nouns (the stanzas speak in the morph's words).
    pub about: &'static str,
    /// Other names the same tool answers to; they travel with it into its unit. The action
    /// schema names only the tool itself; a reply that uses an alias is read as the tool.
    pub aliases: &'static [&'static str],
    /// Arguments of which a call gives exactly one (each optional in `args`): the action
    /// schema offers one shape of the arguments per name, so a grammar-bound model cannot
    /// give both or neither.
    pub one_of: &'static [&'static str],
}

impl ToolSpec {
    /// A tool that answers to its name only.
    pub const fn new(name: &'static str, args: &'static [ArgSpec], about: &'static str) -> Self {
        ToolSpec {
            name,
            args,
            about,
            aliases: &[],
            one_of: &[],
        }
    }

    /// Whether `name` is this tool's name or one of its aliases.
    pub fn answers_to(&self, name: &str) -> bool {
        self.name == name || self.aliases.contains(&name)
    }
}

/// The visible tool that `name` (a name or an alias) calls, if there is one.
pub fn find_visible<'a>(visible: &[&'a ToolSpec], name: &str) -> Option<&'a ToolSpec> {
    visible.iter().copied().find(|t| t.answers_to(name))
}
