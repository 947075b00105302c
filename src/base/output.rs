//! The one printer: data on stdout as text tables or JSON, everything else on stderr.
//!
//! Commands never call `println!`; they hand a [`Printer`] what to show. Text output is for
//! people (tables through comfy-table), `--output-format json` gives one JSON document (or one
//! JSON object per line for streams) for scripts. Progress bars are drawn only when stderr is a
//! terminal and the printer is not quiet, so cron mail stays clean. A closed stdout (`wis … |
//! head`) ends the command quietly. Warnings raised below the command line, where no printer
//! is at hand (the Qdrant mirror, recall's embedder, the embedded mind's saved state), go
//! through [`warn`], which keeps the policy of the printer the command [installed](Printer::install).

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use clap::ValueEnum;
use comfy_table::{ContentArrangement, Table, presets};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use crate::base::exit::{Error, Result};

/// How reporting commands print their data.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum OutputFormat {
    /// Lines and tables for people.
    #[default]
    Text,
    /// JSON for scripts: one document, or one object per line for streams.
    Json,
}

/// Whether the command's printer is quiet, for warnings raised where no printer is at hand.
static QUIET: AtomicBool = AtomicBool::new(false);

/// A warning from anywhere in the library: on stderr as `warning: …`, unless the command's
/// printer is quiet ([`Printer::install`]).
pub fn warn(text: impl AsRef<str>) {
    if !QUIET.load(Ordering::Relaxed) {
        let _ = writeln!(std::io::stderr(), "warning: {}", text.as_ref());
    }
}

/// Writes command output.
#[derive(Debug, Clone)]
pub struct Printer {
    pub format: OutputFormat,
    pub quiet: bool,
}

impl Printer {
    pub fn new(format: OutputFormat, quiet: bool) -> Self {
        Printer { format, quiet }
    }

    /// Makes this printer's policy the one [`warn`] keeps for the rest of the process.
    pub fn install(&self) {
        QUIET.store(self.quiet, Ordering::Relaxed);
    }

    pub fn is_json(&self) -> bool {
        self.format == OutputFormat::Json
    }

    /// Writes one line of data to stdout.
    pub fn line(&self, text: impl AsRef<str>) -> Result<()> {
        write_stdout(format!("{}\n", text.as_ref()).as_bytes())
    }

    /// Writes bytes as they are (a binary file sent to stdout, as with `--out -`).
    pub fn bytes(&self, bytes: &[u8]) -> Result<()> {
        write_stdout(bytes)
    }

    /// Writes a value as pretty JSON (a report).
    pub fn json<T: Serialize>(&self, value: &T) -> Result<()> {
        let mut text = serde_json::to_string_pretty(value)
            .map_err(|e| Error::internal(format!("encoding JSON output: {e}")))?;
        text.push('\n');
        write_stdout(text.as_bytes())
    }

    /// Writes a value as one compact JSON line (a stream item).
    pub fn json_line<T: Serialize>(&self, value: &T) -> Result<()> {
        let mut text = serde_json::to_string(value)
            .map_err(|e| Error::internal(format!("encoding JSON output: {e}")))?;
        text.push('\n');
        write_stdout(text.as_bytes())
    }

    /// Prints a table with a header row.
    pub fn table(&self, header: &[&str], rows: Vec<Vec<String>>) -> Result<()> {
        self.line(render_table(header, rows))
    }

    /// Prints a two-column table of labelled values (no header).
    pub fn pairs(&self, rows: Vec<(String, String)>) -> Result<()> {
        let mut table = Table::new();
        table.load_style(presets::NOTHING);
        table.set_content_arrangement(ContentArrangement::Disabled);
        for (k, v) in rows {
            table.add_row(vec![k, v]);
        }
        let text: String = table
            .to_string()
            .lines()
            .map(|l| format!("{}\n", l.trim_end()))
            .collect();
        write_stdout(text.as_bytes())
    }

    /// A note for people on stderr (suppressed by `--quiet`).
    pub fn note(&self, text: impl AsRef<str>) {
        if !self.quiet {
            let _ = writeln!(std::io::stderr(), "{}", text.as_ref());
        }
    }

    /// A warning on stderr: something the command worked around (suppressed by `--quiet`, as
    /// notes are; errors never are).
    pub fn warn(&self, text: impl AsRef<str>) {
        if !self.quiet {
            let _ = writeln!(std::io::stderr(), "warning: {}", text.as_ref());
        }
    }

    /// A progress bar over `len` steps, drawn only on a terminal and when not quiet.
    pub fn progress(&self, len: u64, what: &str) -> ProgressBar {
        if self.quiet || !std::io::stderr().is_terminal() {
            return ProgressBar::hidden();
        }
        let bar = ProgressBar::new(len);
        let style = ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> ");
        bar.set_style(style);
        bar.set_message(what.to_string());
        bar
    }
}

/// Renders a table with a header row as text.
pub fn render_table(header: &[&str], rows: Vec<Vec<String>>) -> String {
    let mut table = Table::new();
    table.load_style(presets::UTF8_HORIZONTAL_ONLY);
    table.set_content_arrangement(ContentArrangement::Disabled);
    table.set_header(header.to_vec());
    for row in rows {
        table.add_row(row);
    }
    table.to_string()
}

/// A text on one line for a table cell: its whitespace collapsed, cut to `max` characters
/// with `…` at the cut.
pub fn one_line(text: &str, max: usize) -> String {
    let flat: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if flat.chars().count() <= max {
        return flat;
    }
    let cut: String = flat.chars().take(max.saturating_sub(1)).collect();
    format!("{cut}…")
}

fn write_stdout(bytes: &[u8]) -> Result<()> {
    let mut out = std::io::stdout().lock();
    // A closed stdout is an I/O error whose source says so; `main` exits quietly on it
    // (`Error::is_broken_pipe`).
    out.write_all(bytes)
        .and_then(|_| out.flush())
        .map_err(|e| Error::io(format!("writing to stdout: {e}")).with_source(e))
}
