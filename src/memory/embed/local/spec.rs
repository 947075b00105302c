//! What a model directory declares about its model, read from the JSON files that ship beside
//! the weights and checked against what this embedder runs: a BERT encoder (`config.json`),
//! mean pooling (`1_Pooling/config.json`), a truncation length (`sentence_bert_config.json`)
//! and an uncased or cased WordPiece tokenizer (`tokenizer_config.json`).
//!
//! A model this embedder cannot run exactly (another architecture, activation, position
//! scheme or pooling) is refused with a data error naming the file and the key, never run
//! approximately. Keys these files carry for other tools are ignored.

use std::path::Path;

use serde::Deserialize;
use serde::de::DeserializeOwned;

use crate::base::exit::{Error, Result};

/// The shapes and settings the forward pass and the tokenizer follow.
#[derive(Debug, Clone, PartialEq)]
pub struct Spec {
    pub vocab_size: usize,
    pub hidden: usize,
    pub layers: usize,
    pub heads: usize,
    pub intermediate: usize,
    pub max_positions: usize,
    pub type_vocab: usize,
    pub layer_norm_eps: f32,
    /// Most tokens of one text, `[CLS]` and `[SEP]` included; the rest is cut off.
    pub max_tokens: usize,
    pub lowercase: bool,
    pub strip_accents: bool,
    pub chinese_chars: bool,
}

#[derive(Deserialize)]
struct BertConfig {
    model_type: String,
    hidden_act: String,
    #[serde(default = "absolute")]
    position_embedding_type: String,
    vocab_size: usize,
    hidden_size: usize,
    num_hidden_layers: usize,
    num_attention_heads: usize,
    intermediate_size: usize,
    max_position_embeddings: usize,
    type_vocab_size: usize,
    layer_norm_eps: f32,
}

fn absolute() -> String {
    "absolute".into()
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Pooling {
    word_embedding_dimension: usize,
    pooling_mode_mean_tokens: bool,
    pooling_mode_cls_token: bool,
    pooling_mode_max_tokens: bool,
    pooling_mode_mean_sqrt_len_tokens: bool,
    pooling_mode_weightedmean_tokens: bool,
    pooling_mode_lasttoken: bool,
}

#[derive(Deserialize)]
struct SentenceConfig {
    max_seq_length: usize,
}

#[derive(Deserialize)]
#[serde(default)]
struct TokenizerConfig {
    do_lower_case: bool,
    strip_accents: Option<bool>,
    tokenize_chinese_chars: bool,
    tokenizer_class: Option<String>,
}

impl Default for TokenizerConfig {
    fn default() -> Self {
        TokenizerConfig {
            do_lower_case: true,
            strip_accents: None,
            tokenize_chinese_chars: true,
            tokenizer_class: None,
        }
    }
}

/// Reads one JSON file of the model directory.
fn read<T: DeserializeOwned>(dir: &Path, name: &str) -> Result<T> {
    let path = dir.join(name);
    let bytes = std::fs::read(&path).map_err(|e| Error::io_at(&path, e))?;
    serde_json::from_slice(&bytes).map_err(|e| Error::data(format!("{name}: {e}")))
}

impl Spec {
    /// Reads and checks the model directory's declarations.
    pub fn read(dir: &Path) -> Result<Spec> {
        let bert: BertConfig = read(dir, "config.json")?;
        let pooling: Pooling = read(dir, "1_Pooling/config.json")?;
        let sentence: SentenceConfig = read(dir, "sentence_bert_config.json")?;
        let tokenizer: TokenizerConfig = read(dir, "tokenizer_config.json")?;
        let refuse = |file: &str, why: String| Err(Error::data(format!("{file}: {why}")));
        if bert.model_type != "bert" {
            return refuse(
                "config.json",
                format!("model_type {:?}, not \"bert\"", bert.model_type),
            );
        }
        if bert.hidden_act != "gelu" {
            return refuse(
                "config.json",
                format!("hidden_act {:?}, not \"gelu\"", bert.hidden_act),
            );
        }
        if bert.position_embedding_type != "absolute" {
            return refuse(
                "config.json",
                format!(
                    "position_embedding_type {:?}, not \"absolute\"",
                    bert.position_embedding_type
                ),
            );
        }
        let dims = [
            bert.vocab_size,
            bert.hidden_size,
            bert.num_hidden_layers,
            bert.num_attention_heads,
            bert.intermediate_size,
            bert.type_vocab_size,
        ];
        if dims.contains(&0) || bert.hidden_size % bert.num_attention_heads != 0 {
            return refuse("config.json", format!("inconsistent dimensions {dims:?}"));
        }
        if bert.max_position_embeddings < 3
            || !bert.layer_norm_eps.is_finite()
            || bert.layer_norm_eps <= 0.0
        {
            return refuse(
                "config.json",
                "max_position_embeddings or layer_norm_eps out of range".into(),
            );
        }
        let other_pooling = pooling.pooling_mode_cls_token
            || pooling.pooling_mode_max_tokens
            || pooling.pooling_mode_mean_sqrt_len_tokens
            || pooling.pooling_mode_weightedmean_tokens
            || pooling.pooling_mode_lasttoken;
        if !pooling.pooling_mode_mean_tokens || other_pooling {
            return refuse(
                "1_Pooling/config.json",
                "this embedder pools by the mean of tokens only".into(),
            );
        }
        if pooling.word_embedding_dimension != bert.hidden_size {
            return refuse(
                "1_Pooling/config.json",
                format!(
                    "word_embedding_dimension {} is not the hidden size {}",
                    pooling.word_embedding_dimension, bert.hidden_size
                ),
            );
        }
        if let Some(class) = tokenizer.tokenizer_class.as_deref()
            && !class.starts_with("BertTokenizer")
        {
            return refuse(
                "tokenizer_config.json",
                format!("tokenizer_class {class:?} is not a BERT WordPiece tokenizer"),
            );
        }
        if sentence.max_seq_length < 3 {
            return refuse("sentence_bert_config.json", "max_seq_length under 3".into());
        }
        Ok(Spec {
            vocab_size: bert.vocab_size,
            hidden: bert.hidden_size,
            layers: bert.num_hidden_layers,
            heads: bert.num_attention_heads,
            intermediate: bert.intermediate_size,
            max_positions: bert.max_position_embeddings,
            type_vocab: bert.type_vocab_size,
            layer_norm_eps: bert.layer_norm_eps,
            max_tokens: sentence.max_seq_length.min(bert.max_position_embeddings),
            lowercase: tokenizer.do_lower_case,
            strip_accents: tokenizer.strip_accents.unwrap_or(tokenizer.do_lower_case),
            chinese_chars: tokenizer.tokenize_chinese_chars,
        })
    }
}
