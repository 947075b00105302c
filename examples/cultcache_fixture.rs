//! Writes a synthetic CultCache file for measuring `wis cachectl project` as a whole program:
//!
//! ```sh
//! cargo run --release --example cultcache_fixture -- big.cc 100
//! /usr/bin/time -v target/release/wis cachectl project big.cc > /dev/null
//! ```

#[path = "../benches/cultcache_fixture/mod.rs"]
mod fixture;

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(path), mb) = (args.next(), args.next()) else {
        eprintln!("usage: cultcache_fixture FILE [MEGABYTES (default 100)]");
        std::process::exit(64);
    };
    let mb: usize = mb.and_then(|m| m.parse().ok()).unwrap_or(100);
    let bytes = fixture::snapshot(mb << 20);
    std::fs::write(&path, &bytes).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(74);
    });
    println!("{path}: {} bytes", bytes.len());
}
