//! The local embedder on a tiny model ([`super::tiny`]): loading, packing, the fingerprint,
//! and every kind of damaged file.

use std::path::Path;

use super::tiny::{HIDDEN, Tensor, tiny, tiny_model, weights, write_safetensors};
use super::*;
use crate::base::exit::Error;
use crate::memory::search::dot;

#[test]
fn a_tiny_model_makes_unit_vectors_and_nothing_of_an_empty_text() {
    let (_tmp, _dir, e) = tiny(1);
    assert_eq!((e.backend(), e.dim()), ("local", Some(HIDDEN)));
    assert!(e.model().starts_with("tiny@") && e.model().len() == "tiny@".len() + 12);
    let v = e
        .embed(&["The pumps, the valve.", "", " \n ", "blue tin"])
        .unwrap();
    assert!((dot(&v[0], &v[0]) - 1.0).abs() < 1e-5 && (dot(&v[3], &v[3]) - 1.0).abs() < 1e-5);
    assert!(v[1].iter().chain(&v[2]).all(|x| *x == 0.0) && v[1].len() == HIDDEN);
    assert_eq!(
        e.model_ref().tokens("The pumps, xyz"),
        [2, 4, 5, 7, 9, 1, 3]
    );
    // The same text gives the same bits.
    assert_eq!(e.embed(&["blue tin"]).unwrap()[0], v[3]);
}

#[test]
fn packing_texts_into_one_pass_changes_no_vector() {
    let (_tmp, _dir, e) = tiny(2);
    let texts = [
        "the pump",
        "a blue tin is the fuse",
        "valves",
        "restart the valve, a pump",
    ];
    let alone: Vec<Vec<f32>> = texts
        .iter()
        .map(|t| e.embed(&[t]).unwrap().remove(0))
        .collect();
    // Enough texts that they take more than one pass of BATCH_TOKENS.
    let many: Vec<&str> = texts
        .iter()
        .copied()
        .cycle()
        .take(4 * BATCH_TOKENS / 5)
        .collect();
    let together = e.embed(&many).unwrap();
    for (i, v) in together.iter().enumerate() {
        let want = &alone[i % texts.len()];
        let gap = v
            .iter()
            .zip(want)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f32::max);
        assert!(gap < 1e-5, "text {i}: {gap}");
    }
}

#[test]
fn the_weights_are_read_once_per_process_and_named_by_what_they_hold() {
    let (_tmp, dir, a) = tiny(3);
    let b = LocalEmbedder::open(&dir, true).unwrap();
    assert!(Arc::ptr_eq(&a.model, &b.model));
    // Another directory of the same name and weights: the same model name; other weights: not.
    let (_t2, _d2, same) = tiny(3);
    let (_t3, _d3, other) = tiny(4);
    assert_eq!(same.model(), a.model());
    assert_ne!(other.model(), a.model());
}

/// Opens a tiny model after `damage` and returns the error.
fn damaged(damage: impl FnOnce(&Path)) -> Error {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("m");
    tiny_model(&dir, 5);
    damage(&dir);
    LocalEmbedder::open(&dir, true).expect_err("a damaged model must not load")
}

fn rewrite_json(path: &Path, key: &str, value: serde_json::Value) {
    let mut json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    json[key] = value;
    std::fs::write(path, json.to_string()).unwrap();
}

#[test]
fn a_damaged_or_foreign_model_is_a_data_error_with_a_hint() {
    let weights_of = |edit: fn(&mut Vec<Tensor>)| {
        move |dir: &Path| {
            let mut w = weights(5);
            edit(&mut w);
            write_safetensors(&dir.join(WEIGHTS_FILE), &w);
        }
    };
    type Damage = Box<dyn FnOnce(&Path)>;
    let cases: Vec<(&str, Damage)> = vec![
        (
            "expected F32 [16, 8]",
            Box::new(weights_of(|w| w[0].1 = vec![8, 16])),
        ),
        (
            "no tensor encoder.layer.1",
            Box::new(weights_of(|w| {
                w.retain(|t| !t.0.starts_with("encoder.layer.1."))
            })),
        ),
        ("non-finite", Box::new(weights_of(|w| w[3].2[0] = f32::NAN))),
        (
            "model_type",
            Box::new(|d: &Path| rewrite_json(&d.join("config.json"), "model_type", "gpt2".into())),
        ),
        (
            "mean of tokens",
            Box::new(|d: &Path| {
                rewrite_json(
                    &d.join("1_Pooling/config.json"),
                    "pooling_mode_cls_token",
                    true.into(),
                )
            }),
        ),
        (
            "config.json says 16",
            Box::new(|d: &Path| {
                std::fs::write(d.join("vocab.txt"), "[CLS]\n[SEP]\n[UNK]\n").unwrap()
            }),
        ),
        (
            "sentence_bert_config.json",
            Box::new(|d: &Path| std::fs::write(d.join("sentence_bert_config.json"), "{").unwrap()),
        ),
    ];
    for (want, damage) in cases {
        let err = damaged(damage);
        assert_eq!(err.code(), 65, "{want}: {}", err.message);
        assert!(err.message.contains(want), "{want}: {}", err.message);
        assert!(
            err.hint
                .as_deref()
                .is_some_and(|h| h.contains("fetch-embedder.sh")),
            "{want}"
        );
    }
}

