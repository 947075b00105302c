//! The initiative schedule: who is in the cast, when each is ready, who has a turn in flight,
//! and the one law that picks the next to act.
//!
//! The law, in its declared order: a participant with an open reaction window before one
//! without; then the earliest `next_ready_at`; then the higher `initiative_speed`; then the
//! stable id, ascending. A participant with a pending turn is never picked, and neither is
//! one whose recovery has not ended, unless it was spoken to. Recovery counts from when the
//! participant's last turn *completed*: `recovery_secs / initiative_speed`.

use std::cmp::Ordering;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::organs::OrganKind;
use crate::base::clock::Millis;
use crate::base::store::Layout;
use crate::doc;
use crate::world::scene::{Addressed, Arena};

/// Slowest and fastest initiative a genome can give.
pub const SPEED_RANGE: (f64, f64) = (0.5, 1.5);

/// A turn in flight.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Pending {
    pub pid: u32,
    /// The cast tick that started it.
    pub cast_tick: u64,
    pub kind: TurnKind,
    pub started_at: Millis,
    /// After this the turn is stale even if a process with its pid lives (pid reuse).
    pub expires_at: Millis,
}

/// A reaction window: someone spoke to this participant, which may answer before its
/// recovery ends and before anyone merely ready.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Reaction {
    #[serde(flatten)]
    pub message: Addressed,
    pub opened_at: Millis,
    /// The window closes here; unanswered, the message stays in the scene.
    pub until: Millis,
}

/// The kind of a cast turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TurnKind {
    /// On stage, ready in turn.
    Scene,
    /// On stage, answering what was said to it.
    Reaction,
    /// Off stage: rumination or sleep, as its pressure says; or a maintenance organ's turn.
    Maintenance,
}

impl TurnKind {
    pub fn as_str(self) -> &'static str {
        match self {
            TurnKind::Scene => "scene",
            TurnKind::Reaction => "reaction",
            TurnKind::Maintenance => "maintenance",
        }
    }
}

/// One member of the cast, as the schedule sees it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Participant {
    /// The name the others address it by: unique in the cast, never reused for another.
    pub id: String,
    pub home: PathBuf,
    pub arena: Arena,
    /// From its genome (boldness), in [`SPEED_RANGE`]: the higher, the shorter its recovery
    /// and the earlier it acts on a tie.
    pub initiative_speed: f64,
    pub next_ready_at: Millis,
    pub last_completed_at: Option<Millis>,
    pub pending: Option<Pending>,
    pub reaction: Option<Reaction>,
    /// Where it is in the scene, as its last `move` named it (at most
    /// [`crate::world::scene::PLACE_MAX_CHARS`] characters); `None`: here, where the scene
    /// starts everyone.
    #[serde(default)]
    pub place: Option<String>,
    /// The maintenance organ it is (the appraiser, the mutator), with no home of its own: its
    /// `home` is the cast's directory. `None`: a member, a creature's home.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub organ: Option<OrganKind>,
}

impl Participant {
    /// A reaction window open at `now`.
    pub fn reaction_open(&self, now: Millis) -> bool {
        self.reaction.as_ref().is_some_and(|r| now < r.until)
    }

    /// Whether the law may pick it at `now`.
    pub fn eligible(&self, now: Millis) -> bool {
        self.pending.is_none()
            && (self.next_ready_at <= now
                || (self.arena == Arena::Scene && self.reaction_open(now)))
    }

    /// The kind of turn it would take now.
    pub fn next_kind(&self, now: Millis) -> TurnKind {
        match self.arena {
            Arena::Offstage => TurnKind::Maintenance,
            Arena::Scene if self.reaction_open(now) => TurnKind::Reaction,
            Arena::Scene => TurnKind::Scene,
        }
    }

    /// Its recovery after a turn, in milliseconds.
    pub fn recovery_ms(&self, recovery_secs: u64) -> Millis {
        let speed = self.initiative_speed.clamp(SPEED_RANGE.0, SPEED_RANGE.1);
        (recovery_secs as f64 * 1000.0 / speed).round() as Millis
    }
}

/// The rest after a turn let pass (`wait`, `hesitate`): `factor` (`[schedule]
/// wait_recovery_factor`, in (0, 1)) of a completed turn's `recovery_ms`.
pub fn passed_recovery_ms(recovery_ms: Millis, factor: f64) -> Millis {
    (recovery_ms as f64 * factor.clamp(0.0, 1.0)).round() as Millis
}

