//! The growth report's cost against `wis status`'s on the same store, measured in one run: a
//! creature with a 100k-episode ledger, a full turn log (5000 turns), a full ring of 1000
//! commissions of 12 kinds, 2000 engrams, 1000 sleep receipts naming memories, 1000 replays
//! and 100 reflexes (a third of them proposed, each with its evidence). Each sample opens the
//! store, reads one snapshot and closes it, as the commands do; `report` also renders the
//! page. The goal: a report at most twice a status. The report never reads the ledger whole:
//! a proposal's evidence is read episode by episode, and lineage's own marks skip counting
//! successes.
//!
//! `status` and `report` time the library's calls in process (open, one snapshot, close; and
//! the page's rendering); `status_process` and `report_process` time the commands as cron runs
//! them, `wis status --output-format json` against `wis report --out FILE` (which also writes
//! the page atomically); `status_read` and `report_read` time one snapshot of a store held
//! open, without the opening and closing that swing the others.
//!
//! Measured on the shared 2-core build machine (one run, medians): in process `report` 27.9 ms
//! against `status` 20.0 ms (1.39x); as processes `report_process` 43.9 ms against
//! `status_process` 24.0 ms (1.83x). The store's close (a durable commit of redb's free-space
//! record) and its sync decide most of both and swing between runs. Without the close,
//! gathering the report took 5.5 to 7 ms (2.6 ms of it reading the 2000 engrams, 0.6 ms the
//! replays) and rendering the 190 KB page 1.7 ms, where status read in 0.5 to 0.9 ms: the
//! report costs the same at 1k episodes as at 100k.
//!
//! Since status and the report lead with the keeper's commissions and the report draws the
//! life over the ticks, the practice curve and memory by kind, both read the 1000 commissions,
//! and the report the whole turn log. Measured with the commit before them as the baseline,
//! each built from this file and run in turn three times on the same machine (load average
//! 9 to 10 from other builds, fastest samples): `status_read` 0.20 ms before, 1.2 ms after
//! (the commissions: 0.9 ms to read the thousand); `report_read` 6.5 ms before, 11.7 ms after
//! (2.5 ms the 5000 turns, 0.9 ms the commissions, the rest drawing). As processes the
//! medians were `report_process` 38 to 56 ms before and 48 to 52 ms after, `status_process`
//! 20 to 21 ms before and 21 to 24 ms after: a report was 1.9 to 2.7 times a status before
//! and 2.1 to 2.5 times after, at that load. The page grew from 190 KB to 300 KB (the practice
//! curve 46 KB, the life over the ticks 30 KB, memory by kind 18 KB; replay's plot of 1000
//! replays is still the largest picture, 108 KB).
//!
//! Run: `cargo bench --bench report` (quick: `-- --sample-count 5`); the ratios are
//! `report` / `status`, `report_read` / `status_read` and `report_process` / `status_process`.

use std::process::{Command, Stdio};
use std::time::Duration;

use wis::base::clock::Clock;
use wis::base::home::Home;
use wis::base::store::{Read, Store, Tx};
use wis::creature::FailKind;
use wis::creature::commissions::{Commission, Status as CommissionStatus};
use wis::creature::heartbeat::Turn;
use wis::creature::turns::TurnRecord;
use wis::memory::{Kind, NewEngram, Provenance};
use wis::turn::growth::{Growth, Options};
use wis::turn::report::StatusReport;
use wis::turn::sleep::{JobReport, SleepReceipt};
use wis::wisdom::episodes::Episode;
use wis::wisdom::reflex::{Provenance as Streak, Reflex, ReflexAction, Status, Trigger};
use wis::wisdom::replay::history::ReplayRecord;

fn main() {
    divan::main();
}

/// The tests' way of opening a store and of bearing a creature.
#[path = "../tests/support/store.rs"]
#[allow(dead_code)]
mod store;

const EPISODES: u64 = 100_000;
const BIN: &str = env!("CARGO_BIN_EXE_wis");
const NOW: i64 = 1_767_225_600_000;

