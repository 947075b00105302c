//! The growth report (`wis report`): one self-contained HTML page that shows whether a creature
//! is getting wiser, from what the store already keeps in its capped rings. Each panel is a
//! file here that gathers its figures from one read snapshot and writes its part of the page:
//! [`life`] (the keeper's commissions and their practice curve from [`keeper`], age, level,
//! units, the life's figures, and the life over the ticks from [`course`]), [`curve`] (the
//! experience curve), [`below`] (reflexes: work below the model, the approvals queue,
//! demotions and their scars), [`memory`] (engrams over the sleeps, drawn by kind, what each
//! sleep did to them, the most-shown memories' utility), [`replay`] (the learned rate per
//! replay), [`lineage`] (generations side by side) and [`sleeps`] (the last receipts, linking
//! the memories they name). [`cast`] is the page of a cast; [`chart`] draws the pictures that
//! are the report's own. [`page`] is the frame: inline CSS for a screen, a phone and print, no
//! script, nothing fetched; every text from a model, an operator or a heirloom goes through
//! `base::html::escape`, cut to a bounded length, and every list is capped, so a page has a
//! bounded size however long the creature has lived.
//!
//! A report reads; it writes nothing and never holds the store longer than one read snapshot.

mod below;
pub mod cast;
mod chart;
mod course;
mod curve;
mod keeper;
mod life;
mod lineage;
mod memory;
mod page;
mod replay;
mod sleeps;

use crate::base::clock::Millis;
use crate::base::exit::Result;
use crate::base::html::Html;
use crate::base::store::Read;
use crate::memory::Engram;

/// What a report looks at.
#[derive(Debug, Clone)]
pub struct Options {
    /// Only history from this tick on (the life's figures, curve points, replays, sleeps).
    pub since: Option<u64>,
    /// Which mind the creature runs on, as `wis status` says it.
    pub mind: String,
    /// Whether `[wisdom] reflexes_enabled` is on (an armed reflex fires only then).
    pub reflexes_enabled: bool,
}

impl Options {
    /// Whether a point at `tick` is inside the report's span.
    fn keeps(&self, tick: u64) -> bool {
        self.since.is_none_or(|s| tick >= s)
    }
}

/// Every panel of a creature's page, gathered.
#[derive(Debug)]
pub struct Growth {
    life: life::Panel,
    curve: curve::Panel,
    below: below::Panel,
    memory: memory::Panel,
    replay: replay::Panel,
    lineage: lineage::Panel,
    sleeps: sleeps::Panel,
}

/// One panel's place on the page: its anchor, its heading, and its markup.
pub(crate) struct Section {
    pub id: &'static str,
    pub title: &'static str,
    pub body: String,
}

impl Growth {
    /// Gathers every panel from one read snapshot of a creature's store at `now`.
    pub fn gather(rx: &impl Read, now: Millis, opts: &Options) -> Result<Growth> {
        let engrams: Vec<Engram> = rx.all::<Engram>()?.into_iter().map(|(_, e)| e).collect();
        let mut sleeps = sleeps::Panel::gather(rx, opts)?;
        let mut below = below::Panel::gather(rx, &engrams, opts)?;
        let mut named = below.named();
        named.extend(sleeps.named());
        let memory = memory::Panel::gather(&engrams, &sleeps.receipts, &named);
        below.set_linked(memory.linked());
        sleeps.set_linked(memory.linked());
        Ok(Growth {
            life: life::Panel::gather(rx, now, opts)?,
            curve: curve::Panel::gather(rx, opts)?,
            below,
            memory,
            replay: replay::Panel::gather(rx, opts)?,
            lineage: lineage::Panel::gather(rx, now)?,
            sleeps,
        })
    }

    /// The page.
    pub fn render(&self) -> String {
        let section = |id, title, write: &dyn Fn(&mut Html)| {
            let mut h = Html::new();
            write(&mut h);
            Section {
                id,
                title,
                body: h.finish(),
            }
        };
        let sections = [
            section("life", "Life", &|h| self.life.html(h)),
            section("curve", "The curve", &|h| self.curve.html(h)),
            section("below", "Below the model", &|h| self.below.html(h)),
            section("memory", "Memory", &|h| self.memory.html(h)),
            section("replay", "Replay", &|h| self.replay.html(h)),
            section("lineage", "Lineage", &|h| self.lineage.html(h)),
            section("sleeps", "Sleeps", &|h| self.sleeps.html(h)),
        ];
        page::page(
            &format!("{}: growth report", self.life.name()),
            &self.life.headline(),
            &sections,
        )
    }
}

/// Keeps the newest `n` of `items` (oldest first), and says how many were left out.
fn newest<T>(mut items: Vec<T>, n: usize) -> (Vec<T>, usize) {
    let extra = items.len().saturating_sub(n);
    items.drain(..extra);
    (items, extra)
}

/// `12.5%`.
fn pct(r: f64) -> String {
    format!("{:.1}%", r * 100.0)
}

/// A standalone SVG document as a figure inside the page, named `name` (its `data-figure`):
/// its XML declaration dropped, its text equivalent given by the table that follows it.
fn figure(h: &mut Html, name: &str, svg: &str, caption: &str) {
    let body = svg
        .strip_prefix(r#"<?xml version="1.0" encoding="UTF-8"?>"#)
        .unwrap_or(svg)
        .trim_start();
    let body = body.replacen("<svg ", r#"<svg role="img" "#, 1);
    h.raw(&format!(
        "<figure data-figure=\"{}\">\n",
        crate::base::html::escape(name)
    ))
    .raw(&body);
    h.el("figcaption", "", caption);
    h.raw("</figure>\n");
}
