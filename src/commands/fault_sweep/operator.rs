//! The fault sweep over the keeper's commands between turns: `wis commission add`, `confirm`
//! and `reject`, each one durable commit of its own, and `wis report --out`, which opens the
//! store to read only and replaces a page beside it. After a fault at any point the store
//! passes its check and holds the command's change whole or not at all (whole when the command
//! succeeded); a report leaves the store as it was and the page before it, or the whole new
//! one. Each survivor then takes the keeper's word again where it did not land, and lives a
//! tick. (`wis workspace restore`, when it exists, joins here: its sweep judges the workspace
//! as these judge the store.)

use std::path::Path;

use clap::Parser;

use super::tick::{grown, report, tick_at};
use super::{BORN, copy_home, ctx, fingerprint, open, sweep_then};
use crate::base::exit::Result;
use crate::base::home::Home;
use crate::commands::{Cli, Command, commission};
use crate::creature::commissions::{self, Status};

/// Runs `wis ARGS` as the command line parses it, in [`ctx`] on `home`.
fn wis(home: &Home, args: &[&str]) -> Result<()> {
    let cli = Cli::try_parse_from(std::iter::once("wis").chain(args.iter().copied()))
        .unwrap_or_else(|e| panic!("wis {args:?}: {e}"));
    let ctx = ctx(home);
    match cli.command {
        Command::Commission(cmd) => commission::run(&ctx, cmd),
        Command::Report(args) => super::super::report::run(&ctx, args),
        other => panic!("not swept here: {other:?}"),
    }
}

/// The status of commission `id`.
fn status(home: &Home, id: u64) -> Option<Status> {
    let store = open(home);
    let rx = store.read().unwrap();
    commissions::all(&rx)
        .unwrap()
        .into_iter()
        .find(|(n, _)| *n == id)
        .map(|(_, c)| c.status)
}

/// A creature two turns old with one commission on its desk.
fn desk(dir: &Path) -> Home {
    let home = grown(dir, 2);
    wis(
        &home,
        &["commission", "add", "count the files in the workspace"],
    )
    .unwrap();
    home
}

/// Sweeps `args` on `template`: the store after a fault is the store before or the store a
/// clean run leaves, and the latter whenever the command succeeded. Then each survivor takes
/// the command again if its change did not land (`landed`), and lives a tick.
fn sweep_word(name: &str, template: &Home, args: &[&str], landed: &dyn Fn(&Home) -> bool) {
    let before = fingerprint(template);
    let after = {
        let (_copy, home) = copy_home(template);
        wis(&home, args).unwrap();
        fingerprint(&home)
    };
    assert_ne!(before, after, "{name} changes nothing");
    let op = |home: &Home| wis(home, args);
    let then = |home: &Home| {
        if !landed(home) {
            wis(home, args)?;
        }
        tick_at(home, BORN + 7_200_000)
    };
    let figures = sweep_then(name, template, Some(1), &op, &then, &|_, home, ok| {
        let now = fingerprint(home);
        assert!(now == before || now == after, "{name} was half written");
        if ok {
            assert!(now == after, "{name} succeeded and was lost");
        }
    });
    report(name, &figures);
    assert!(figures.io > 0 && figures.full > 0 && figures.power > 0);
}

#[test]
fn a_commission_given_is_all_or_nothing_at_every_point() {
    let dir = tempfile::tempdir().unwrap();
    let template = desk(dir.path());
    let args = ["commission", "add", "write the port in notes/pump.txt"];
    sweep_word("commission add", &template, &args, &|home| {
        status(home, 2).is_some()
    });
}

#[test]
fn a_confirmation_is_all_or_nothing_at_every_point() {
    let dir = tempfile::tempdir().unwrap();
    let template = desk(dir.path());
    sweep_word(
        "commission confirm",
        &template,
        &["commission", "confirm", "1"],
        &|home| status(home, 1) == Some(Status::Confirmed),
    );
}

#[test]
fn a_rejection_is_all_or_nothing_at_every_point() {
    let dir = tempfile::tempdir().unwrap();
    let template = desk(dir.path());
    sweep_word(
        "commission reject",
        &template,
        &["commission", "reject", "1", "count the hidden ones too"],
        &|home| status(home, 1) == Some(Status::Rejected),
    );
}

/// A page is made from a store opened to read only: no write and no sync reach the store's
/// disk, so its faults are I/O errors, each an exit 74 that leaves the page before it.
#[test]
fn a_report_leaves_the_store_and_the_page_whole_at_every_point() {
    let dir = tempfile::tempdir().unwrap();
    let template = desk(dir.path());
    let old = "<!doctype html><p>the page before</p>\n";
    std::fs::write(template.root().join("page.html"), old).unwrap();
    let before = fingerprint(&template);
    let op = |home: &Home| {
        let page = home.root().join("page.html");
        wis(home, &["report", "--out", page.to_str().unwrap()])
    };
    let then = |home: &Home| {
        op(home)?;
        tick_at(home, BORN + 7_200_000)
    };
    let figures = sweep_then(
        "report --out",
        &template,
        Some(1),
        &op,
        &then,
        &|_, home, ok| {
            assert!(fingerprint(home) == before, "a report changed the store");
            let page = std::fs::read_to_string(home.root().join("page.html")).unwrap();
            if ok {
                assert!(page.trim_end().ends_with("</html>"), "a page cut short");
            } else {
                assert_eq!(page, old, "a failed report touched the page");
            }
        },
    );
    report("report --out", &figures);
    assert!(figures.io > 0);
    assert_eq!(
        (figures.full, figures.power),
        (0, 0),
        "a report wrote to the store"
    );
}
