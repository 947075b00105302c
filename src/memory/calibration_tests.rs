//! Where each embedder's similarities fall on the labelled set
//! (`tests/fixtures/retrieval/pairs.jsonl` and `restated.jsonl`), and that its calibrated
//! floors ([`Calibration`], and the `recall_min_sim` default of its backend) lie where their
//! documentation says.
//!
//! Six distributions, each printed as quantiles (`cargo test --lib calibration --
//! --nocapture`): a question and its memory (what a recall gate must let through); a question
//! and the best wrong memory (what it should keep out); two questions of one memory, which are
//! paraphrases asked differently; each memory and its nearest other memory (distinct facts,
//! which resonance must not join); a fact and its restatements (`restated.jsonl`: what
//! resonance joins and a dream resembles); and a memory and a light edit of it (lowercased, a
//! word dropped, a prefix: what consolidation merges and the dream checks call a copy).

use super::embed::Calibration;
use super::*;
use crate::base::config::EmbedBackend;
use crate::memory::retrieval_tests::pairs;
use crate::memory::search::dot;

const RESTATED: &str = include_str!("../../tests/fixtures/retrieval/restated.jsonl");

#[derive(serde::Deserialize)]
struct Restated {
    id: String,
    restated: Vec<String>,
}

/// Sorted values with their quantiles.
struct Dist(Vec<f32>);

impl Dist {
    fn new(mut v: Vec<f32>) -> Dist {
        v.sort_by(f32::total_cmp);
        Dist(v)
    }
    fn q(&self, p: f64) -> f32 {
        self.0[((self.0.len() - 1) as f64 * p).round() as usize]
    }
    /// Share of values at or above `x`.
    fn above(&self, x: f32) -> f64 {
        self.0.iter().filter(|v| **v >= x).count() as f64 / self.0.len() as f64
    }
    fn line(&self, name: &str) -> String {
        format!(
            "{name:<22} n={:<4} min {:.3} p10 {:.3} p25 {:.3} p50 {:.3} p75 {:.3} p90 {:.3} max {:.3}",
            self.0.len(),
            self.0[0],
            self.q(0.1),
            self.q(0.25),
            self.q(0.5),
            self.q(0.75),
            self.q(0.9),
            self.0[self.0.len() - 1]
        )
    }
}

/// The five distributions for one embedder.
struct Sims {
    right: Dist,
    wrong: Dist,
    paraphrase: Dist,
    restated: Dist,
    distinct: Dist,
    edit: Dist,
}

fn sims(e: &dyn Embedder) -> Sims {
    let pairs = pairs();
    let memories: Vec<&str> = pairs.iter().map(|p| p.memory.as_str()).collect();
    let mv = e.embed(&memories).unwrap();
    let qs: Vec<(usize, &str)> = pairs
        .iter()
        .enumerate()
        .flat_map(|(i, p)| p.questions.iter().map(move |q| (i, q.as_str())))
        .collect();
    let qv = e
        .embed(&qs.iter().map(|q| q.1).collect::<Vec<_>>())
        .unwrap();
    let (mut right, mut wrong, mut paraphrase, mut distinct, mut edit) =
        (vec![], vec![], vec![], vec![], vec![]);
    for (k, (i, _)) in qs.iter().enumerate() {
        right.push(dot(&qv[k], &mv[*i]));
        let best_wrong = (0..mv.len())
            .filter(|j| j != i)
            .map(|j| dot(&qv[k], &mv[j]));
        wrong.push(best_wrong.fold(f32::MIN, f32::max));
        for (l, (j, _)) in qs.iter().enumerate().skip(k + 1) {
            if i == j {
                paraphrase.push(dot(&qv[k], &qv[l]));
            }
        }
    }
    for i in 0..mv.len() {
        let nearest = (0..mv.len())
            .filter(|j| *j != i)
            .map(|j| dot(&mv[i], &mv[j]));
        distinct.push(nearest.fold(f32::MIN, f32::max));
    }
    for (i, m) in memories.iter().enumerate() {
        let words: Vec<&str> = m.split_whitespace().collect();
        let dropped: Vec<&str> = words
            .iter()
            .enumerate()
            .filter(|(k, _)| *k != words.len() / 2)
            .map(|(_, w)| *w)
            .collect();
        let edits = [
            m.to_lowercase().trim_end_matches('.').to_string(),
            dropped.join(" "),
            format!("Remember: {m}"),
        ];
        let ev = e
            .embed(&edits.iter().map(String::as_str).collect::<Vec<_>>())
            .unwrap();
        edit.extend(ev.iter().map(|v| dot(v, &mv[i])));
    }
    let mut restated = vec![];
    for line in RESTATED.lines() {
        let r: Restated = serde_json::from_str(line).unwrap();
        let p = pairs
            .iter()
            .find(|p| p.id == r.id)
            .expect("a restated memory of the set");
        let mut group = vec![p.memory.as_str()];
        group.extend(r.restated.iter().map(String::as_str));
        let v = e.embed(&group).unwrap();
        for a in 0..v.len() {
            for b in a + 1..v.len() {
                restated.push(dot(&v[a], &v[b]));
            }
        }
    }
    Sims {
        restated: Dist::new(restated),
        right: Dist::new(right),
        wrong: Dist::new(wrong),
        paraphrase: Dist::new(paraphrase),
        distinct: Dist::new(distinct),
        edit: Dist::new(edit),
    }
}

