//! `wis mind`: the model the creature thinks with. `serve` keeps the embedded model resident
//! for a home's ticks.

use crate::base::exit::{Error, Result};
use crate::mind::open::{Backend, backend};

use super::Ctx;

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Keep the embedded model loaded for this home's ticks, so a tick does not load it.
    ///
    /// A tick is a new process, and loading the model is about a fifth of a tick on the
    /// default model. While this runs, the home's ticks send their prompt to it through
    /// `<home>/cache/mind.sock` (the owner's only) and get the reply the embedded mind would
    /// give in-process; it keeps its context between calls, so a prompt is read only from where
    /// it parts from the last. Without it, or when it cannot take a call (another model or
    /// window, a newer wis), a tick loads the model itself as before: nothing depends on it.
    ///
    /// Runs in the foreground, one call at a time, printing one line per call on stderr (one
    /// JSON object per call on stdout with `--output-format json`). Ctrl-C or SIGTERM stops it
    /// after the call in hand; its context is then saved as the home's prompt state. Start it
    /// beside cron (`wis --home H mind serve --idle 3600 &`) or let `scripts/live.sh` start it.
    /// A model server (`[llm] url`) keeps its model already and needs none.
    Serve(ServeArgs),
}

#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// End after this many seconds without a call (0: serve until stopped).
    #[arg(long, value_name = "SECONDS", default_value_t = 0)]
    pub idle: u64,
}

pub fn run(ctx: &Ctx, command: Command) -> Result<()> {
    match command {
        Command::Serve(args) => serve(ctx, &args),
    }
}

#[cfg(feature = "embedded")]
use serving::serve;

/// The server, in a build with the embedded model.
#[cfg(feature = "embedded")]
mod serving {
    use std::time::Duration;

    use serde::Serialize;

    use super::{Ctx, ServeArgs, refuse_a_server};
    use crate::base::exit::{Error, Result};
    use crate::base::interrupt::Interrupt;
    use crate::mind::embedded::Resident;
    use crate::mind::resident::{End, Response, Served, Socket, serve as serve_calls, socket_in};

    /// One served call, as `--output-format json` prints it.
    #[derive(Debug, Serialize)]
    struct CallLine {
        call: u64,
        status: &'static str,
        prompt_tokens: Option<u32>,
        reused_tokens: Option<u32>,
        completion_tokens: Option<u32>,
        prompt_ms: Option<f64>,
        predicted_ms: Option<f64>,
        wall_ms: f64,
        cache_prompt: bool,
        /// For a call that read most of its prompt again: where it parted from the last.
        #[serde(skip_serializing_if = "Option::is_none")]
        parted: Option<Parted>,
    }

    /// Where a prompt parts from the one before it: its first character not shared, and the
    /// text from there (one line, at most [`PARTED_CHARS`] characters). What breaks a prompt
    /// cache shows here.
    #[derive(Debug, Serialize)]
    pub(super) struct Parted {
        pub(super) at_char: usize,
        pub(super) text: String,
    }

    /// Most characters of a parting's text.
    const PARTED_CHARS: usize = 80;

    pub(super) fn parted(last: &str, now: &str) -> Parted {
        let at = last
            .char_indices()
            .zip(now.chars())
            .find(|((_, a), b)| a != b)
            .map_or(last.len().min(now.len()), |((i, _), _)| i);
        let at = (0..=at)
            .rev()
            .find(|i| now.is_char_boundary(*i))
            .unwrap_or(0);
        let text: String = now[at..]
            .chars()
            .take(PARTED_CHARS)
            .map(|c| if c == '\n' { '⏎' } else { c })
            .filter(|c| !c.is_control())
            .collect();
        Parted {
            at_char: now[..at].chars().count(),
            text,
        }
    }

    fn call_line(call: u64, served: &Served<'_>, last: Option<&str>) -> CallLine {
        let answered = match served.response {
            Response::Answered(a) => Some(a),
            _ => None,
        };
        let parted = match (answered, last) {
            (Some(a), Some(last))
                if served.request.sampling.cache_prompt
                    && a.reused_tokens.saturating_mul(2) < a.prompt_tokens =>
            {
                Some(parted(last, &served.request.document))
            }
            _ => None,
        };
        CallLine {
            call,
            status: match served.response {
                Response::Answered(_) => "answered",
                Response::Refused { .. } => "refused",
                Response::Failed { .. } => "failed",
            },
            prompt_tokens: answered.map(|a| a.prompt_tokens),
            reused_tokens: answered.map(|a| a.reused_tokens),
            completion_tokens: answered.map(|a| a.completion_tokens),
            prompt_ms: answered.map(|a| a.prompt_ms),
            predicted_ms: answered.map(|a| a.predicted_ms),
            wall_ms: served.wall.as_secs_f64() * 1000.0,
            cache_prompt: served.request.sampling.cache_prompt,
            parted,
        }
    }

