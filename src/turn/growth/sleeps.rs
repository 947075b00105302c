//! The sleeps panel: the last sleep receipts, each with its jobs' lines and the memories each
//! job changed, linked to their entries in the memory panel's index; the dream line when a
//! dream was kept.

use crate::base::clock::rfc3339;
use crate::base::exit::Result;
use crate::base::html::{Cell, Html, field};
use crate::base::store::Read;
use crate::turn::sleep::SleepReceipt;

use super::Options;
use super::memory::{Linked, link};

/// Receipts the memory panel's history reads.
const HISTORY: usize = 24;
/// Receipts shown in full, newest first.
const SHOWN: usize = 5;

#[derive(Debug)]
pub(super) struct Panel {
    /// The newest receipts in the report's span, oldest first.
    pub receipts: Vec<SleepReceipt>,
    linked: Linked,
}

impl Panel {
    pub fn gather(rx: &impl Read, opts: &Options) -> Result<Panel> {
        let mut receipts: Vec<SleepReceipt> = match opts.since {
            // The ring is capped (1000); with a span, read it whole and keep the span.
            Some(_) => rx.ring::<SleepReceipt>(None)?,
            None => rx.ring::<SleepReceipt>(Some(HISTORY))?,
        }
        .into_iter()
        .map(|(_, r)| r)
        .filter(|r| opts.keeps(r.tick))
        .collect();
        let extra = receipts.len().saturating_sub(HISTORY);
        receipts.drain(..extra);
        Ok(Panel {
            receipts,
            linked: Linked::new(),
        })
    }

    /// The memory ids the receipts shown in full name, newest receipt first.
    pub fn named(&self) -> Vec<String> {
        self.shown()
            .flat_map(|r| r.jobs.iter().flat_map(|j| j.memories.iter().cloned()))
            .collect()
    }

    /// Which ids have an anchor on the page.
    pub fn set_linked(&mut self, linked: Linked) {
        self.linked = linked;
    }

    fn shown(&self) -> impl Iterator<Item = &SleepReceipt> {
        self.receipts.iter().rev().take(SHOWN)
    }

    pub fn html(&self, h: &mut Html) {
        if self.receipts.is_empty() {
            h.empty(
                "no sleep yet: the creature sleeps when its pressure passes the threshold",
                "wis sleep",
            );
            return;
        }
        for r in self.shown() {
            h.raw(&format!(
                "<h3 id=\"sleep-{}\">Sleep {}</h3>\n",
                r.sleep, r.sleep
            ));
            h.el(
                "p",
                "",
                &format!(
                    "At tick {}, {}: pressure {:.0} of {:.0}, reset.",
                    r.tick,
                    rfc3339(r.at),
                    r.pressure_before,
                    r.threshold
                ),
            );
            let rows: Vec<Vec<Cell>> = r
                .jobs
                .iter()
                .map(|j| {
                    let names: Vec<String> =
                        j.memories.iter().map(|m| link(m, &self.linked)).collect();
                    vec![
                        Cell::text(&j.job),
                        Cell::text(&j.summary),
                        Cell::Raw(names.join(", ")),
                    ]
                })
                .collect();
            if rows.is_empty() {
                h.el("p", "", "No job ran in this sleep.");
            } else {
                h.table(
                    &format!("Sleep {}: what each job did", r.sleep),
                    &["job", "did", "memories"],
                    &rows,
                );
            }
            if let Some(dream) = &r.dream {
                h.raw(&format!("<p>Dream: {}</p>\n", field(dream, 240)));
            }
        }
        let older = self.receipts.len().saturating_sub(SHOWN);
        if older > 0 {
            h.el(
                "p",
                "",
                &format!("{older} earlier receipts are in the memory panel's history; `wis sleep show N` prints any."),
            );
        }
    }
}