/// Initiative speed from a genome's boldness (in [0, 1]).
pub fn speed_from_boldness(boldness: f32) -> f64 {
    let b = f64::from(boldness);
    let b = if b.is_finite() {
        b.clamp(0.0, 1.0)
    } else {
        0.5
    };
    // Rounded so the schedule reads well and ties are real ties.
    ((SPEED_RANGE.0 + b * (SPEED_RANGE.1 - SPEED_RANGE.0)) * 100.0).round() / 100.0
}

/// The law's order between two eligible participants at `now`: `Less` acts first.
pub fn initiative(a: &Participant, b: &Participant, now: Millis) -> Ordering {
    let ra = a.arena == Arena::Scene && a.reaction_open(now);
    let rb = b.arena == Arena::Scene && b.reaction_open(now);
    rb.cmp(&ra)
        .then(a.next_ready_at.cmp(&b.next_ready_at))
        .then(b.initiative_speed.total_cmp(&a.initiative_speed))
        .then(a.id.cmp(&b.id))
}

/// The eligible participants at `now`, in the order the law gives them turns.
pub fn queue(participants: &[Participant], now: Millis) -> Vec<&Participant> {
    let mut ready: Vec<&Participant> = participants.iter().filter(|p| p.eligible(now)).collect();
    ready.sort_by(|a, b| initiative(a, b, now));
    ready
}

/// The one participant the law picks at `now`, and why.
pub fn pick(participants: &[Participant], now: Millis) -> Option<(usize, &'static str)> {
    let first = queue(participants, now).into_iter().next()?;
    let index = participants.iter().position(|p| p.id == first.id)?;
    let why = if first.arena == Arena::Scene && first.reaction_open(now) {
        "it was spoken to (a reaction window is open)"
    } else if participants
        .iter()
        .filter(|p| p.id != first.id && p.eligible(now))
        .any(|p| p.next_ready_at == first.next_ready_at)
    {
        "ready as early as another; the faster initiative, then the id, broke the tie"
    } else {
        "ready the longest"
    };
    Some((index, why))
}

/// The whole schedule: one document in the cast's store.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Schedule {
    pub participants: Vec<Participant>,
    /// Cast ticks that started a turn.
    pub cast_ticks: u64,
}

doc!(Schedule, "wis.cast.schedule", 1, Layout::Singleton);

impl Schedule {
    pub fn get(&self, id: &str) -> Option<&Participant> {
        self.participants.iter().find(|p| p.id == id)
    }

    pub fn get_mut(&mut self, id: &str) -> Option<&mut Participant> {
        self.participants.iter_mut().find(|p| p.id == id)
    }

    /// Turns in flight.
    pub fn in_flight(&self) -> usize {
        self.participants
            .iter()
            .filter(|p| p.pending.is_some())
            .count()
    }

    /// A free id for a creature called `name`: its name, or its name and a number.
    pub fn free_id(&self, name: &str) -> String {
        let base: String = name
            .chars()
            .filter(|c| c.is_alphanumeric() || *c == '-' || *c == '_')
            .collect();
        let base = if base.is_empty() {
            "member".to_string()
        } else {
            base
        };
        if self.get(&base).is_none() {
            return base;
        }
        (2..)
            .map(|n| format!("{base}-{n}"))
            .find(|id| self.get(id).is_none())
            .unwrap_or(base)
    }
}

