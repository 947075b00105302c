//! `prompt_formats file PROMPTS.jsonl`: runs prompts written elsewhere, one per line, so a
//! layout can be changed and measured again without rebuilding. Each line is
//! `{"format": NAME, "task": ID, "prompt": TEXT, "answer": REGEX}`; the reply is read with the
//! grammar over every creature tool (the battery's), and a reply counts when its text (or, for
//! a tool call, its compact JSON) matches the case-insensitive REGEX. A line with
//! `"grammar": "dream"` is answered with the dream's grammar instead, and its line is matched;
//! `"grammar": "think"` with a rumination's grammar (the thought and plan, as JSON);
//! `"grammar": "scene"` with every tool and a scene's `say`. A line with `"acts": [NAME, …]`
//! is answered with the tools (every tool, or its `"tools"`) and those scene actions (`say`,
//! `wait`, `hesitate`, `refuse`, `withhold`, `move`, `use`), as a cast's turn offers them
//! (`cast_actions.jsonl` holds real cast-turn prompts so). Per format it prints the count right
//! and how many tasks got its most common reply (a copied example shows there).

use std::collections::BTreeMap;

use serde::Deserialize;
use wis::mind::schema::action_schema;
use wis::mind::{Mind, Prompt, Sampling};
use wis::wisdom::curve::answer::Answer;

#[derive(Deserialize)]
struct Line {
    format: String,
    task: String,
    prompt: String,
    answer: String,
    #[serde(default)]
    grammar: Option<String>,
    /// Only these tools in the action grammar (and `reply`); absent: every tool.
    #[serde(default)]
    tools: Option<Vec<String>>,
    /// These scene actions in the grammar too, by name.
    #[serde(default)]
    acts: Option<Vec<String>>,
    /// The whole schema to answer with (a tick's own, from `wis tick --dry-run`), over `tools`.
    #[serde(default)]
    schema: Option<serde_json::Value>,
}

/// Per format: (right, calls, reply → count).
type Tally = BTreeMap<String, (usize, usize, BTreeMap<String, usize>)>;

pub fn run(mind: &mut dyn Mind, path: &str) -> Result<(), Box<dyn std::error::Error>> {
    let tools: Vec<_> = wis::world::TOOLS.iter().collect();
    let schema = action_schema(&tools);
    // WIS_TEMPERATURE / WIS_SEED: sample as a tick does (default: greedy, seed 0).
    let temperature = std::env::var("WIS_TEMPERATURE")
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(0.0);
    let seed = std::env::var("WIS_SEED")
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(0);
    let sampling = Sampling {
        temperature,
        seed: Some(seed),
        max_tokens: 64,
        cache_prompt: false,
    };
    let mut tally = Tally::new();
    for line in std::fs::read_to_string(path)?.lines() {
        let line: Line = serde_json::from_str(line)?;
        let prompt = Prompt {
            stable: String::new(),
            volatile: line.prompt,
        };
        let dream = line.grammar.as_deref() == Some("dream");
        // `think` or `think:N`: a rumination's grammar, its thought at most N characters.
        let think_len = line.grammar.as_deref().and_then(|g| {
            let rest = g.strip_prefix("think")?;
            Some(rest.strip_prefix(':').and_then(|n| n.parse::<u64>().ok()))
        });
        let think = think_len.is_some();
        let scene = line.grammar.as_deref() == Some("scene");
        let text = if think {
            let long = Sampling {
                max_tokens: 160,
                ..sampling.clone()
            };
            let mut schema = wis::turn::tick::rumination_schema();
            if let Some(Some(n)) = think_len {
                schema["properties"]["thought"]["maxLength"] = n.into();
            }
            let reply = mind.complete(&prompt, &schema, &long)?;
            reply.text.split_whitespace().collect::<Vec<_>>().join(" ")
        } else if scene {
            let mut with_say = tools.clone();
            with_say.push(&wis::world::scene::SAY_SPEC);
            let reply = mind.complete(&prompt, &action_schema(&with_say), &sampling)?;
            match wis::mind::parse::parse_action(&reply.text, &with_say) {
                Ok(action) => action.to_json(),
                Err(_) => format!("(malformed) {}", reply.text),
            }
        } else if let Some(acts) = &line.acts {
            let mut offered: Vec<_> = match &line.tools {
                Some(names) => tools
                    .iter()
                    .copied()
                    .filter(|t| names.iter().any(|n| n == t.name))
                    .collect(),
                None => tools.clone(),
            };
            for name in acts {
                let spec = wis::world::scene::specs()
                    .into_iter()
                    .find(|s| s.name == name.as_str())
                    .ok_or_else(|| format!("{}: no scene action {name:?}", line.task))?;
                offered.push(spec);
            }
            let reply = mind.complete(&prompt, &action_schema(&offered), &sampling)?;
            match wis::mind::parse::parse_action(&reply.text, &offered) {
                Ok(action) => action.to_json(),
                Err(_) => format!("(malformed) {}", reply.text),
            }
        } else if dream {
            let long = Sampling {
                max_tokens: 96,
                ..sampling.clone()
            };
            let reply = mind.complete(&prompt, &wis::wisdom::dream::schema(), &long)?;
            wis::wisdom::dream::read_reply(&reply.text)
        } else {
            let narrowed;
            let schema = match (&line.schema, &line.tools) {
                (Some(own), _) => own,
                (None, Some(names)) => {
                    let some: Vec<_> = tools
                        .iter()
                        .copied()
                        .filter(|t| names.iter().any(|n| n == t.name))
                        .collect();
                    narrowed = action_schema(&some);
                    &narrowed
                }
                (None, None) => &schema,
            };
            let reply = mind.complete(&prompt, schema, &sampling)?;
            match Answer::from_reply(&reply.text) {
                Answer::Text(t) => t,
                Answer::Call { raw, .. } => raw,
                Answer::Malformed(raw) => format!("(malformed) {raw}"),
            }
        };
        let ok = regex::RegexBuilder::new(&line.answer)
            .case_insensitive(true)
            .build()?
            .is_match(&text);
        eprintln!(
            "{:14} {:26} {} {}",
            line.format,
            line.task,
            if ok { "ok  " } else { "MISS" },
            text
        );
        let t = tally.entry(line.format).or_default();
        t.0 += usize::from(ok);
        t.1 += 1;
        *t.2.entry(text.trim().to_lowercase()).or_default() += 1;
    }
    println!("| format | right | most common reply |");
    println!("|---|---|---|");
    for (format, (right, calls, replies)) in &tally {
        let (reply, n) = replies
            .iter()
            .max_by_key(|(_, n)| **n)
            .map(|(r, n)| (r.as_str(), *n))
            .unwrap_or(("", 0));
        println!("| {format} | {right}/{calls} | {n}/{calls}: {reply:.40} |");
    }
    Ok(())
}