fn episode(tick: u64) -> Episode {
    Episode {
        tick,
        at: NOW,
        situation: "-|keep going".into(),
        tool: "bash".into(),
        signature: "bash ls -la".into(),
        action: r#"{"tool":"bash","args":{"command":"ls -la"}}"#.into(),
        fail_kind: FailKind::Ok,
        success: tick % 7 != 0,
        automated: false,
        summary: "bash `ls -la` -> ok: a.txt b.txt".into(),
        duration_ms: 3,
        advanced: Default::default(),
        step: None,
    }
}

fn turn(tick: u64) -> TurnRecord {
    TurnRecord {
        tick,
        at: NOW,
        turn: if tick % 5 == 0 {
            Turn::Rumination
        } else {
            Turn::Work
        },
        tool: Some("bash".into()),
        signature: (tick % 5 != 0).then(|| format!("bash ls {}", tick % 13)),
        success: tick % 7 != 0,
        automated: tick % 11 == 0,
        advanced: Default::default(),
        repeat: tick % 3 == 0,
        replan_changed: (tick % 5 == 0).then_some(tick % 2 == 0),
        xp: u64::from(tick % 4 == 0),
        observed: Some(1),
    }
}

fn fill(tx: &mut Tx<'_>, memory: &wis::memory::Memory) {
    for t in 1..=EPISODES {
        tx.push(&episode(t)).unwrap();
    }
    for t in EPISODES - 5_000..EPISODES {
        tx.push(&turn(t)).unwrap();
    }
    for n in 0..2_000u64 {
        let kind = [Kind::Fact, Kind::Scar, Kind::Procedure, Kind::Episodic][(n % 4) as usize];
        let text = format!("memory {n}: the pump listens on port {}", 8000 + n);
        memory
            .remember(tx, NewEngram::new(kind, text, Provenance::Experienced), NOW)
            .unwrap();
    }
    for s in 1..=1_000u64 {
        let named: Vec<String> = (0..20)
            .map(|k| format!("e{}", (s * 7 + k) % 2_000))
            .collect();
        tx.push(&SleepReceipt {
            sleep: s,
            tick: s * 100,
            at: NOW,
            pressure_before: 300.0,
            threshold: 280.0,
            jobs: vec![
                JobReport::new("distillation", "3 facts, 1 scar").naming(named.clone()),
                JobReport::new("consolidation", "merged 2, archived 1").naming(named),
                JobReport::new("curation", "4 reinforced, 1 demoted"),
            ],
            dream: None,
        })
        .unwrap();
        tx.push(&ReplayRecord {
            at: NOW,
            tick: s * 100,
            sleep: Some(s),
            seed: s,
            batch: 4,
            replayable: 10,
            learned: (s % 4) as u32,
            unlearned: 1,
            divergent: 0,
            malformed: 0,
            skipped: 0,
            skipped_why: None,
            items: Vec::new(),
            skips: Vec::new(),
            redistill: Vec::new(),
        })
        .unwrap();
    }
    for n in 0..1_000u64 {
        let text = format!("write the word plum{n} into the file fruit{n}.txt, then tell me");
        let mut c = Commission::new(&text, None, None, EPISODES - 5_000 + n * 5, NOW);
        c.kind = Some(format!("kind-{}", n % 12));
        c.status = if n % 4 == 0 {
            CommissionStatus::Expired
        } else {
            CommissionStatus::Done
        };
        c.ended_tick = Some(c.given_tick + 1 + n % 13);
        c.episodes = (0..8).map(|k| c.given_tick + k).collect();
        tx.push(&c).unwrap();
    }
    for n in 0..100u64 {
        let id = format!("r{n}");
        tx.put(
            &id.clone(),
            &Reflex {
                id,
                trigger: Trigger {
                    situation_key: format!("-|step {n}"),
                    guard: None,
                    world: None,
                },
                action: ReflexAction {
                    tool: "bash".into(),
                    args: r#"{"command":"ls"}"#.into(),
                    signature: "bash ls".into(),
                },
                provenance: Streak {
                    episode_ids: (0..5).map(|k| n * 900 + k).collect(),
                    successes: 5,
                    last_adjudicated: NOW,
                },
                status: [Status::Proposed, Status::Armed, Status::Demoted][(n % 3) as usize],
                fired: n,
                failed: u64::from(n % 3 == 2),
                armed_by: None,
                armed_at: None,
                proposed_tick: n * 900,
                last_fired: None,
                demoted_tick: (n % 3 == 2).then_some(n * 900 + 10),
                last_failure: None,
                inherited: None,
            },
        )
        .unwrap();
    }
}

