//! `wis report` through the real binary: a scripted creature that has lived (ticks against a
//! fake model server, a sleep that proposed a reflex, the reflex armed, fired, demoted with
//! its scar, a second proposal waiting, commissions of two kinds done, dropped and open, a
//! hostile memory told, curve results and a replay recorded in process) gives a page whose
//! every panel has content and every picture is drawn, whose key figures read as `wis status`
//! and `wis reflex list` say them, and in which nothing hostile survives as
//! markup; its structure is a snapshot. A newborn's page says what would fill each panel; a
//! cast's page shows its members, the initiative order and the turns. `--out` replaces the
//! file atomically; a busy store exits 75. `report_browser` renders the same pages in Chromium.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::Value;
use wis::base::clock::Clock;
use wis::base::config::ArmMemory;
use wis::base::home::Home;
use wis::base::store::Read;
use wis::wisdom::curve::{Age, Battery, BatteryRef, CurveResult, TaskScore, record};
use wis::wisdom::replay::history::ReplayRecord;

use crate::support::fake_openai::{Answer, FakeOpenAi, Recorded};
use crate::support::{EPOCH, TestEnv, snapshot};

const PLAN: &str =
    r#"{"thought": "the pump port is written down somewhere", "plan": ["read notes/pump.txt"]}"#;
const READ: &str = r#"{"tool": "read_file", "args": {"path": "notes/pump.txt"}}"#;
/// Told to the creature as a memory: it must reach the page as text.
pub(super) const HOSTILE: &str =
    "<script>alert('x')</script> & \"quoted\" <img src=x onerror=alert(1)> \u{7}bell";

fn tick(env: &TestEnv) -> Value {
    let run = env.wis(&["tick", "--output-format", "json"]);
    assert_eq!(run.code, 0, "{}\n{}", run.stdout, run.stderr);
    run.json()
}

