//! `wis config check`: validate, then compare the budgets with the served window and with
//! the model's own tokenizer.

use crate::base::config::check::{ServerWindow, probe_window};
use crate::base::exit::{Error, Result};
use crate::mind::open::{Backend, backend};
use crate::mind::openai::OpenAiMind;
use crate::world::window::{self, Measured};

use super::Ctx;

/// Validate wis.toml (with WIS_* and --config applied), that a newborn's prompt fits
/// max_total_chars and that [llm] max_tokens fits response_reserve. Unless --offline: compare [context] n_ctx with the window the server
/// serves, say which endpoint the server is sent to and why, and count a newborn's prompt
/// with the model's own tokenizer (the server's /tokenize, or the embedded model's) to check
/// the budgets at the measured characters per token (exit 78 when they do not fit).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Do not contact the model server or load the embedded model.
    #[arg(long)]
    pub offline: bool,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let config = ctx.config()?;
    window::check_fixed_part(&config.context)?;
    window::check_reply_budget(&config)?;
    let http = backend(&config.llm) == Backend::Http;
    let window = (http && !args.offline).then(|| probe_window(&config));
    let embedded = crate::mind::embedded_status(&config);
    let mind = crate::mind::open::describe_mind(&config);
    let (route, measured) = if args.offline {
        (None, Vec::new())
    } else if http {
        let mut m = OpenAiMind::new(&config.llm)?;
        let route = m.route();
        (Some(route), measure_all(ctx, &config, &mut m))
    } else if embedded.usable() {
        let mut m = crate::mind::open::open_mind(&config)?;
        (None, measure_all(ctx, &config, m.as_mut()))
    } else {
        (None, Vec::new())
    };
    let served = window.as_ref().and_then(|w| match w {
        ServerWindow::Served { n_ctx, .. } => Some(*n_ctx),
        _ => None,
    });
    let densest = measured
        .iter()
        .min_by(|a, b| a.chars_per_token.total_cmp(&b.chars_per_token));
    let verdict = served_fits(&config, served)
        .and_then(|()| densest.map_or(Ok(()), |m| window::check_at_measured(&config, m)));
    if ctx.printer.is_json() {
        ctx.printer.json(&serde_json::json!({
            "ok": verdict.is_ok(),
            "config": ctx.home.config_path(),
            "mind": mind,
            "embedded": embedded,
            "n_ctx": config.context.n_ctx,
            "tokens_needed": config.context.tokens_needed(),
            "server": window,
            "endpoint": route.as_ref().map(|r| serde_json::json!({
                "endpoint": r.endpoint, "why": r.why,
            })),
            "measured": measured,
        }))?;
    } else {
        ctx.printer
            .line(format!("{}: valid", ctx.home.config_path().display()))?;
        ctx.printer.line(format!("mind: {mind}"))?;
        ctx.printer.line(format!(
            "budgets: {} tokens needed of n_ctx {} (preset {})",
            config.context.tokens_needed(),
            config.context.n_ctx,
            config.context.preset
        ))?;
        if let Some(w) = &window {
            ctx.printer.line(format!("server: {}", w.describe()))?;
        }
        if let Some(r) = &route {
            let name = serde_json::to_value(r.endpoint).unwrap_or_default();
            let name = name.as_str().unwrap_or("chat");
            ctx.printer.line(format!("endpoint: {name} ({})", r.why))?;
        }
        for m in &measured {
            ctx.printer.line(format!(
                "tokens: {}",
                Measured::describe(m, config.context.chars_per_token)
            ))?;
        }
    }
    verdict
}

/// A newborn's prompt, and this creature's next prompt when the home has a store (a dry-run
/// tick: nothing is written, no model is asked), each counted by the model's tokenizer. A
/// lived prompt (stream lines in the action channel's JSON) packs fewer characters into a
/// token than a newborn's prose.
fn measure_all(
    ctx: &Ctx,
    config: &crate::base::config::Config,
    mind: &mut dyn crate::mind::Mind,
) -> Vec<Measured> {
    let mut out: Vec<Measured> = window::measure(mind, &config.context).into_iter().collect();
    if ctx.home.store_path().exists() {
        let opts = crate::turn::tick::TickOptions {
            wait: ctx.wait,
            dry_run: true,
            ..Default::default()
        };
        let next = crate::turn::tick::tick(&ctx.home, config, &ctx.clock, &opts, &mut || {
            Err(Error::internal("a dry-run tick asks no model"))
        });
        if let Ok(crate::turn::tick::TickOutcome::DryRun { prompt, .. }) = next {
            out.extend(window::measure_text(
                mind,
                "this creature's next prompt",
                &prompt.document(),
            ));
        }
    }
    out
}

/// The configured window must not exceed the one the server serves.
fn served_fits(config: &crate::base::config::Config, served: Option<u32>) -> Result<()> {
    match served {
        Some(n) if n < config.context.n_ctx => Err(Error::config(format!(
            "the server serves a {n}-token window but [context] n_ctx is {}",
            config.context.n_ctx
        ))
        .hint(format!(
            "serve a larger window (llama-server -c {}), or set [context] n_ctx = {n}: {}",
            config.context.n_ctx,
            config.context.fit_hint(n)
        ))),
        _ => Ok(()),
    }
}
