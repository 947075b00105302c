//! The organs' mechanics, purely: the appraiser's windows and scores, the mutator's rules and
//! their guards, the organs' knobs, and the law scheduling an organ like any participant.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::appraisal::{TEXT_MAX_CHARS, text};
use super::appraiser::{Seat, window};
use super::mutator::{overflow, propose};
use super::proposal::{VALUE_MAX_CHARS, parse_id};
use super::*;
use crate::memory::EngramId;
use crate::turn::cast::record::{Ending, Receipt};
use crate::turn::cast::schedule::{Pending, TurnKind, pick, queue, sample_participant};
use crate::turn::cast::{CastFile, Knobs};
use crate::world::scene::{Arena, Deed, SceneAct};

/// A completed scene turn of `id` at cast tick `n` (its own tick `n` too).
fn turn(n: u64, id: &str, act: Option<SceneAct>) -> (u64, Receipt) {
    (
        n,
        Receipt {
            cast_tick: n,
            id: id.into(),
            why: "ready the longest".into(),
            arena: Arena::Scene,
            kind: TurnKind::Scene,
            turn: Some("work".into()),
            lane: None,
            tick: Some(n),
            ending: Ending::Completed,
            detail: String::new(),
            started_at: n as i64 * 1000,
            completed_at: n as i64 * 1000 + 500,
            cooldown_until: 0,
            exit: None,
            act: act.map(|a| Deed::done(a, "done")),
        },
    )
}

fn reaction(n: u64, id: &str, act: Option<SceneAct>) -> (u64, Receipt) {
    let (seq, mut r) = turn(n, id, act);
    r.kind = TurnKind::Reaction;
    (seq, r)
}

fn say(to: &str) -> Option<SceneAct> {
    Some(SceneAct::Say {
        to: to.into(),
        text: "where is the key?".into(),
    })
}

fn seat(id: &str) -> Seat {
    Seat {
        id: id.into(),
        home: PathBuf::from(format!("/h/{id}")),
        through: None,
        open_since: None,
    }
}

/// Tam's turns: a work turn, a wait, a reaction that answered, one that refused, a window that
/// lapsed, a hesitation, a failed turn; Bo's turns and says around them; an organ's turn.
fn scene() -> Vec<(u64, Receipt)> {
    let refuse = SceneAct::Refuse {
        from: "Bo".into(),
        asked: "the key".into(),
        reason: "it is mine".into(),
    };
    let mut failed = turn(10, "Tam", None);
    failed.1.ending = Ending::Failed;
    let mut deferred = turn(11, "Tam", None);
    deferred.1.ending = Ending::Deferred;
    let mut organ = turn(12, "appraiser", None);
    organ.1.arena = Arena::Offstage;
    organ.1.kind = TurnKind::Maintenance;
    vec![
        turn(1, "Tam", None),
        turn(2, "Tam", Some(SceneAct::Wait)),
        turn(3, "Bo", say("Tam")),
        reaction(4, "Tam", say("Bo")),
        turn(5, "Bo", say("Tam")),
        reaction(6, "Tam", Some(refuse)),
        turn(7, "Bo", say("Tam")),
        turn(8, "Bo", None),
        turn(9, "Tam", Some(SceneAct::Hesitate)),
        failed,
        deferred,
        organ,
    ]
}

#[test]
fn a_window_counts_what_the_receipts_say() {
    let w = window(&scene(), &seat("Tam"), 20, 3).unwrap();
    assert_eq!((w.from_tick, w.to_tick, w.through), (1, 10, 12));
    let t = w.tally;
    assert_eq!(t.turns, 6, "deferred turns and others' are not its turns");
    assert_eq!(t.passed, 2);
    assert_eq!((t.spoken_to, t.answered, t.refused, t.lapsed), (3, 1, 1, 1));
    // Its episodes decide success and progress for the completed turns it did not let pass.
    assert_eq!(w.ticks, [1, 4, 6]);
    let evidence = BTreeMap::from([(1, (true, true)), (4, (true, false)), (6, (false, false))]);
    let t = w.settle(&evidence);
    assert_eq!((t.succeeded, t.advanced), (2, 1));
    // A reaction whose `say` failed (to no one here) answered nobody.
    let mut all = scene();
    all[3].1.act = Some(Deed::failed(say("Nobody").unwrap(), "no one here"));
    let t = window(&all, &seat("Tam"), 20, 3).unwrap().tally;
    assert_eq!((t.answered, t.lapsed), (0, 2));
    // Bo was spoken to by no one.
    let bo = window(&scene(), &seat("Bo"), 20, 3).unwrap();
    assert_eq!((bo.tally.turns, bo.tally.spoken_to), (4, 0));
}

