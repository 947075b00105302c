//! An organ's cast turn, in a cast tick's three phases: (1) with the cast's store open, what
//! it will work on (the appraiser: each member's window of turns) and its pending mark, in the
//! commit that picked it; (2) with the cast's store closed, the work that reaches the members'
//! stores (the appraiser's engrams, one member's store at a time); (3) with the cast's store
//! open again, its records (appraisals; the mutator's proposals, made here from what the store
//! holds now), its receipt and its recovery, in one commit.
//!
//! A member's store that is busy in phase 2 defers the turn (ending `deferred`, exit 75): the
//! members appraised are recorded, the busy one's turns stay unappraised for the organ's next
//! turn, and the organ stays ready, as a deferred member does. Any other failure (a member's
//! configuration, its embedder) fails the turn, which rests like any other.

use std::collections::BTreeMap;
use std::time::Duration;

use super::appraisal::{Appraisal, appraisal_id};
use super::appraiser::{self, Seat, Window};
use super::mutator;
use super::proposal::{PROPOSAL_CAP, Proposal};
use super::{Organ, OrganKind};
use crate::base::clock::{Clock, Millis};
use crate::base::exit::{Error, Kind, Result};
use crate::base::store::{Read, Tx};
use crate::turn::cast::record::{Ending, Receipt};
use crate::turn::cast::schedule::{Pending, Schedule, TurnKind};
use crate::turn::cast::{Cast, Knobs};
use crate::world::scene::{Arena, flat};

/// Most characters of an organ turn's receipt detail.
pub const DETAIL_MAX_CHARS: usize = 600;
/// How long an organ's turn may take before its mark is stale, besides waiting for each
/// member's store.
const ORGAN_TURN_MS: Millis = 10 * 60 * 1000;

/// An organ's turn after phase 1.
#[derive(Debug, Clone)]
pub struct Begun {
    pub id: String,
    pub why: &'static str,
    pub organ: Organ,
    pub cast_tick: u64,
    pub started_at: Millis,
    pub pid: u32,
    /// The appraiser's windows, one per member due an appraisal.
    pub windows: Vec<Window>,
}

/// Phase 1, in the cast tick's transaction: what the organ at `index` will work on, and (with
/// `mark`, not in a dry run) its pending mark, expiring after its own time and `wait` for each
/// member's store.
#[allow(clippy::too_many_arguments)]
pub fn begin(
    rx: &impl Read,
    schedule: &mut Schedule,
    index: usize,
    why: &'static str,
    organ: &Organ,
    cast_tick: u64,
    now: Millis,
    mark: Option<Duration>,
) -> Result<Begun> {
    let windows = match organ.kind {
        OrganKind::Appraiser => windows(rx, schedule, organ, now)?,
        OrganKind::Mutator => Vec::new(),
    };
    let pid = std::process::id();
    let p = &mut schedule.participants[index];
    if let Some(wait) = mark {
        let waits = wait.as_millis() as Millis * (windows.len() as Millis + 1);
        p.pending = Some(Pending {
            pid,
            cast_tick,
            kind: TurnKind::Maintenance,
            started_at: now,
            expires_at: now + ORGAN_TURN_MS + waits,
        });
    }
    Ok(Begun {
        id: p.id.clone(),
        why,
        organ: organ.clone(),
        cast_tick,
        started_at: now,
        pid,
        windows,
    })
}

/// The members due an appraisal, each with its window of turns.
fn windows(rx: &impl Read, schedule: &Schedule, organ: &Organ, now: Millis) -> Result<Vec<Window>> {
    let mut through: BTreeMap<String, u64> = BTreeMap::new();
    for (_, a) in rx.ring::<Appraisal>(None)? {
        through.insert(a.member, a.through);
    }
    let seats: Vec<Seat> = schedule
        .participants
        .iter()
        .filter(|p| p.organ.is_none())
        .map(|p| Seat {
            id: p.id.clone(),
            home: p.home.clone(),
            through: through.get(&p.id).copied(),
            open_since: p
                .reaction
                .as_ref()
                .filter(|_| p.reaction_open(now))
                .map(|r| r.opened_at),
        })
        .collect();
    let from = seats
        .iter()
        .map(|s| s.through.map_or(0, |t| t + 1))
        .min()
        .unwrap_or(0);
    let receipts = rx.ring_from::<Receipt>(from)?;
    Ok(seats
        .iter()
        .filter_map(|s| appraiser::window(&receipts, s, organ.turns(), organ.min_turns()))
        .collect())
}

impl Begun {
    /// What the turn would do, in words (a dry run): the appraiser's windows, or the mutator's
    /// reading.
    pub fn plan(&self) -> Vec<String> {
        match self.organ.kind {
            OrganKind::Appraiser if self.windows.is_empty() => {
                vec![nothing_to_appraise(&self.organ)]
            }
            OrganKind::Appraiser => self
                .windows
                .iter()
                .map(|w| format!("would appraise {}", flat(&w.describe(), 200)))
                .collect(),
            OrganKind::Mutator => vec![format!(
                "would read each member's last {} appraisals for a repeated pattern",
                self.organ.appraisals()
            )],
        }
    }
}

fn nothing_to_appraise(organ: &Organ) -> String {
    format!(
        "nothing to appraise: no member has had {} turns on stage since its last appraisal",
        organ.min_turns()
    )
}

/// How the organ's turn reaches the stores.
#[derive(Debug, Clone, Copy)]
pub struct Reach<'a> {
    pub wait: Duration,
    pub config_flags: &'a [String],
    pub clock: &'a Clock,
}

