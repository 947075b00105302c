//! Every input a model or a user hands wis outside the CultCache reader, fuzzed: the model's
//! reply (`mind::parse`), an exam battery (`curve::battery`) and a configuration file
//! (`base::config`). The fuzz targets' seed corpora (`fuzz/corpus/{reply,battery,config}/`)
//! are replayed here, together with inputs too large to commit, random bytes, and random
//! mutations of the seeds, each through what the target does. A seed named `ok-*` must be
//! accepted; anything else must give a typed outcome or a typed error (a parse failure; exit
//! 65 for a battery; exit 78 for a configuration), within seconds, and never panic.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use proptest::prelude::*;
use wis::base::config::Config;
use wis::mind::parse::parse_action;
use wis::wisdom::curve::Battery;
use wis::world::tools::TOOLS;

/// The reply parser on any bytes (as a server's body decodes them): an action or a parse
/// failure, never anything else.
fn reply(data: &[u8]) -> Result<(), String> {
    let text = String::from_utf8_lossy(data);
    let tools: Vec<_> = TOOLS.iter().collect();
    parse_action(&text, &tools)
        .map(|_| ())
        .map_err(|f| format!("{:?}: {}", f.reason, f.detail))
}

/// A battery's bytes: its tasks, or bad data (65).
fn battery(data: &[u8]) -> Result<(), String> {
    match Battery::parse(Path::new("fuzz.jsonl"), "v1", data) {
        Ok(_) => Ok(()),
        Err(e) => {
            assert_eq!(e.code(), 65, "a battery error is bad data: {e}");
            Err(e.message)
        }
    }
}

/// A configuration file as `Config::load` reads it: a configuration, or a configuration
/// error (78).
fn config(data: &[u8]) -> Result<(), String> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("wis.toml");
    std::fs::write(&path, data).unwrap();
    match Config::load(&path, &[]) {
        Ok(_) => Ok(()),
        Err(e) => {
            assert_eq!(e.code(), 78, "a configuration error is exit 78: {e}");
            Err(e.message)
        }
    }
}

type Target = fn(&[u8]) -> Result<(), String>;

fn timed(name: &str, target: Target, data: &[u8]) -> Result<(), String> {
    let start = Instant::now();
    let verdict = target(data);
    let took = start.elapsed();
    // A guard against a hang or a blow-up, not a benchmark: generous for a loaded debug build.
    assert!(took < Duration::from_secs(10), "{name} took {took:?}");
    verdict
}

fn replay(corpus: &str, target: Target) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(corpus);
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    let (mut ok, mut hostile) = (0, 0);
    for path in paths {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let verdict = timed(&name, target, &std::fs::read(&path).unwrap());
        if name.starts_with("ok-") {
            assert!(verdict.is_ok(), "{corpus}/{name}: {verdict:?}");
            ok += 1;
        } else {
            hostile += 1;
        }
    }
    assert!(ok >= 3 && hostile >= 6, "the {corpus} corpus went missing");
}

/// Inputs too large to keep in the repository: deep nesting, a huge line, a huge number.
fn giants() -> Vec<(&'static str, Vec<u8>)> {
    let nested = |open: &str, close: &str, n| format!("{}{}", open.repeat(n), close.repeat(n));
    vec![
        ("nested arrays", nested("[", "]", 1_000_000).into_bytes()),
        (
            "nested objects",
            nested("{\"a\":", "}", 20_000).into_bytes(),
        ),
        (
            "nested tables",
            format!("x = {}1{}", "{a = ".repeat(100_000), "}".repeat(100_000)).into_bytes(),
        ),
        ("a 4 MiB line", vec![b'a'; 4 << 20]),
        (
            "a 9 MiB file",
            [b"{}\n".as_slice(), &vec![b' '; 9 << 20]].concat(),
        ),
        (
            "a 100k-digit number",
            format!("{{\"n\": {}}}", "9".repeat(100_000)).into_bytes(),
        ),
    ]
}

#[test]
fn the_reply_corpus_replays() {
    replay("reply", reply);
}

#[test]
fn the_battery_corpus_replays() {
    replay("battery", battery);
}

#[test]
fn the_config_corpus_replays() {
    replay("config", config);
}

#[test]
fn giant_inputs_are_refused_or_read_in_bounded_time() {
    for (name, data) in giants() {
        let _ = timed(&format!("reply: {name}"), reply, &data);
        let _ = timed(&format!("battery: {name}"), battery, &data);
        let _ = timed(&format!("config: {name}"), config, &data);
    }
}

fn seeds(corpus: &str) -> Vec<Vec<u8>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(corpus);
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.metadata().is_ok_and(|m| m.len() < 16 * 1024))
        .collect();
    paths.sort();
    paths.iter().map(|p| std::fs::read(p).unwrap()).collect()
}

/// A seed with bytes overwritten and a slice cut out.
fn mutate(seed: &[u8], flips: &[(usize, u8)], cut: (usize, usize)) -> Vec<u8> {
    let mut data = seed.to_vec();
    if data.is_empty() {
        return flips.iter().map(|&(_, b)| b).collect();
    }
    for &(at, byte) in flips {
        let i = at % data.len();
        data[i] = byte;
    }
    let start = cut.0 % data.len();
    let end = (start + cut.1 % 64).min(data.len());
    data.drain(start..end);
    data
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(data in proptest::collection::vec(any::<u8>(), 0..2048)) {
        let _ = reply(&data);
        let _ = battery(&data);
        let _ = config(&data);
    }

    #[test]
    fn mutated_seeds_never_panic(
        pick in any::<usize>(),
        flips in proptest::collection::vec((any::<usize>(), any::<u8>()), 1..8),
        cut in (any::<usize>(), any::<usize>()),
    ) {
        for (corpus, target) in [("reply", reply as Target), ("battery", battery), ("config", config)] {
            let seeds = seeds(corpus);
            let seed = &seeds[pick % seeds.len()];
            let _ = target(&mutate(seed, &flips, cut));
        }
    }
}
