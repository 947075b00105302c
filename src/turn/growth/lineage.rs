//! The lineage panel: the creature's generation and every ancestor's its lineage knows of, side
//! by side (the keeper's done rate, ticks to the first confirmed commission, to level 2, to U2
//! and to the first passed quest, the curve arm's score at age 100 and its latest), as `wis
//! legacy lineage` gives them, and the species curve: that arm's score against age, one line
//! per generation.

use crate::base::clock::Millis;
use crate::base::exit::Result;
use crate::base::html::{Cell, Html};
use crate::base::store::Read;
use crate::creature::Persona;
use crate::wisdom::lineage::generations::{
    DEFAULT_AGE, DEFAULT_ARM, Generation, figures, generations, headers, plot,
};
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
            gens: generations(&marks, DEFAULT_ARM, DEFAULT_AGE),
        })
    }

    pub fn html(&self, h: &mut Html) {
        let rows: Vec<Vec<Cell>> = self
            .gens
            .iter()
            .map(|g| {
                [Cell::num(g.generation), Cell::text(g.creatures.join(", "))]
                    .into_iter()
                    .chain(figures(g).into_iter().map(Cell::Num))
                    .collect()
            })
            .collect();
        let headers = headers(DEFAULT_ARM, DEFAULT_AGE);
        let headers: Vec<&str> = headers.iter().map(String::as_str).collect();
        h.table(
            "Generations side by side (medians over each generation's creatures; this \
             creature is the last; a score at an age is each creature's curve point nearest it)",
            &headers,
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
