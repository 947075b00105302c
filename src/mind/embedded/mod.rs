//! The embedded mind: llama.cpp in-process (the `embedded` cargo feature).
//!
//! A GGUF model is checked ([`crate::mind::gguf`]) and loaded once per process; each call gets
//! a fresh context sized to its prompt (so a call without `cache_prompt` repeats exactly),
//! runs on the configured threads (default: every
//! available core; llama.cpp's own default was about 100 times slower on two cores), and
//! samples under a grammar made from the action schema, so every finished reply parses.
//! The sampler follows llama-server's default chain, so a seed and a temperature mean the same
//! here as on the HTTP path; temperature 0 is greedy. With `cache_prompt` and a state folder
//! (a tick gives the home's `cache/`), the previous call's state is loaded and only the tokens
//! after the shared prefix are read (see [`kv`]). When `wis mind serve` keeps the model
//! resident for the home (its socket in that folder, see [`crate::mind::resident`]), a call is
//! sent there and the model is not loaded in this process at all, unless the server cannot
//! take it.
//!
//! Building: `cargo build --release --features embedded` needs cmake, a C++ compiler and
//! libclang (Debian: `cmake g++ libclang-dev`); llama.cpp compiles from source once per target
//! directory and profile (about 10 minutes on two busy cores). The x86-64-v3 vector flags come
//! from `.cargo/config.toml`, so no `RUSTFLAGS` are needed. Switching the feature on and off
//! recompiles only wis; `cargo check`/`clippy` keep a llama.cpp build of their own beside the
//! one `cargo build`/`test` use. `WIS_LLAMA_LOG=1` shows llama.cpp's own log lines.

mod backend;
mod generate;
mod kv;
mod resident;
mod sampler;

use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::base::config::Config;
use crate::base::exit::{Error, Result};
use crate::mind::{Mind, Prompt, Reply, Sampling, Usage};

pub use backend::Loaded;
pub use resident::Resident;

/// How the embedded mind runs, from `[llm]` and `[context]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmbeddedOptions {
    /// The window a prompt plus its reply must fit, in tokens (`[context] n_ctx`).
    pub n_ctx: u32,
    /// Threads for prompt and generation; 0 means the available cores.
    pub threads: u32,
    /// A reply longer than this many characters is cut (`[llm] max_reply_chars`).
    pub max_reply_chars: usize,
}

impl EmbeddedOptions {
    pub fn from_config(config: &Config) -> EmbeddedOptions {
        EmbeddedOptions {
            n_ctx: config.context.n_ctx,
            threads: config.llm.threads,
            max_reply_chars: config.llm.max_reply_chars,
        }
    }

    /// The thread count to use: the configured one, else the available cores.
    pub fn effective_threads(&self) -> u32 {
        if self.threads > 0 {
            return self.threads;
        }
        std::thread::available_parallelism().map_or(1, |n: NonZeroUsize| n.get() as u32)
    }
}

/// A GGUF model run in-process by llama.cpp, or by the home's resident mind.
#[derive(Debug)]
pub struct EmbeddedMind {
    /// The GGUF, as configured.
    path: PathBuf,
    /// The model, once loaded in this process (not at all while a resident mind answers).
    loaded: Option<&'static Loaded>,
    options: EmbeddedOptions,
    /// The resident mind's socket and how long to wait for its answer.
    resident: Option<(PathBuf, Duration)>,
    /// The last schema seen and its grammar (a tick's schema changes only on a grant).
    grammar: Grammars,
    /// Where the state of the last prompt is kept between processes; `None`: not kept.
    state_dir: Option<PathBuf>,
    /// The state file for this model and these settings, once located.
    state: Option<Option<kv::StateFile>>,
}

