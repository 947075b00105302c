//! Retrieval quality on the labelled set in `tests/fixtures/retrieval/pairs.jsonl`: 55 memories
//! a creature might be told, each with three questions that should find it, phrased as a
//! keeper asks, as a creature asks itself, and as a search. Each memory is remembered through
//! the write path into a real store; each question is put to recall; recall@1 and recall@3
//! are counted for the fused order and for the cosine alone, for the built-in embedder and
//! (when it is installed) the local one, printed, and held to floors a regression would cross
//! (`cargo test --lib retrieval -- --nocapture` shows the numbers).

use super::*;
use crate::base::store::testing::temp_store;

pub(crate) const PAIRS: &str = include_str!("../../tests/fixtures/retrieval/pairs.jsonl");

#[derive(serde::Deserialize)]
pub(crate) struct Pair {
    pub id: String,
    pub memory: String,
    pub questions: Vec<String>,
}

/// The labelled set.
pub(crate) fn pairs() -> Vec<Pair> {
    let pairs: Vec<Pair> = PAIRS
        .lines()
        .map(|l| serde_json::from_str(l).expect("a labelled pair"))
        .collect();
    assert!(pairs.len() >= 50, "the set has {} memories", pairs.len());
    for p in &pairs {
        assert!(p.questions.len() >= 3, "{}: several phrasings", p.id);
    }
    pairs
}

/// recall@1 and recall@3 of one way of ranking, over every question.
fn score(questions: &[(EngramId, &str)], rank: impl Fn(&str) -> Vec<EngramId>) -> (f64, f64) {
    let (mut at1, mut at3) = (0, 0);
    for (want, q) in questions {
        let got = rank(q);
        at1 += usize::from(got.first() == Some(want));
        at3 += usize::from(got.iter().take(3).any(|id| id == want));
    }
    let n = questions.len() as f64;
    (at1 as f64 / n, at3 as f64 / n)
}

/// recall@1 and recall@3 with this memory: fused at its embedder's weight, fused at the
/// built-in embedder's weight, and by cosine alone.
fn measure(memory: &Memory) -> [(f64, f64); 3] {
    let pairs = pairs();
    let (_dir, store) = temp_store();
    let mut questions = Vec::new();
    let mut tx = store.write().unwrap();
    for (i, p) in pairs.iter().enumerate() {
        let new = NewEngram::new(Kind::Fact, &p.memory, Provenance::Told).source(&p.id);
        let id = memory.remember(&mut tx, new, i as i64).unwrap();
        questions.extend(p.questions.iter().map(|q| (id, q.as_str())));
    }
    tx.commit().unwrap();
    let rx = store.read().unwrap();
    let filter = Filter::active();
    let fused = score(&questions, |q| {
        let r = memory.recall(&rx, q, &filter, 3).unwrap();
        r.hits.iter().map(|h| h.id).collect()
    });
    let hash_weight = embed::Calibration::HASH.vector_weight;
    let fused_as_hash = score(&questions, |q| {
        let v = memory.embed(q).unwrap();
        let pool = lexical::pool_size(3);
        let mut r = memory.recall_vector(&rx, &v, &filter, pool).unwrap();
        lexical::rerank(q, &mut r.hits, 3, hash_weight);
        r.hits.iter().map(|h| h.id).collect()
    });
    let cosine = score(&questions, |q| {
        let v = memory.embed(q).unwrap();
        let r = memory.recall_vector(&rx, &v, &filter, 3).unwrap();
        r.hits.iter().map(|h| h.id).collect()
    });
    let weight = memory.embedder().calibration().vector_weight;
    println!(
        "retrieval with {} {} over {} questions, recall@1 / recall@3: fused (weight {weight}) \
         {:.3} / {:.3}; fused (weight {hash_weight}) {:.3} / {:.3}; cosine alone {:.3} / {:.3}",
        memory.embedder().backend(),
        memory.embedder().model(),
        questions.len(),
        fused.0,
        fused.1,
        fused_as_hash.0,
        fused_as_hash.1,
        cosine.0,
        cosine.1
    );
    [fused, fused_as_hash, cosine]
}

#[test]
fn labelled_questions_find_their_memories() {
    let memory = Memory::from_config(&crate::base::config::Embed::default()).unwrap();
    let [fused, _, cosine] = measure(&memory);
    assert!(fused.0 >= 0.80 && fused.1 >= 0.90, "fused {fused:?}");
    assert!(cosine.0 >= 0.75 && cosine.1 >= 0.85, "cosine {cosine:?}");
    assert!(
        fused.0 >= cosine.0,
        "fusing must not lose: {fused:?} < {cosine:?}"
    );
}

/// The local model (all-MiniLM-L6-v2), measured on the same set through the same code.
#[test]
fn labelled_questions_find_their_memories_with_the_local_model() {
    let Some(local) = embed::local::reference_tests::installed() else {
        return;
    };
    let memory = Memory::new(Box::new(local));
    let [fused, fused_as_hash, cosine] = measure(&memory);
    assert!(fused.0 >= 0.97 && fused.1 >= 0.99, "fused {fused:?}");
    assert!(
        fused_as_hash.0 >= 0.94 && fused_as_hash.1 >= 0.98,
        "{fused_as_hash:?}"
    );
    assert!(cosine.0 >= 0.94 && cosine.1 >= 0.98, "cosine {cosine:?}");
    // The embedder's own weight must beat both the built-in weight and the cosine alone.
    assert!(
        fused.0 >= fused_as_hash.0 && fused.0 >= cosine.0,
        "{fused:?}"
    );
    // And it must be far above the built-in embedder's best on the same set.
    let hash = Memory::from_config(&crate::base::config::Embed::default()).unwrap();
    let [hash_fused, _, _] = measure(&hash);
    assert!(
        fused.0 >= hash_fused.0 + 0.05,
        "{fused:?} against {hash_fused:?}"
    );
}
