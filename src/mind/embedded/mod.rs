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
//! after the shared prefix are read (see [`kv`]).
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
mod sampler;

use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::base::config::Config;
use crate::base::exit::{Error, Result};
use crate::mind::{Mind, Prompt, Reply, Sampling, Usage};

pub use backend::Loaded;

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

/// A GGUF model run in-process by llama.cpp.
#[derive(Debug)]
pub struct EmbeddedMind {
    loaded: &'static Loaded,
    options: EmbeddedOptions,
    /// The last schema seen and its grammar (a tick's schema changes only on a grant).
    grammar: Option<(String, String)>,
    /// Where the state of the last prompt is kept between processes; `None`: not kept.
    state_dir: Option<PathBuf>,
    /// The state file for this model and these settings, once located.
    state: Option<Option<kv::StateFile>>,
}

/// Opens the embedded mind for a configuration: `[llm] model_path` or the default model. With
/// `state_dir`, calls that allow `cache_prompt` keep their state there between processes.
pub fn open_embedded(config: &Config, state_dir: Option<&Path>) -> Result<Box<dyn Mind>> {
    let path = crate::mind::local::model_path(config)?;
    let mut mind = EmbeddedMind::load(&path, EmbeddedOptions::from_config(config))?;
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
        Ok(EmbeddedMind {
            loaded: backend::load(path)?,
            options,
            grammar: None,
            state_dir: None,
            state: None,
        })
    }

    /// Keeps the state of the last prompt in `dir` between processes (the folder is made when
    /// the first state is saved), for calls that allow `cache_prompt`.
    pub fn keep_state_in(mut self, dir: &Path) -> EmbeddedMind {
        self.state_dir = Some(dir.to_path_buf());
        self.state = None;
        self
    }

    /// The state file calls of this mind use, located on first use.
    fn state_file(&mut self) -> Option<kv::StateFile> {
        let dir = self.state_dir.as_ref()?;
        self.state
            .get_or_insert_with(|| {
                let settings = kv::Settings {
                    window: self.options.n_ctx,
                    batch: generate::BATCH as u32,
                };
                kv::StateFile::locate(dir, self.loaded, &settings)
            })
            .clone()
    }

    /// Milliseconds llama.cpp took to load the model (once per process).
    pub fn load_ms(&self) -> f64 {
        self.loaded.load_ms
    }

    pub fn model(&self) -> &'static Loaded {
        self.loaded
    }

    pub fn options(&self) -> &EmbeddedOptions {
        &self.options
    }

    /// The GBNF grammar for an action schema (cached for the last schema).
    fn grammar_for(&mut self, schema: &serde_json::Value) -> Result<String> {
        let text = schema.to_string();
        if let Some((seen, grammar)) = &self.grammar
            && *seen == text
        {
            return Ok(grammar.clone());
        }
        let grammar = grammar_for_schema(schema)?;
        self.grammar = Some((text, grammar.clone()));
        Ok(grammar)
    }
}

/// Turns an action schema into a GBNF grammar with llama.cpp's own converter (the same one
/// llama-server applies to `json_schema`).
pub fn grammar_for_schema(schema: &serde_json::Value) -> Result<String> {
    llama_cpp_2::json_schema_to_grammar(&schema.to_string())
        .map_err(|e| Error::internal(format!("cannot turn the action schema into a grammar: {e}")))
}

impl Mind for EmbeddedMind {
    fn count_tokens(&mut self, text: &str) -> Option<usize> {
        Some(
            self.loaded
                .model
                .vocab()
                .tokenize(text.as_bytes(), true, false)
                .len(),
        )
    }

    fn describe(&self) -> String {
        let s = &self.loaded.summary;
        let file = self
            .loaded
            .path
            .file_name()
            .map_or_else(String::new, |f| f.to_string_lossy().into_owned());
        format!(
            "embedded llama.cpp: {file} ({}, {} threads, n_ctx {})",
            s.architecture.as_deref().unwrap_or("unknown architecture"),
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
        let grammar = self.grammar_for(schema)?;
        let state = if sampling.cache_prompt {
            self.state_file()
        } else {
            None
        };
        let out = generate::run(
            self.loaded,
            &self.options,
            &grammar,
            &prompt.document(),
            sampling,
            state.as_ref(),
        )?;
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
                .loaded
                .path
                .file_name()
                .map(|f| f.to_string_lossy().into_owned()),
        })
    }
}