    fn describe_call(line: &CallLine, response: &Response) -> String {
        match response {
            Response::Answered(_) => {
                let mut out = format!(
                    "call {}: {} prompt tokens ({} reused), {} generated; model {:.0} + {:.0} ms, {:.0} ms in all",
                    line.call,
                    line.prompt_tokens.unwrap_or(0),
                    line.reused_tokens.unwrap_or(0),
                    line.completion_tokens.unwrap_or(0),
                    line.prompt_ms.unwrap_or(0.0),
                    line.predicted_ms.unwrap_or(0.0),
                    line.wall_ms
                );
                if let Some(p) = &line.parted {
                    out.push_str(&format!(
                        "; read again from character {}: {}",
                        p.at_char, p.text
                    ));
                }
                out
            }
            Response::Refused { reason } => {
                format!(
                    "call {}: refused ({reason}); the tick loads the model itself",
                    line.call
                )
            }
            Response::Failed { message, .. } => format!("call {}: failed: {message}", line.call),
        }
    }

    pub(super) fn serve(ctx: &Ctx, args: &ServeArgs) -> Result<()> {
        let config = ctx.config()?;
        refuse_a_server(&config)?;
        if !ctx.home.store_path().exists() {
            return Err(Error::no_input(format!(
                "no creature lives in {}",
                ctx.home.root().display()
            ))
            .hint("birth one with `wis init`, or name its home with --home"));
        }
        let cache = ctx.home.cache_dir();
        let socket = Socket::bind(&socket_in(&cache))?;
        let stop = Interrupt::install_stop()?;
        let mut resident = Resident::open(&config, &cache)?;
        ctx.printer.note(format!(
        "serving {} (n_ctx {}, {} threads, loaded in {:.0} ms) at {}; stop with Ctrl-C or SIGTERM",
        resident.model().path.display(),
        resident.options().n_ctx,
        resident.options().effective_threads(),
        resident.model().load_ms,
        socket.path().display()
    ));
        let idle = (args.idle > 0).then(|| Duration::from_secs(args.idle));
        let mut calls = 0u64;
        let mut printed = Ok(());
        // The last prompt a cached call sent, to say where the next one parts from it.
        let mut last: Option<String> = None;
        let end = serve_calls(
            &socket,
            idle,
            &|| stop.is_set(),
            &mut |request| resident.handle(request),
            &mut |served| {
                calls += 1;
                let line = call_line(calls, &served, last.as_deref());
                if served.request.sampling.cache_prompt
                    && matches!(served.response, Response::Answered(_))
                {
                    last = Some(served.request.document.clone());
                }
                if ctx.printer.is_json() {
                    if printed.is_ok() {
                        printed = ctx.printer.json_line(&line);
                    }
                } else {
                    ctx.printer.note(describe_call(&line, served.response));
                }
            },
        )?;
        drop(socket);
        let kept = resident.keep_state();
        let why = match end {
            End::Stopped => "stopped",
            End::Idle => "idle",
        };
        match kept {
            Ok(bytes) if bytes > 0 => ctx.printer.note(format!(
                "{why} after {calls} calls; the context is kept as the home's prompt state ({} MB)",
                bytes / 1_000_000
            )),
            Ok(_) => ctx.printer.note(format!("{why} after {calls} calls")),
            Err(e) => ctx.printer.note(format!(
                "{why} after {calls} calls; the prompt state was not kept: {e}"
            )),
        }
        printed
    }
}

#[cfg(all(test, feature = "embedded"))]
mod tests {
    use super::serving::parted;

    #[test]
    fn a_parting_names_the_first_character_not_shared_and_the_text_from_there() {
        let last = "# Life\n## Objectives\n1: sort the shed\n## Recent\n[1 you] ls";
        let now = "# Life\n## Objectives\n2: oil the gate\n## Recent\n[1 you] ls";
        let p = parted(last, now);
        assert_eq!(p.at_char, 21);
        assert!(
            p.text.starts_with("2: oil the gate⏎## Recent"),
            "{}",
            p.text
        );
        // A prompt that only grew parts where the last one ended; one with a control
        // character shows none of it.
        let grown = parted("abc", "abc\u{1b}[31mdé");
        assert_eq!((grown.at_char, grown.text.as_str()), (3, "[31mdé"));
        assert_eq!(parted("é", "ê").at_char, 0);
    }
}

#[cfg(not(feature = "embedded"))]
fn serve(ctx: &Ctx, _args: &ServeArgs) -> Result<()> {
    let config = ctx.config()?;
    refuse_a_server(&config)?;
    Err(
        Error::unavailable("this build has no embedded model to keep resident").hint(
            "build wis with `--features embedded` (scripts/setup.sh does), or serve the model \
             with llama-server and set [llm] url",
        ),
    )
}

/// A home whose mind is a server has nothing to keep resident.
fn refuse_a_server(config: &crate::base::config::Config) -> Result<()> {
    if backend(&config.llm) == Backend::Http {
        return Err(Error::usage(format!(
            "this creature's mind is the server at {}, which keeps its model loaded already",
            config.llm.url.as_deref().unwrap_or_default()
        ))
        .hint("`wis mind serve` is for the embedded model ([llm] url unset)"));
    }
    Ok(())
}