#[test]
fn a_window_stops_at_its_most_turns_at_an_open_window_and_after_its_last_appraisal() {
    let all = scene();
    let w = window(&all, &seat("Tam"), 2, 1).unwrap();
    assert_eq!((w.tally.turns, w.through, w.to_tick), (2, 2, 2));
    let next = Seat {
        through: Some(w.through),
        ..seat("Tam")
    };
    let w2 = window(&all, &next, 2, 1).unwrap();
    assert_eq!((w2.from_tick, w2.to_tick, w2.through), (4, 6, 6));
    assert_eq!(w2.tally.spoken_to, 2, "the says before its answers");
    // Spoken to at cast tick 7 and the window still open: nothing from then on is counted.
    let open = Seat {
        open_since: Some(7_500),
        ..next.clone()
    };
    let w3 = window(&all, &open, 20, 1).unwrap();
    assert_eq!((w3.through, w3.tally.spoken_to, w3.tally.lapsed), (6, 2, 0));
    // Fewer than min_turns since its last appraisal: left for later.
    assert!(window(&all, &next, 20, 5).is_none());
    assert!(window(&all, &seat("nobody"), 20, 1).is_none());
}

#[test]
fn the_score_is_a_documented_weighted_mean_and_its_words_are_bounded() {
    let t = Tally {
        turns: 6,
        succeeded: 3,
        advanced: 2,
        passed: 1,
        spoken_to: 4,
        answered: 3,
        refused: 0,
        lapsed: 1,
    };
    let c = t.components();
    assert_eq!(
        (c.progress, c.success, c.answering, c.presence),
        (0.33, 0.5, Some(0.75), 0.83)
    );
    // (0.4 × 1/3 + 0.2 × 1/2 + 0.2 × 3/4 + 0.2 × 5/6), of the shares as rounded.
    assert_eq!(c.score(), 0.55);
    assert_eq!(
        text(12, 30, &t, c.score()),
        "Appraisal of cast ticks 12\u{2013}30: 6 turns on stage; 3 succeeded; 2 advanced my goals; \
         answered 3 of 4 who spoke to me; let 1 pass. Score 0.55."
    );
    // No one spoke to it: answering is left out and the other weights carry the score.
    let alone = Tally {
        spoken_to: 0,
        answered: 0,
        lapsed: 0,
        ..t
    };
    assert_eq!(alone.components().answering, None);
    assert_eq!(alone.components().score(), 0.5);
    assert!(text(3, 3, &alone, 0.5).contains(
        "cast tick 3: 6 turns on stage; 3 succeeded; 2 advanced my goals; no one spoke to me"
    ));
    assert_eq!(Tally::default().components().score(), 0.0);
    let most = Tally {
        turns: u32::MAX,
        succeeded: u32::MAX,
        advanced: u32::MAX,
        passed: u32::MAX,
        spoken_to: u32::MAX,
        answered: u32::MAX,
        refused: u32::MAX,
        lapsed: u32::MAX,
    };
    let words = text(u64::MAX, u64::MAX - 1, &most, 1.0);
    assert!(words.chars().count() <= TEXT_MAX_CHARS, "{words}");
}

fn appraised(member: &str, at: i64, tally: Tally) -> Appraisal {
    let components = tally.components();
    Appraisal {
        member: member.into(),
        cast_tick: at as u64,
        at,
        from_tick: 1,
        to_tick: 9,
        through: 9,
        tally,
        components,
        score: components.score(),
        engram: EngramId(1),
        text: String::new(),
    }
}

/// Let at least half of its turns pass, answered everyone, advanced one.
fn idle() -> Tally {
    Tally {
        turns: 4,
        passed: 2,
        advanced: 1,
        ..Tally::default()
    }
}

