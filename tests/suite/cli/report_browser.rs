//! `wis report` in a real browser: headless Chromium (Debian's `chromium`, installed by
//! `scripts/install-deps.sh`) loads a lived creature's page and a cast's page from disk, prints
//! no console message (no script error, no blocked fetch), and in the DOM it built every panel
//! is there with content, every picture of the life is drawn, and the key figures read as
//! `wis status` gives them; a life of errands and a life as long as the rings keep draw their
//! pictures too. One screenshot
//! per kind of page is kept under `target/report-screenshots/` as an artifact (not committed).
//! Without Chromium the test says so and passes, unless `WIS_TEST_REQUIRE_ENV` is set (CI).

use std::path::{Path, PathBuf};
use std::process::Command;

use super::report::{PANELS, PICTURES, cast, figures, lived, panel_text};
use super::report_life::{a_full_life, errands};
use crate::support::TestEnv;
use crate::support::require::skip;

/// The browser, when this machine has one.
fn chromium() -> Option<PathBuf> {
    ["chromium", "chromium-browser"].iter().find_map(|name| {
        let ok = Command::new(name)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success());
        ok.then(|| PathBuf::from(name))
    })
}

/// Chromium's DOM of `page` after loading it, and what it said on stderr; a screenshot of it
/// at `width` pixels to `shot`.
fn render(
    browser: &Path,
    page: &Path,
    profile: &Path,
    shot: &Path,
    width: u32,
) -> (String, String) {
    let url = format!("file://{}", page.display());
    let base = |cmd: &mut Command| {
        cmd.args([
            "--headless",
            "--disable-gpu",
            "--no-sandbox",
            "--no-first-run",
            "--disable-extensions",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", profile.display()));
    };
    let mut dump = Command::new(browser);
    base(&mut dump);
    let out = dump
        .arg("--dump-dom")
        .arg(&url)
        .output()
        .expect("chromium runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut snap = Command::new(browser);
    base(&mut snap);
    let took = snap
        .arg(format!("--screenshot={}", shot.display()))
        .arg(format!("--window-size={width},4800"))
        .arg(&url)
        .output()
        .expect("chromium runs");
    assert!(
        took.status.success(),
        "{}",
        String::from_utf8_lossy(&took.stderr)
    );
    assert!(shot.exists(), "no screenshot at {}", shot.display());
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&took.stderr),
    )
}

/// Where the screenshots are kept: the workspace's `target/`.
fn shots() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/report-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn no_console_messages(stderr: &str) {
    let console: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("CONSOLE") || l.contains("Content Security Policy"))
        .collect();
    assert!(
        console.is_empty(),
        "the page spoke on the console: {console:#?}"
    );
}

/// The picture `name` is in the DOM the browser built, drawn, with its titles.
fn drawn(dom: &str, name: &str) {
    let at = dom
        .find(&format!("<figure data-figure=\"{name}\">"))
        .unwrap_or_else(|| panic!("the browser has no picture {name}"));
    let inside = &dom[at..at + dom[at..].find("</figure>").unwrap()];
    assert!(
        inside.contains("<svg") && inside.contains("</svg>") && inside.contains("<title>"),
        "the picture {name} is not drawn: {inside}"
    );
}

#[test]
fn chromium_renders_a_creatures_page_and_a_casts_page() {
    let Some(browser) = chromium() else {
        skip("no chromium on this machine (apt-get install chromium)");
        return;
    };
    let (_server, env) = lived();
    let page = env.root("creature.html");
    env.wis(&["report", "--out", page.to_str().unwrap()]).ok();
    let profile = env.root("chromium-profile");
    let (dom, stderr) = render(
        &browser,
        &page,
        &profile,
        &shots().join("creature.png"),
        1200,
    );
    no_console_messages(&stderr);
    for id in PANELS {
        assert!(
            !panel_text(&dom, id).is_empty(),
            "panel {id} is empty in the browser"
        );
    }
    for name in PICTURES {
        drawn(&dom, name);
    }
    let status = env.json(&["status"]);
    let f = figures(&dom);
    assert_eq!(f["ticks"], status["ticks"].to_string());
    assert_eq!(f["xp"], status["xp"].to_string());
    assert_eq!(
        f["steps_closed"],
        status["life"]["steps_closed"].to_string()
    );
    assert_eq!(
        f["commissions_done"],
        status["commissions"]["life"]["done"].to_string()
    );
    let list = env.json(&["reflex", "list"]);
    let proposed = list["reflexes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["status"] == "proposed")
        .count();
    assert_eq!(f["reflexes_proposed"], proposed.to_string());
    // A phone's width renders too.
    let (_, narrow) = render(
        &browser,
        &page,
        &profile,
        &shots().join("creature-phone.png"),
        390,
    );
    no_console_messages(&narrow);

    // A life of errands, and a life as long as the rings keep: their pictures render too.
    let (_errands_server, errands_env, _) = errands();
    let long_env = TestEnv::born();
    a_full_life(&long_env);
    for (env, name) in [(&errands_env, "errands"), (&long_env, "long-life")] {
        let page = env.root(&format!("{name}.html"));
        env.wis(&["report", "--out", page.to_str().unwrap()]).ok();
        let (dom, stderr) = render(
            &browser,
            &page,
            &env.root("chromium-profile"),
            &shots().join(format!("{name}.png")),
            1200,
        );
        no_console_messages(&stderr);
        for picture in ["practice", "life_over_ticks", "memory_by_kind"] {
            drawn(&dom, picture);
        }
    }

    let mut cast_env = TestEnv::new();
    let (_cast_server, dir) = cast(&mut cast_env);
    let cast_page = cast_env.root("cast.html");
    cast_env
        .wis(&[
            "report",
            "--cast",
            dir.to_str().unwrap(),
            "--out",
            cast_page.to_str().unwrap(),
        ])
        .ok();
    let (dom, stderr) = render(
        &browser,
        &cast_page,
        &cast_env.root("chromium-profile"),
        &shots().join("cast.png"),
        1200,
    );
    no_console_messages(&stderr);
    for id in ["members", "initiative", "turns"] {
        assert!(
            !panel_text(&dom, id).is_empty(),
            "panel {id} is empty in the browser"
        );
    }
}
