//! Wide integers across the reference library: a genome seed and an embedding-space
//! fingerprint above 2^53 go out as strings, through the library's decode and re-encode
//! (emulated by [`encode_js`]), and come back exact; a value the library rounded loads.
//! (The library also writes a float32 back as a float64 of the same value, so equality is
//! of the documents, not of their bytes.)

use std::time::Duration;

use wis::base::clock::Clock;
use wis::base::cultcache::js::encode_js;
use wis::base::cultcache::{
    CultFile, SnapshotRecord, decode_one, export, import, narrow, widen, write_snapshot,
};
use wis::base::home::Home;
use wis::base::store::{self, DocType, Read, SINGLETON_KEY};
use wis::creature::Genome;
use wis::memory::engram::{EngramId, Kind, Provenance, Tier};
use wis::memory::search::Tag;
use wis::memory::vector::{Vector, space};
use wis::turn::birth::{BirthOptions, birth, drawn_seed};
use wis::turn::documents::registry;

const SEED: u64 = 561_420_520_527_597_722;

/// What the library does to a payload it saves again.
fn through_js(payload: &[u8]) -> Vec<u8> {
    encode_js(&decode_one(payload).unwrap()).unwrap()
}

fn doc_type(schema: &str) -> &'static DocType {
    registry().iter().find(|t| t.schema == schema).unwrap()
}

#[test]
fn wide_integers_survive_the_library_as_strings() {
    let genome_doc = Genome::draw(SEED, false, 0);
    let genome = store::encode(&genome_doc).unwrap();
    let tag = Tag {
        kind: Kind::Scar,
        tier: Tier::Archive,
        provenance: Provenance::Inherited,
    };
    let fingerprint = space("openai", "nomic-embed-text", 768);
    assert!(fingerprint > 1 << 53, "the test needs a wide fingerprint");
    let vector_doc = Vector::new(EngramId(3), fingerprint, tag, &[0.5, -1.0]);
    let vector = store::encode(&vector_doc).unwrap();
    let back = narrow(&through_js(&widen(&genome).unwrap())).unwrap();
    assert_eq!(store::decode::<Genome>(&back).unwrap(), genome_doc);
    let back = narrow(&through_js(&widen(&vector).unwrap())).unwrap();
    assert_eq!(store::decode::<Vector>(&back).unwrap(), vector_doc);
    // A payload with nothing else JavaScript changes comes back byte for byte.
    assert_eq!(narrow(&widen(&vector).unwrap()).unwrap(), vector);
    for (schema, bytes) in [("wis.genome.v1", genome), ("wis.vector.v1", vector)] {
        let widened = widen(&bytes).expect("a wide integer is widened");
        assert!(
            (doc_type(schema).validate)(&widened).is_err(),
            "strings need narrowing"
        );
        // Without widening, the library rounds; the rounded value still loads.
        let rounded = narrow(&through_js(&bytes)).expect("the rounded float is narrowed");
        assert!((doc_type(schema).validate)(&rounded).is_ok(), "{schema}");
        assert_ne!(rounded, bytes);
    }
    let small = store::encode(&Genome::draw(7, true, 0)).unwrap();
    assert_eq!(widen(&small), None, "narrow payloads are never touched");
}

#[test]
fn drawn_seeds_are_below_2_pow_53() {
    assert!((0..1000).all(|_| drawn_seed() < 1 << 53));
}

#[test]
fn an_export_through_the_library_imports_losslessly() {
    let dir = tempfile::tempdir().unwrap();
    let home = Home::new(dir.path().join("home"));
    let clock = Clock::pinned(1_767_225_600_000);
    let opts = BirthOptions {
        seed: Some(SEED),
        name: None,
        force: false,
        dark: true,
        wait: Duration::from_secs(1),
    };
    birth(&home, &opts, &clock).unwrap();
    let store = home.open(Duration::from_secs(1), "test", &clock).unwrap();
    let exported = export(&store.read().unwrap(), registry(), clock.now()).unwrap();

    // The library reads the file and saves every document again.
    let mut file = CultFile::open(&exported).unwrap();
    let mut records = Vec::new();
    while let Some(r) = file.next_record().unwrap() {
        records.push(SnapshotRecord {
            key: r.key.to_string(),
            schema_id: r.schema_id.to_string(),
            stored_at: r.stored_at.to_string(),
            payload: through_js(&r.payload),
        });
    }
    let mut catalog = file.catalog.entries.clone();
    let saved = write_snapshot(&mut catalog, &mut records).unwrap();
    let seed_text = SEED.to_string();
    assert!(
        saved
            .windows(seed_text.len())
            .any(|w| w == seed_text.as_bytes())
    );

    let mut tx = store.write().unwrap();
    tx.remove::<Genome>(SINGLETON_KEY).unwrap();
    let imported = import(&mut tx, registry(), &saved).unwrap();
    assert!(imported.by_type.contains_key("wis.genome.v1"));
    tx.commit().unwrap();
    let genome: Genome = store.read().unwrap().get(SINGLETON_KEY).unwrap().unwrap();
    assert_eq!(genome.seed, SEED);
    let original = Genome::draw(SEED, true, clock.now());
    assert_eq!(genome.temperament, original.temperament);
    assert_eq!((genome.name, genome.morph), (original.name, original.morph));
}
