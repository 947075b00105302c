//! The `wis` binary: parse, dispatch, map the error to an exit code.

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use wis::base::exit::Kind;
use wis::commands::{Cli, run};

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            let _ = err.print();
            return match err.kind() {
                clap::error::ErrorKind::DisplayHelp
                | clap::error::ErrorKind::DisplayVersion
                | clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                    ExitCode::SUCCESS
                }
                _ => ExitCode::from(Kind::Usage.code()),
            };
        }
    };
    let json = cli.global.output_format == wis::base::output::OutputFormat::Json;
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if err.is_broken_pipe() => ExitCode::SUCCESS,
        Err(err) => {
            let mut stderr = std::io::stderr().lock();
            if json {
                let obj = serde_json::json!({
                    "error": { "kind": err.kind.label(), "code": err.code(), "message": err.message, "hint": err.hint }
                });
                let _ = writeln!(stderr, "{obj}");
            } else {
                let _ = writeln!(stderr, "error: {}", err.message);
                if let Some(hint) = &err.hint {
                    let _ = writeln!(stderr, "  hint: {hint}");
                }
            }
            ExitCode::from(err.code())
        }
    }
}
