//! Measures the embedded mind on this machine: model load time, prompt and generation speed,
//! and the wall time of one action call, for a short and a long prompt.
//!
//! ```text
//! cargo run --features embedded --example embedded_bench -- [MODEL.gguf] [CALLS] [THREADS]
//! ```
//!
//! (A dev build is enough: dependencies build optimised (`[profile.dev.package."*"]`) and
//! llama.cpp is always compiled as Release, while `--release` would compile llama.cpp again.)
//! The model defaults to the one `scripts/fetch-model.sh` installs; CALLS (default 5) calls are
//! made per prompt size (one for the largest), greedy, against the action schema over every tool; THREADS (default 0:
//! the available cores) as `[llm] threads`.

use std::time::Instant;

use wis::creature::ToolSpec;
use wis::mind::embedded::{EmbeddedMind, EmbeddedOptions};
use wis::mind::schema::action_schema;
use wis::mind::{Mind, Prompt, Reply, Sampling};
use wis::world::TOOLS;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = match args.next() {
        Some(p) => p.into(),
        None => wis::mind::default_model_path()?,
    };
    let calls: usize = args.next().map(|n| n.parse()).transpose()?.unwrap_or(5);
    let threads: u32 = args.next().map(|n| n.parse()).transpose()?.unwrap_or(0);
    let options = EmbeddedOptions {
        n_ctx: 16_384,
        threads,
        max_reply_chars: 4000,
    };
    let started = Instant::now();
    let mut mind = EmbeddedMind::load(&path, options)?;
    let load_wall = started.elapsed().as_secs_f64() * 1000.0;
    println!("{}", mind.describe());
    println!(
        "load: {:.0} ms in llama.cpp, {load_wall:.0} ms with the GGUF check",
        mind.model().map_or(0.0, |m| m.load_ms)
    );
    let tools: Vec<&ToolSpec> = TOOLS.iter().collect();
    let schema = action_schema(&tools);
    let sampling = Sampling {
        temperature: 0.0,
        seed: Some(1),
        max_tokens: 128,
        cache_prompt: false,
    };
    println!(
        "\n{:>6} {:>7} {:>6} {:>10} {:>9} {:>9} {:>9}",
        "prompt", "tokens", "reply", "prompt t/s", "gen t/s", "call ms", "other ms"
    );
    // The last size is about what the 16k preset's whole prompt budget (38,000 chars) holds.
    for (label, repeat, calls) in [("short", 1, calls), ("long", 12, calls), ("budget", 95, 1)] {
        let prompt = scripted(repeat);
        let mut replies: Vec<Reply> = Vec::new();
        for _ in 0..calls {
            replies.push(mind.complete(&prompt, &schema, &sampling)?);
        }
        let n = replies.len() as f64;
        let mean = |f: &dyn Fn(&Reply) -> f64| replies.iter().map(f).sum::<f64>() / n;
        let p_tok = mean(&|r| f64::from(r.usage.prompt_tokens.unwrap_or(0)));
        let g_tok = mean(&|r| f64::from(r.usage.completion_tokens.unwrap_or(0)));
        let p_ms = mean(&|r| r.usage.prompt_ms.unwrap_or(0.0));
        let g_ms = mean(&|r| r.usage.predicted_ms.unwrap_or(0.0));
        let wall = mean(&|r| r.elapsed_ms as f64);
        println!(
            "{label:>6} {p_tok:>7.0} {g_tok:>6.0} {:>10.1} {:>9.1} {wall:>9.0} {:>9.0}",
            p_tok / p_ms * 1000.0,
            g_tok / g_ms * 1000.0,
            wall - p_ms - g_ms
        );
        println!("        reply: {}", replies[0].text);
    }
    Ok(())
}

/// A tick-like document: a log of earlier actions (repeated to lengthen it), then the task.
fn scripted(repeat: usize) -> Prompt {
    let history = "Observation: the file plan.md lists three steps; the first is open.\n\
                   Action: {\"tool\": \"note_read\", \"args\": {\"notebook\": \"plan\"}}\n\
                   Observation: 1. [open] write a greeting to hello.txt\n\
                   Action: {\"tool\": \"write_file\", \"args\": {\"path\": \"hello.txt\", \"content\": \"hello\"}}\n\
                   Observation: wrote 5 bytes to hello.txt\n\
                   Action: {\"tool\": \"note_close\", \"args\": {\"notebook\": \"plan\", \"number\": 1}}\n";
    Prompt {
        stable: format!(
            "A creature lives in a workspace and acts through tools, one JSON action at a time.\n\n{}",
            history.repeat(repeat)
        ),
        volatile: "Observation: the plan has no open steps; the keeper asked what is in notes.txt.\nAction: "
            .into(),
    }
}
