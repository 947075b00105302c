//! The BERT encoder's weights and its forward pass, ending in the sentence vector: the mean of
//! a text's token vectors, scaled to unit length.
//!
//! Several texts go through together, packed without padding: the per-token layers (the
//! embeddings, every linear layer, the layer norms, GELU) run once over all the tokens of the
//! batch as one matrix, and attention runs per text and head over that text's own rows, so
//! no text sees another and no work is spent on padding. Every tensor is read with the shape
//! `config.json` implies, so a weights file of another shape is refused before it is used.

use super::ops::{self, View, gelu, layer_norm, linear};
use super::safetensors::Tensors;
use super::spec::Spec;
use crate::base::exit::Result;

/// One encoder layer.
#[derive(Debug)]
struct Layer {
    query: (Vec<f32>, Vec<f32>),
    key: (Vec<f32>, Vec<f32>),
    value: (Vec<f32>, Vec<f32>),
    attn_out: (Vec<f32>, Vec<f32>),
    attn_norm: (Vec<f32>, Vec<f32>),
    up: (Vec<f32>, Vec<f32>),
    down: (Vec<f32>, Vec<f32>),
    out_norm: (Vec<f32>, Vec<f32>),
}

/// The encoder.
#[derive(Debug)]
pub struct Bert {
    spec: Spec,
    word: Vec<f32>,
    position: Vec<f32>,
    token_type: Vec<f32>,
    embed_norm: (Vec<f32>, Vec<f32>),
    layers: Vec<Layer>,
}

/// Reads tensors by name under an optional prefix (`bert.` in some checkpoints).
struct Loader<'a> {
    tensors: &'a mut Tensors,
    prefix: &'static str,
    sample: &'a mut dyn FnMut(&[u8]),
}

impl Loader<'_> {
    fn get(&mut self, name: &str, shape: &[usize]) -> Result<Vec<f32>> {
        let full = format!("{}{name}", self.prefix);
        self.tensors.f32(&full, shape, self.sample)
    }

    /// A weight (`n_out × n_in`) and its bias.
    fn dense(&mut self, name: &str, n_out: usize, n_in: usize) -> Result<(Vec<f32>, Vec<f32>)> {
        Ok((
            self.get(&format!("{name}.weight"), &[n_out, n_in])?,
            self.get(&format!("{name}.bias"), &[n_out])?,
        ))
    }

    /// A layer norm's gain and shift.
    fn norm(&mut self, name: &str, n: usize) -> Result<(Vec<f32>, Vec<f32>)> {
        Ok((
            self.get(&format!("{name}.weight"), &[n])?,
            self.get(&format!("{name}.bias"), &[n])?,
        ))
    }
}

impl Bert {
    /// Reads every weight the forward pass uses, each of the shape `spec` implies; `sample`
    /// sees the bytes as they are read.
    pub fn load(tensors: &mut Tensors, spec: &Spec, sample: &mut dyn FnMut(&[u8])) -> Result<Bert> {
        let prefix = if tensors.entry("embeddings.word_embeddings.weight").is_none()
            && tensors
                .entry("bert.embeddings.word_embeddings.weight")
                .is_some()
        {
            "bert."
        } else {
            ""
        };
        let (h, i) = (spec.hidden, spec.intermediate);
        let mut l = Loader {
            tensors,
            prefix,
            sample,
        };
        let word = l.get("embeddings.word_embeddings.weight", &[spec.vocab_size, h])?;
        let position = l.get(
            "embeddings.position_embeddings.weight",
            &[spec.max_positions, h],
        )?;
        let token_type = l.get(
            "embeddings.token_type_embeddings.weight",
            &[spec.type_vocab, h],
        )?;
        let embed_norm = l.norm("embeddings.LayerNorm", h)?;
        let mut layers = Vec::with_capacity(spec.layers);
        for n in 0..spec.layers {
            let p = format!("encoder.layer.{n}");
            layers.push(Layer {
                query: l.dense(&format!("{p}.attention.self.query"), h, h)?,
                key: l.dense(&format!("{p}.attention.self.key"), h, h)?,
                value: l.dense(&format!("{p}.attention.self.value"), h, h)?,
                attn_out: l.dense(&format!("{p}.attention.output.dense"), h, h)?,
                attn_norm: l.norm(&format!("{p}.attention.output.LayerNorm"), h)?,
                up: l.dense(&format!("{p}.intermediate.dense"), i, h)?,
                down: l.dense(&format!("{p}.output.dense"), h, i)?,
                out_norm: l.norm(&format!("{p}.output.LayerNorm"), h)?,
            });
        }
        Ok(Bert {
            spec: spec.clone(),
            word,
            position,
            token_type,
            embed_norm,
            layers,
        })
    }

