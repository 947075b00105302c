//! The fault sweep over a curve run: three arms, each recorded in its own commit. After a
//! fault at any point the store passes its check, holds whole results of the arms recorded
//! before it (never a part of one), and a run that succeeded has all three.

use super::*;
use crate::commands::fault_sweep::tick::report;
use crate::commands::fault_sweep::{copy_home, open, sweep};

fn recorded(home: &Home) -> usize {
    let store = open(home);
    let rx = store.read().unwrap();
    results(&rx).unwrap().len()
}

#[test]
fn a_curve_run_records_whole_arms_at_every_fault_point() {
    let template = Bench::new();
    let run = |home: &Home| {
        let bench = Bench {
            _dir: tempfile::tempdir().unwrap(),
            home: home.clone(),
            battery_path: template.battery_path.clone(),
            clock: template.clock,
            seen: Rc::default(),
            minds_built: Cell::new(0),
            restores: Cell::new(0),
            in_flight: false,
            fail_on: None,
            stop_after: None,
            results_cap: template.results_cap,
            out: None,
            curve: template.curve.clone(),
        };
        bench.run().map(|_| ())
    };
    let arms = {
        let (_dir, home) = copy_home(&template.home);
        run(&home).unwrap();
        recorded(&home)
    };
    assert_eq!(arms, 3);
    let figures = sweep(
        "curve run",
        &template.home,
        Some(0),
        &run,
        &|_, after, ok| {
            let n = recorded(after);
            assert!(n <= arms, "{n} results of a {arms}-arm run");
            if ok {
                assert_eq!(n, arms, "a curve run that succeeded lost results");
            }
        },
    );
    report("curve run", &figures);
    assert!(figures.power > 0);
}
