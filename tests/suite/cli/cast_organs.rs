//! `wis cast`: the maintenance organs against a fake model server. The appraiser and the
//! mutator take offstage turns under the same law as the members (same readiness, recovery from
//! completion, receipts); three appraisals repeating a pattern make the mutator propose a
//! value; `wis cast review accept` writes it into the member's memory and the member's next
//! prompt holds it; a rejection is kept; a member's busy store defers the appraiser and loses
//! nothing; and the schemas take everything the organs wrote.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::Value;
use wis::base::store::{OpenOptions, Store};

use super::cast::{cast_args, status};
use crate::support::fake_openai::{Answer, FakeOpenAi, Recorded};
use crate::support::{TestEnv, snapshot};

const THOUGHT: &str = r#"{"thought": "I should look around.", "plan": ["look around"]}"#;
const REPLY: &str = r#"{"tool": "reply", "args": {"text": "all is well"}}"#;
const WAIT: &str = r#"{"tool": "wait", "args": {}}"#;
/// The value the mutator proposes to a member that lets its turns pass.
const ACT: &str = "When my turn comes, I act on my step instead of waiting.";

fn text(req: &Recorded) -> String {
    req.json.to_string()
}

/// A server on which the creature called `idle` lets every turn pass and everyone else
/// replies to the keeper; a rumination plans.
fn serve(idle: String) -> FakeOpenAi {
    let answer = move |req: &Recorded| {
        let prompt = text(req);
        Answer::content(if prompt.contains("## Think") {
            THOUGHT
        } else if prompt.contains(&format!("The life of {idle}")) {
            WAIT
        } else {
            REPLY
        })
    };
    let chat = answer.clone();
    FakeOpenAi::builder()
        .route("POST", "/v1/chat/completions", move |r| chat(r))
        .route("POST", "/v1/completions", answer)
        .start()
}

/// Two creatures born in `a/` and `b/`, their names, and the cast of both in `cast/`.
fn born_two(env: &TestEnv) -> (PathBuf, [PathBuf; 2], [String; 2]) {
    let homes = ["a", "b"].map(|h| env.root(h));
    for (i, home) in homes.iter().enumerate() {
        env.wis_in(home, &["init", "--seed", &(i + 1).to_string()])
            .ok();
    }
    let names = homes.clone().map(|h| {
        env.wis_in(&h, &["--output-format", "json", "status"])
            .json()["name"]
            .as_str()
            .unwrap()
            .to_string()
    });
    let cast = env.root("cast");
    env.wis(&[
        "cast",
        "init",
        cast.to_str().unwrap(),
        "--member",
        homes[0].to_str().unwrap(),
        "--member",
        homes[1].to_str().unwrap(),
        "--recovery-secs",
        "60",
    ])
    .ok();
    (cast, homes, names)
}

