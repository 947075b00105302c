//! Exact top-k against a brute-force reference, and the filters.

use proptest::prelude::*;

use super::*;

const KINDS: [Kind; 3] = [Kind::Fact, Kind::Strategy, Kind::Episodic];

fn tag_of(i: usize) -> Tag {
    Tag {
        kind: KINDS[i % 3],
        tier: if i % 4 == 0 {
            Tier::Archive
        } else {
            Tier::Active
        },
        provenance: if i % 5 == 0 {
            Provenance::Told
        } else {
            Provenance::Experienced
        },
    }
}

fn set_of(dim: usize, vectors: &[Vec<f32>]) -> VectorSet {
    let mut set = VectorSet::with_capacity(dim, vectors.len());
    for (i, v) in vectors.iter().enumerate() {
        set.push(EngramId(i as u64 + 1), tag_of(i), v);
    }
    set
}

/// Every similarity, sorted best first (ties by id), filtered, cut to k.
fn brute_force(set: &VectorSet, q: &[f32], filter: &Filter, k: usize) -> Vec<(EngramId, f32)> {
    let mut all: Vec<(EngramId, f32)> = (0..set.len())
        .filter(|i| filter.matches(set.tag(*i)))
        .map(|i| (set.id(i), dot(set.vector(i), q)))
        .collect();
    all.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    all.truncate(k);
    all
}

fn filters() -> impl Strategy<Value = Filter> {
    (
        prop::option::of(prop::sample::select(KINDS.to_vec())),
        prop::option::of(prop::sample::select(vec![Tier::Active, Tier::Archive])),
        prop::option::of(prop::sample::select(vec![
            Provenance::Told,
            Provenance::Experienced,
        ])),
    )
        .prop_map(|(kind, tier, provenance)| Filter {
            kind,
            tier,
            provenance,
        })
}

proptest! {
    #[test]
    fn top_k_matches_brute_force(
        dim in 1usize..20,
        n in 0usize..120,
        k in 0usize..15,
        seed in any::<u64>(),
        filter in filters(),
        // Few distinct values, so that ties happen and their order is checked too.
        coarse in any::<bool>(),
    ) {
        let mut rng = seed;
        let mut next = || {
            rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let x = ((rng >> 33) as f32 / (1u64 << 31) as f32) * 2.0 - 1.0;
            if coarse { x.round() } else { x }
        };
        let vectors: Vec<Vec<f32>> = (0..n).map(|_| (0..dim).map(|_| next()).collect()).collect();
        let q: Vec<f32> = (0..dim).map(|_| next()).collect();
        let set = set_of(dim, &vectors);
        prop_assert_eq!(top_k(&set, &q, &filter, k), brute_force(&set, &q, &filter, k));
    }

    #[test]
    fn dot_matches_a_plain_sum(a in prop::collection::vec(-1.0f32..1.0, 0..70)) {
        let b: Vec<f32> = a.iter().rev().copied().collect();
        let plain: f64 = a.iter().zip(&b).map(|(x, y)| f64::from(*x) * f64::from(*y)).sum();
        prop_assert!((f64::from(dot(&a, &b)) - plain).abs() < 1e-4);
    }
}

#[test]
fn filters_narrow_by_kind_tier_and_provenance() {
    let dim = 4;
    let vectors: Vec<Vec<f32>> = (0..40).map(|_| vec![0.5; dim]).collect();
    let set = set_of(dim, &vectors);
    let q = vec![0.5; dim];
    let all = top_k(&set, &q, &Filter::default(), 100);
    assert_eq!(all.len(), 40);
    let facts = top_k(&set, &q, &Filter::default().kind(Kind::Fact), 100);
    assert!(facts.iter().all(|(id, _)| (id.0 - 1) % 3 == 0));
    assert_eq!(facts.len(), 14);
    let active = top_k(&set, &q, &Filter::active(), 100);
    assert_eq!(active.len(), 30);
    let told_active_facts = Filter::active()
        .kind(Kind::Fact)
        .provenance(Provenance::Told);
    let found = top_k(&set, &q, &told_active_facts, 100);
    // i % 3 == 0, i % 4 != 0, i % 5 == 0, i < 40: 15 and 30 (ids 16 and 31).
    assert_eq!(
        found.iter().map(|(id, _)| id.0).collect::<Vec<_>>(),
        vec![16, 31]
    );
}

#[test]
fn best_first_ties_by_lower_id_and_wrong_dimension_finds_nothing() {
    let mut set = VectorSet::with_capacity(2, 3);
    let tag = tag_of(1);
    set.push(EngramId(3), tag, &[1.0, 0.0]);
    set.push(EngramId(1), tag, &[0.0, 1.0]);
    set.push(EngramId(2), tag, &[1.0, 0.0]);
    let found = top_k(&set, &[1.0, 0.0], &Filter::default(), 2);
    assert_eq!(found, vec![(EngramId(2), 1.0), (EngramId(3), 1.0)]);
    assert!(top_k(&set, &[1.0, 0.0, 0.0], &Filter::default(), 2).is_empty());
    assert!(top_k(&set, &[1.0, 0.0], &Filter::default(), 0).is_empty());
}
