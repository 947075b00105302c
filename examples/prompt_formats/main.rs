//! Compares prompt formats for a base model on a fixed set of scripted situations, with the
//! action grammar on: each format × situation is one call, scored by a mechanical check of the
//! chosen tool and its key argument (see `situations.rs`).
//!
//! ```text
//! cargo run --features embedded --example prompt_formats -- [SEEDS]
//! cargo run --features embedded --example prompt_formats -- show   # print each format
//! cargo run --features embedded --example prompt_formats -- file PROMPTS.jsonl
//! ```
//!
//! `file` runs prompts from a file instead (see `file.rs`), for layouts measured without a
//! rebuild.
//!
//! Greedy decoding always runs (the experience curve's setting); SEEDS (default 0) adds that
//! many sampled runs at temperature 0.7 per call. Set WIS_TEST_MODEL to use another GGUF, and
//! WIS_FORMAT=TEXT to run only the formats whose name contains TEXT.

mod file;
mod formats;
mod situations;

use serde_json::Value;
use wis::creature::tool::ToolSpec;
use wis::mind::embedded::{EmbeddedMind, EmbeddedOptions};
use wis::mind::schema::action_schema;
use wis::mind::{Mind, Prompt, Sampling};

use formats::{FORMATS, Format};
use situations::{SITUATIONS, Situation};

fn render(format: &Format, situation: &Situation) -> String {
    let text = if format.imperative {
        situation.task
    } else {
        situation.text
    };
    (format.render)(text)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let first = std::env::args().nth(1);
    if first.as_deref() == Some("show") {
        for format in FORMATS {
            println!(
                "===== {} =====\n{}",
                format.name,
                render(format, &SITUATIONS[0])
            );
        }
        return Ok(());
    }
    let seeds: u64 = match first.as_deref() {
        Some("file") | None => 0,
        Some(n) => n.parse()?,
    };
    let path = match std::env::var_os("WIS_TEST_MODEL") {
        Some(p) => p.into(),
        None => wis::mind::default_model_path()?,
    };
    let options = EmbeddedOptions {
        n_ctx: 16384,
        // WIS_LLM_THREADS: as a tick reads it (0 or unset: every core).
        threads: std::env::var("WIS_LLM_THREADS")
            .ok()
            .and_then(|t| t.parse().ok())
            .unwrap_or(0),
        max_reply_chars: 4000,
    };
    let mut mind = EmbeddedMind::load(&path, options)?;
    eprintln!("{}", mind.describe());
    if first.as_deref() == Some("file") {
        let file = std::env::args()
            .nth(2)
            .ok_or("file: give the prompts' JSONL path")?;
        return file::run(&mut mind, &file);
    }
    let tools: Vec<&ToolSpec> = formats::newborn_tools();
    let schema = action_schema(&tools);
    let mut runs = vec![(0.0f32, 0u64)];
    runs.extend((1..=seeds).map(|s| (0.7, s)));

    println!(
        "| format | greedy ok | greedy tool ok | sampled ok | parsed | mean prompt tokens | framing |"
    );
    println!("|---|---|---|---|---|---|---|");
    let only = std::env::var("WIS_FORMAT").ok();
    for format in FORMATS {
        if only.as_deref().is_some_and(|f| !format.name.contains(f)) {
            continue;
        }
        let (mut greedy, mut tool_ok, mut sampled, mut parsed, mut calls, mut tokens) =
            (0, 0, 0, 0, 0, 0u32);
        for situation in SITUATIONS {
            let prompt = Prompt {
                stable: String::new(),
                volatile: render(format, situation),
            };
            for &(temperature, seed) in &runs {
                let sampling = Sampling {
                    temperature,
                    seed: Some(seed),
                    max_tokens: 64,
                    cache_prompt: false,
                };
                let reply = mind.complete(&prompt, &schema, &sampling)?;
                calls += 1;
                tokens += reply.usage.prompt_tokens.unwrap_or(0);
                let action: Option<Value> = serde_json::from_str(&reply.text).ok();
                parsed += usize::from(action.is_some());
                let tool = action
                    .as_ref()
                    .and_then(|a| a.get("tool")?.as_str().map(String::from))
                    .unwrap_or_default();
                let ok = action.as_ref().is_some_and(|a| {
                    (situation.check)(&tool, a.get("args").unwrap_or(&Value::Null))
                });
                if temperature == 0.0 {
                    greedy += usize::from(ok);
                    tool_ok += usize::from(tool == situation.tool);
                    eprintln!(
                        "{:18} {:26} {} {}",
                        format.name,
                        situation.name,
                        if ok { "ok  " } else { "MISS" },
                        reply.text
                    );
                } else {
                    sampled += usize::from(ok);
                }
            }
        }
        let n = SITUATIONS.len();
        let sampled_cell = if seeds == 0 {
            "-".to_string()
        } else {
            format!("{sampled}/{}", n * seeds as usize)
        };
        println!(
            "| {} | {greedy}/{n} | {tool_ok}/{n} | {sampled_cell} | {parsed}/{calls} | {} | {} |",
            format.name,
            tokens / calls as u32,
            format.about
        );
    }
    Ok(())
}
