//! The replay panel: the learned rate of each counterfactual replay against the creature's
//! age, drawn as `wis replay history --plot` draws it, and the newest replays as a table.

use crate::base::exit::Result;
use crate::base::html::{Cell, Html};
use crate::base::store::Read;
use crate::wisdom::replay::history::{ReplayRecord, plot, records};

use super::{Options, figure, newest};

/// Replays the table lists (the picture draws every one kept).
const SHOWN: usize = 20;

#[derive(Debug)]
pub(super) struct Panel {
    records: Vec<ReplayRecord>,
}

impl Panel {
    pub fn gather(rx: &impl Read, opts: &Options) -> Result<Panel> {
        let records = records(rx)?
            .into_iter()
            .filter(|r| opts.keeps(r.tick))
            .collect();
        Ok(Panel { records })
    }

    pub fn html(&self, h: &mut Html) {
        if self.records.is_empty() {
            h.empty(
                "no replays yet: sleep replays with [wisdom] replay_enabled, or run one",
                "wis replay",
            );
            return;
        }
        figure(
            h,
            "replay_learned_rate",
            &plot(&self.records),
            "Learned rate (learned over answers) of each replay against age in ticks, in sleep \
             and on its own; the newest are in the table below.",
        );
        let (shown, older) = newest(self.records.iter().collect::<Vec<_>>(), SHOWN);
        let rows: Vec<Vec<Cell>> = shown
            .iter()
            .rev()
            .map(|r| {
                vec![
                    Cell::num(r.tick),
                    Cell::Num(r.sleep.map_or("-".into(), |s| s.to_string())),
                    Cell::num(r.learned),
                    Cell::num(r.unlearned),
                    Cell::num(r.divergent),
                    Cell::num(r.malformed),
                    Cell::num(r.skipped),
                    Cell::Num(r.learned_rate().map_or("-".into(), |x| format!("{x:.2}"))),
                    Cell::text(r.skipped_why.clone().unwrap_or_default()),
                ]
            })
            .collect();
        let caption = if older > 0 {
            format!("The newest {SHOWN} replays, newest first ({older} older in the picture)")
        } else {
            "Every replay, newest first".to_string()
        };
        h.table(
            &caption,
            &[
                "tick",
                "sleep",
                "learned",
                "unlearned",
                "divergent",
                "malformed",
                "skipped",
                "learned rate",
                "note",
            ],
            &rows,
        );
    }
}
