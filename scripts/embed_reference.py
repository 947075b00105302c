#!/usr/bin/env python3
"""An independent reference for wis's local embedder (src/memory/embed/local/).

Tokenizes with the `tokenizers` package (the model's own tokenizer.json, truncation set to the
max_seq_length of sentence_bert_config.json, no padding) and runs the BERT forward pass in
float64 numpy, straight from model.safetensors, one text at a time with no batching: mean of
the token vectors, then unit length. Writes one JSON line per text to stdout: the text, its
token ids, and its vector as base64 of little-endian float32.

The committed fixture tests/fixtures/embed/reference.jsonl was made with

    python3 -m venv /tmp/refenv && /tmp/refenv/bin/pip install numpy tokenizers
    /tmp/refenv/bin/python scripts/embed_reference.py MODEL_DIR > tests/fixtures/embed/reference.jsonl

where MODEL_DIR is the directory scripts/fetch-embedder.sh installs. Nothing runs this at test
time; the Rust test (memory::embed::local::tests) reads the fixture.
"""

import base64
import json
import math
import struct
import sys

import numpy as np
from tokenizers import Tokenizer

TEXTS = [
    "",
    "   \t\n ",
    "To restart the greenhouse pump, run: pumpctl restart --greenhouse",
    "Which command restarts the greenhouse pump?",
    "The spare fuse is kept in the blue tin on the shelf above the workbench.",
    "Exit status 75 means the store is busy: another command holds it; try again later.",
    "Café, naïve résumé; Ångström — façade!",
    "The pump draws 3.5 A at 230 V (about 805 W), 24/7.",
    "ΟΔΟΣ Ελληνικά and Straße and İstanbul",
    "我爱北京天安门 and 東京 with かな and 한국어",
    "Emoji 🙂 and symbols © ® ™ ° ± §",
    "Don't “quote” me… it's the ‘curly’ kind",
    "https://example.org/path?query=1&x=y#frag user@example.com",
    "tabs\tand\nnew\r\nlines and \u00a0non-breaking\u2003spaces",
    "UPPER lower MiXeD case WORDS",
    "a" * 120 + " beyond the longest word",
    "supercalifragilisticexpialidocious antidisestablishmentarianism",
    "NUL\u0000and\ufffdreplacement\u200bzero width",
    "[note] {braces} <angle> (parens) $dollar +plus ^caret ~tilde `tick`",
    " ".join(
        f"Step {i}: check the valve, note the pressure, and log it before noon." for i in range(40)
    ),
]


def load_weights(path):
    with open(path, "rb") as f:
        n = struct.unpack("<Q", f.read(8))[0]
        header = json.loads(f.read(n))
        data = f.read()
    out = {}
    for name, info in header.items():
        if name == "__metadata__" or info["dtype"] != "F32":
            continue
        begin, end = info["data_offsets"]
        out[name] = np.frombuffer(data[begin:end], dtype="<f4").reshape(info["shape"]).astype(np.float64)
    return out


def layer_norm(x, g, b, eps):
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * g + b


erf = np.vectorize(math.erf)


def forward(w, cfg, ids):
    heads = cfg["num_attention_heads"]
    eps = cfg["layer_norm_eps"]
    n = len(ids)
    x = (
        w["embeddings.word_embeddings.weight"][ids]
        + w["embeddings.position_embeddings.weight"][:n]
        + w["embeddings.token_type_embeddings.weight"][0]
    )
    x = layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"], eps)
    for i in range(cfg["num_hidden_layers"]):
        p = f"encoder.layer.{i}."

        def dense(name, v):
            return v @ w[p + name + ".weight"].T + w[p + name + ".bias"]

        q = dense("attention.self.query", x)
        k = dense("attention.self.key", x)
        v = dense("attention.self.value", x)
        d = q.shape[1] // heads
        ctx = np.zeros_like(q)
        for h in range(heads):
            s = slice(h * d, (h + 1) * d)
            scores = q[:, s] @ k[:, s].T / math.sqrt(d)
            scores = np.exp(scores - scores.max(-1, keepdims=True))
            scores /= scores.sum(-1, keepdims=True)
            ctx[:, s] = scores @ v[:, s]
        a = layer_norm(
            dense("attention.output.dense", ctx) + x,
            w[p + "attention.output.LayerNorm.weight"],
            w[p + "attention.output.LayerNorm.bias"],
            eps,
        )
        up = dense("intermediate.dense", a)
        up = 0.5 * up * (1.0 + erf(up / math.sqrt(2.0)))
        x = layer_norm(
            dense("output.dense", up) + a,
            w[p + "output.LayerNorm.weight"],
            w[p + "output.LayerNorm.bias"],
            eps,
        )
    v = x.mean(0)
    return v / np.linalg.norm(v)


def main(model_dir):
    with open(f"{model_dir}/config.json") as f:
        cfg = json.load(f)
    with open(f"{model_dir}/sentence_bert_config.json") as f:
        max_len = json.load(f)["max_seq_length"]
    tok = Tokenizer.from_file(f"{model_dir}/tokenizer.json")
    tok.no_padding()
    tok.enable_truncation(max_length=max_len)
    w = load_weights(f"{model_dir}/model.safetensors")
    for text in TEXTS:
        ids = tok.encode(text).ids
        vec = forward(w, cfg, ids).astype("<f4").tobytes()
        line = {"text": text, "ids": ids, "f32le": base64.b64encode(vec).decode()}
        print(json.dumps(line, ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv[1])
