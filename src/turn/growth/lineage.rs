//! The lineage panel: the creature's generation and every ancestor's its lineage knows of, side
//! by side (ticks to U2, to the first passed quest and to the first confirmed commission, the
//! curve arm's score and the age it was reached at), as `wis legacy lineage` gives them, and
//! the species curve: that arm's score against age, one line per generation.

use crate::base::clock::Millis;
use crate::base::exit::Result;
use crate::base::html::{Cell, Html};
use crate::base::store::Read;
use crate::creature::Persona;
use crate::wisdom::lineage::generations::{DEFAULT_ARM, Generation, generations, plot};
use crate::wisdom::lineage::life::{known_ancestry, own_mark};

use super::figure;

#[derive(Debug)]
pub(super) struct Panel {
    gens: Vec<Generation>,
}

impl Panel {
    pub fn gather(rx: &impl Read, now: Millis) -> Result<Panel> {
        let persona: Persona = rx.singleton()?;
        let mut marks = known_ancestry(rx)?;
        marks.push(own_mark(rx, &persona, now)?);
        Ok(Panel {
            gens: generations(&marks, DEFAULT_ARM),
        })
    }

    pub fn html(&self, h: &mut Html) {
        let dash = || "-".to_string();
        let rows: Vec<Vec<Cell>> = self
            .gens
            .iter()
            .map(|g| {
                vec![
                    Cell::num(g.generation),
                    Cell::text(g.creatures.join(", ")),
                    Cell::Num(g.ticks_to_u2.map_or_else(dash, |t| t.to_string())),
                    Cell::Num(g.ticks_to_first_quest.map_or_else(dash, |t| t.to_string())),
                    Cell::Num(
                        g.ticks_to_first_confirmed_commission
                            .map_or_else(dash, |t| t.to_string()),
                    ),
                    Cell::Num(match (g.score, g.score_age) {
                        (Some(s), Some(age)) => format!("{s:.3} at {age} ticks"),
                        _ => dash(),
                    }),
                ]
            })
            .collect();
        let score = format!("{DEFAULT_ARM} score at age");
        h.table(
            "Generations side by side (medians over each generation's creatures; this \
             creature is the last)",
            &[
                "generation",
                "creatures",
                "ticks to U2",
                "ticks to first quest",
                "ticks to first confirmed commission",
                &score,
            ],
            &rows,
        );
        if self.gens.len() < 2 {
            h.empty(
                "no ancestors yet: a newborn inherits from the volumes its elders exported",
                "wis legacy import VOLUME",
            );
        }
        if self.gens.iter().any(|g| !g.curve.is_empty()) {
            figure(
                h,
                "lineage_generations",
                &plot(&self.gens, DEFAULT_ARM),
                &format!(
                    "The species curve: the {DEFAULT_ARM} arm's score against age in ticks, one \
                     line per generation."
                ),
            );
        } else {
            h.empty(
                &format!("no species curve yet: no generation has a {DEFAULT_ARM} score"),
                "wis curve run",
            );
        }
    }
}