#[test]
fn three_appraisals_repeating_a_pattern_make_one_proposal_and_never_twice_while_it_waits() {
    let home = Path::new("/h/Tam");
    let mut ring: Vec<(u64, Appraisal)> = (0..2)
        .map(|i| (i, appraised("Tam", 10 + i as i64, idle())))
        .collect();
    ring.push((2, appraised("Bo", 12, idle())));
    assert_eq!(
        propose("Tam", home, &ring, &[], 3, (1, 40, 100)),
        None,
        "two of three"
    );
    ring.push((
        3,
        appraised(
            "Tam",
            13,
            Tally {
                passed: 0,
                ..idle()
            },
        ),
    ));
    assert_eq!(
        propose("Tam", home, &ring, &[], 3, (1, 40, 100)),
        None,
        "the newest breaks it"
    );
    ring.push((4, appraised("Tam", 14, idle())));
    ring.push((5, appraised("Tam", 15, idle())));
    ring.push((6, appraised("Tam", 16, idle())));
    let p = propose("Tam", home, &ring, &[], 3, (1, 40, 100)).unwrap();
    assert_eq!(p.rule, Rule::Act);
    assert_eq!(
        p.value,
        "When my turn comes, I act on my step instead of waiting."
    );
    assert_eq!(p.status, Status::Proposed);
    assert_eq!(p.replaces, None);
    let ids: Vec<u64> = p.evidence.iter().map(|e| e.appraisal).collect();
    assert_eq!(ids, [4, 5, 6]);
    assert_eq!(
        p.why,
        "let at least half of its turns pass in each of its last 3 appraisals"
    );
    assert_eq!(
        (p.id, p.cast_tick, p.proposed_at, p.home.as_path()),
        (1, 40, 100, home)
    );
    // Pending: never proposed again.
    assert_eq!(
        propose(
            "Tam",
            home,
            &ring,
            std::slice::from_ref(&p),
            3,
            (2, 41, 101)
        ),
        None
    );
    // Rejected: its evidence is not used again; three fresh appraisals propose it anew.
    let rejected = Proposal {
        status: Status::Rejected,
        decided_at: Some(16),
        ..p.clone()
    };
    let mut decided = vec![rejected];
    assert_eq!(propose("Tam", home, &ring, &decided, 3, (2, 41, 101)), None);
    for i in 7..10 {
        ring.push((i, appraised("Tam", 10 + i as i64, idle())));
    }
    let again = propose("Tam", home, &ring, &decided, 3, (2, 41, 101)).unwrap();
    assert_eq!((again.rule, again.replaces), (Rule::Act, None));
    // Accepted, and the pattern came back anyway: the firmer wording, replacing it.
    decided.push(Proposal {
        status: Status::Accepted,
        decided_at: Some(19),
        engram: Some(EngramId(7)),
        ..again
    });
    for i in 10..13 {
        ring.push((i, appraised("Tam", 10 + i as i64, idle())));
    }
    let firm = propose("Tam", home, &ring, &decided, 3, (3, 42, 102)).unwrap();
    assert_eq!(firm.value, Rule::Act.value(true));
    assert_eq!(firm.replaces, Some(EngramId(7)));
    // The firmer one accepted too: nothing more to propose.
    decided.push(Proposal {
        status: Status::Accepted,
        decided_at: Some(22),
        engram: Some(EngramId(9)),
        ..firm
    });
    for i in 13..16 {
        ring.push((i, appraised("Tam", 10 + i as i64, idle())));
    }
    assert_eq!(propose("Tam", home, &ring, &decided, 3, (4, 43, 103)), None);
}

