//! Retrieval quality on the labelled set in `tests/fixtures/retrieval/pairs.jsonl`: 55 memories
//! a creature might be told, each with three questions that should find it, phrased as a
//! keeper asks, as a creature asks itself, and as a search. Each memory is remembered through
//! the write path into a real store; each question is put to recall; recall@1 and recall@3
//! are counted for the fused order and for the cosine alone, printed, and held to floors a
//! regression would cross (`cargo test retrieval -- --nocapture` shows the numbers).

use super::*;
use crate::base::store::testing::temp_store;

const PAIRS: &str = include_str!("../../tests/fixtures/retrieval/pairs.jsonl");

#[derive(serde::Deserialize)]
struct Pair {
    id: String,
    memory: String,
    questions: Vec<String>,
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

#[test]
fn labelled_questions_find_their_memories() {
    let pairs: Vec<Pair> = PAIRS
        .lines()
        .map(|l| serde_json::from_str(l).expect("a labelled pair"))
        .collect();
    assert!(pairs.len() >= 50, "the set has {} memories", pairs.len());
    let (_dir, store) = temp_store();
    let memory = Memory::from_config(&crate::base::config::Embed::default()).unwrap();
    let mut questions = Vec::new();
    let mut tx = store.write().unwrap();
    for (i, p) in pairs.iter().enumerate() {
        let new = NewEngram::new(Kind::Fact, &p.memory, Provenance::Told).source(&p.id);
        let id = memory.remember(&mut tx, new, i as i64).unwrap();
        assert!(p.questions.len() >= 3, "{}: several phrasings", p.id);
        questions.extend(p.questions.iter().map(|q| (id, q.as_str())));
    }
    tx.commit().unwrap();
    let rx = store.read().unwrap();
    let filter = Filter::active();
    let fused = score(&questions, |q| {
        let r = memory.recall(&rx, q, &filter, 3).unwrap();
        r.hits.iter().map(|h| h.id).collect()
    });
    let cosine = score(&questions, |q| {
        let v = memory.embed(q).unwrap();
        let r = memory.recall_vector(&rx, &v, &filter, 3).unwrap();
        r.hits.iter().map(|h| h.id).collect()
    });
    println!(
        "retrieval over {} questions: fused recall@1 {:.3} recall@3 {:.3}; cosine alone \
         recall@1 {:.3} recall@3 {:.3}",
        questions.len(),
        fused.0,
        fused.1,
        cosine.0,
        cosine.1
    );
    assert!(fused.0 >= 0.80 && fused.1 >= 0.90, "fused {fused:?}");
    assert!(cosine.0 >= 0.75 && cosine.1 >= 0.85, "cosine {cosine:?}");
    assert!(
        fused.0 >= cosine.0,
        "fusing must not lose: {fused:?} < {cosine:?}"
    );
}
