//! What `wis check` adds to the store's own checks: the creature's documents agree with each
//! other, no turn is half recorded, the newborn body is granted, the growing body's
//! records are coherent, and the reflex registry is within its cap.

use crate::base::clock::{Millis, rfc3339};
use crate::base::exit::Result;
use crate::base::home::Home;
use crate::base::store::{Problem, Read, Repaired, Store, check_store};
use crate::creature::{Genome, Persona, Unlocks, lease, stream, unlocks};
use crate::turn::progression;

/// `wis check`: the store's own check over every registered type, then the creature's
/// invariants. The empty list means healthy.
pub fn check(store: &mut Store) -> Result<Vec<Problem>> {
    let mut problems = check_store(store, super::documents::registry())?;
    problems.extend(check_references(&store.read()?)?);
    Ok(problems)
}

/// `wis check --repair`: sets aside what does not decode and moves the quarantine out of the
/// store into `<home>/quarantine/<time>/`.
pub fn repair(store: &Store, home: &Home, now: Millis) -> Result<Repaired> {
    let dir = home
        .root()
        .join("quarantine")
        .join(rfc3339(now).replace(':', ""));
    crate::base::store::repair(store, super::documents::registry(), &dir)
}

/// Invariants of the creature's own documents, for `wis check`.
pub fn check_references(rx: &impl Read) -> Result<Vec<Problem>> {
    let mut problems = Vec::new();
    let persona = rx.get::<Persona>(crate::base::store::SINGLETON_KEY);
    let genome = rx.get::<Genome>(crate::base::store::SINGLETON_KEY);
    match (&persona, &genome) {
        (Ok(Some(p)), Ok(Some(g))) if p.name != g.name => problems.push(Problem {
            area: "wis.persona.v1".into(),
            detail: format!(
                "persona name {:?} differs from genome name {:?}",
                p.name, g.name
            ),
        }),
        _ => {}
    }
    // A document that is there but does not decode is reported by the store's own check.
    let damaged = |schema: &str| rx.damage().iter().any(|d| d.schema == schema);
    if matches!(persona, Ok(None)) && !damaged("wis.persona.v1") {
        problems.push(Problem {
            area: "wis.persona.v1".into(),
            detail: "missing".into(),
        });
    }
    if matches!(genome, Ok(None)) && !damaged("wis.genome.v1") {
        problems.push(Problem {
            area: "wis.genome.v1".into(),
            detail: "missing".into(),
        });
    }
    if let Ok(Some(p)) = &persona {
        problems.extend(check_turns(rx, p)?);
    }
    if let Ok(Some(unlocks)) = rx.get::<Unlocks>(crate::base::store::SINGLETON_KEY)
        && !unlocks.granted().contains(&unlocks::NEWBORN_UNIT)
    {
        problems.push(Problem {
            area: "wis.unlocks.v1".into(),
            detail: format!(
                "{} (the newborn body) is not granted",
                unlocks::NEWBORN_UNIT
            ),
        });
    }
    problems.extend(progression::check(rx)?);
    let reflexes = rx.count::<crate::wisdom::reflex::Reflex>()?;
    if reflexes > crate::wisdom::reflex::REFLEX_CAP as u64 {
        problems.push(Problem {
            area: "wis.reflex.v1".into(),
            detail: format!(
                "{reflexes} reflexes, over the registry's cap of {}",
                crate::wisdom::reflex::REFLEX_CAP
            ),
        });
    }
    Ok(problems)
}

/// No half-recorded tick: every recorded turn is complete, and a lease can only be the next
/// turn's.
fn check_turns(rx: &impl Read, persona: &Persona) -> Result<Vec<Problem>> {
    use crate::wisdom::episodes::Episode;
    let mut problems = Vec::new();
    let mut problem = |area: &str, detail: String| {
        problems.push(Problem {
            area: area.into(),
            detail,
        })
    };
    let mut last = 0;
    for (_, e) in rx.ring::<Episode>(None)? {
        if e.tick <= last && last != 0 {
            problem(
                "wis.episode.v1",
                format!("episode of tick {} follows tick {last}", e.tick),
            );
        }
        if e.tick > persona.ticks {
            problem(
                "wis.episode.v1",
                format!(
                    "episode of tick {} is past the persona's {} ticks",
                    e.tick, persona.ticks
                ),
            );
        }
        last = e.tick;
    }
    for (_, line) in rx.ring::<stream::StreamLine>(None)? {
        if line.voice == stream::Voice::Observe && line.tick > persona.ticks {
            problem(
                "wis.stream.v1",
                format!(
                    "an observation of tick {} is past the persona's {} ticks",
                    line.tick, persona.ticks
                ),
            );
        }
    }
    if let Some(l) = rx.get::<lease::Lease>(lease::LEASE_KEY)?
        && l.tick != persona.ticks + 1
    {
        problem(
            "wis.lease.v1",
            format!(
                "a lease for tick {} while the next tick is {}",
                l.tick,
                persona.ticks + 1
            ),
        );
    }
    if let Some(t) = &persona.last_tick
        && t.tick > persona.ticks + 1
    {
        problem(
            "wis.persona.v1",
            format!(
                "last tick {} is past the persona's {} ticks",
                t.tick, persona.ticks
            ),
        );
    }
    Ok(problems)
}
