//! The test minds: a [`Mind`] whose every reply is what a policy (a closure) says, given the
//! prompt and the tool names the action schema offers (`None` when the schema asks for a
//! thought and a plan). A policy is shared, so the mind built afresh for each tick keeps its
//! script and what it has seen. And a [`ScriptedMind`], which also sees the schema and the
//! sampling and may fail, for runs that ask many calls (the curve).

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use wis::base::exit::Result;
use wis::mind::schema::schema_tool_names;
use wis::mind::{Mind, Prompt, Reply, Sampling};

/// What a policy is asked: the prompt, and the tool names the schema admits (`None` for a
/// rumination, whose schema is a thought and a plan).
pub type Policy = Rc<RefCell<dyn FnMut(&Prompt, Option<Vec<String>>) -> String>>;

/// A policy from a closure.
pub fn policy(f: impl FnMut(&Prompt, Option<Vec<String>>) -> String + 'static) -> Policy {
    Rc::new(RefCell::new(f))
}

/// A policy that answers `answers` in order (panicking when they run out) and keeps every
/// prompt it was sent.
pub fn script(answers: &[&str]) -> (Policy, Rc<RefCell<Vec<Prompt>>>) {
    let mut queue: VecDeque<String> = answers.iter().map(|a| a.to_string()).collect();
    let prompts: Rc<RefCell<Vec<Prompt>>> = Rc::default();
    let seen = prompts.clone();
    let answer = policy(move |prompt, _| {
        seen.borrow_mut().push(prompt.clone());
        queue.pop_front().expect("script ran out")
    });
    (answer, prompts)
}

/// A mind that answers with a policy.
pub struct PolicyMind(pub Policy);

impl Mind for PolicyMind {
    fn describe(&self) -> String {
        "policy".into()
    }
    fn complete(
        &mut self,
        prompt: &Prompt,
        schema: &serde_json::Value,
        _: &Sampling,
    ) -> Result<Reply> {
        let names = schema.get("anyOf").map(|_| schema_tool_names(schema));
        let text = (self.0.borrow_mut())(prompt, names);
        Ok(Reply {
            text,
            ..Reply::default()
        })
    }
}

/// A fresh [`PolicyMind`] on `policy`, as `tick` asks for one.
pub fn open(policy: &Policy) -> Result<Box<dyn Mind>> {
    Ok(Box::new(PolicyMind(policy.clone())))
}

/// A mind answering with a closure that sees the prompt, the action schema and the sampling,
/// and may fail as an unreachable backend does.
pub struct ScriptedMind<F> {
    name: String,
    answer: F,
}

impl<F> Mind for ScriptedMind<F>
where
    F: FnMut(&Prompt, &serde_json::Value, &Sampling) -> Result<String>,
{
    fn describe(&self) -> String {
        self.name.clone()
    }

    fn complete(
        &mut self,
        prompt: &Prompt,
        schema: &serde_json::Value,
        sampling: &Sampling,
    ) -> Result<Reply> {
        Ok(Reply {
            text: (self.answer)(prompt, schema, sampling)?,
            ..Reply::default()
        })
    }
}

/// A boxed [`ScriptedMind`] that describes itself as `name`.
pub fn scripted(
    name: impl Into<String>,
    answer: impl FnMut(&Prompt, &serde_json::Value, &Sampling) -> Result<String> + 'static,
) -> Box<dyn Mind> {
    Box::new(ScriptedMind {
        name: name.into(),
        answer,
    })
}