#[test]
fn a_truncated_or_scrambled_weights_file_never_panics() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("m");
    tiny_model(&dir, 6);
    let good = std::fs::read(dir.join(WEIGHTS_FILE)).unwrap();
    let header_len = 8 + u64::from_le_bytes(good[..8].try_into().unwrap()) as usize;
    let mut cuts: Vec<usize> = (0..header_len + 16).collect();
    cuts.extend([good.len() / 2, good.len() - 4, good.len() - 1]);
    for cut in cuts {
        std::fs::write(dir.join(WEIGHTS_FILE), &good[..cut]).unwrap();
        let err = safetensors::Tensors::open(&dir.join(WEIGHTS_FILE))
            .and_then(|mut t| Bert::load(&mut t, &Spec::read(&dir)?, &mut |_| {}))
            .expect_err("a truncated file must not load");
        assert_eq!(err.code(), 65, "cut at {cut}: {}", err.message);
    }
    // A header claiming more bytes than the file has; offsets overlapping; a range too short.
    let mut huge = good.clone();
    huge[..8].copy_from_slice(&u64::MAX.to_le_bytes());
    std::fs::write(dir.join(WEIGHTS_FILE), &huge).unwrap();
    assert!(
        safetensors::Tensors::open(&dir.join(WEIGHTS_FILE))
            .unwrap_err()
            .message
            .contains("header claims")
    );
    let overlap = br#"{"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},"b":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}}"#;
    assert!(
        safetensors::parse(overlap, 8)
            .unwrap_err()
            .contains("overlap")
    );
    let short = br#"{"a":{"dtype":"F32","shape":[3],"data_offsets":[0,8]}}"#;
    assert!(
        safetensors::parse(short, 8)
            .unwrap_err()
            .contains("needs 12 bytes")
    );
    let huge_shape =
        br#"{"a":{"dtype":"F32","shape":[4294967296,4294967296],"data_offsets":[0,8]}}"#;
    assert!(
        safetensors::parse(huge_shape, 8)
            .unwrap_err()
            .contains("overflows")
    );
}

#[test]
fn a_missing_model_is_exit_66_naming_the_fetch_script() {
    let tmp = tempfile::tempdir().unwrap();
    let err = LocalEmbedder::open(&tmp.path().join("nowhere"), false).unwrap_err();
    assert_eq!(err.code(), 66, "{}", err.message);
    assert!(
        err.message.contains("default embedding model"),
        "{}",
        err.message
    );
    assert!(err.hint.unwrap().contains("scripts/fetch-embedder.sh"));
}

/// Switching a store's memory from the built-in embedder to a local model: every vector is
/// seen as another embedder's, sleep's catch-up re-embeds them, and recall finds them again.
#[test]
fn a_store_switched_to_a_local_model_is_caught_up() {
    use crate::base::store::testing::temp_store;
    use crate::memory::{Filter, Kind, Memory, NewEngram, Provenance, maintain};
    let (_dir, store) = temp_store();
    let hash = Memory::new(Box::new(crate::memory::HashEmbedder::new(64)));
    let mut tx = store.write().unwrap();
    for (i, body) in ["the blue tin is the fuse", "restart the pump", "the valve"]
        .iter()
        .enumerate()
    {
        let new = NewEngram::new(Kind::Fact, *body, Provenance::Told).source("test");
        hash.remember(&mut tx, new, i as i64).unwrap();
    }
    tx.commit().unwrap();
    let (_tmp, _model, local) = tiny(7);
    let local = Memory::new(Box::new(local));
    let rx = store.read().unwrap();
    let first = crate::memory::get(&rx, crate::memory::EngramId(1))
        .unwrap()
        .unwrap();
    assert!(super::super::is_stale(
        &first.vector,
        &first.body,
        local.embedder()
    ));
    let before = local.recall(&rx, "the pump", &Filter::active(), 3).unwrap();
    assert_eq!((before.hits.len(), before.other_space), (0, 3));
    drop(rx);
    let mut tx = store.write().unwrap();
    let caught = maintain::reembed_other_space(&mut tx, &local, 10, 100).unwrap();
    tx.commit().unwrap();
    assert_eq!((caught.reembedded, caught.left), (3, 0));
    let rx = store.read().unwrap();
    let after = local.recall(&rx, "the pump", &Filter::active(), 3).unwrap();
    assert_eq!((after.hits.len(), after.other_space), (3, 0));
    let again = crate::memory::get(&rx, crate::memory::EngramId(1))
        .unwrap()
        .unwrap();
    assert_eq!(
        (again.vector.backend.as_str(), again.vector.dim),
        ("local", HIDDEN as u32)
    );
    assert!(!super::super::is_stale(
        &again.vector,
        &again.body,
        local.embedder()
    ));
}
