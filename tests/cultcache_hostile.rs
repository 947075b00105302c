//! Hostile CultCache files: each fails with exit 65, fast, in bounded memory.
//!
//! In process, a counting allocator measures the peak heap of reading each file; through the
//! real binary, each command runs with its address space capped, so an allocation sized from
//! a length prefix would abort the process instead of exiting 65.
//!
//! A test binary of its own: its counting global allocator would otherwise see the
//! allocations of every test running beside it.

mod support;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use support::{Run, TestEnv};
use wis::base::cultcache::encode::Encoder;
use wis::base::cultcache::{CultFile, ReadError, project, verify};

struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
/// One measurement at a time (tests run on several threads).
static MEASURE: Mutex<()> = Mutex::new(());

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(live, Ordering::Relaxed);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: `ptr` came from `alloc` above with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// The classic hostile files, by name.
fn hostile() -> Vec<(&'static str, Vec<u8>)> {
    let mut nested = vec![0x91; 10_000];
    nested.push(0xc0);

    let mut array32 = vec![0xdd];
    array32.extend_from_slice(&u32::MAX.to_be_bytes());

    // A v1 snapshot whose one record's payload is a bin32 claiming 4 GiB, with no body.
    let mut bin32 = Encoder::new();
    bin32.array_len(3).unwrap();
    bin32.str("cultcache.store.v1").unwrap();
    bin32.array_len(1).unwrap();
    wis::base::cultcache::wis_catalog(wis::turn::documents::registry())[0]
        .encode(&mut bin32)
        .unwrap();
    bin32.array_len(1).unwrap();
    bin32.array_len(4).unwrap();
    for s in ["self", "wis.genome.v1", "2026-01-01T00:00:00.000Z"] {
        bin32.str(s).unwrap();
    }
    let mut bin32 = bin32.into_bytes();
    bin32.push(0xc6);
    bin32.extend_from_slice(&u32::MAX.to_be_bytes());

    let mut missing = Encoder::new();
    missing.array_len(3).unwrap();
    missing.str("cultcache.store.v1").unwrap();
    missing.array_len(0).unwrap();
    missing.array_len(1).unwrap();
    missing.array_len(4).unwrap();
    for s in ["self", "nobody.v1", "2026-01-01T00:00:00.000Z"] {
        missing.str(s).unwrap();
    }
    missing.bin(&[0x80]).unwrap();

    let mut future = Encoder::new();
    future.array_len(3).unwrap();
    future.str("cultcache.store.v2").unwrap();
    future.array_len(0).unwrap();
    future.array_len(0).unwrap();

    vec![
        ("nested", nested),
        ("array32", array32),
        ("bin32", bin32),
        ("missing-schema", missing.into_bytes()),
        ("future-version", future.into_bytes()),
    ]
}

/// Reads a whole file as `project` and `verify` do; the first error.
fn read_all(bytes: &[u8]) -> Result<(), ReadError> {
    let mut file = CultFile::open(bytes)?;
    project::for_each(&mut file, false, |p| {
        serde_json::to_writer(std::io::sink(), p)
            .map_err(|e| ReadError::NotCultCache(e.to_string()))
    })?;
    verify(bytes, wis::turn::documents::registry()).map(drop)
}

#[test]
fn hostile_files_fail_fast_in_little_memory() {
    for (name, bytes) in hostile() {
        let _one = MEASURE.lock().unwrap();
        let before = LIVE.load(Ordering::Relaxed);
        PEAK.store(before, Ordering::Relaxed);
        let start = Instant::now();
        let result = read_all(&bytes);
        let took = start.elapsed();
        let peak = PEAK.load(Ordering::Relaxed) - before;
        let err = result.expect_err(name);
        let err: wis::base::exit::Error = err.into();
        assert_eq!(err.code(), 65, "{name}: {}", err.message);
        assert!(took < Duration::from_millis(500), "{name} took {took:?}");
        assert!(peak < 256 * 1024, "{name} peaked at {peak} bytes of heap");
    }
}

#[test]
fn hostile_files_exit_65_through_the_binary() {
    let env = TestEnv::born();
    for (name, bytes) in hostile() {
        let path = env.root(&format!("{name}.cc"));
        std::fs::write(&path, &bytes).unwrap();
        let file = path.to_str().unwrap();
        for args in [
            vec!["cachectl", "verify", file],
            vec!["cachectl", "project", file],
            vec!["cachectl", "import", file],
        ] {
            let mut cmd = env.command();
            cmd.args(&args);
            capped(&mut cmd, 1 << 30);
            let run = Run::of(&mut cmd);
            assert_eq!(run.code, 65, "{name} {args:?}: {}", run.stderr);
            assert!(
                run.took < Duration::from_secs(3),
                "{name} {args:?} took {:?}",
                run.took
            );
            assert!(run.stderr.starts_with("error: "), "{name}: {}", run.stderr);
        }
    }
}

/// Caps the child's address space, so preallocating gigabytes would kill it.
fn capped(cmd: &mut std::process::Command, bytes: u64) {
    use std::os::unix::process::CommandExt;
    // SAFETY: setrlimit is async-signal-safe and touches only the child being started.
    unsafe {
        cmd.pre_exec(move || {
            let limit = libc::rlimit {
                rlim_cur: bytes,
                rlim_max: bytes,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
}
