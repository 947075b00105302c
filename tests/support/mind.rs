//! The test mind: a [`Mind`] whose every reply is what a policy (a closure) says, given the
//! prompt and the tool names the action schema offers (`None` when the schema asks for a
//! thought and a plan). A policy is shared, so the mind built afresh for each tick keeps its
//! script and what it has seen.

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