/// A creature that has lived a little of everything the page shows.
pub(super) fn lived() -> (FakeOpenAi, TestEnv) {
    let server = FakeOpenAi::builder()
        .answers([PLAN, READ, PLAN, READ].map(Answer::content))
        .start();
    let mut env = TestEnv::born();
    env.use_mind(&server);
    env.set("WIS_WISDOM_REFLEXES_ENABLED", "true");
    env.set("WIS_WISDOM_REFLEX_SAVES_TICK", "true");
    env.set("WIS_WISDOM_REFLEX_PROMOTE_SUCCESSES", "2");
    env.write("workspace/notes/pump.txt", "the pump listens on 8731\n");
    for _ in 0..4 {
        tick(&env);
    }
    // A second streak in another situation; the sleep proposes both.
    env.write("workspace/notes/fan.txt", "the fan is on\n");
    let fan_plan = r#"{"thought": "and the fan", "plan": ["read notes/fan.txt"]}"#;
    let fan = r#"{"tool": "read_file", "args": {"path": "notes/fan.txt"}}"#;
    for a in [fan_plan, fan, fan_plan, fan] {
        server.push(Answer::content(a));
        tick(&env);
    }
    env.wis(&["sleep"]).ok();
    let list = env.json(&["reflex", "list"]);
    let pump = list["reflexes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["trigger"]["situation_key"] == "-|read notes pump txt")
        .unwrap_or_else(|| panic!("the sleep proposed the pump's reflex: {list}"));
    env.wis(&["reflex", "arm", pump["id"].as_str().unwrap()])
        .ok();
    server.push(Answer::content(PLAN));
    tick(&env);
    assert_eq!(tick(&env)["success"], true, "the reflex handled it");
    // The world changes under the reflex (one from before guards, so nothing holds it back):
    // demoted, with a scar.
    let id = pump["id"].as_str().unwrap().to_string();
    env.edit_store(|tx| {
        let mut r: wis::wisdom::reflex::Reflex = tx.get(&id).unwrap().unwrap();
        r.trigger.world = None;
        tx.put(&id, &r).unwrap();
    });
    std::fs::remove_file(env.path("workspace/notes/pump.txt")).unwrap();
    server.push(Answer::content(PLAN));
    tick(&env);
    assert_eq!(tick(&env)["success"], false);
    // The keeper's errands, of two kinds: one done by the creature's own write, one taken
    // back (its hostile words reach the page as text), one still on the desk.
    env.wis(&[
        "commission",
        "add",
        "write hi into done.txt",
        "--check",
        "file done.txt contains hi",
        "--kind",
        "write",
    ])
    .ok();
    server.push(Answer::content(
        r#"{"tool": "write_file", "args": {"path": "done.txt", "content": "hi"}}"#,
    ));
    assert!(
        tick(&env)["events"]
            .to_string()
            .contains("commission #1 is done")
    );
    env.wis(&["commission", "add", HOSTILE, "--kind", "value"])
        .ok();
    env.wis(&["commission", "drop", "2"]).ok();
    env.wis(&[
        "commission",
        "add",
        "tell me whether the fan is on",
        "--check",
        "reply contains on",
        "--kind",
        "value",
    ])
    .ok();
    env.wis(&["memory", "add", HOSTILE]).ok();
    env.wis(&["sleep"]).ok();
    seed_curve_and_replay(&env);
    (server, env)
}

/// Three arms at two ages of a two-task battery, and one replay, recorded in process.
fn seed_curve_and_replay(env: &TestEnv) {
    let path = env.root("v1.jsonl");
    std::fs::write(
        &path,
        "{\"id\":\"a\",\"domain\":\"ops\",\"prompt\":\"p\",\"scorer\":{\"type\":\"exact\",\"answer\":\"x\"}}\n\
         {\"id\":\"b\",\"domain\":\"recall\",\"prompt\":\"q\",\"scorer\":{\"type\":\"exact\",\"answer\":\"y\"}}\n",
    )
    .unwrap();
    let battery = Battery::load(&path).unwrap();
    let at = EPOCH as i64 * 1000;
    let store = Home::new(env.home())
        .open(Duration::from_secs(5), "test", &Clock::pinned(at))
        .unwrap();
    let mut tx = store.write().unwrap();
    // The seed's three lines: the small model with and without memory, and a larger one
    // without, which the wise arm is below at 4 ticks and reaches at 12.
    for (arm, memory, ticks, scores) in [
        ("naive-small", ArmMemory::None, 4, [1.0, 0.0]),
        ("wise-small", ArmMemory::Live, 4, [1.0, 0.0]),
        ("naive-large", ArmMemory::None, 4, [1.0, 1.0]),
        ("naive-small", ArmMemory::None, 12, [1.0, 0.0]),
        ("wise-small", ArmMemory::Live, 12, [1.0, 1.0]),
        ("naive-large", ArmMemory::None, 12, [1.0, 1.0]),
    ] {
        let large = arm == "naive-large";
        let r = CurveResult {
            run_at: at,
            battery: BatteryRef {
                version: battery.version.clone(),
                sha256: battery.sha256.clone(),
            },
            arm: arm.into(),
            model: if large { "large" } else { "m" }.into(),
            answered_by: None,
            url: large.then(|| "http://127.0.0.1:8081/v1".to_string()),
            mind: "scripted".into(),
            memory,
            age: Age { ticks, sleeps: 1 },
            seed: 7,
            samples: 1,
            temperature: None,
            tasks: battery
                .tasks
                .iter()
                .zip(scores)
                .map(|(t, score)| TaskScore {
                    id: t.id.clone(),
                    domain: t.domain,
                    score,
                    kind: wis::wisdom::curve::AnswerKind::Text,
                    reply: "x".into(),
                    calls: 1,
                    shown: Vec::new(),
                    answered_from: None,
                })
                .collect(),
            total: scores.iter().sum(),
            compute: None,
            started_at: at,
            finished_at: at,
        };
        record::record(&mut tx, &battery, &r, 1000).unwrap();
    }
    tx.push(&ReplayRecord {
        at,
        tick: 12,
        sleep: Some(2),
        seed: 3,
        batch: 4,
        replayable: 2,
        learned: 3,
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
    tx.commit().unwrap();
}

/// The text of every `data-figure` on the page, by name.
pub(super) fn figures(page: &str) -> std::collections::BTreeMap<String, String> {
    let re = regex::Regex::new(r#"data-figure="([a-z_]+)">([^<]*)<"#).unwrap();
    re.captures_iter(page)
        .map(|c| (c[1].to_string(), c[2].to_string()))
        .collect()
}

/// The page's skeleton: every element's tag with its id and class, indented by depth, with
/// the text of headings, captions and table headers; the inside of each picture is one line.
fn outline(page: &str) -> String {
    let tag = regex::Regex::new(r#"<(/?)([a-zA-Z0-9]+)([^>]*?)(/?)>"#).unwrap();
    let attr = regex::Regex::new(r#"\b(id|class)="([^"]*)""#).unwrap();
    let void = ["meta", "br", "img", "link"];
    let titled = ["h1", "h2", "h3", "h4", "caption", "th", "title"];
    let mut out = String::new();
    let mut depth = 0usize;
    let mut in_svg = 0usize;
    let body = &page[page.find("<body>").unwrap()..];
    for c in tag.captures_iter(body) {
        let (closing, name, attrs, selfclose) = (&c[1] == "/", &c[2], &c[3], &c[4] == "/");
        if in_svg > 0 && name != "svg" {
            continue;
        }
        if closing {
            depth = depth.saturating_sub(1);
            if name == "svg" {
                in_svg -= 1;
            }
            continue;
        }
        let mut line = format!("{}{name}", "  ".repeat(depth));
        for a in attr.captures_iter(attrs) {
            line.push_str(&format!(" {}={}", &a[1], &a[2]));
        }
        if titled.contains(&name) {
            let rest = &body[c.get(0).unwrap().end()..];
            let text = &rest[..rest.find('<').unwrap_or(0)];
            line.push_str(&format!(": {text}"));
        }
        if name == "svg" {
            line.push_str(" (picture)");
            in_svg += 1;
        }
        out.push_str(&line);
        out.push('\n');
        if !selfclose && !void.contains(&name) {
            depth += 1;
        }
    }
    // Table rows vary with the lived details; keep one line per table body.
    let mut kept = String::new();
    let mut tbody: Option<usize> = None;
    for line in out.lines() {
        let indent = line.len() - line.trim_start().len();
        if let Some(k) = tbody {
            if indent > k {
                continue;
            }
            tbody = None;
        }
        kept.push_str(line);
        kept.push('\n');
        if line.trim_start() == "tbody" {
            kept.push_str(&format!("{}tr …\n", " ".repeat(indent + 2)));
            tbody = Some(indent);
        }
    }
    kept
}

/// Pins `text` as the snapshot `name` beside this file.
fn pin(name: &str, text: &str) {
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.bind(|| insta::assert_snapshot!(name, text));
}

/// Each panel's text without its heading (tags dropped, whitespace collapsed).
pub(super) fn panel_text(page: &str, id: &str) -> String {
    let start = page
        .find(&format!("<section id=\"{id}\""))
        .unwrap_or_else(|| panic!("no panel {id}"));
    let end = start + page[start..].find("</section>").unwrap();
    let inner = &page[start..end];
    let inner = &inner[inner.find("</h2>").unwrap() + 5..];
    let tags = regex::Regex::new(r"<[^>]*>").unwrap();
    tags.replace_all(inner, " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

pub(super) const PANELS: [&str; 7] = [
    "life", "curve", "below", "memory", "replay", "lineage", "sleeps",
];

/// The pictures a lived creature's page draws, by their `data-figure` names.
pub(super) const PICTURES: [&str; 5] = [
    "practice",
    "life_over_ticks",
    "experience_curve",
    "memory_by_kind",
    "replay_learned_rate",
];

#[test]
fn a_lived_creatures_report_shows_every_panel_and_the_figures_status_and_reflex_list_give() {
    let (_server, env) = lived();
    let out = env.root("site/report.html");
    std::fs::create_dir_all(out.parent().unwrap()).unwrap();
    let run = env.wis(&["report", "--out", out.to_str().unwrap()]);
    run.ok();
    assert!(run.stdout.is_empty(), "{}", run.stdout);
    assert!(run.stderr.contains("wrote"), "{}", run.stderr);
    let page = std::fs::read_to_string(&out).unwrap();
    let stdout = env.wis(&["report"]).ok().to_string();
    assert_eq!(stdout, page, "stdout and --out give the same page");

    for id in PANELS {
        assert!(!panel_text(&page, id).is_empty(), "panel {id} is empty");
    }
    assert!(
        !page.contains("<script"),
        "no script, and nothing hostile as markup"
    );
    assert!(!page.contains("<img"), "nothing hostile as markup");
    assert!(
        !page.contains('\u{7}'),
        "control characters do not reach the page"
    );
    assert!(!page.contains("src=\"http") && !page.contains("href=\"http"));
    assert!(
        page.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;quoted&quot;")
    );
    assert!(page.len() < 200_000, "a bounded page: {} bytes", page.len());

    let status = env.json(&["status"]);
    let life = &status["life"];
    let f = figures(&page);
    assert_eq!(f["ticks"], status["ticks"].to_string());
    assert_eq!(f["sleeps"], status["sleeps"].to_string());
    assert_eq!(f["xp"], status["xp"].to_string());
    assert!(f["level"].starts_with(&format!("{} (", status["level"])));
    assert_eq!(f["steps_closed"], life["steps_closed"].to_string());
    assert_eq!(
        f["xp_per_tick"],
        format!("{:.2}", life["xp_per_tick"].as_f64().unwrap())
    );
    assert_eq!(
        f["repeat_rate"],
        format!("{:.1}%", life["repeat_rate"].as_f64().unwrap() * 100.0)
    );
    assert_eq!(f["commissions_open"], life["commissions_open"].to_string());
    let desk = &status["commissions"]["life"];
    assert_eq!(
        (desk["given"].as_u64(), desk["done"].as_u64()),
        (Some(3), Some(1))
    );
    assert_eq!(f["commissions_given"], desk["given"].to_string());
    assert_eq!(f["commissions_done"], desk["done"].to_string());
    assert_eq!(f["commissions_open"], desk["live"].to_string());
    assert_eq!(
        f["commissions_done_rate"],
        format!("{:.1}%", desk["done_rate"].as_f64().unwrap() * 100.0)
    );
    assert_eq!(
        f["commissions_median_ticks"],
        desk["median_ticks_to_done"].as_f64().unwrap().to_string()
    );
    let life_panel = panel_text(&page, "life");
    assert!(
        life_panel.starts_with("The keeper&#39;s commissions"),
        "the keeper's figures lead: {life_panel}"
    );
    assert!(
        life_panel.contains("write 1 1 0 0 100.0% 1"),
        "{life_panel}"
    );
    for name in PICTURES {
        assert!(
            page.contains(&format!(
                "<figure data-figure=\"{name}\">\n<svg role=\"img\""
            )),
            "no picture {name}"
        );
    }

    let list = env.json(&["reflex", "list"]);
    let reflexes = list["reflexes"].as_array().unwrap();
    for status in ["proposed", "armed", "demoted"] {
        let n = reflexes.iter().filter(|r| r["status"] == status).count();
        assert_eq!(f[&format!("reflexes_{status}")], n.to_string(), "{status}");
    }
    let proposed: Vec<&str> = reflexes
        .iter()
        .filter(|r| r["status"] == "proposed")
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert!(!proposed.is_empty(), "{list}");
    for id in &proposed {
        assert!(
            page.contains(&format!("<code>wis reflex arm {id}</code>")),
            "{id}"
        );
    }
    let demoted = reflexes.iter().find(|r| r["status"] == "demoted").unwrap();
    let below = panel_text(&page, "below");
    assert!(below.contains(demoted["id"].as_str().unwrap()), "{below}");
    assert!(below.contains("stopped working"), "the scar: {below}");
    let today = &list["days"][0];
    assert!(
        below.contains(&format!("{} {} ", today["below"], today["model"])),
        "the day's ticks below and above the model: {below}"
    );

    // The curve draws the seed's three lines against age, and the crossing.
    let curve = &page[page.find("<section id=\"curve\"").unwrap()..];
    let curve = &curve[..curve.find("</section>").unwrap()];
    for role in ["wise-small", "naive-small", "naive-large"] {
        let at = curve
            .find(&format!("<g class=\"arm {role}\""))
            .unwrap_or_else(|| panic!("no {role} line"));
        let line = &curve[at..at + curve[at..].find("</g>").unwrap()];
        assert!(line.contains("<polyline "), "{role} has no line: {line}");
    }
    assert_eq!(curve.matches("<g class=\"crossing\">").count(), 1);
    let text = panel_text(&page, "curve");
    assert!(
        text.contains("wise-small crossed naive-large at age 12 ticks"),
        "{text}"
    );

    // Every memory link lands on an anchor of the page.
    let links = regex::Regex::new(r##"href="#(mem-e\d+)""##).unwrap();
    let mut linked = 0;
    for c in links.captures_iter(&page) {
        assert!(
            page.contains(&format!("id=\"{}\"", &c[1])),
            "{} has no anchor",
            &c[1]
        );
        linked += 1;
    }
    assert!(linked > 0, "the sleeps name memories");

    pin("report-outline", &outline(&page));
}

#[test]
fn a_newborns_report_says_what_would_fill_each_panel() {
    let env = TestEnv::born();
    let run = env.wis(&["report"]);
    let page = run.ok();
    for id in PANELS {
        assert!(!panel_text(page, id).is_empty(), "panel {id} is empty");
    }
    assert!(page.contains("no curve yet: <code>wis curve run</code>"));
    assert!(page.contains(
        "no commission yet: <code>wis commission add TEXT --check CHECK --kind KIND</code>"
    ));
    assert!(page.contains("no work tick yet: <code>wis tick</code>"));
    assert!(!page.contains("<svg"), "nothing to draw yet");
    let body = &page[page.find("<body>").unwrap()..];
    env.settings(&["report".into()])
        .bind(|| insta::assert_snapshot!("report-newborn-body", body));
}

#[test]
fn since_narrows_the_history_and_out_replaces_the_file() {
    let (_server, env) = lived();
    let all = env.wis(&["report"]).ok().to_string();
    let late = env.wis(&["report", "--since", "13"]).ok().to_string();
    assert!(panel_text(&all, "replay").contains("0.75"));
    assert!(
        panel_text(&late, "replay").contains("no replays yet"),
        "the replay was at tick 12"
    );
    assert!(late.contains("history from tick 13 on"));
    let out = env.root("r.html");
    std::fs::write(&out, "old").unwrap();
    let json = env.json(&["report", "--out", out.to_str().unwrap()]);
    assert_eq!(json["bytes"], std::fs::read(&out).unwrap().len());
    let leftovers: Vec<PathBuf> = std::fs::read_dir(env.root(""))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    env.wis(&["report", "--since", "1", "--cast", "x"]).code(64);
}

#[test]
fn a_busy_store_waits_then_exits_75() {
    let env = TestEnv::born();
    let held = env.store();
    let run = env.wis(&["--wait", "0.2", "report"]);
    run.code(75);
    assert!(run.stdout.is_empty());
    drop(held);
    let missing = TestEnv::new().wis(&["report"]);
    missing.code(66);
}

const THOUGHT: &str = r#"{"thought": "I should look around.", "plan": ["look around"]}"#;
const REPLY: &str = r#"{"tool": "reply", "args": {"text": "all is <b>well</b>"}}"#;

/// Two creatures in a cast that has played a few turns; the cast's directory.
pub(super) fn cast(env: &mut TestEnv) -> (FakeOpenAi, PathBuf) {
    let answer = |r: &Recorded| {
        Answer::content(if r.json.to_string().contains("## Think") {
            THOUGHT
        } else {
            REPLY
        })
    };
    let server = FakeOpenAi::builder()
        .route("POST", "/v1/chat/completions", answer)
        .route("POST", "/v1/completions", answer)
        .start();
    env.use_mind(&server);
    let homes = ["a", "b"].map(|h| env.root(h));
    for (i, home) in homes.iter().enumerate() {
        env.wis_in(home, &["init", "--seed", &(i + 1).to_string()])
            .ok();
    }
    let dir = env.root("cast");
    let member = |h: &Path| h.to_str().unwrap().to_string();
    env.wis(&[
        "cast".to_string(),
        "init".into(),
        member(&dir),
        "--member".into(),
        member(&homes[0]),
        "--member".into(),
        member(&homes[1]),
    ])
    .ok();
    for _ in 0..4 {
        env.now += 120;
        env.wis(&["cast", "--dir", dir.to_str().unwrap(), "tick"])
            .ok();
    }
    (server, dir)
}

#[test]
fn a_casts_report_shows_members_initiative_and_turns() {
    let mut env = TestEnv::new();
    let (_server, dir) = cast(&mut env);
    let page = env
        .wis(&["report", "--cast", dir.to_str().unwrap()])
        .ok()
        .to_string();
    for id in ["members", "initiative", "turns"] {
        assert!(!panel_text(&page, id).is_empty(), "panel {id} is empty");
    }
    let status = env.json(&["cast", "--dir", dir.to_str().unwrap(), "status"]);
    for p in status["participants"].as_array().unwrap() {
        let id = p["id"].as_str().unwrap();
        assert!(
            page.contains(&format!("<a href=\"{id}.html\">{id}</a>")),
            "{id}"
        );
    }
    assert_eq!(
        figures(&page)["cast_ticks"],
        status["cast_ticks"].to_string()
    );
    assert!(!page.contains("<b>"), "a member's words stay text");
    pin("report-cast-outline", &outline(&page));
    env.wis(&["report", "--cast", env.root("nowhere").to_str().unwrap()])
        .code(66);
}

#[test]
fn the_report_help_teaches_publishing_from_cron() {
    let env = TestEnv::new();
    let help = env.wis(&["report", "--help"]).ok().to_string();
    assert!(
        help.contains("0 * * * * wis --home H report --out /srv/www/H.html"),
        "{help}"
    );
    snapshot!(env, "report-help", ["report", "--help"]).ok();
}