#[test]
fn each_rule_reads_its_own_pattern_in_order() {
    let silent = Tally {
        turns: 4,
        advanced: 1,
        spoken_to: 3,
        answered: 1,
        lapsed: 2,
        ..Tally::default()
    };
    assert!(Rule::Answer.holds(&silent));
    assert!(!Rule::Answer.holds(&Tally {
        answered: 2,
        ..silent
    }));
    assert!(!Rule::Answer.holds(&Tally::default()), "no one spoke to it");
    assert!(
        Rule::Act.holds(&idle())
            && !Rule::Act.holds(&Tally {
                passed: 1,
                ..idle()
            })
    );
    assert!(Rule::Advance.holds(&Tally {
        advanced: 0,
        ..idle()
    }));
    assert!(
        !Rule::Advance.holds(&Tally::default()),
        "no turn, no pattern"
    );
    // Silent and idle and stuck: the first rule in order is proposed first.
    let all = Tally {
        passed: 2,
        advanced: 0,
        ..silent
    };
    let ring: Vec<(u64, Appraisal)> = (0..3)
        .map(|i| (i, appraised("Tam", i as i64, all)))
        .collect();
    let p = propose("Tam", Path::new("/h"), &ring, &[], 3, (1, 1, 1)).unwrap();
    assert_eq!(p.rule, Rule::Answer);
    assert_eq!(p.evidence[0].tally, all);
    let second = propose("Tam", Path::new("/h"), &ring, &[p], 3, (2, 1, 1)).unwrap();
    assert_eq!(second.rule, Rule::Act, "another rule while the first waits");
    for rule in Rule::ALL {
        for firm in [false, true] {
            assert!(rule.value(firm).chars().count() <= VALUE_MAX_CHARS);
        }
        assert_ne!(rule.value(false), rule.value(true));
    }
}

#[test]
fn the_oldest_decided_proposals_go_past_the_cap_and_a_pending_one_never() {
    let p = |id: u64, status: Status| Proposal {
        id,
        member: "Tam".into(),
        home: PathBuf::from("/h"),
        rule: Rule::Act,
        value: String::new(),
        replaces: None,
        why: String::new(),
        evidence: Vec::new(),
        status,
        cast_tick: 0,
        proposed_at: 0,
        decided_at: None,
        engram: None,
        reason: None,
    };
    let all = vec![
        p(1, Status::Proposed),
        p(2, Status::Rejected),
        p(3, Status::Accepted),
        p(4, Status::Rejected),
    ];
    assert_eq!(overflow(&all, 4), Vec::<u64>::new());
    assert_eq!(overflow(&all, 2), [2, 3]);
    assert_eq!(overflow(&all, 0), [2, 3, 4]);
    assert_eq!(
        (
            parse_id("p3"),
            parse_id(" 12 "),
            parse_id("p"),
            parse_id("e3")
        ),
        (Some(3), Some(12), None, None)
    );
}

#[test]
fn an_organs_knobs_are_its_kinds_own_and_in_bounds() {
    let mut a = Organ::new(OrganKind::Appraiser);
    assert_eq!(
        (a.turns(), a.min_turns()),
        (TURNS_DEFAULT, MIN_TURNS_DEFAULT)
    );
    a.check().unwrap();
    a.turns = Some(2);
    assert_eq!(a.min_turns(), 2, "at most its turns");
    a.check().unwrap();
    for bad in [
        Organ {
            appraisals: Some(3),
            ..Organ::new(OrganKind::Appraiser)
        },
        Organ {
            turns: Some(3),
            ..Organ::new(OrganKind::Mutator)
        },
        Organ {
            min_turns: Some(3),
            ..Organ::new(OrganKind::Mutator)
        },
        Organ {
            speed: 2.0,
            ..Organ::new(OrganKind::Mutator)
        },
        Organ {
            turns: Some(0),
            ..Organ::new(OrganKind::Appraiser)
        },
        Organ {
            turns: Some(TURNS_MAX + 1),
            ..Organ::new(OrganKind::Appraiser)
        },
        Organ {
            turns: Some(3),
            min_turns: Some(4),
            ..Organ::new(OrganKind::Appraiser)
        },
        Organ {
            appraisals: Some(0),
            ..Organ::new(OrganKind::Mutator)
        },
        Organ {
            appraisals: Some(APPRAISALS_MAX + 1),
            ..Organ::new(OrganKind::Mutator)
        },
    ] {
        assert!(bad.check().is_err(), "{bad:?}");
    }
    let twice = [
        Organ::new(OrganKind::Mutator),
        Organ::new(OrganKind::Mutator),
    ];
    assert!(check_organs(&twice).unwrap_err().contains("declared twice"));
}

