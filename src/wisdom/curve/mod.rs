//! The experience curve (design §4.4): does lived experience make a small model match a
//! larger one on its home domain?
//!
//! A frozen [`battery`] of house-domain tasks, each with a mechanical scorer ([`score`]: no
//! model judges a model), is put to several arms ([`arms`]: a model and a memory each) by the
//! [runner](mod@run), which refuses to run on a live creature (WIS6). An arm is asked once
//! per task, or several times with the majority answer ([`vote`]), and the model that answered
//! must be the arm's. Every arm's result is recorded with what its calls cost ([`compute`]), the
//! battery's version and SHA-256 and the creature's age ([`result`], [`record`]), so the curve
//! of score against age can be shown as a table ([`table`]) or drawn ([`svg`]), with the
//! seed's readout: the small model with lived memory against a larger one without, and
//! whether it has crossed ([`roles`]).

pub mod answer;
pub mod arms;
pub mod battery;
pub mod compute;
pub mod context;
pub mod interval;
pub mod layout;
pub mod live;
pub mod record;
pub mod report;
pub mod result;
pub mod roles;
pub mod run;
pub mod score;
pub mod svg;
pub mod table;
pub mod vote;

pub use crate::base::interrupt::Interrupt;
pub use answer::{Answer, AnswerKind};
pub use arms::{ArmSpec, battery_schema, sampling, select};
pub use battery::{Battery, Domain, Task};
pub use compute::Compute;
pub use context::{ArmContexts, TaskPrompt};
pub use live::{LiveRun, run_live};
pub use record::OutFile;
pub use report::{Gain, RunReport, gains};
pub use result::{Age, BatteryRecord, BatteryRef, CurveResult, RESULTS_CAP_MAX, TaskScore};
pub use roles::{Crossing, Readout, Role, Versus};
pub use run::{Hooks, RunOptions, run, score_arm};
pub use score::{Scorer, ScorerSpec};
pub use table::{CurveRow, CurveTable};

use crate::base::exit::Result;
use crate::base::store::Read;

/// Every curve result in the store, oldest first.
pub fn results(rx: &impl Read) -> Result<Vec<CurveResult>> {
    Ok(rx
        .ring::<CurveResult>(None)?
        .into_iter()
        .map(|(_, r)| r)
        .collect())
}

#[cfg(test)]
mod battery_v3_tests;
#[cfg(test)]
mod tests;
