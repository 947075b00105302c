//! The scene as a participant reads it, the actions it is offered, and how each is judged
//! and shown.

use serde_json::json;

use super::acts::{SceneObject, check_objects};
use super::*;

fn stage() -> Stage {
    Stage {
        arena: Arena::Scene,
        lines: vec!["Bo: bash `ls` -> ok".into()],
        others: vec!["Bo".into(), "Ash".into()],
        ..Stage::default()
    }
}

fn lamp() -> SceneObject {
    SceneObject {
        name: "lamp".into(),
        description: "an oil lamp, unlit".into(),
    }
}

fn asked(mut s: Stage) -> Stage {
    s.reaction = Some(Addressed {
        from: "Ash".into(),
        text: "lend me\nthe lamp".into(),
    });
    s
}

fn judged(tool: &str, args: serde_json::Value, s: &Stage) -> (Outcome, Deed) {
    let action = lookup(tool).expect("a scene action");
    action.judge(&Action::new(tool, args), Some(s))
}

fn names(specs: &[&ToolSpec]) -> Vec<&'static str> {
    specs.iter().map(|s| s.name).collect()
}

#[test]
fn say_reaches_only_someone_here() {
    let s = stage();
    let (ok, deed) = judged(SAY, json!({"to": "bo", "text": "hi"}), &s);
    assert!(ok.success, "{ok:?}");
    assert_eq!(
        deed.act,
        SceneAct::Say {
            to: "Bo".into(),
            text: "hi".into()
        }
    );
    assert!(deed.ok);
    let (no, deed) = judged(SAY, json!({"to": "Zed", "text": "hi"}), &s);
    assert_eq!(no.fail_kind, FailKind::InvalidArgs);
    assert!(no.output.contains("Bo, Ash"), "{}", no.output);
    assert!(!deed.ok);
    assert!(!judged(SAY, json!({"to": "Bo", "text": "  "}), &s).0.success);
    let alone = Stage {
        others: Vec::new(),
        ..stage()
    };
    assert_eq!(
        judged(SAY, json!({"to": "Bo", "text": "hi"}), &alone)
            .0
            .fail_kind,
        FailKind::Locked
    );
    let hi = Action::new(SAY, json!({"to": "Bo", "text": "hi"}));
    let say = lookup(SAY).unwrap();
    assert_eq!(say.judge(&hi, None).0.fail_kind, FailKind::Locked);
    let off = Stage {
        arena: Arena::Offstage,
        ..stage()
    };
    assert_eq!(say.judge(&hi, Some(&off)).0.fail_kind, FailKind::Locked);
    assert!(lookup("bash").is_none() && lookup("reply").is_none());
}

#[test]
fn the_actions_are_offered_on_stage_only_and_refusals_only_to_one_asked() {
    let s = stage();
    assert_eq!(
        names(&offered(&s)),
        ["say", "wait", "hesitate", "move"],
        "no thing to use, no one asking"
    );
    let with_things = Stage {
        objects: vec![lamp()],
        ..asked(stage())
    };
    assert_eq!(
        names(&offered(&with_things)),
        [
            "say", "wait", "hesitate", "refuse", "withhold", "move", "use"
        ]
    );
    let off = Stage {
        arena: Arena::Offstage,
        ..with_things
    };
    assert!(offered(&off).is_empty());
    for spec in specs() {
        assert!(is_scene_action(spec.name), "{}", spec.name);
    }
    assert!(!is_scene_action("reply") && !is_scene_action("bash"));
}

#[test]
fn a_turn_let_pass_is_judged_done_and_says_so() {
    for (tool, line) in [("wait", "Tam waits"), ("hesitate", "Tam hesitates")] {
        let (o, deed) = judged(tool, json!({}), &stage());
        assert!(o.success && deed.ok && deed.act.passes(), "{deed:?}");
        assert_eq!(deed.line("Tam"), line);
    }
    let (_, say) = judged(SAY, json!({"to": "Bo", "text": "hi"}), &stage());
    assert!(!say.act.passes());
}

#[test]
fn a_refusal_answers_what_was_asked_with_a_bounded_reason() {
    let s = asked(stage());
    let (o, deed) = judged(
        "refuse",
        json!({"reason": "it is \"mine\"\n\u{1b}[31m"}),
        &s,
    );
    assert!(o.success, "{o:?}");
    assert_eq!(
        deed.act,
        SceneAct::Refuse {
            from: "Ash".into(),
            asked: "lend me the lamp".into(),
            reason: "it is 'mine' [31m".into()
        }
    );
    assert_eq!(
        deed.line("Tam"),
        "Tam refuses what Ash asked (\"lend me the lamp\") because \"it is 'mine' [31m\""
    );
    let (_, deed) = judged("withhold", json!({"reason": "x".repeat(1000)}), &s);
    let SceneAct::Withhold { reason, .. } = &deed.act else {
        panic!("{deed:?}")
    };
    assert_eq!(reason.chars().count(), REASON_MAX_CHARS);
    assert!(
        deed.line("Tam")
            .starts_with("Tam withholds what Ash asked for (\"lend me the lamp\") because \"xxx")
    );
    // Nobody asked; no reason given.
    let (o, deed) = judged("refuse", json!({"reason": "no"}), &stage());
    assert_eq!(o.fail_kind, FailKind::Locked);
    assert_eq!(
        deed.line("Tam"),
        "Tam tries to refuse but cannot: no one has asked you anything"
    );
    let (o, _) = judged("withhold", json!({"reason": " "}), &s);
    assert_eq!(o.fail_kind, FailKind::InvalidArgs);
}