/// The id the cast gave the member whose home is `home`.
fn id_of(env: &TestEnv, cast: &Path, home: &Path) -> String {
    status(env, cast)["participants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["home"] == home.to_str().unwrap())
        .unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string()
}

/// One cast tick, the clock first moved on to whoever is ready next; its JSON output.
fn next_turn(env: &mut TestEnv, cast: &Path) -> Value {
    let now = status(env, cast);
    if now["next"].is_null() {
        let soonest = now["participants"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["pending"].is_null())
            .map(|p| p["next_ready_at"].as_u64().unwrap())
            .min()
            .unwrap();
        env.now = soonest.div_ceil(1000);
    }
    let run = env.wis(&cast_args(cast, &["tick"]));
    run.ok();
    run.json()
}

fn review(env: &TestEnv, cast: &Path) -> Value {
    let run = env.wis(&cast_args(cast, &["review"]));
    run.ok();
    run.json()
}

/// Engrams of `kind` in `home`'s memory, newest first.
fn engrams(env: &TestEnv, home: &Path, kind: &str) -> Vec<Value> {
    let run = env.wis_in(
        home,
        &[
            "--output-format",
            "json",
            "memory",
            "list",
            "--kind",
            kind,
            "-n",
            "100",
        ],
    );
    run.ok();
    run.json().as_array().unwrap().clone()
}

#[test]
fn appraisals_repeating_a_pattern_make_a_proposal_whose_acceptance_reaches_the_next_prompt() {
    let mut env = TestEnv::new();
    let (cast, homes, names) = born_two(&env);
    let server = serve(names[0].clone());
    env.use_mind(&server);
    let a = id_of(&env, &cast, &homes[0]);
    let dir = ["cast", "--dir", cast.to_str().unwrap()];
    let organ = |rest: &[&'static str]| -> Vec<String> {
        [&dir[..], &["organ", "add"], rest]
            .concat()
            .into_iter()
            .map(String::from)
            .collect()
    };
    env.wis(&organ(&["appraiser", "--turns", "2"])).ok();
    env.wis(&organ(&["mutator"])).ok();
    // A knob of the other kind, or an organ twice: 64.
    env.wis(&organ(&["mutator", "--turns", "2"])).code(64);
    env.wis(&organ(&["appraiser"])).code(64);

    let mut receipts = Vec::new();
    let mut proposed = None;
    for _ in 0..120 {
        let out = next_turn(&mut env, &cast);
        let r = out["receipt"].clone();
        receipts.push(r.clone());
        if r["turn"] == "mutate"
            && let Some(p) = review(&env, &cast)["proposals"]
                .as_array()
                .unwrap()
                .iter()
                .find(|p| p["member"] == a.as_str())
        {
            proposed = Some(p.clone());
            break;
        }
    }
    let p = proposed.expect("the mutator proposed a value for the member that waits");

    // The organs took their turns under the law: offstage maintenance turns, completed, each
    // resting recovery_secs / speed (1.0) from its completion.
    for organ in ["appraise", "mutate"] {
        let mine: Vec<&Value> = receipts.iter().filter(|r| r["turn"] == organ).collect();
        assert!(!mine.is_empty(), "{organ}");
        for r in mine {
            assert_eq!(r["arena"], "offstage", "{r}");
            assert_eq!(r["kind"], "maintenance", "{r}");
            assert_eq!(r["ending"], "completed", "{r}");
            assert!(r["tick"].is_null() && r["act"].is_null(), "{r}");
            let rest = r["cooldown_until"].as_i64().unwrap() - r["completed_at"].as_i64().unwrap();
            assert_eq!(rest, 60_000, "{r}");
        }
    }
    // The members kept taking their turns between the organs'.
    assert!(receipts.iter().any(|r| r["id"] == a.as_str()));
    // The appraiser wrote appraisal engrams into the member's memory, as lived, and the cast
    // its records.
    let appraisals = engrams(&env, &homes[0], "appraisal");
    assert!(appraisals.len() >= 3, "{appraisals:?}");
    for e in &appraisals {
        assert_eq!(e["provenance"], "experienced");
        let body = e["body"].as_str().unwrap();
        assert!(body.starts_with("Appraisal of cast tick"), "{body}");
        assert!(body.contains("no one spoke to me; let "), "{body}");
    }
    assert!(
        receipts.iter().any(|r| r["turn"] == "appraise"
            && r["detail"]
                .as_str()
                .unwrap()
                .contains(&format!("appraised {a} as a"))),
        "{receipts:?}"
    );

    // The proposal: the value against letting turns pass, with its three appraisals.
    assert_eq!(p["rule"], "act", "{p}");
    assert_eq!(p["value"], ACT);
    assert_eq!(p["status"], "proposed");
    assert_eq!(p["evidence"].as_array().unwrap().len(), 3, "{p}");
    for e in p["evidence"].as_array().unwrap() {
        let t = &e["tally"];
        assert!(
            t["passed"].as_u64().unwrap() * 2 >= t["turns"].as_u64().unwrap(),
            "{e}"
        );
    }
    let id = format!("p{}", p["id"]);
    // Nothing applied it: no prompt so far held a value.
    assert!(
        !server
            .completions()
            .iter()
            .any(|r| text(r).contains("You hold:"))
    );
    assert!(engrams(&env, &homes[0], "value").is_empty());
    // Played on, the mutator never proposes the same change again while it waits.
    for _ in 0..12 {
        next_turn(&mut env, &cast);
    }
    let pending: Vec<Value> = review(&env, &cast)["proposals"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|x| x["member"] == a.as_str() && x["rule"] == "act")
        .cloned()
        .collect();
    assert_eq!(pending.len(), 1, "{pending:?}");

    // Accepted: the value is in the member's memory, as told, naming the proposal.
    let done = env.wis(&cast_args(&cast, &["review", "accept", &id]));
    done.ok();
    let done = done.json();
    assert_eq!(done["proposal"]["status"], "accepted", "{done}");
    assert_eq!(done["proposal"]["decided_at"], env.now as i64 * 1000);
    let values = engrams(&env, &homes[0], "value");
    assert_eq!(values.len(), 1, "{values:?}");
    assert_eq!(values[0]["body"], ACT);
    assert_eq!(values[0]["provenance"], "told");
    let sources = values[0]["sources"].to_string();
    assert!(
        sources.contains(&format!("cast-proposal:{id}")),
        "{sources}"
    );
    assert_eq!(done["proposal"]["engram"], values[0]["id"]);
    // Decided once: accepting or rejecting it again, or an unknown id, is a usage error.
    let again = env.wis(&cast_args(&cast, &["review", "accept", &id]));
    again.code(64);
    assert!(
        again.stderr.contains("was already accepted"),
        "{}",
        again.stderr
    );
    env.wis(&cast_args(&cast, &["review", "reject", &id]))
        .code(64);
    let unknown = env.wis(&cast_args(&cast, &["review", "accept", "p999"]));
    unknown.code(64);
    assert!(
        unknown.stderr.contains("no proposal p999"),
        "{}",
        unknown.stderr
    );
    env.wis(&cast_args(&cast, &["review", "accept", "e3"]))
        .code(64);

    // The member's next turn reads it.
    let asked = server.completions().len();
    for _ in 0..20 {
        let out = next_turn(&mut env, &cast);
        if out["receipt"]["id"] == a.as_str() && server.completions().len() > asked {
            break;
        }
    }
    let life = format!("The life of {}", names[0]);
    let prompt = server
        .completions()
        .iter()
        .rev()
        .map(text)
        .find(|t| t.contains(&life))
        .unwrap();
    assert!(prompt.contains(&format!("You hold: {ACT}")), "{prompt}");
    // The other member holds nothing.
    let other = format!("The life of {}", names[1]);
    assert!(
        server
            .completions()
            .iter()
            .map(text)
            .filter(|t| t.contains(&other))
            .all(|t| !t.contains("You hold:"))
    );

    // A rejection is kept, with its reason, and writes nothing.
    let b = id_of(&env, &cast, &homes[1]);
    let open: Vec<Value> = review(&env, &cast)["proposals"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|x| x["status"] == "proposed")
        .cloned()
        .collect();
    if let Some(x) = open.iter().find(|x| x["member"] == b.as_str()) {
        let id = format!("p{}", x["id"]);
        let out = env.wis(&cast_args(
            &cast,
            &["review", "reject", &id, "--why", "not\nnow"],
        ));
        out.ok();
        let out = out.json();
        assert_eq!(out["status"], "rejected");
        assert_eq!(out["reason"], "not now");
        assert!(engrams(&env, &homes[1], "value").is_empty());
    }
    // Pending first in the listing.
    let listed = review(&env, &cast);
    let statuses: Vec<&str> = listed["proposals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["status"].as_str().unwrap())
        .collect();
    let first_decided = statuses.iter().position(|s| *s != "proposed");
    assert!(
        first_decided.is_none_or(|i| statuses[i..].iter().all(|s| *s != "proposed")),
        "{statuses:?}"
    );

    // Everything the organs wrote is what the schemas say.
    let checked = env.wis(&cast_args(&cast, &["check", "--schemas"]));
    checked.ok();
    let reports = checked.json()["schemas"].clone();
    for doc in [
        "wis.cast.receipt.v1",
        "wis.cast.appraisal.v1",
        "wis.cast.proposal.v1",
    ] {
        let r = reports
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["document"] == doc)
            .unwrap_or_else(|| panic!("{doc} in {reports}"));
        assert!(r["checked"].as_u64().unwrap() > 0, "{r}");
        assert_eq!(r["failed"], 0, "{r}");
    }
    for home in &homes {
        env.wis_in(home, &["check"]).ok();
    }
}

#[test]
fn a_busy_member_store_defers_the_appraiser_and_loses_nothing() {
    let mut env = TestEnv::new();
    let (cast, homes, names) = born_two(&env);
    let server = serve(names[0].clone());
    env.use_mind(&server);
    let a = id_of(&env, &cast, &homes[0]);
    // Both members take a turn each, then the appraiser joins, ready before either.
    next_turn(&mut env, &cast);
    next_turn(&mut env, &cast);
    let dir = ["cast", "--dir", cast.to_str().unwrap()];
    env.wis(&[&dir[..], &["organ", "add", "appraiser", "--min-turns", "1"]].concat())
        .ok();
    let opts = OpenOptions {
        wait: Duration::ZERO,
        command: "test-holder".into(),
        now: crate::support::EPOCH_MS,
    };
    let held = Store::open(&homes[0].join("wis.redb"), &opts).unwrap();
    let run = env.wis(
        &[
            &["--output-format", "json", "--wait", "0.3"][..],
            &dir[..],
            &["tick"],
        ]
        .concat(),
    );
    run.code(75);
    assert!(run.stderr.contains("appraising"), "{}", run.stderr);
    drop(held);
    let log = env.wis(&cast_args(&cast, &["log"]));
    let receipts: Vec<Value> = log
        .ok()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let deferred = receipts.last().unwrap();
    assert_eq!(deferred["turn"], "appraise", "{deferred}");
    assert_eq!(deferred["ending"], "deferred", "{deferred}");
    assert_eq!(deferred["exit"], 75);
    let detail = deferred["detail"].as_str().unwrap();
    assert!(detail.contains(&format!("{a}'s store is busy")), "{detail}");
    // The other member was appraised; the busy one's turns wait.
    assert!(detail.contains("appraised "), "{detail}");
    assert!(engrams(&env, &homes[0], "appraisal").is_empty());
    // The appraiser stays ready, like a deferred member, and its next turn appraises the
    // member from its first turn on.
    let now = status(&env, &cast);
    assert_eq!(now["next"], "appraiser", "{now}");
    let out = next_turn(&mut env, &cast);
    assert_eq!(out["receipt"]["turn"], "appraise", "{out}");
    assert_eq!(out["receipt"]["ending"], "completed", "{out}");
    let mine = engrams(&env, &homes[0], "appraisal");
    assert_eq!(mine.len(), 1, "{mine:?}");
    assert!(
        mine[0]["body"]
            .as_str()
            .unwrap()
            .starts_with("Appraisal of cast tick 1"),
        "{mine:?}"
    );
    // Played on with nothing new on stage: a completed turn that says so, and no engram.
    let out = loop {
        let out = next_turn(&mut env, &cast);
        if out["receipt"]["turn"] == "appraise" {
            break out;
        }
    };
    let detail = out["receipt"]["detail"].as_str().unwrap().to_string();
    if detail.starts_with("nothing to appraise") {
        assert_eq!(engrams(&env, &homes[0], "appraisal").len(), 1);
    }
    env.wis(&cast_args(&cast, &["check", "--schemas"])).ok();
}

#[test]
fn the_organs_for_people_and_for_scripts() {
    let mut env = TestEnv::new();
    let (_, homes, names) = born_two(&env);
    let server = serve(names[0].clone());
    env.use_mind(&server);
    drop(homes);
    let cast = |rest: &[&'static str]| [&["cast", "--dir", "cast"][..], rest].concat();
    let json = |rest: &[&'static str]| {
        [
            &["--output-format", "json", "cast", "--dir", "cast"][..],
            rest,
        ]
        .concat()
    };
    snapshot!(
        env,
        "cast-organ-add",
        cast(&["organ", "add", "appraiser", "--turns", "2"])
    )
    .ok();
    snapshot!(
        env,
        "cast-organ-add-json",
        json(&["organ", "add", "mutator", "--speed", "1.5"])
    )
    .ok();
    snapshot!(
        env,
        "cast-organ-add-twice",
        cast(&["organ", "add", "mutator"])
    )
    .code(64);
    snapshot!(
        env,
        "cast-organ-bad-knob",
        cast(&["organ", "add", "mutator", "--turns", "3"])
    )
    .code(64);
    snapshot!(env, "cast-organs-status", cast(&["status"])).ok();
    snapshot!(env, "cast-organ-dry-run", cast(&["tick", "--dry-run"])).ok();
    snapshot!(env, "cast-review-empty", cast(&["review"])).ok();
    snapshot!(
        env,
        "cast-review-unknown",
        cast(&["review", "accept", "p7"])
    )
    .code(64);
    let dir = env.root("cast");
    for _ in 0..14 {
        next_turn(&mut env, &dir);
    }
    snapshot!(env, "cast-organs-log", cast(&["log", "-n", "14"])).ok();
    while review(&env, &dir)["pending"] == 0 {
        next_turn(&mut env, &dir);
    }
    snapshot!(env, "cast-review", cast(&["review"])).ok();
    snapshot!(env, "cast-review-json", json(&["review"])).ok();
    let first = review(&env, &dir)["proposals"][0]["id"].to_string();
    let id: &'static str = Box::leak(format!("p{first}").into_boxed_str());
    snapshot!(
        env,
        "cast-review-reject",
        cast(&["review", "reject", id, "--why", "not yet"])
    )
    .ok();
    snapshot!(
        env,
        "cast-review-accept-decided",
        cast(&["review", "accept", id])
    )
    .code(64);
    while review(&env, &dir)["pending"] == 0 {
        next_turn(&mut env, &dir);
    }
    let next = review(&env, &dir)["proposals"][0]["id"].to_string();
    let id: &'static str = Box::leak(format!("p{next}").into_boxed_str());
    snapshot!(env, "cast-review-accept", cast(&["review", "accept", id])).ok();
    snapshot!(env, "cast-review-decided", cast(&["review"])).ok();
    snapshot!(
        env,
        "cast-organ-remove",
        cast(&["organ", "remove", "mutator"])
    )
    .ok();
    snapshot!(
        env,
        "cast-organ-remove-json",
        json(&["organ", "remove", "appraiser"])
    )
    .ok();
}