/// Opens the embedded mind for a configuration: `[llm] model_path` or the default model. With
/// `state_dir`, calls that allow `cache_prompt` keep their state there between processes.
///
/// When a resident mind listens in `state_dir`, the model is loaded in this process only if
/// it cannot take a call.
pub fn open_embedded(config: &Config, state_dir: Option<&Path>) -> Result<Box<dyn Mind>> {
    let path = crate::mind::local::model_path(config)?;
    let options = EmbeddedOptions::from_config(config);
    let socket = state_dir.map(crate::mind::resident::socket_in);
    let mut mind = match socket.filter(|s| s.exists()) {
        Some(socket) => {
            let wait = Duration::from_secs(config.llm.timeout_secs.max(1));
            EmbeddedMind::unloaded(&path, options)?.with_resident(socket, wait)
        }
        None => EmbeddedMind::load(&path, options)?,
    };
    if let Some(dir) = state_dir {
        mind = mind.keep_state_in(dir);
    }
    Ok(Box::new(mind))
}

impl EmbeddedMind {
    /// Checks and loads the GGUF at `path` (once per process). A missing file is exit 66, a
    /// file that is not a usable GGUF exit 65.
    pub fn load(path: &Path, options: EmbeddedOptions) -> Result<EmbeddedMind> {
        if options.n_ctx == 0 {
            return Err(Error::config("[context] n_ctx must be at least 1"));
        }
        let loaded = backend::load(path)?;
        let mut mind = EmbeddedMind::unloaded(path, options)?;
        mind.loaded = Some(loaded);
        Ok(mind)
    }

    /// The mind for the GGUF at `path`, loaded on its first call in this process.
    fn unloaded(path: &Path, options: EmbeddedOptions) -> Result<EmbeddedMind> {
        if options.n_ctx == 0 {
            return Err(Error::config("[context] n_ctx must be at least 1"));
        }
        Ok(EmbeddedMind {
            path: path.to_path_buf(),
            loaded: None,
            options,
            resident: None,
            grammar: Grammars::default(),
            state_dir: None,
            state: None,
        })
    }

    /// Sends calls to the resident mind listening at `socket` first, waiting up to `wait` for
    /// each answer.
    pub fn with_resident(mut self, socket: PathBuf, wait: Duration) -> EmbeddedMind {
        self.resident = Some((socket, wait));
        self
    }

    /// The model, loaded in this process on first need.
    fn loaded(&mut self) -> Result<&'static Loaded> {
        if let Some(loaded) = self.loaded {
            return Ok(loaded);
        }
        let loaded = backend::load(&self.path)?;
        self.loaded = Some(loaded);
        Ok(loaded)
    }

    /// Keeps the state of the last prompt in `dir` between processes (the folder is made when
    /// the first state is saved), for calls that allow `cache_prompt`.
    pub fn keep_state_in(mut self, dir: &Path) -> EmbeddedMind {
        self.state_dir = Some(dir.to_path_buf());
        self.state = None;
        self
    }

    /// The state file calls of this mind use, located on first use.
    fn state_file(&mut self, loaded: &Loaded) -> Option<kv::StateFile> {
        let dir = self.state_dir.as_ref()?;
        self.state
            .get_or_insert_with(|| kv::StateFile::locate(dir, loaded, &settings(&self.options)))
            .clone()
    }

    /// The model, when it is loaded in this process.
    pub fn model(&self) -> Option<&'static Loaded> {
        self.loaded
    }

    /// Asks the resident mind, when there is one that takes the call. `None`: load the model
    /// here and do it in-process (a warning says why, when a server was expected).
    fn ask_resident(
        &mut self,
        prompt: &Prompt,
        schema: &serde_json::Value,
        sampling: &Sampling,
    ) -> Result<Option<generate::Generated>> {
        let Some((socket, wait)) = &self.resident else {
            return Ok(None);
        };
        let request = crate::mind::resident::Request {
            protocol: crate::mind::resident::PROTOCOL,
            model: self
                .path
                .canonicalize()
                .unwrap_or_else(|_| self.path.clone()),
            n_ctx: self.options.n_ctx,
            schema: schema.clone(),
            document: prompt.document(),
            sampling: sampling.clone(),
        };
        match crate::mind::resident::ask(socket, &request, *wait)? {
            crate::mind::resident::Asked::Answered(a) => Ok(Some(a)),
            crate::mind::resident::Asked::NotHere(why) => {
                crate::base::output::warn(format!("{why}; loading the model in this process"));
                self.resident = None;
                Ok(None)
            }
        }
    }

    pub fn options(&self) -> &EmbeddedOptions {
        &self.options
    }
}