fn report(e: &dyn Embedder) -> Sims {
    let s = sims(e);
    println!("similarities with {} {}:", e.backend(), e.model());
    println!("  {}", s.right.line("question, its memory"));
    println!("  {}", s.wrong.line("question, best wrong"));
    println!("  {}", s.paraphrase.line("paraphrases"));
    println!("  {}", s.restated.line("one fact restated"));
    println!("  {}", s.distinct.line("nearest other memory"));
    println!("  {}", s.edit.line("memory, light edit"));
    s
}

/// What a floor lets through (`pass`) and keeps out (`stop`), as shares of two distributions.
fn shares(pass: &Dist, stop: &Dist, floor: f32) -> (f64, f64) {
    (pass.above(floor), stop.above(floor))
}

/// Each gate of one embedder with its two sides: the share at or above the floor of what it
/// should let through (or, for the checks that reject at or above, what it should reject), and
/// of what it should not.
fn gates(s: &Sims, c: &Calibration, recall_min_sim: f32) -> Vec<(&'static str, (f64, f64))> {
    vec![
        ("recall_min_sim", shares(&s.right, &s.wrong, recall_min_sim)),
        ("known_min_sim", shares(&s.right, &s.wrong, c.known_min_sim)),
        (
            "resonance_sim",
            shares(&s.restated, &s.distinct, c.resonance_sim),
        ),
        ("merge_sim", shares(&s.edit, &s.restated, c.merge_sim)),
        (
            "dream_member_floor",
            shares(&s.restated, &s.distinct, c.dream_member_floor),
        ),
        (
            "dream_duplicate_sim",
            shares(&s.edit, &s.distinct, c.dream_duplicate_sim),
        ),
        (
            "dream_copy_sim",
            shares(&s.edit, &s.restated, c.dream_copy_sim),
        ),
        (
            "lineage_merge_sim",
            shares(&s.edit, &s.distinct, c.lineage_merge_sim),
        ),
    ]
}

fn print_gates(gates: &[(&str, (f64, f64))]) {
    for (name, (pass, stop)) in gates {
        println!(
            "  {name:<20} reaches {:5.1}% of what it is for, {:5.1}% of the rest",
            pass * 100.0,
            stop * 100.0
        );
    }
}

/// The built-in embedder's floors hold the shares its calibration documents.
#[test]
fn the_built_in_floors_hold_their_measured_shares() {
    let s = report(&HashEmbedder::new(256));
    let gates = gates(&s, &Calibration::HASH, EmbedBackend::Hash.recall_min_sim());
    print_gates(&gates);
    let want = [
        ("recall_min_sim", 0.24, 0.012),
        ("known_min_sim", 0.80, 0.30),
        ("resonance_sim", 0.68, 0.0),
        ("merge_sim", 0.68, 0.045),
        ("dream_member_floor", 0.955, 0.091),
        ("dream_duplicate_sim", 0.98, 0.0),
        ("dream_copy_sim", 0.47, 0.03),
        ("lineage_merge_sim", 0.98, 0.0),
    ];
    for ((name, (pass, stop)), (wname, wpass, wstop)) in gates.iter().zip(want) {
        assert_eq!(*name, wname);
        assert!(
            (pass - wpass).abs() < 0.01 && (stop - wstop).abs() < 0.01,
            "{name}: {pass} {stop}"
        );
    }
}

/// Each local floor does at least as well as the built-in one on both sides.
#[test]
fn the_local_floors_do_at_least_as_well_as_the_built_in_ones() {
    let Some(local) = embed::local::reference_tests::installed() else {
        return;
    };
    let hash = sims(&HashEmbedder::new(256));
    let hash = gates(
        &hash,
        &Calibration::HASH,
        EmbedBackend::Hash.recall_min_sim(),
    );
    let s = report(&local);
    let gates = gates(
        &s,
        &local.calibration(),
        EmbedBackend::Local.recall_min_sim(),
    );
    print_gates(&gates);
    for ((name, (pass, stop)), (_, (hpass, hstop))) in gates.iter().zip(&hash) {
        assert!(
            pass >= hpass && stop <= hstop,
            "{name}: {pass} {stop} against {hpass} {hstop}"
        );
    }
}
