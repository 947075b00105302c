//! Each embedder's similarity scale: the floors the platform gates on and the weight recall
//! fuses cosine with, as measured for that embedder. A cosine of 0.4 is a close match for the
//! built-in hashed vectors and a loose one for a sentence model, so a floor is a fact about
//! an embedder, not a constant of the platform.
//!
//! Measured on the labelled set (`tests/fixtures/retrieval/`: 55 memories, 165 questions, 22
//! memories restated twice each) by `memory::calibration_tests`, which prints the
//! distributions and holds each floor to the shares below. Each local floor is set where it
//! does at least as well as the built-in one on both sides: it keeps out no more of what it
//! must let through, and lets through no more of what it must keep out. The `[wisdom] recall_min_sim` gate is a configuration key, so its
//! measured default per backend lives with the configuration
//! ([`crate::base::config::EmbedBackend::recall_min_sim`]).

/// The floors and the fusion weight of one embedder.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Calibration {
    /// Recall's share of cosine in the fused order (the rest is BM25; `memory::lexical`).
    pub vector_weight: f32,
    /// Least cosine at which prose recall shows a memory above a question.
    pub known_min_sim: f32,
    /// Least cosine at which two memories resonate (sleep's edges and clusters).
    pub resonance_sim: f32,
    /// Least cosine at which two memories of a kind are one (sleep's consolidation).
    pub merge_sim: f32,
    /// Least cosine of a dream to each member of its cluster.
    pub dream_member_floor: f32,
    /// A dream this alike a kept one repeats it.
    pub dream_duplicate_sim: f32,
    /// A dream this alike one member copies it.
    pub dream_copy_sim: f32,
    /// Inherited items of one kind this alike are one item (several ancestors' volumes).
    pub lineage_merge_sim: f32,
}

impl Calibration {
    /// The built-in `ngram-v2` embedder (also used, uncalibrated, for an HTTP embedder, whose
    /// model wis cannot know). On the labelled set:
    /// - fusion 0.6: recall@1 0.891, recall@3 0.952 (cosine alone 0.806 / 0.903);
    /// - prose 0.25: 80% of questions reach their memory, 30% their best wrong one;
    /// - resonance 0.6: 68% of restated pairs join; no memory reaches its nearest other
    ///   (0.13–0.43);
    /// - merge 0.95: 68% of light edits (lowercased, a word dropped, a prefix), 4.5% of
    ///   restated pairs;
    /// - dream member 0.35: 95% of restated pairs, 9% of nearest other memories;
    /// - dream duplicate 0.9: 11% of restated pairs, 98% of light edits;
    /// - dream copy 0.97: 3% of restated pairs, 47% of light edits;
    /// - lineage merge 0.9: as dream duplicate (the same question: do two texts say one thing).
    pub const HASH: Calibration = Calibration {
        vector_weight: 0.6,
        known_min_sim: 0.25,
        resonance_sim: 0.6,
        merge_sim: 0.95,
        dream_member_floor: 0.35,
        dream_duplicate_sim: 0.9,
        dream_copy_sim: 0.97,
        lineage_merge_sim: 0.9,
    };

    /// The local all-MiniLM-L6-v2 (kept for another model in `[embed] model_path` too, until
    /// it is measured). On the labelled set:
    /// - fusion 0.85: recall@1 0.982, recall@3 1.000 (0.8 to 0.9 alike; at 0.6 0.958 / 0.994;
    ///   cosine alone 0.964 / 0.994);
    /// - prose 0.45: 92% of questions reach their memory, 15% their best wrong one;
    /// - resonance 0.65: 98% of restated pairs join; no memory reaches its nearest other
    ///   (0.18–0.60);
    /// - merge 0.95: 96% of light edits, 4.5% of restated pairs;
    /// - dream member 0.55: every restated pair, 7% of nearest other memories;
    /// - dream duplicate 0.92: 18% of restated pairs, 98% of light edits;
    /// - dream copy 0.97: 3% of restated pairs, 74% of light edits;
    /// - lineage merge 0.92: as dream duplicate.
    pub const MINILM: Calibration = Calibration {
        vector_weight: 0.85,
        known_min_sim: 0.45,
        resonance_sim: 0.65,
        merge_sim: 0.95,
        dream_member_floor: 0.55,
        dream_duplicate_sim: 0.92,
        dream_copy_sim: 0.97,
        lineage_merge_sim: 0.92,
    };
}
