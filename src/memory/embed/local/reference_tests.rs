//! The installed model (all-MiniLM-L6-v2) against the independent reference in
//! `tests/fixtures/embed/reference.jsonl`, made by `scripts/embed_reference.py`: the same
//! token ids, and vectors within cosine 0.9999 of a float64 forward pass.

use super::*;
use crate::memory::search::dot;

/// Set in CI: a missing model fails the tests that need it instead of skipping them.
pub const REQUIRE_MODEL: &str = "WIS_TEST_REQUIRE_MODEL";

/// The installed default model, or `None` with a printed reason (a failure under
/// [`REQUIRE_MODEL`]).
pub fn installed() -> Option<LocalEmbedder> {
    let dir = default_model_dir().expect("a data directory");
    if dir.join(WEIGHTS_FILE).is_file() {
        return Some(LocalEmbedder::open(&dir, false).expect("the installed model loads"));
    }
    assert!(
        std::env::var_os(REQUIRE_MODEL).is_none(),
        "{REQUIRE_MODEL} is set but the embedding model {} is missing (run scripts/fetch-embedder.sh)",
        dir.display()
    );
    eprintln!(
        "skipping: the embedding model {} is absent; run scripts/fetch-embedder.sh to run this test",
        dir.display()
    );
    None
}

#[derive(serde::Deserialize)]
struct Reference {
    text: String,
    ids: Vec<u32>,
    f32le: String,
}

/// Token ids equal and vectors within cosine 0.9999 of an independent float64 forward pass.
#[test]
fn the_installed_model_matches_the_independent_reference() {
    let Some(e) = installed() else { return };
    use base64::Engine as _;
    let fixture = include_str!("../../../../tests/fixtures/embed/reference.jsonl");
    let refs: Vec<Reference> = fixture
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // All texts in one call too: packed into shared passes, as memory embeds them.
    let texts: Vec<&str> = refs.iter().map(|r| r.text.as_str()).collect();
    let packed = e.embed(&texts).unwrap();
    let (mut worst, mut n) = (1.0f32, 0);
    for (r, packed) in refs.iter().zip(&packed) {
        let ids = e.model_ref().tokens(&r.text);
        assert_eq!(ids, r.ids, "token ids of {:?}", r.text);
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(&r.f32le)
            .unwrap();
        let want: Vec<f32> = crate::memory::vector::from_bytes(&bytes).collect();
        let got = e.model_ref().vectors(&[&ids]).remove(0);
        let cos = dot(&got, &want);
        assert!(cos >= 0.9999, "{:?}: cosine {cos}", r.text);
        worst = worst.min(cos);
        if r.ids.len() > 2 {
            let cos = dot(packed, &want);
            assert!(
                cos >= 0.9999,
                "{:?} packed with the others: cosine {cos}",
                r.text
            );
        } else {
            assert!(
                packed.iter().all(|x| *x == 0.0),
                "{:?} has no words",
                r.text
            );
        }
        n += 1;
    }
    assert!(n >= 20, "the fixture has {n} texts");
    println!(
        "local embedder against the reference: {n} texts, token ids equal, least cosine {worst:.7}"
    );
}
