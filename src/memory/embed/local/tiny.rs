//! A tiny BERT model written for tests: a 16-piece vocabulary, hidden size 8, two layers,
//! random weights from a seed, and the JSON files a model directory declares itself with.

use std::path::{Path, PathBuf};

use super::{LocalEmbedder, WEIGHTS_FILE};

const VOCAB: &[&str] = &[
    "[PAD]", "[UNK]", "[CLS]", "[SEP]", "the", "pump", "valve", "##s", "restart", ",", ".", "a",
    "fuse", "tin", "blue", "is",
];
/// The model's hidden size (and so its vectors' dimension).
pub const HIDDEN: usize = 8;
const INTER: usize = 16;
const POSITIONS: usize = 12;

/// A tensor to write: its name, shape and values.
pub type Tensor = (String, Vec<usize>, Vec<f32>);

/// Writes a safetensors file of F32 tensors, in the order given.
pub fn write_safetensors(path: &Path, tensors: &[Tensor]) {
    let mut header = serde_json::Map::new();
    let mut data = Vec::new();
    for (name, shape, values) in tensors {
        let begin = data.len();
        data.extend(values.iter().flat_map(|v| v.to_le_bytes()));
        header.insert(
            name.clone(),
            serde_json::json!({"dtype": "F32", "shape": shape, "data_offsets": [begin, data.len()]}),
        );
    }
    let header = serde_json::to_vec(&header).unwrap();
    let mut bytes = (header.len() as u64).to_le_bytes().to_vec();
    bytes.extend(header);
    bytes.extend(data);
    std::fs::write(path, bytes).unwrap();
}

/// The tensors of a 2-layer BERT of hidden size 8, with values drawn from `seed`.
pub fn weights(seed: u64) -> Vec<Tensor> {
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = move |n: usize| -> Vec<f32> {
        (0..n)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                (state >> 40) as f32 / (1u64 << 24) as f32 - 0.5
            })
            .collect()
    };
    let mut out = Vec::new();
    let mut put = |name: String, shape: Vec<usize>| {
        let n = shape.iter().product();
        out.push((name, shape, next(n)));
    };
    put(
        "embeddings.word_embeddings.weight".into(),
        vec![VOCAB.len(), HIDDEN],
    );
    put(
        "embeddings.position_embeddings.weight".into(),
        vec![POSITIONS, HIDDEN],
    );
    put(
        "embeddings.token_type_embeddings.weight".into(),
        vec![2, HIDDEN],
    );
    for part in ["weight", "bias"] {
        put(format!("embeddings.LayerNorm.{part}"), vec![HIDDEN]);
    }
    for l in 0..2 {
        let p = format!("encoder.layer.{l}");
        for (name, out_dim, in_dim) in [
            ("attention.self.query", HIDDEN, HIDDEN),
            ("attention.self.key", HIDDEN, HIDDEN),
            ("attention.self.value", HIDDEN, HIDDEN),
            ("attention.output.dense", HIDDEN, HIDDEN),
            ("intermediate.dense", INTER, HIDDEN),
            ("output.dense", HIDDEN, INTER),
        ] {
            put(format!("{p}.{name}.weight"), vec![out_dim, in_dim]);
            put(format!("{p}.{name}.bias"), vec![out_dim]);
        }
        for name in ["attention.output.LayerNorm", "output.LayerNorm"] {
            put(format!("{p}.{name}.weight"), vec![HIDDEN]);
            put(format!("{p}.{name}.bias"), vec![HIDDEN]);
        }
    }
    out
}

/// Writes a whole tiny model directory at `dir`.
pub fn tiny_model(dir: &Path, seed: u64) {
    std::fs::create_dir_all(dir.join("1_Pooling")).unwrap();
    let config = serde_json::json!({
        "model_type": "bert", "hidden_act": "gelu", "vocab_size": VOCAB.len(),
        "hidden_size": HIDDEN, "num_hidden_layers": 2, "num_attention_heads": 2,
        "intermediate_size": INTER, "max_position_embeddings": POSITIONS,
        "type_vocab_size": 2, "layer_norm_eps": 1e-12
    });
    let files = [
        ("config.json", config.to_string()),
        (
            "1_Pooling/config.json",
            format!(
                r#"{{"word_embedding_dimension": {HIDDEN}, "pooling_mode_mean_tokens": true}}"#
            ),
        ),
        (
            "sentence_bert_config.json",
            r#"{"max_seq_length": 8}"#.into(),
        ),
        ("tokenizer_config.json", r#"{"do_lower_case": true}"#.into()),
        ("vocab.txt", VOCAB.join("\n") + "\n"),
    ];
    for (name, body) in files {
        std::fs::write(dir.join(name), body).unwrap();
    }
    write_safetensors(&dir.join(WEIGHTS_FILE), &weights(seed));
}

pub fn tiny(seed: u64) -> (tempfile::TempDir, PathBuf, LocalEmbedder) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("tiny");
    tiny_model(&dir, seed);
    let e = LocalEmbedder::open(&dir, true).unwrap();
    (tmp, dir, e)
}