/// Phases 2 and 3: the organ's work and its records. The receipt, and for a deferred or failed
/// turn the error the cast tick ends with (after the receipt is written).
pub fn finish(
    cast: &Cast,
    begun: Begun,
    knobs: &Knobs,
    reach: Reach<'_>,
) -> Result<(Receipt, Option<Error>)> {
    // Phase 2: the members' stores, one at a time, with the cast's store closed.
    let appraiser = appraiser::Reach {
        wait: reach.wait,
        config_flags: reach.config_flags,
        clock: reach.clock,
        cast_tick: begun.cast_tick,
    };
    let mut appraised = Vec::new();
    let mut put_off: Vec<(String, Error)> = Vec::new();
    let mut failed: Vec<(String, Error)> = Vec::new();
    for w in &begun.windows {
        match appraiser::appraise(w, &appraiser) {
            Ok(a) => appraised.push(a),
            Err(e) if e.kind == Kind::Busy => put_off.push((w.member.clone(), e)),
            Err(e) => failed.push((w.member.clone(), e)),
        }
    }

    // Phase 3: the records, with the cast's store open again.
    let store = cast.open(
        reach.wait.max(Duration::from_secs(30)),
        "cast tick",
        reach.clock,
    )?;
    let mut tx = store.write()?;
    let done = reach.clock.now();
    let mut schedule: Schedule = tx.singleton()?;
    let ours = schedule
        .get(&begun.id)
        .and_then(|p| p.pending.as_ref())
        .is_some_and(|t| t.pid == begun.pid && t.cast_tick == begun.cast_tick);
    if !ours {
        return Err(Error::busy(format!(
            "cast tick {} lost its mark on the {} while its turn ran (declared stale by another \
             cast tick)",
            begun.cast_tick, begun.id
        ))
        .hint("its work so far is in the members' stores; its next turn carries on"));
    }
    let mut said = Vec::new();
    for a in &appraised {
        let seq = tx.push(a)?;
        said.push(format!(
            "appraised {} as {} (cast ticks {}\u{2013}{}, score {:.2}, {})",
            a.member,
            appraisal_id(seq),
            a.from_tick,
            a.to_tick,
            a.score,
            a.engram
        ));
    }
    if begun.organ.kind == OrganKind::Mutator {
        said.extend(mutate(&mut tx, &schedule, &begun, done)?);
    }
    for (member, e) in &put_off {
        said.push(format!(
            "{member}'s store is busy: its appraisal waits ({})",
            e.message
        ));
    }
    for (member, e) in &failed {
        said.push(format!("{member} could not be appraised: {}", e.message));
    }
    if said.is_empty() {
        said.push(nothing_to_appraise(&begun.organ));
    }
    let (ending, error) = match (failed.into_iter().next(), put_off.into_iter().next()) {
        (Some((member, e)), _) => (
            Ending::Failed,
            Some(e.context(format!("appraising {member}"))),
        ),
        (None, Some((member, e))) => (
            Ending::Deferred,
            Some(e.context(format!("appraising {member}"))),
        ),
        (None, None) => (Ending::Completed, None),
    };
    let p = schedule.get_mut(&begun.id).expect("checked above");
    p.pending = None;
    let cooldown_until = if ending == Ending::Deferred {
        p.next_ready_at
    } else {
        p.last_completed_at = Some(done);
        p.next_ready_at = done + p.recovery_ms(knobs.recovery_secs);
        p.next_ready_at
    };
    let receipt = Receipt {
        cast_tick: begun.cast_tick,
        id: begun.id.clone(),
        why: begun.why.into(),
        arena: Arena::Offstage,
        kind: TurnKind::Maintenance,
        turn: Some(begun.organ.kind.turn().to_string()),
        lane: None,
        tick: None,
        ending,
        detail: flat(&said.join("; "), DETAIL_MAX_CHARS),
        started_at: begun.started_at,
        completed_at: done,
        cooldown_until,
        exit: error.as_ref().map(Error::code),
        act: None,
    };
    tx.push(&receipt)?;
    tx.set(&schedule)?;
    tx.commit()?;
    Ok((receipt, error))
}

/// The mutator's work, in `tx`: one proposal at most per member, and the oldest decided
/// proposals dropped past the cap. What it proposed, in words.
fn mutate(tx: &mut Tx<'_>, schedule: &Schedule, begun: &Begun, now: Millis) -> Result<Vec<String>> {
    let appraisals = tx.ring::<Appraisal>(None)?;
    let mut proposals: Vec<Proposal> = tx.all::<Proposal>()?.into_iter().map(|(_, p)| p).collect();
    let mut next = proposals.iter().map(|p| p.id).max().unwrap_or(0) + 1;
    let n = begun.organ.appraisals() as usize;
    let mut said = Vec::new();
    for member in schedule.participants.iter().filter(|p| p.organ.is_none()) {
        let Some(new) = mutator::propose(
            &member.id,
            &member.home,
            &appraisals,
            &proposals,
            n,
            (next, begun.cast_tick, now),
        ) else {
            continue;
        };
        tx.put(&Proposal::key(new.id), &new)?;
        said.push(format!(
            "proposed {} for {}: \"{}\" ({})",
            new.label(),
            new.member,
            new.value,
            new.why
        ));
        proposals.push(new);
        next += 1;
    }
    for id in mutator::overflow(&proposals, PROPOSAL_CAP) {
        tx.remove::<Proposal>(&Proposal::key(id))?;
    }
    if said.is_empty() {
        said.push(format!(
            "no member's last {n} appraisals repeat a pattern; nothing proposed"
        ));
    }
    Ok(said)
}
