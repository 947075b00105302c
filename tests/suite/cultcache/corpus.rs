//! The fuzz target's seed corpus (`fuzz/corpus/reader/`), replayed in every test run
//! through the same reads the target makes. A seed named `ok-*` must verify clean; one
//! named `hostile-*` must fail as bad data (exit 65) within moments.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use wis::base::cultcache::{CultFile, project, verify};

/// What the fuzz target does with its input; the verdict of `verify`.
fn exercise(data: &[u8]) -> Result<bool, wis::base::exit::Error> {
    if let Ok(mut file) = CultFile::open(data) {
        let _ = project::for_each(
            &mut file,
            false,
            |p| -> Result<(), wis::base::exit::Error> {
                serde_json::to_writer(std::io::sink(), p).expect("a projection always serializes");
                Ok(())
            },
        );
    }
    Ok(verify(data, wis::turn::documents::registry())?.ok())
}

#[test]
fn seed_corpus_replays() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/reader");
    let mut seen = (0, 0);
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    for path in paths {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let data = std::fs::read(&path).unwrap();
        let start = Instant::now();
        let verdict = exercise(&data);
        assert!(
            start.elapsed() < Duration::from_secs(1),
            "{name} took {:?}",
            start.elapsed()
        );
        if name.starts_with("ok-") {
            assert!(matches!(verdict, Ok(true)), "{name}: {verdict:?}");
            seen.0 += 1;
        } else if name.starts_with("hostile-") {
            let err = verdict.expect_err(&name);
            assert_eq!(err.code(), 65, "{name}: {}", err.message);
            seen.1 += 1;
        }
    }
    assert!(
        seen.0 >= 4 && seen.1 >= 5,
        "the corpus went missing: {seen:?}"
    );
}
