//! What `wis unlock` shows and does between ticks: every unit with its state and evidence, and
//! a run of the milestone adjudicator (on the evidence, or on the operator's authority for one
//! unit). A command between ticks is at a tick boundary; one is refused while a turn is in
//! flight.

use serde::Serialize;

use super::milestone::{self, Authority, Probes};
use super::seed;
use crate::base::clock::Clock;
use crate::base::config::Config;
use crate::base::exit::Result;
use crate::base::store::{Read, Store};
use crate::creature::{By, Persona, UnitId, UnitState};
use crate::turn::between::between;
use crate::world::stats;
use crate::world::units::{Earning, UNITS, Unit};

/// One unit as `wis unlock list` shows it.
#[derive(Debug, Clone, Serialize)]
pub struct UnitView {
    pub unit: UnitId,
    pub name: &'static str,
    /// `granted`, `pending` or `locked`.
    pub state: &'static str,
    pub tools: Vec<&'static str>,
    /// Other names its tools answer to.
    pub aliases: Vec<&'static str>,
    /// When and by whom it was granted or held.
    pub tick: Option<u64>,
    pub by: Option<By>,
    /// The evidence it was granted on; for a locked unit, what earns it and where that stands.
    pub evidence: String,
    /// Why a pending unit is held.
    pub held: Option<String>,
}

/// Every unit, in ladder order. A store not seeded yet is shown as the seeder would seed it.
pub fn list(rx: &impl Read, now: crate::base::clock::Millis) -> Result<Vec<UnitView>> {
    let persona: Persona = rx.singleton()?;
    let unlocks = seed::view(rx, &persona, now)?;
    UNITS
        .iter()
        .map(|u| {
            let tools = u.specs().map(|t| t.name).collect();
            Ok(match unlocks.units.get(&u.id) {
                Some(r) => UnitView {
                    unit: u.id,
                    name: u.name,
                    state: match r.state {
                        UnitState::Granted => "granted",
                        UnitState::Pending => "pending",
                    },
                    tools,
                    aliases: u.aliases(),
                    tick: Some(r.tick),
                    by: Some(r.by),
                    evidence: r.evidence.clone(),
                    held: r.held.clone(),
                },
                None => UnitView {
                    unit: u.id,
                    name: u.name,
                    state: "locked",
                    tools,
                    aliases: u.aliases(),
                    tick: None,
                    by: None,
                    evidence: standing(rx, &persona, u)?,
                    held: None,
                },
            })
        })
        .collect()
}

/// What earns a locked unit, and the stats it reads as they are now.
fn standing(rx: &impl Read, persona: &Persona, unit: &Unit) -> Result<String> {
    let now = match &unit.earning {
        Earning::Milestone { criterion, .. } => {
            format!(" (now {})", stats::shown(rx, persona, criterion)?)
        }
        _ => String::new(),
    };
    Ok(format!("earned by {}{now}", unit.earned_by()))
}

/// Runs the milestone adjudicator now, on the evidence or (with `operator`) on the operator's
/// authority for one unit; organs are probed as needed. Returns one line per change.
pub fn adjudicate(
    store: &Store,
    config: &Config,
    clock: &Clock,
    operator: Option<&'static Unit>,
) -> Result<Vec<String>> {
    let mut tx = store.write()?;
    let between = between(
        &mut tx,
        config,
        clock.now(),
        "units are granted between turns",
    )?;
    let (persona, b) = (&between.persona, &between.ctx);
    seed::load_or_seed(&mut tx, b, persona)?;
    let authority = match operator {
        Some(unit) => Authority::Operator(unit),
        None => Authority::Evidence,
    };
    let mut probes = Probes::live(&config.organs);
    let events = milestone::adjudicate(&mut tx, b, persona, &mut probes, authority, None)?;
    between.report(&mut tx)?;
    tx.commit()?;
    Ok(events)
}
