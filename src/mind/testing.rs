//! The unit tests' mind: a [`Mind`] whose every reply is what a closure says, given the prompt,
//! the action schema and the sampling; the closure may fail as an unreachable backend does.

use serde_json::Value;

use super::{Mind, Prompt, Reply, Sampling};
use crate::base::exit::Result;

/// A mind answering with a closure.
pub(crate) struct ScriptedMind<F> {
    name: String,
    answer: F,
}

impl<F> Mind for ScriptedMind<F>
where
    F: FnMut(&Prompt, &Value, &Sampling) -> Result<String>,
{
    fn describe(&self) -> String {
        self.name.clone()
    }

    fn complete(&mut self, prompt: &Prompt, schema: &Value, sampling: &Sampling) -> Result<Reply> {
        Ok(Reply {
            text: (self.answer)(prompt, schema, sampling)?,
            ..Reply::default()
        })
    }
}

/// A boxed [`ScriptedMind`] that describes itself as `name`.
pub(crate) fn scripted(
    name: impl Into<String>,
    answer: impl FnMut(&Prompt, &Value, &Sampling) -> Result<String> + 'static,
) -> Box<dyn Mind> {
    Box::new(ScriptedMind {
        name: name.into(),
        answer,
    })
}
