//! The local embedder: a small sentence-embedding model run in this process, in pure Rust.
//!
//! A model is a directory as `scripts/fetch-embedder.sh` installs it (the default one is
//! all-MiniLM-L6-v2, at `<data dir>/models/all-minilm-l6-v2`): a BERT encoder's weights
//! (`model.safetensors`, F32), its WordPiece vocabulary (`vocab.txt`) and the JSON files that
//! declare its shape, pooling, truncation and tokenizer ([`spec`]). A text's vector is the
//! mean of its token vectors after the last layer, scaled to unit length; a text with no
//! words at all is the zero vector, as for the built-in embedder.
//!
//! The weights are read once per process and shared by every [`LocalEmbedder`] made for the
//! same directory. The model's name in vector metadata is the directory's name and a
//! fingerprint (SHA-256 of the declarations, the safetensors header, the vocabulary and the
//! first 64 bytes of every 64 KiB of weights), so a different model in the same place, or the
//! same model under new rules, makes stored vectors stale and `wis memory reembed` (or sleep)
//! catches up.

mod bert;
mod ops;
mod safetensors;
mod spec;
mod text;
mod wordpiece;

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use sha2::{Digest, Sha256};

use super::Embedder;
use crate::base::exit::{Error, Result};
use bert::Bert;
use spec::Spec;
use text::Rules;
use wordpiece::WordPiece;

/// The directory name of the default model under `<data dir>/models/`.
pub const DEFAULT_MODEL_DIR: &str = "all-minilm-l6-v2";
/// The weights file inside a model directory.
pub const WEIGHTS_FILE: &str = "model.safetensors";
/// Texts callers send in one call (inside, texts are packed into passes by [`BATCH_TOKENS`]).
const BATCH: usize = 64;
/// Most tokens packed into one forward pass; texts beyond go in the next.
const BATCH_TOKENS: usize = 2048;

/// Where `scripts/fetch-embedder.sh` installs the default model.
pub fn default_model_dir() -> Result<PathBuf> {
    Ok(crate::base::home::data_dir()?
        .join("models")
        .join(DEFAULT_MODEL_DIR))
}

/// A loaded model.
#[derive(Debug)]
pub struct Model {
    bert: Bert,
    tokenizer: WordPiece,
    spec: Spec,
    name: String,
}

impl Model {
    /// Reads and checks the model in `dir`.
    fn load(dir: &Path) -> Result<Model> {
        let spec = Spec::read(dir)?;
        let rules = Rules {
            lowercase: spec.lowercase,
            strip_accents: spec.strip_accents,
            chinese_chars: spec.chinese_chars,
        };
        let (tokenizer, vocab) = WordPiece::read(
            &dir.join("vocab.txt"),
            spec.vocab_size,
            rules,
            spec.max_tokens,
        )?;
        let mut tensors = safetensors::Tensors::open(&dir.join(WEIGHTS_FILE))?;
        let mut print = Sha256::new();
        print.update(format!("{spec:?}").as_bytes());
        print.update(&tensors.header);
        print.update(&vocab);
        let bert = Bert::load(&mut tensors, &spec, &mut |bytes| print.update(bytes))?;
        let hex: String = print.finalize()[..6]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        let base = dir
            .file_name()
            .map_or_else(|| "model".into(), |n| n.to_string_lossy().into_owned());
        Ok(Model {
            bert,
            tokenizer,
            spec,
            name: format!("{base}@{hex}"),
        })
    }

    /// The token ids of one text as the model reads it.
    pub fn tokens(&self, text: &str) -> Vec<u32> {
        self.tokenizer.encode(text)
    }

    /// Unit vectors of token sequences (each `[CLS] … [SEP]`).
    pub fn vectors(&self, seqs: &[&[u32]]) -> Vec<Vec<f32>> {
        self.bert.embed(seqs)
    }
}

/// Models read in this process, by directory.
static LOADED: Mutex<Vec<(PathBuf, Arc<Model>)>> = Mutex::new(Vec::new());

/// The model in `dir`, read now unless this process already has it.
fn shared(dir: &Path) -> Result<Arc<Model>> {
    let key = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    let mut loaded = LOADED.lock().unwrap_or_else(|poison| poison.into_inner());
    if let Some((_, model)) = loaded.iter().find(|(p, _)| *p == key) {
        return Ok(Arc::clone(model));
    }
    let model = Arc::new(Model::load(dir)?);
    loaded.push((key, Arc::clone(&model)));
    Ok(model)
}

/// A sentence-embedding model run in process.
#[derive(Debug, Clone)]
pub struct LocalEmbedder {
    model: Arc<Model>,
}

impl LocalEmbedder {
    /// The model in `dir` (`configured`: named by `[embed] model_path`, rather than the
    /// default). A missing model is exit 66, a damaged or foreign one exit 65, each with the
    /// way out.
    pub fn open(dir: &Path, configured: bool) -> Result<LocalEmbedder> {
        if !dir.join(WEIGHTS_FILE).is_file() {
            let what = if configured {
                "[embed] model_path"
            } else {
                "the default embedding model"
            };
            return Err(
                Error::no_input(format!("{what} {} has no {WEIGHTS_FILE}", dir.display())).hint(
                    "run scripts/fetch-embedder.sh (it installs all-MiniLM-L6-v2 in wis's data \
                 directory), point [embed] model_path at a model directory, or set [embed] \
                 backend = \"hash\"",
                ),
            );
        }
        let model = shared(dir).map_err(|e| {
            let hint = e.hint.clone().unwrap_or_else(|| {
                "the model directory is damaged or holds a model this embedder cannot run; \
                 run scripts/fetch-embedder.sh to install the default one anew"
                    .into()
            });
            e.context(format!("embedding model {}", dir.display()))
                .hint(hint)
        })?;
        Ok(LocalEmbedder { model })
    }

    pub fn model_ref(&self) -> &Model {
        &self.model
    }
}

impl Embedder for LocalEmbedder {
    fn backend(&self) -> &str {
        "local"
    }
    fn model(&self) -> &str {
        &self.model.name
    }
    fn dim(&self) -> Option<usize> {
        Some(self.model.spec.hidden)
    }
    fn max_batch(&self) -> usize {
        BATCH
    }
    fn calibration(&self) -> super::Calibration {
        super::Calibration::MINILM
    }
    fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>> {
        let dim = self.model.spec.hidden;
        let seqs: Vec<Vec<u32>> = texts.iter().map(|t| self.model.tokens(t)).collect();
        let mut out = vec![Vec::new(); texts.len()];
        let mut batch: Vec<usize> = Vec::new();
        let mut tokens = 0;
        let run = |batch: &mut Vec<usize>, out: &mut Vec<Vec<f32>>| {
            let group: Vec<&[u32]> = batch.iter().map(|i| seqs[*i].as_slice()).collect();
            for (i, v) in batch.drain(..).zip(self.model.vectors(&group)) {
                out[i] = v;
            }
        };
        for (i, seq) in seqs.iter().enumerate() {
            // [CLS] and [SEP] alone: nothing to embed.
            if seq.len() <= 2 {
                out[i] = vec![0.0; dim];
                continue;
            }
            if tokens + seq.len() > BATCH_TOKENS && !batch.is_empty() {
                run(&mut batch, &mut out);
                tokens = 0;
            }
            tokens += seq.len();
            batch.push(i);
        }
        if !batch.is_empty() {
            run(&mut batch, &mut out);
        }
        Ok(out)
    }
}

#[cfg(test)]
pub(crate) mod reference_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
pub(crate) mod tiny;
