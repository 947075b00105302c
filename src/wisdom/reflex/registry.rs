//! The registry: reading reflexes, finding one by id (an unknown id is refused with 66 naming
//! the close ones), and arming or disarming one on the operator's word, never past
//! `reflex_max_armed` (65 naming the cap and the armed ones).

use crate::base::clock::Millis;
use crate::base::exit::{Error, Result};
use crate::base::store::{Read, Tx};
use crate::creature::criterion::Criterion;

use super::{Reflex, Status};

/// Every reflex, in id order (`r2` before `r10`).
pub fn all(rx: &impl Read) -> Result<Vec<Reflex>> {
    let mut out: Vec<Reflex> = rx.all::<Reflex>()?.into_iter().map(|(_, r)| r).collect();
    out.sort_by_key(|r| (r.id.len(), r.id.clone()));
    Ok(out)
}

/// The armed ones.
pub fn armed(reflexes: &[Reflex]) -> Vec<&Reflex> {
    reflexes
        .iter()
        .filter(|r| r.status == Status::Armed)
        .collect()
}

/// The reflex with this id, or 66 naming the ids close to it.
pub fn find(rx: &impl Read, id: &str) -> Result<Reflex> {
    if let Some(r) = rx.get::<Reflex>(id)? {
        return Ok(r);
    }
    let ids: Vec<String> = all(rx)?.into_iter().map(|r| r.id).collect();
    let mut close: Vec<&String> = ids
        .iter()
        .filter(|k| distance(k, id) <= 2 || k.starts_with(id) || id.starts_with(k.as_str()))
        .collect();
    close.truncate(5);
    let hint = match (close.is_empty(), ids.is_empty()) {
        (_, true) => "there are no reflexes yet; `wis reflex scan` proposes them".to_string(),
        (true, false) => format!("`wis reflex list` shows the {} there are", ids.len()),
        (false, false) => format!(
            "close: {}",
            close
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    Err(Error::no_input(format!("there is no reflex {id:?}")).hint(hint))
}

/// Levenshtein distance, for naming close ids.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

/// Arms `id` on `by`'s word at `now`, with `guard` when given; refused (65) when it is
/// demoted, inherited and not yet re-earned, or `max_armed` are armed already. Arming an armed reflex changes nothing.
pub fn arm(
    tx: &mut Tx<'_>,
    id: &str,
    by: &str,
    now: Millis,
    max_armed: u32,
    guard: Option<Criterion>,
) -> Result<Reflex> {
    let mut reflex = find(tx, id)?;
    if reflex.status == Status::Demoted {
        return Err(Error::data(format!(
            "reflex {id} was demoted when it failed ({}); it is not armed again",
            reflex.last_failure.as_deref().unwrap_or("a failure")
        ))
        .hint("a fresh streak after the demotion proposes it again"));
    }
    if reflex.status == Status::Inherited {
        return Err(Error::data(format!(
            "reflex {id} was inherited from an ancestor; this body has not earned it yet"
        ))
        .hint("a fresh streak of this creature's own successes proposes it; then arm it"));
    }
    if guard.is_some() {
        reflex.trigger.guard = guard;
    }
    if reflex.status != Status::Armed {
        let reflexes = all(tx)?;
        let on: Vec<&str> = armed(&reflexes).iter().map(|r| r.id.as_str()).collect();
        if on.len() >= max_armed as usize {
            return Err(Error::data(format!(
                "{} reflexes are armed, the cap ([wisdom] reflex_max_armed = {max_armed}): {}",
                on.len(),
                on.join(", ")
            ))
            .hint("disarm one first (`wis reflex disarm ID`) or raise reflex_max_armed"));
        }
        reflex.status = Status::Armed;
        reflex.armed_by = Some(by.to_string());
        reflex.armed_at = Some(now);
    }
    tx.put(id, &reflex)?;
    Ok(reflex)
}

/// Disarms `id` on `by`'s word; a demoted reflex stays demoted.
pub fn disarm(tx: &mut Tx<'_>, id: &str, by: &str, now: Millis) -> Result<Reflex> {
    let mut reflex = find(tx, id)?;
    if reflex.status == Status::Armed || reflex.status == Status::Proposed {
        reflex.status = Status::Disarmed;
        reflex.armed_by = Some(by.to_string());
        reflex.armed_at = Some(now);
        tx.put(id, &reflex)?;
    }
    Ok(reflex)
}

#[cfg(test)]
mod tests {
    use super::distance;

    #[test]
    fn close_ids_are_a_few_edits_away() {
        assert_eq!(distance("r1", "r1"), 0);
        assert_eq!(distance("r1", "r12"), 1);
        assert_eq!(distance("r7", "x"), 2);
    }
}
