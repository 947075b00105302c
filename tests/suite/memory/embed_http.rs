//! The HTTP embedder against an OpenAI-compatible stand-in: batching, input order by
//! `index`, normalisation, errors with the right exit codes, and re-embedding a store from
//! the built-in embedder to the server's.

use std::time::Duration;

use crate::support::embeddings::{DIM, Embeddings, MODEL, vector};
use crate::support::store::temp_store;
use wis::base::config::{Embed, EmbedBackend};
use wis::memory::embed::{self, Embedder, HTTP_BATCH};
use wis::memory::maintain;
use wis::memory::{Filter, HashEmbedder, HttpEmbedder, Kind, Memory, NewEngram, Provenance};

fn unit(mut v: Vec<f32>) -> Vec<f32> {
    let n = v.iter().map(|x| x * x).sum::<f32>().sqrt();
    v.iter_mut().for_each(|x| *x /= n);
    v
}

fn http(url: &str, model: &str) -> HttpEmbedder {
    HttpEmbedder::new(url, model, Duration::from_secs(2))
}

#[test]
fn batches_keep_input_order_and_come_back_normalised() {
    let server = Embeddings::start();
    let e = http(&server.url(), MODEL);
    assert_eq!(e.dim(), None);
    let texts: Vec<String> = (0..70)
        .map(|i| format!("text number {i} {}", "ab".repeat(i)))
        .collect();
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let vectors = e.embed(&refs).unwrap();
    assert_eq!(
        server.state.lock().unwrap().batches,
        vec![HTTP_BATCH, HTTP_BATCH, 6]
    );
    assert_eq!(e.dim(), Some(DIM));
    for (t, v) in texts.iter().zip(&vectors) {
        let want = unit(vector(t));
        assert!(
            v.iter().zip(&want).all(|(a, b)| (a - b).abs() < 1e-6),
            "{t}"
        );
    }
}

#[test]
fn failures_say_what_went_wrong_with_the_right_code() {
    let mut server = Embeddings::start();
    let err = http(&server.url(), "no-such-model")
        .embed(&["x"])
        .unwrap_err();
    assert_eq!(err.code(), 78, "{}", err.message);
    assert!(err.message.contains("404"));
    server.state.lock().unwrap().fail_with = Some(503);
    let err = http(&server.url(), MODEL).embed(&["x"]).unwrap_err();
    assert_eq!(err.code(), 69);
    let url = server.url();
    server.server.stop();
    let err = http(&url, MODEL).embed(&["x"]).unwrap_err();
    assert_eq!(err.code(), 69);
    assert!(err.message.contains("did not answer"), "{}", err.message);
    assert!(err.hint.unwrap().contains("backend"));
}

#[test]
fn configuration_picks_the_backend_and_names_what_is_missing() {
    let mut cfg = Embed::default();
    let e = embed::from_config(&cfg).unwrap();
    assert_eq!((e.backend(), e.dim()), ("hash", Some(256)));
    cfg.backend = EmbedBackend::Http;
    let err = embed::from_config(&cfg).err().unwrap();
    assert_eq!(err.code(), 78);
    assert!(err.message.contains("url"));
    cfg.url = Some("http://127.0.0.1:9/v1".into());
    assert!(
        embed::from_config(&cfg)
            .err()
            .unwrap()
            .message
            .contains("model")
    );
    cfg.model = Some(MODEL.into());
    let e = embed::from_config(&cfg).unwrap();
    assert_eq!((e.backend(), e.model()), ("http", MODEL));
}

#[test]
fn reembed_moves_a_store_from_the_built_in_embedder_to_the_server() {
    let server = Embeddings::start();
    let (_dir, store) = temp_store();
    let hash = Memory::new(Box::new(HashEmbedder::new(32)));
    let bodies: Vec<String> = (0..40)
        .map(|i| format!("{} zzz", "q".repeat(i + 1)))
        .collect();
    let mut tx = store.write().unwrap();
    for b in &bodies {
        hash.remember(&mut tx, NewEngram::new(Kind::Fact, b, Provenance::Told), 1)
            .unwrap();
    }
    tx.commit().unwrap();

    let served = Memory::new(Box::new(http(&server.url(), MODEL)));
    assert_eq!(
        maintain::stats(&store.read().unwrap(), &served)
            .unwrap()
            .stale,
        40
    );
    let report = maintain::reembed(&store, &served, 2, &mut |_, _| {}).unwrap();
    assert_eq!(report.reembedded, 40);
    assert_eq!(
        (report.backend.as_str(), report.model.as_str()),
        ("http", MODEL)
    );
    assert!(
        server
            .state
            .lock()
            .unwrap()
            .batches
            .iter()
            .all(|b| *b <= HTTP_BATCH)
    );
    let rx = store.read().unwrap();
    assert_eq!(maintain::stats(&rx, &served).unwrap().stale, 0);
    let recall = served
        .recall(&rx, &bodies[0], &Filter::active(), 1)
        .unwrap();
    assert_eq!(recall.other_space, 0);
    let e = &recall.hits[0].engram;
    assert_eq!(
        (e.vector.backend.as_str(), e.vector.dim as usize),
        ("http", DIM)
    );
    // The old embedder now sees every vector as another space's.
    assert_eq!(
        hash.recall(&rx, "q", &Filter::active(), 3)
            .unwrap()
            .other_space,
        40
    );
}
