//! The server side of the resident mind (`wis mind serve`): the model loaded once, and one
//! context kept from call to call, so a tick's prompt is read only from where it parts from
//! the last one, as the saved state does between processes, without loading or saving it.
//!
//! A call that allows `cache_prompt` continues the kept context; any other (a curve's or a
//! replay's, which must repeat exactly) gets a fresh context sized to it, as in-process. When
//! serving starts, the home's saved state is loaded into the kept context on the first call;
//! when it stops, the kept context is saved there, so the next tick loading the model itself
//! still finds its prompt read.

use std::path::Path;
use std::time::Instant;

use llama_cpp_2::context::LlamaContext;
use llama_cpp_2::token::LlamaToken;

use super::{EmbeddedOptions, Grammars, Loaded, generate, kv, settings};
use crate::base::config::Config;
use crate::base::exit::Result;
use crate::mind::resident::{Request, Response};

/// The model and the context it keeps between calls.
pub struct Resident {
    loaded: &'static Loaded,
    options: EmbeddedOptions,
    grammar: Grammars,
    /// The kept context and the tokens it holds, made on the first call that may keep it.
    kept: Option<(LlamaContext<'static>, Vec<LlamaToken>)>,
    /// The home's saved state: loaded on the first call, written when serving stops.
    state: Option<kv::StateFile>,
}

impl std::fmt::Debug for Resident {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Resident")
            .field("model", &self.loaded.path)
            .field("options", &self.options)
            .field("kept_tokens", &self.kept.as_ref().map(|(_, t)| t.len()))
            .finish()
    }
}

impl Resident {
    /// Loads the model a configuration names; `state_dir` is the home's cache folder.
    pub fn open(config: &Config, state_dir: &Path) -> Result<Resident> {
        let path = crate::mind::local::model_path(config)?;
        let options = EmbeddedOptions::from_config(config);
        if options.n_ctx == 0 {
            return Err(crate::base::exit::Error::config(
                "[context] n_ctx must be at least 1",
            ));
        }
        let loaded = super::backend::load(&path)?;
        let state = kv::StateFile::locate(state_dir, loaded, &settings(&options));
        Ok(Resident {
            loaded,
            options,
            grammar: Grammars::default(),
            kept: None,
            state,
        })
    }

    pub fn model(&self) -> &'static Loaded {
        self.loaded
    }

    pub fn options(&self) -> &EmbeddedOptions {
        &self.options
    }

    /// Answers one request: refused when it names another model or window, failed when the
    /// model fails on it as it would in-process.
    pub fn handle(&mut self, request: &Request) -> Response {
        let model = request
            .model
            .canonicalize()
            .unwrap_or(request.model.clone());
        if model != self.loaded.path {
            return Response::Refused {
                reason: format!(
                    "it serves {}, not {}",
                    self.loaded.path.display(),
                    request.model.display()
                ),
            };
        }
        if request.n_ctx != self.options.n_ctx {
            return Response::Refused {
                reason: format!(
                    "it serves a window of {} tokens, not {}",
                    self.options.n_ctx, request.n_ctx
                ),
            };
        }
        match self.complete(request) {
            Ok(out) => Response::Answered(out),
            Err(e) => Response::failed(&e),
        }
    }

    fn complete(&mut self, request: &Request) -> Result<generate::Generated> {
        let grammar = self.grammar.for_schema(&request.schema)?;
        let sampling = &request.sampling;
        if !sampling.cache_prompt {
            return generate::run(
                self.loaded,
                &self.options,
                &grammar,
                &request.document,
                sampling,
                None,
            );
        }
        let planned = generate::plan(self.loaded, &self.options, &request.document, sampling)?;
        let window = self.options.n_ctx as usize;
        let picker = super::sampler::Picker::new(&self.loaded.model, &grammar, sampling)?;
        let started = Instant::now();
        let (mut ctx, kept) = match self.kept.take() {
            Some(kept) => kept,
            None => {
                let mut ctx = generate::context(self.loaded, &self.options, window)?;
                let warm = self
                    .state
                    .as_ref()
                    .map_or(0, |s| s.restore(&mut ctx, &planned.tokens, window));
                (ctx, planned.tokens[..warm].to_vec())
            }
        };
        let reused = kv::keep_shared(&mut ctx, &kept, &planned.tokens);
        // Kept again only when the call ends well: a failure leaves the context's memory
        // unknown, and the next call starts it afresh.
        let (out, read) =
            generate::complete(self.loaded, &mut ctx, picker, planned, reused, started)?;
        self.kept = Some((ctx, read));
        Ok(out)
    }

    /// Saves the kept context as the home's state, for a tick that loads the model itself.
    pub fn keep_state(&self) -> std::result::Result<u64, String> {
        match (&self.kept, &self.state) {
            (Some((ctx, tokens)), Some(state)) => state.save(ctx, tokens),
            _ => Ok(0),
        }
    }
}