#[test]
fn organs_in_cast_toml_read_and_write_back_the_same() {
    let text = "[[member]]\nhome = \"/srv/a\"\n\n[[organ]]\nkind = \"appraiser\"\nturns = 10\n\n\
                [[organ]]\nkind = \"mutator\"\nspeed = 1.5\nappraisals = 2\n";
    let file: CastFile = toml::from_str(text).unwrap();
    assert_eq!(file.organs.len(), 2);
    assert_eq!(file.organ(OrganKind::Appraiser).turns(), 10);
    assert_eq!(file.organ(OrganKind::Mutator).speed, 1.5);
    assert_eq!(file.organ(OrganKind::Mutator).appraisals(), 2);
    let again: CastFile = toml::from_str(&file.render().unwrap()).unwrap();
    assert_eq!(again, file);
    let plain = CastFile {
        organs: vec![Organ::new(OrganKind::Appraiser)],
        ..CastFile::default()
    };
    let rendered = plain.render().unwrap();
    assert!(
        rendered.ends_with("[[organ]]\nkind = \"appraiser\"\n"),
        "{rendered}"
    );
    assert!(toml::from_str::<CastFile>("[[organ]]\nkind = \"judge\"\n").is_err());
    assert!(toml::from_str::<CastFile>("[[organ]]\nkind = \"mutator\"\nmood = 1\n").is_err());
}

/// The law treats an organ as any participant: picked by readiness, never while pending, and
/// resting `recovery_secs / speed` from its turn's completion.
#[test]
fn the_law_schedules_an_organ_like_any_participant() {
    let p = sample_participant;
    let mut all = vec![
        p("Tam", 500, 1.5, None),
        p("appraiser", 400, 1.0, Some(OrganKind::Appraiser)),
        p("mutator", 500, 1.0, Some(OrganKind::Mutator)),
    ];
    let order: Vec<&str> = queue(&all, 1000).iter().map(|x| x.id.as_str()).collect();
    assert_eq!(order, ["appraiser", "Tam", "mutator"]);
    assert_eq!(all[1].next_kind(1000), TurnKind::Maintenance);
    assert_eq!(all[1].recovery_ms(Knobs::default().recovery_secs), 60_000);
    all[1].initiative_speed = 1.5;
    assert_eq!(all[1].recovery_ms(60), 40_000);
    all[1].pending = Some(Pending {
        pid: 1,
        cast_tick: 3,
        kind: TurnKind::Maintenance,
        started_at: 0,
        expires_at: 10,
    });
    assert_eq!(
        pick(&all, 1000).map(|(i, _)| all[i].id.as_str()),
        Some("Tam")
    );
    all[0].next_ready_at = 2000;
    assert_eq!(
        pick(&all, 1000).map(|(i, _)| all[i].id.as_str()),
        Some("mutator")
    );
}

#[test]
fn an_appraisal_written_before_a_kill_is_found_again_not_written_twice() {
    use crate::base::clock::Clock;
    use crate::base::home::Home;
    use crate::memory::{Filter, Kind, list};
    use crate::turn::birth::{BirthOptions, birth};
    use std::time::Duration;

    let dir = tempfile::tempdir().unwrap();
    let home = Home::new(dir.path().join("ada"));
    let clock = Clock::pinned(1_767_225_600_000);
    let opts = BirthOptions::seeded(7);
    birth(&home, &opts, &clock).unwrap();
    let flags = vec!["embed.backend=hash".to_string()];
    let reach = appraiser::Reach {
        wait: Duration::from_secs(1),
        config_flags: &flags,
        clock: &clock,
        cast_tick: 9,
    };
    let window = appraiser::Window {
        member: "ada".into(),
        home: dir.path().join("ada"),
        through: 8,
        from_tick: 2,
        to_tick: 8,
        tally: Tally {
            turns: 3,
            passed: 3,
            ..Tally::default()
        },
        ticks: Vec::new(),
    };
    // The first turn wrote the engram and was killed before the cast recorded it; the next
    // turn appraises the same window.
    let first = appraiser::appraise(&window, &reach).unwrap();
    let again = appraiser::appraise(&window, &reach).unwrap();
    assert_eq!(first.engram, again.engram);
    let store = home.open(Duration::from_secs(1), "test", &clock).unwrap();
    let kept = list(
        &store.read().unwrap(),
        &Filter::default().kind(Kind::Appraisal),
        10,
    )
    .unwrap();
    assert_eq!(kept.len(), 1, "{kept:?}");
    drop(store);
    // A later window is a new appraisal.
    let later = appraiser::Window {
        from_tick: 9,
        to_tick: 12,
        through: 12,
        ..window
    };
    let next = appraiser::appraise(&later, &reach).unwrap();
    assert_ne!(next.engram, first.engram);
}
