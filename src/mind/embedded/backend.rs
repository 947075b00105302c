//! The process-wide llama.cpp state: the backend (initialised once), its logging, and the
//! loaded models (each file loaded once per process and kept, so many calls, or many minds
//! over the same file, pay the load once).

use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};
use std::time::Instant;

use llama_cpp_2::llama_backend::LlamaBackend;
use llama_cpp_2::model::LlamaModel;
use llama_cpp_2::model::params::LlamaModelParams;

use crate::base::exit::{Error, Result};
use crate::mind::gguf;

/// A model loaded for the life of the process.
#[derive(Debug)]
pub struct Loaded {
    pub model: LlamaModel,
    pub path: PathBuf,
    pub summary: gguf::Summary,
    /// How long llama.cpp took to load it, in milliseconds.
    pub load_ms: f64,
}

static BACKEND: OnceLock<std::result::Result<LlamaBackend, String>> = OnceLock::new();
static MODELS: Mutex<Vec<&'static Loaded>> = Mutex::new(Vec::new());

/// The llama.cpp backend, initialised on first use. Its log lines go nowhere unless
/// `WIS_LLAMA_LOG` is set, so a tick's stderr stays wis's own.
pub fn backend() -> Result<&'static LlamaBackend> {
    BACKEND
        .get_or_init(|| {
            let mut backend = LlamaBackend::init().map_err(|e| e.to_string())?;
            if crate::base::env::var(crate::base::env::LLAMA_LOG).is_none() {
                backend.void_logs();
            }
            Ok(backend)
        })
        .as_ref()
        .map_err(|e| Error::internal(format!("cannot start llama.cpp: {e}")))
}

/// Loads the GGUF at `path` (or returns the copy this process already loaded).
///
/// The file is checked by [`gguf::check`] first: a missing file is exit 66, a damaged one exit
/// 65, and neither reaches llama.cpp.
pub fn load(path: &Path) -> Result<&'static Loaded> {
    let canonical = path.canonicalize().map_err(|e| {
        Error::io_at(path, e).hint(
            "set [llm] model_path to an existing GGUF file; for the default model run scripts/fetch-model.sh",
        )
    })?;
    let mut models = MODELS
        .lock()
        .map_err(|_| Error::internal("the model cache lock is poisoned"))?;
    if let Some(loaded) = models.iter().find(|m| m.path == canonical) {
        return Ok(loaded);
    }
    let summary = gguf::check(&canonical)?;
    let backend = backend()?;
    let started = Instant::now();
    let model = LlamaModel::load_from_file(backend, &canonical, &LlamaModelParams::default())
        .map_err(|e| {
            Error::data(format!(
                "llama.cpp cannot load {}: {e}",
                canonical.display()
            ))
            .hint(format!(
                "the file is a GGUF (architecture {}) that this llama.cpp does not accept; set WIS_LLAMA_LOG=1 to see why",
                summary.architecture.as_deref().unwrap_or("unknown")
            ))
        })?;
    let loaded: &'static Loaded = Box::leak(Box::new(Loaded {
        model,
        path: canonical,
        summary,
        load_ms: started.elapsed().as_secs_f64() * 1000.0,
    }));
    models.push(loaded);
    Ok(loaded)
}
