//! The heirloom fuzz target's seed corpus (`fuzz/corpus/heirloom/`), replayed in every test
//! run through the reader the target calls: a seed named `ok-*` must read (and read again as
//! rendered), one named `hostile-*` must be refused as bad data (exit 65), each within moments.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use wis::wisdom::lineage::export::render;
use wis::wisdom::lineage::read::read_bytes;

#[test]
fn seed_corpus_replays() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/heirloom");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    let mut seen = (0, 0);
    for path in paths {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let data = std::fs::read(&path).unwrap();
        let start = Instant::now();
        let verdict = read_bytes(&name, &data);
        assert!(
            start.elapsed() < Duration::from_secs(1),
            "{name} took {:?}",
            start.elapsed()
        );
        if name.starts_with("ok-") {
            let v = verdict.unwrap_or_else(|e| panic!("{name}: {e}"));
            let again = render(&v.header, &v.records);
            assert_eq!(
                read_bytes(&name, again.as_bytes()).unwrap().records,
                v.records
            );
            seen.0 += 1;
        } else if name.starts_with("hostile-") {
            let err = verdict.expect_err(&name);
            assert_eq!(err.file, name);
            assert_eq!(wis::base::exit::Error::from(err).code(), 65, "{name}");
            seen.1 += 1;
        }
    }
    assert!(
        seen.0 >= 3 && seen.1 >= 12,
        "the corpus went missing: {seen:?}"
    );
}