/// A participant for tests: ready at `ready` with `speed`, nothing pending; on stage with a
/// home of its own, or, as an `organ`, off stage with the cast's directory as its home.
#[cfg(test)]
pub(crate) fn sample_participant(
    id: &str,
    ready: Millis,
    speed: f64,
    organ: Option<OrganKind>,
) -> Participant {
    Participant {
        id: id.into(),
        home: match organ {
            Some(_) => PathBuf::from("/cast"),
            None => PathBuf::from(format!("/h/{id}")),
        },
        arena: match organ {
            Some(_) => Arena::Offstage,
            None => Arena::Scene,
        },
        initiative_speed: speed,
        next_ready_at: ready,
        last_completed_at: None,
        pending: None,
        reaction: None,
        place: None,
        organ,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn p(id: &str, ready: Millis, speed: f64) -> Participant {
        sample_participant(id, ready, speed, None)
    }

    fn spoken_to(mut x: Participant, until: Millis) -> Participant {
        x.reaction = Some(Reaction {
            message: Addressed {
                from: "Z".into(),
                text: "hi".into(),
            },
            opened_at: 0,
            until,
        });
        x
    }

    #[test]
    fn the_law_in_its_declared_order() {
        let now = 1000;
        let all = vec![
            p("c", 500, 1.0),
            p("b", 500, 1.2),
            p("a", 500, 1.0),
            p("early", 100, 0.5),
            spoken_to(p("late", 5000, 0.5), 9000),
        ];
        let order: Vec<&str> = queue(&all, now).iter().map(|x| x.id.as_str()).collect();
        assert_eq!(order, ["late", "early", "b", "a", "c"]);
        assert_eq!(
            pick(&all, now).unwrap().1,
            "it was spoken to (a reaction window is open)"
        );
    }

    #[test]
    fn pending_and_resting_participants_are_never_picked() {
        let mut busy = p("a", 0, 1.5);
        busy.pending = Some(Pending {
            pid: 1,
            cast_tick: 1,
            kind: TurnKind::Scene,
            started_at: 0,
            expires_at: 10,
        });
        let resting = p("b", 2000, 1.0);
        let spoken_but_pending = spoken_to(busy.clone(), 5000);
        let closed_window = spoken_to(p("c", 2000, 1.0), 900);
        let all = vec![busy, resting, spoken_but_pending, closed_window];
        assert!(pick(&all, 1000).is_none());
        assert_eq!(pick(&all, 2000).map(|(i, _)| all[i].id.as_str()), Some("b"));
    }

    #[test]
    fn recovery_is_shorter_for_the_faster() {
        assert_eq!(p("a", 0, 1.0).recovery_ms(60), 60_000);
        assert_eq!(p("a", 0, 1.5).recovery_ms(60), 40_000);
        assert_eq!(p("a", 0, 0.5).recovery_ms(60), 120_000);
        assert_eq!(speed_from_boldness(0.0), 0.5);
        assert_eq!(speed_from_boldness(1.0), 1.5);
        assert_eq!(speed_from_boldness(f32::NAN), 1.0);
    }

    #[test]
    fn a_turn_let_pass_rests_a_share_of_a_completed_one() {
        let full = p("a", 0, 1.5).recovery_ms(60);
        assert_eq!(passed_recovery_ms(full, 0.5), 20_000);
        assert_eq!(passed_recovery_ms(full, 0.25), 10_000);
        assert!(passed_recovery_ms(full, 0.99) < full);
    }

    #[test]
    fn ids_are_never_shared() {
        let mut s = Schedule::default();
        s.participants.push(p("Tam", 0, 1.0));
        s.participants.push(p("Tam-2", 0, 1.0));
        assert_eq!(s.free_id("Tam"), "Tam-3");
        assert_eq!(s.free_id("Bo"), "Bo");
        assert_eq!(s.free_id("!!"), "member");
    }

    fn arb_participant() -> impl Strategy<Value = Participant> {
        (
            0u8..6,
            0i64..5,
            prop::sample::select(vec![0.5, 0.75, 1.0, 1.5]),
            prop::option::of(0i64..6),
            any::<bool>(),
        )
            .prop_map(|(id, ready, speed, window, offstage)| {
                let mut x = p(&format!("m{id}"), ready, speed);
                if let Some(until) = window {
                    x = spoken_to(x, until);
                }
                if offstage {
                    x.arena = Arena::Offstage;
                }
                x
            })
    }

    proptest! {
        /// The order is total and deterministic: antisymmetric, transitive, equal only for
        /// the same participant, and the same whatever order the schedule lists them in.
        #[test]
        fn the_order_is_total_and_deterministic(
            mut all in prop::collection::vec(arb_participant(), 1..12),
            now in 0i64..6,
            seed in any::<u64>(),
        ) {
            all.sort_by(|a, b| a.id.cmp(&b.id));
            all.dedup_by(|a, b| a.id == b.id);
            for a in &all {
                for b in &all {
                    let ab = initiative(a, b, now);
                    prop_assert_eq!(ab, initiative(b, a, now).reverse());
                    prop_assert_eq!(ab == Ordering::Equal, a.id == b.id);
                    for c in &all {
                        if ab == Ordering::Less && initiative(b, c, now) == Ordering::Less {
                            prop_assert_eq!(initiative(a, c, now), Ordering::Less);
                        }
                    }
                }
            }
            let first: Vec<String> = queue(&all, now).iter().map(|x| x.id.clone()).collect();
            let mut shuffled = all.clone();
            let mut s = seed;
            for i in (1..shuffled.len()).rev() {
                s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                shuffled.swap(i, (s >> 33) as usize % (i + 1));
            }
            let again: Vec<String> = queue(&shuffled, now).iter().map(|x| x.id.clone()).collect();
            prop_assert_eq!(&first, &again);
            let picked = pick(&shuffled, now).map(|(i, _)| shuffled[i].id.clone());
            prop_assert_eq!(picked, first.first().cloned());
        }
    }
}
