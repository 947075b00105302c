//! A cast made before scene actions and maintenance organs loads unchanged: its `cast.toml` (no
//! things, no `wait_recovery_factor`, no organ), its schedule (no participant's `place` or
//! `organ`), its receipts (no `act`) and its store (no appraisals, no proposals), each as an
//! older wis wrote them. And what the new keys of `cast.toml` accept.

use std::path::Path;

use serde_json::json;

use super::record::Receipt;
use super::schedule::Schedule;
use super::{CastFile, Knobs};
use crate::base::store::{decode, encode};

/// `cast.toml` exactly as the wis before scene actions wrote it.
const OLD_CAST_TOML: &str = "# A cast: creatures that share this machine and take turns by one initiative law.\n\
[schedule]\n\
recovery_secs = 60\n\
max_in_flight = 1\n\
reaction_window_secs = 600\n\
scene_window = 12\n\
\n\
[[member]]\n\
home = \"/srv/a\"\n\
arena = \"scene\"\n";

#[test]
fn an_old_cast_file_loads_with_no_things_and_the_default_rest_for_a_turn_let_pass() {
    let file: CastFile = toml::from_str(OLD_CAST_TOML).unwrap();
    file.check(Path::new("cast.toml")).unwrap();
    assert!(file.objects.is_empty());
    assert!(file.organs.is_empty(), "no maintenance organ");
    assert_eq!(file.schedule, Knobs::default());
    assert_eq!(file.schedule.wait_recovery_factor, 0.5);
    // Written back, it names no things (no empty `object` key).
    let text = file.render().unwrap();
    assert!(
        !text
            .lines()
            .any(|l| l.starts_with("[[o") || l.starts_with("object") || l.starts_with("organ")),
        "{text}"
    );
}

#[test]
fn an_old_schedule_loads_with_everyone_here() {
    // The MessagePack map an older wis stored: the participant has no `place`.
    let old = json!({
        "participants": [{
            "id": "Tam",
            "home": "/srv/a",
            "arena": "scene",
            "initiative_speed": 1.25,
            "next_ready_at": 1_700_000_000_000_i64,
            "last_completed_at": null,
            "pending": null,
            "reaction": {
                "from": "Bo", "text": "where is the key?",
                "opened_at": 1_699_999_000_000_i64, "until": 1_700_000_100_000_i64
            }
        }],
        "cast_ticks": 7
    });
    let schedule: Schedule = decode(&encode(&old).unwrap()).unwrap();
    assert_eq!(schedule.participants[0].place, None);
    assert_eq!(
        schedule.participants[0].organ, None,
        "a member, as every old one is"
    );
    // Written back, it names no organ.
    let back = crate::base::cultcache::project::payload_json(&encode(&schedule).unwrap()).unwrap();
    assert!(back["participants"][0].get("organ").is_none(), "{back}");
    assert_eq!(schedule.participants[0].id, "Tam");
    assert_eq!(schedule.cast_ticks, 7);
    assert!(schedule.participants[0].reaction.is_some());
}

#[test]
fn an_old_receipt_loads_with_no_scene_action_and_is_written_back_the_same() {
    let old = json!({
        "cast_tick": 3,
        "id": "Tam",
        "why": "ready the longest",
        "arena": "scene",
        "kind": "scene",
        "turn": "work",
        "tick": 2,
        "ending": "completed",
        "detail": "tick 2 work: reply `hi` -> ok 0.0s",
        "started_at": 1_700_000_000_000_i64,
        "completed_at": 1_700_000_000_500_i64,
        "cooldown_until": 1_700_000_060_500_i64
    });
    let bytes = encode(&old).unwrap();
    let receipt: Receipt = decode(&bytes).unwrap();
    assert_eq!(receipt.act, None);
    assert_eq!(receipt.turn.as_deref(), Some("work"));
    assert_eq!(
        encode(&receipt).unwrap(),
        bytes,
        "no new key written for it"
    );
}

#[test]
fn a_turn_let_pass_rests_less_than_a_full_turn_and_the_things_must_show_safely() {
    let with = |extra: &str| -> Result<CastFile, String> {
        let text = OLD_CAST_TOML.replace(
            "scene_window = 12\n",
            &format!("scene_window = 12\n{extra}"),
        );
        let file: CastFile = toml::from_str(&text).map_err(|e| e.to_string())?;
        file.check(Path::new("cast.toml")).map_err(|e| e.message)?;
        Ok(file)
    };
    assert_eq!(
        with("wait_recovery_factor = 0.25\n")
            .unwrap()
            .schedule
            .wait_recovery_factor,
        0.25
    );
    for bad in ["0.0", "1.0", "1.5", "-0.5", "nan"] {
        let err = with(&format!("wait_recovery_factor = {bad}\n")).unwrap_err();
        assert!(err.contains("wait_recovery_factor"), "{bad}: {err}");
    }
    let lamp = "\n[[object]]\nname = \"lamp\"\ndescription = \"an oil lamp\"\n";
    let file: CastFile = toml::from_str(&format!("{OLD_CAST_TOML}{lamp}")).unwrap();
    file.check(Path::new("cast.toml")).unwrap();
    assert_eq!(file.objects[0].name, "lamp");
    let again: CastFile = toml::from_str(&file.render().unwrap()).unwrap();
    assert_eq!(again, file, "written and read back the same");
    let twice: CastFile = toml::from_str(&format!("{OLD_CAST_TOML}{lamp}{lamp}")).unwrap();
    let err = twice.check(Path::new("cast.toml")).unwrap_err();
    assert!(err.message.contains("named twice"), "{}", err.message);
}

/// A cast store made before the organs has no appraisal or proposal table: both read as empty,
/// and the first organ's turn makes them.
#[test]
fn an_old_cast_store_reads_no_appraisals_and_no_proposals() {
    use super::organs::{Appraisal, Proposal};
    use crate::base::store::Read;
    let (_dir, store) = crate::base::store::testing::temp_store();
    let rx = store.read().unwrap();
    assert!(rx.ring::<Appraisal>(None).unwrap().is_empty());
    assert!(rx.all::<Proposal>().unwrap().is_empty());
    assert!(super::organs::review::list(&rx).unwrap().is_empty());
}