/// A creature with the history above; its home.
fn creature() -> (tempfile::TempDir, Home) {
    let dir = tempfile::tempdir().unwrap();
    let home = store::born(&dir.path().join("home"), NOW);
    let s = store::open(&home.store_path());
    let mut tx = s.write().unwrap();
    let memory = wis::memory::Memory::new(Box::new(wis::memory::HashEmbedder::new(64)));
    fill(&mut tx, &memory);
    let mut persona: wis::creature::Persona = tx.singleton().unwrap();
    persona.ticks = EPISODES;
    tx.set(&persona).unwrap();
    tx.commit().unwrap();
    (dir, home)
}

fn open(home: &Home) -> Store {
    home.open(Duration::from_secs(5), "bench", &Clock::pinned(NOW))
        .unwrap()
}

#[divan::bench(sample_count = 20)]
fn status(bencher: divan::Bencher) {
    let (_dir, home) = creature();
    bencher.bench_local(|| {
        let s = open(&home);
        let r = StatusReport::gather(&s.read().unwrap(), NOW, "bench".into(), 300).unwrap();
        drop(s);
        r.ticks
    });
}

#[divan::bench(sample_count = 20)]
fn report(bencher: divan::Bencher) {
    let (_dir, home) = creature();
    let opts = Options {
        since: None,
        mind: "bench".into(),
        reflexes_enabled: true,
    };
    bencher.bench_local(|| {
        let s = open(&home);
        let g = Growth::gather(&s.read().unwrap(), NOW, &opts).unwrap();
        drop(s);
        g.render().len()
    });
}

/// `status` without the store's opening and closing: one read snapshot of a store held open.
#[divan::bench(sample_count = 50)]
fn status_read(bencher: divan::Bencher) {
    let (_dir, home) = creature();
    let s = open(&home);
    bencher.bench_local(|| {
        StatusReport::gather(&s.read().unwrap(), NOW, "bench".into(), 300)
            .unwrap()
            .ticks
    });
}

/// `report` without the store's opening and closing: one read snapshot of a store held open,
/// every panel gathered and the page rendered.
#[divan::bench(sample_count = 50)]
fn report_read(bencher: divan::Bencher) {
    let (_dir, home) = creature();
    let s = open(&home);
    let opts = Options {
        since: None,
        mind: "bench".into(),
        reflexes_enabled: true,
    };
    bencher.bench_local(|| {
        Growth::gather(&s.read().unwrap(), NOW, &opts)
            .unwrap()
            .render()
            .len()
    });
}

/// `wis ARGS` on `home` as cron runs it: a process, its output thrown away.
fn wis(home: &Home, args: &[&str]) {
    let ok = Command::new(BIN)
        .arg("--home")
        .arg(home.root())
        .args(args)
        .env("WIS_NOW", (NOW / 1000).to_string())
        .env("WIS_DATA_DIR", home.root().join("data"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap()
        .success();
    assert!(ok, "wis {args:?} failed");
}

#[divan::bench(sample_count = 20)]
fn status_process(bencher: divan::Bencher) {
    let (_dir, home) = creature();
    bencher.bench_local(|| wis(&home, &["--output-format", "json", "status"]));
}

#[divan::bench(sample_count = 20)]
fn report_process(bencher: divan::Bencher) {
    let (_dir, home) = creature();
    let out = home.root().join("report.html");
    let out = out.to_str().unwrap().to_string();
    bencher.bench_local(|| wis(&home, &["report", "--out", &out]));
}
