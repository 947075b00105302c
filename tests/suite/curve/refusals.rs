//! WIS6 and the frozen battery: what a run refuses, before any model is asked.

use super::*;

#[test]
fn a_live_creature_is_refused_before_any_model_is_asked() {
    let bench = Bench::new();
    bench.live(true, 120, 3);
    let err = bench.run().unwrap_err();
    assert_eq!(err.code(), 75);
    assert!(err.message.contains("Pim is live"), "{}", err.message);
    assert!(err.hint.unwrap().contains("wis pause"));
    assert_eq!(bench.minds_built.get(), 0);
    assert_eq!(
        bench.restores.get(),
        0,
        "nothing was swapped, nothing to restore"
    );
    assert!(bench.stored().is_empty());
}

#[test]
fn a_turn_in_flight_is_refused() {
    let mut bench = Bench::new();
    bench.in_flight = true;
    let err = bench.run().unwrap_err();
    assert_eq!(err.code(), 75);
    assert!(err.message.contains("in flight"), "{}", err.message);
    assert_eq!(bench.minds_built.get(), 0);
}

#[test]
fn a_battery_edited_after_a_result_is_refused_naming_the_version() {
    let bench = Bench::new();
    bench.run().unwrap();
    let first = bench.stored_battery("v1").unwrap();
    assert_eq!(first.sha256, battery::sha256_hex(BATTERY.as_bytes()));
    assert_eq!(first.tasks, 4);

    let edited = BATTERY.replace("\"wis.redb\"", "\"wis.toml\"");
    std::fs::write(&bench.battery_path, edited).unwrap();
    let asked = bench.seen.borrow().len();
    let err = bench.run().unwrap_err();
    assert_eq!(err.code(), 65);
    assert!(
        err.message.contains("battery v1 has changed"),
        "{}",
        err.message
    );
    assert!(err.hint.unwrap().contains("v2.jsonl"));
    assert_eq!(bench.seen.borrow().len(), asked, "no model was asked");

    // the same bytes run again
    std::fs::write(&bench.battery_path, BATTERY).unwrap();
    bench.run().unwrap();
    // and the change as a new version file runs
    let v2 = bench.battery_path.with_file_name("v2.jsonl");
    std::fs::write(&v2, BATTERY.replace("\"wis.redb\"", "\"wis.toml\"")).unwrap();
    assert!(Battery::load(&v2).is_ok());
}

#[test]
fn the_freeze_outlives_the_ring() {
    let mut bench = Bench::new();
    bench.results_cap = 2;
    bench.run().unwrap();
    assert_eq!(bench.stored().len(), 2, "results_cap trims the ring");
    bench.run().unwrap();
    let stored = bench.stored();
    assert_eq!(stored.len(), 2);
    assert_eq!(stored[1].arm, "naive-large");
    std::fs::write(&bench.battery_path, format!("{BATTERY}\n")).unwrap();
    assert_eq!(bench.run().unwrap_err().code(), 65);
}