/// The grammar of the last action schema seen (a tick's schema changes only on a grant).
#[derive(Debug, Default)]
struct Grammars {
    last: Option<(String, String)>,
}

impl Grammars {
    /// The GBNF grammar for `schema`, made again only when the schema changed.
    fn for_schema(&mut self, schema: &serde_json::Value) -> Result<String> {
        let text = schema.to_string();
        if let Some((seen, grammar)) = &self.last
            && *seen == text
        {
            return Ok(grammar.clone());
        }
        let grammar = grammar_for_schema(schema)?;
        self.last = Some((text, grammar.clone()));
        Ok(grammar)
    }
}

/// Turns an action schema into a GBNF grammar with llama.cpp's own converter (the same one
/// llama-server applies to `json_schema`).
pub fn grammar_for_schema(schema: &serde_json::Value) -> Result<String> {
    llama_cpp_2::json_schema_to_grammar(&schema.to_string())
        .map_err(|e| Error::internal(format!("cannot turn the action schema into a grammar: {e}")))
}

/// The context settings a saved state depends on.
fn settings(options: &EmbeddedOptions) -> kv::Settings {
    kv::Settings {
        window: options.n_ctx,
        batch: generate::BATCH as u32,
    }
}

impl Mind for EmbeddedMind {
    fn count_tokens(&mut self, text: &str) -> Option<usize> {
        let loaded = self.loaded().ok()?;
        Some(
            loaded
                .model
                .vocab()
                .tokenize(text.as_bytes(), true, false)
                .len(),
        )
    }

    fn describe(&self) -> String {
        let file = self
            .path
            .file_name()
            .map_or_else(String::new, |f| f.to_string_lossy().into_owned());
        let Some(loaded) = self.loaded else {
            let by = self
                .resident
                .as_ref()
                .map_or_else(String::new, |(socket, _)| {
                    format!(", by the resident mind at {}", socket.display())
                });
            return format!(
                "embedded llama.cpp: {file} (n_ctx {}{by})",
                self.options.n_ctx
            );
        };
        format!(
            "embedded llama.cpp: {file} ({}, {} threads, n_ctx {})",
            loaded
                .summary
                .architecture
                .as_deref()
                .unwrap_or("unknown architecture"),
            self.options.effective_threads(),
            self.options.n_ctx
        )
    }

    fn complete(
        &mut self,
        prompt: &Prompt,
        schema: &serde_json::Value,
        sampling: &Sampling,
    ) -> Result<Reply> {
        let started = Instant::now();
        let out = match self.ask_resident(prompt, schema, sampling)? {
            Some(out) => out,
            None => {
                let loaded = self.loaded()?;
                let grammar = self.grammar.for_schema(schema)?;
                let state = if sampling.cache_prompt {
                    self.state_file(loaded)
                } else {
                    None
                };
                generate::run(
                    loaded,
                    &self.options,
                    &grammar,
                    &prompt.document(),
                    sampling,
                    state.as_ref(),
                )?
            }
        };
        let text = String::from_utf8_lossy(&out.bytes);
        let cut = text.chars().count() > self.options.max_reply_chars;
        let text: String = text.chars().take(self.options.max_reply_chars).collect();
        Ok(Reply {
            text,
            truncated: out.hit_limit || cut,
            usage: Usage {
                prompt_tokens: Some(out.prompt_tokens),
                cached_tokens: Some(out.reused_tokens),
                completion_tokens: Some(out.completion_tokens),
                prompt_ms: Some(out.prompt_ms),
                predicted_ms: Some(out.predicted_ms),
            },
            elapsed_ms: started.elapsed().as_millis() as u64,
            model: self
                .path
                .file_name()
                .map(|f| f.to_string_lossy().into_owned()),
        })
    }
}