    /// The mean-pooled, unit-length vector of each token sequence. Every sequence must be
    /// non-empty, no longer than the model's positions, of ids inside its vocabulary.
    pub fn embed(&self, seqs: &[&[u32]]) -> Vec<Vec<f32>> {
        let h = self.spec.hidden;
        let spans = spans(seqs);
        let rows = spans.last().map_or(0, |s| s.1);
        let mut x = Vec::with_capacity(rows * h);
        for seq in seqs {
            assert!(
                !seq.is_empty() && seq.len() <= self.spec.max_positions,
                "sequence length"
            );
            for (pos, id) in seq.iter().enumerate() {
                let word = &self.word[*id as usize * h..][..h];
                let place = &self.position[pos * h..][..h];
                let kind = &self.token_type[..h];
                x.extend((0..h).map(|j| word[j] + place[j] + kind[j]));
            }
        }
        let eps = self.spec.layer_norm_eps;
        layer_norm(&mut x, &self.embed_norm.0, &self.embed_norm.1, eps);
        for layer in &self.layers {
            x = self.layer(layer, x, rows, &spans);
        }
        spans
            .iter()
            .map(|&(a, b)| {
                let mut v = vec![0.0f32; h];
                for row in x[a * h..b * h].chunks_exact(h) {
                    v.iter_mut().zip(row).for_each(|(s, r)| *s += r);
                }
                v.iter_mut().for_each(|s| *s /= (b - a) as f32);
                crate::memory::embed::normalize(&mut v);
                v
            })
            .collect()
    }

    /// One encoder layer over the packed rows.
    fn layer(&self, l: &Layer, x: Vec<f32>, rows: usize, spans: &[(usize, usize)]) -> Vec<f32> {
        let (h, i, eps) = (
            self.spec.hidden,
            self.spec.intermediate,
            self.spec.layer_norm_eps,
        );
        let q = linear(&x, rows, h, &l.query.0, &l.query.1);
        let k = linear(&x, rows, h, &l.key.0, &l.key.1);
        let v = linear(&x, rows, h, &l.value.0, &l.value.1);
        let context = self.attention(&q, &k, &v, rows, spans);
        let mut mid = linear(&context, rows, h, &l.attn_out.0, &l.attn_out.1);
        mid.iter_mut().zip(&x).for_each(|(m, r)| *m += r);
        layer_norm(&mut mid, &l.attn_norm.0, &l.attn_norm.1, eps);
        let mut up = linear(&mid, rows, h, &l.up.0, &l.up.1);
        gelu(&mut up);
        let mut out = linear(&up, rows, i, &l.down.0, &l.down.1);
        out.iter_mut().zip(&mid).for_each(|(o, r)| *o += r);
        layer_norm(&mut out, &l.out_norm.0, &l.out_norm.1, eps);
        out
    }

    /// Scaled dot-product attention of each text over its own rows, head by head.
    fn attention(
        &self,
        q: &[f32],
        k: &[f32],
        v: &[f32],
        rows: usize,
        spans: &[(usize, usize)],
    ) -> Vec<f32> {
        let (h, heads) = (self.spec.hidden, self.spec.heads);
        let d = h / heads;
        let scale = 1.0 / (d as f32).sqrt();
        let mut context = vec![0.0f32; rows * h];
        let mut scores = Vec::new();
        for &(a, b) in spans {
            let n = b - a;
            scores.resize(n * n, 0.0);
            // Head `j` of rows a..b: n × d, row stride h, starting at column j·d.
            let head = View {
                rows: n,
                cols: d,
                rs: h,
                cs: 1,
            };
            for j in 0..heads {
                let at = a * h + j * d;
                ops::gemm(
                    scale,
                    &q[at..],
                    head,
                    &k[at..],
                    head.t(),
                    0.0,
                    &mut scores,
                    View::rows(n, n),
                );
                ops::softmax_rows(&mut scores, n);
                ops::gemm(
                    1.0,
                    &scores,
                    View::rows(n, n),
                    &v[at..],
                    head,
                    0.0,
                    &mut context[at..],
                    head,
                );
            }
        }
        context
    }
}

/// Each sequence's rows `[a, b)` in the packed matrix.
fn spans(seqs: &[&[u32]]) -> Vec<(usize, usize)> {
    let mut at = 0;
    seqs.iter()
        .map(|s| {
            let span = (at, at + s.len());
            at += s.len();
            span
        })
        .collect()
}
