//! Prose recall's kinds: lore, the told world, is stated above a step as a fact is; the
//! social kinds (who another is, a goal, a value, an appraisal) are the creature's stance and
//! are not.

use super::*;
use crate::wisdom::recall::prose::{known, states_something};

#[test]
fn lore_is_recalled_as_a_fact_and_the_social_kinds_are_not() {
    let (_dir, store) = temp_store();
    let memory = memory();
    let mut tx = store.write().unwrap();
    let body = |what: &str| format!("the ferry to the island leaves the north pier at noon {what}");
    for (kind, what) in [
        (Kind::Relationship, "with Bo"),
        (Kind::Goal, "to catch"),
        (Kind::Value, "on time"),
        (Kind::Appraisal, "went well"),
        (Kind::Lore, "daily"),
    ] {
        let new = NewEngram::new(kind, body(what), Provenance::Told);
        memory.remember(&mut tx, new, 1).unwrap();
    }
    let found = known(
        &tx,
        &memory,
        "when does the ferry leave the north pier",
        4000,
    )
    .unwrap();
    let bodies: Vec<&str> = found.iter().map(|k| k.body.as_str()).collect();
    assert_eq!(bodies, [body("daily")]);
    let stated: Vec<Kind> = Kind::ALL
        .iter()
        .copied()
        .filter(|k| states_something(*k))
        .collect();
    assert_eq!(
        stated,
        [
            Kind::Semantic,
            Kind::Strategy,
            Kind::Procedure,
            Kind::Fact,
            Kind::Dream,
            Kind::Lore
        ]
    );
}