#[test]
fn a_move_goes_from_one_place_to_another() {
    let (o, deed) = judged("move", json!({"to": " the door\n"}), &stage());
    assert!(o.success);
    assert_eq!(
        deed.act,
        SceneAct::Move {
            from: None,
            to: Some("the door".into())
        }
    );
    assert_eq!(deed.line("Tam"), "Tam moves to the door");
    let at_door = Stage {
        place: Some("the door".into()),
        ..stage()
    };
    let (o, _) = judged("move", json!({"to": "The Door"}), &at_door);
    assert_eq!(o.fail_kind, FailKind::InvalidArgs, "already there");
    let (_, deed) = judged("move", json!({"to": "the window"}), &at_door);
    assert_eq!(deed.line("Tam"), "Tam moves from the door to the window");
    let (_, deed) = judged("move", json!({"to": "HERE"}), &at_door);
    assert_eq!(deed.line("Tam"), "Tam comes back here from the door");
    assert!(!judged("move", json!({"to": "here"}), &stage()).1.ok);
    assert!(!judged("move", json!({"to": ""}), &stage()).1.ok);
    let (_, far) = judged("move", json!({"to": "y".repeat(500)}), &stage());
    let SceneAct::Move { to: Some(to), .. } = far.act else {
        panic!()
    };
    assert_eq!(to.chars().count(), PLACE_MAX_CHARS);
}

#[test]
fn using_a_thing_here_is_done_and_an_unknown_thing_is_a_clear_failure() {
    let s = Stage {
        objects: vec![lamp()],
        ..stage()
    };
    let (o, deed) = judged("use", json!({"object": "LAMP"}), &s);
    assert!(o.success);
    assert_eq!(o.output, "you use the lamp (an oil lamp, unlit)");
    assert_eq!(deed.line("Tam"), "Tam uses the lamp");
    let (o, deed) = judged("use", json!({"object": "harp"}), &s);
    assert_eq!(o.fail_kind, FailKind::NotFound);
    assert!(!deed.ok);
    assert_eq!(
        deed.line("Tam"),
        "Tam tries to use \"harp\" but cannot: there is no 'harp' here; the things here: lamp"
    );
    let (o, _) = judged("use", json!({"object": "harp"}), &stage());
    assert!(o.output.contains("nor any thing to use"), "{}", o.output);
}

#[test]
fn the_scene_reads_as_lines_and_where_each_one_is_only_once_someone_moved() {
    let text = stage().render().unwrap();
    assert_eq!(
        text,
        "## The scene\nHere with you: Bo, Ash. What happened here lately:\nBo: bash `ls` -> ok\n"
    );
    assert!(!text.contains("\"tool\""), "no example to copy: {text}");
    let placed = Stage {
        place: Some("the window".into()),
        places: vec![("Bo".into(), "the door".into())],
        objects: vec![lamp()],
        ..stage()
    };
    assert_eq!(
        placed.render().unwrap(),
        "## The scene\nYou are at the window. Things here: lamp (an oil lamp, unlit).\n\
         Here with you: Bo (at the door), Ash. What happened here lately:\nBo: bash `ls` -> ok\n"
    );
    let off = Stage {
        arena: Arena::Offstage,
        ..stage()
    };
    assert_eq!(off.render(), None);
    assert!(!off.can_say());
    let reacting = Stage {
        reaction: Some(Addressed {
            from: "Ash".into(),
            text: "where is\nthe key?".into(),
        }),
        ..stage()
    };
    assert_eq!(
        reacting.reaction_step().unwrap(),
        "Ash said to you: \"where is the key?\". Answer Ash"
    );
    assert_eq!(
        reaction_example("Ash"),
        "Q: Ash said to you: \"are you awake?\". Answer Ash\n\
         A: {\"tool\": \"say\", \"args\": {\"to\": \"Ash\", \"text\": \"Yes, I am awake.\"}}\n"
    );
}

#[test]
fn a_scene_holds_few_things_each_named_once_and_shown_safely() {
    assert!(check_objects(&[lamp()]).is_ok());
    let named = |name: &str| SceneObject {
        name: name.into(),
        description: "a thing".into(),
    };
    for bad in ["", " lamp", "lamp\n", "a\"b", &"x".repeat(33)] {
        assert!(named(bad).check().is_err(), "{bad:?}");
    }
    assert!(named("brass key").check().is_ok());
    let blank = SceneObject {
        description: " ".into(),
        ..lamp()
    };
    assert!(blank.check().is_err());
    assert!(check_objects(&[lamp(), named("LAMP")]).is_err());
    let many: Vec<SceneObject> = (0..17).map(|i| named(&format!("t{i}"))).collect();
    assert!(check_objects(&many).is_err());
}

#[test]
fn model_text_is_one_clean_bounded_line() {
    assert_eq!(clean("a\n\tb \"c\"\u{7}", 100), "a b 'c'");
    assert_eq!(clean("abcdef", 4), "abc…");
    assert_eq!(clean("ab cdef", 4), "ab…");
    assert_eq!(flat("say \"hi\"\u{1b}[2J", 100), "say \"hi\" [2J");
}
