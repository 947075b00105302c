//! Snapshots of the reports the other end-to-end tests do not already pin, text and JSON: the
//! configuration in force (a dark and a wise newborn's), the unit ladder, the news before and
//! after an operator's grant, and a sleep. (Status, check, memory, recall, curve, tick and cachectl reports are pinned
//! beside the tests that arrange their situations.)

use crate::support::{TestEnv, snapshot};

#[test]
fn the_configuration_in_force() {
    let env = TestEnv::born();
    snapshot!(env, "config-show", ["config", "show"]).ok();
    snapshot!(
        env,
        "config-show-json",
        ["config", "show", "--output-format", "json"]
    )
    .ok();
    // A wise newborn's: the flags its wis.toml sets, each naming its line.
    let wise = TestEnv::born_wise(1);
    snapshot!(wise, "config-show-wise", ["config", "show"]).ok();
}

#[test]
fn the_ladder_and_the_news_before_and_after_a_grant() {
    let env = TestEnv::born();
    snapshot!(env, "unlock-list-newborn", ["unlock", "list"]).ok();
    snapshot!(env, "news-none", ["news"]).ok();
    snapshot!(env, "news-none-json", ["news", "--output-format", "json"]).ok();

    snapshot!(
        env,
        "unlock-grant-operator",
        ["unlock", "grant", "U1", "--operator"]
    )
    .ok();
    snapshot!(env, "news", ["news"]).ok();
    let news = snapshot!(env, "news-json", ["news", "--output-format", "json"]);
    let items: Vec<serde_json::Value> = news
        .ok()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(items.len(), 1, "one JSON object per line");
    snapshot!(env, "unlock-list", ["unlock", "list"]).ok();
    let units = snapshot!(
        env,
        "unlock-list-json",
        ["unlock", "list", "--output-format", "json"]
    )
    .json();
    assert_eq!(units[1]["unit"], "U1");
    assert_eq!(units[1]["state"], "granted");
}

#[test]
fn a_sleep_for_people_and_for_scripts() {
    let env = TestEnv::born();
    snapshot!(env, "sleep", ["sleep"]).ok();
    let slept = snapshot!(env, "sleep-json", ["sleep", "--output-format", "json"]).json();
    assert_eq!(slept["sleep"], 2);
}
