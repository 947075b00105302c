//! How a tool is described to the mind: its name, its typed arguments, the unit it arrives
//! with, and whether running it needs the store. The action schema, the prompt, check_tools,
//! manual and dispatch all read these specs, so a tool is described once; the tools themselves
//! live in [`crate::world::tools`].

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
}

/// One tool.
#[derive(Debug, Clone, Copy)]
pub struct ToolSpec {
    pub name: &'static str,
    /// The unit it arrives with (`U0` …).
    pub unit: &'static str,
    pub args: &'static [ArgSpec],
    /// One line, free of body nouns (the stanzas speak in the morph's words).
    pub about: &'static str,
    /// Runs against the store (notes, memory) rather than the workspace.
    pub needs_store: bool,
    /// Other names the same tool answers to; they travel with it into its unit. The action
    /// schema names only the tool itself; a reply that uses an alias is read as the tool.
    pub aliases: &'static [&'static str],
}

impl ToolSpec {
    /// Whether `name` is this tool's name or one of its aliases.
    pub fn answers_to(&self, name: &str) -> bool {
        self.name == name || self.aliases.contains(&name)
    }
}

/// The visible tool that `name` (a name or an alias) calls, if there is one.
pub fn find_visible<'a>(visible: &[&'a ToolSpec], name: &str) -> Option<&'a ToolSpec> {
    visible.iter().copied().find(|t| t.answers_to(name))
}
