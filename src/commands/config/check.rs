//! `wis config check`: validate, then compare the budgets with the served window.

use crate::base::config::check::{ServerWindow, probe_window};
use crate::base::exit::{Error, Result};

use super::Ctx;

/// Validate wis.toml (with WIS_* and --config applied). When [llm] url is set and the server
/// answers, also compare [context] n_ctx with the window it serves (exit 78 if it is smaller).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Do not contact the model server.
    #[arg(long)]
    pub offline: bool,
}

pub fn run(ctx: &Ctx, args: Args) -> Result<()> {
    let config = ctx.config()?;
    let window = match (&config.llm.url, args.offline) {
        (Some(_), false) => Some(probe_window(&config)),
        _ => None,
    };
    let embedded = crate::mind::embedded_status(&config);
    let mind = crate::mind::open::describe_mind(&config);
    let served = window.as_ref().and_then(|w| match w {
        ServerWindow::Served { n_ctx, .. } => Some(*n_ctx),
        _ => None,
    });
    if ctx.printer.is_json() {
        ctx.printer.json(&serde_json::json!({
            "ok": served.is_none_or(|n| n >= config.context.n_ctx),
            "config": ctx.home.config_path(),
            "mind": mind,
            "embedded": embedded,
            "n_ctx": config.context.n_ctx,
            "tokens_needed": config.context.tokens_needed(),
            "server": window,
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
    }
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
