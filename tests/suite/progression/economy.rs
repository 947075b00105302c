//! The economy through real ticks and the body's own tools: a new file or note pays, a closed
//! plan step pays, an action's first success in a situation pays once, and the same action in
//! the same situation pays nothing whatever it shows, nor does a rewrite of identical content
//! or a done note closed again (design §6).

use serde_json::json;
use wis::base::store::Read;
use wis::creature::notebooks::{Notebook, PLAN};

use super::harness::{Puppet, config};

fn open_step(p: &Puppet) -> u32 {
    p.life.read(|rx| {
        rx.get::<Notebook>(PLAN)
            .unwrap()
            .and_then(|b| b.first_open().map(|n| n.n))
            .expect("an open plan step")
    })
}

#[test]
fn the_body_pays_for_progress_and_not_for_repeats() {
    let mut p = Puppet::born(config());
    let hello = json!({"path": "hello.txt", "content": "hello"});
    let read = json!({"path": "hello.txt"});
    let wrote = p.act("write_file", hello.clone());
    assert!(wrote.success);
    assert_eq!(wrote.xp, 1, "a new file");
    let rewrote = p.act("write_file", hello.clone());
    assert!(rewrote.success);
    assert_eq!(rewrote.xp, 0, "identical content changes nothing");
    assert_eq!(p.act("read_file", read.clone()).xp, 1, "a first look");
    assert_eq!(p.act("read_file", read.clone()).xp, 0, "the same look");
    let changed = p.act(
        "write_file",
        json!({"path": "hello.txt", "content": "hello, world"}),
    );
    assert_eq!(changed.xp, 1, "new content: a first success of that write");
    assert_eq!(
        p.act("read_file", read).xp,
        0,
        "the same look merely ran, though the file reads differently now"
    );

    let listed = p.act("note_list", json!({}));
    assert_eq!(listed.xp, 1, "{}", listed.summary);
    for _ in 0..3 {
        let again = p.act("note_list", json!({}));
        assert!(again.success);
        assert_eq!(again.xp, 0, "the same listing: {}", again.summary);
    }
    let noted = p.act(
        "note_append",
        json!({"notebook": "diary", "text": "day one"}),
    );
    assert_eq!(noted.xp, 1, "a notebook changed");

    let step = open_step(&p);
    let closed = p.act("note_close", json!({"notebook": "plan", "number": step}));
    assert_eq!(closed.xp, 1, "a plan step closed: {}", closed.summary);
    let again = p.act("note_close", json!({"notebook": "plan", "number": step}));
    assert!(again.success, "{}", again.summary);
    assert_eq!(again.xp, 0, "it was already done");
}
