//! The curve as a picture: a standalone SVG of score against creature age, one line per arm,
//! with axes, ticks, labels and a legend. The seed's three lines are marked by their role
//! (`class="arm wise-small"`, `naive-small`, `naive-large`, the large one dashed), and each
//! crossing of the wise line over the large one is a vertical mark at its age. Hand-written:
//! a few dozen elements need no plotting library. [`plot`] draws any rates against age the same way
//! (replay's learned rate per sleep uses it).

use std::fmt::Write;

use super::roles::{Crossing, Role};
use super::table::CurveTable;

const WIDTH: f64 = 760.0;
const HEIGHT: f64 = 440.0;
const LEFT: f64 = 70.0;
const RIGHT: f64 = 190.0;
const TOP: f64 = 50.0;
const BOTTOM: f64 = 60.0;
/// Height of one note line under the plot.
const NOTE_LINE: f64 = 18.0;
/// Colour-blind-safe (Okabe–Ito); arms past eight reuse them.
const PALETTE: [&str; 8] = [
    "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442",
];

/// What a plot's title and axes say.
#[derive(Debug, Clone, Copy)]
pub struct Labels<'a> {
    pub title: &'a str,
    pub x: &'a str,
    pub y: &'a str,
}

/// A point of a series: age in ticks, value in 0..=1, and its interval where it has one.
pub type Point = (u64, f64, Option<(f64, f64)>);

/// What a curve adds to a plain plot: each series' role, and marks at ages.
#[derive(Debug, Clone, Default)]
struct Decor {
    /// By series, in order; `None`: an arm with no role.
    roles: Vec<Option<Role>>,
    /// Vertical marks: (age in ticks, label, what it means in full).
    marks: Vec<(u64, String, String)>,
}

/// Renders the curve as a standalone SVG document: each score with its 95% interval as a
/// bar, the seed's three lines marked by role and the crossing at its age, and under the plot
/// what memory bought at the newest age (or "no separation") and the seed's readout.
pub fn render(table: &CurveTable) -> String {
    let title = format!("Experience curve, battery {}", table.battery);
    let labels = Labels {
        title: &title,
        x: "creature age (ticks)",
        y: "score (mean per task, 95% interval)",
    };
    let mut notes = table.latest_gains();
    let mut marks = Vec::new();
    for r in table.readouts() {
        notes.push(r.short());
        if let Crossing::Crossed { age, .. } = r.crossing {
            marks.push((
                age.ticks,
                format!("crossed at {}", age.ticks),
                r.lines()[1].clone(),
            ));
        }
    }
    let decor = Decor {
        roles: table.roles.clone(),
        marks,
    };
    plot_ranged(&table.ranged_series(), &labels, &notes, &decor)
}

/// Renders named series of `(ticks, value in 0..=1)` points as a standalone SVG document: one
/// line per series, with axes, ticks, labels and a legend.
pub fn plot(series: &[(&str, Vec<(u64, f64)>)], labels: &Labels<'_>) -> String {
    let ranged: Vec<(&str, Vec<Point>)> = series
        .iter()
        .map(|(name, pts)| (*name, pts.iter().map(|&(t, v)| (t, v, None)).collect()))
        .collect();
    plot_ranged(&ranged, labels, &[], &Decor::default())
}

/// [`plot`] with an interval bar on each point that has one, `notes` as lines of text under
/// the plot, and the curve's roles and marks.
fn plot_ranged(
    series: &[(&str, Vec<Point>)],
    labels: &Labels<'_>,
    notes: &[String],
    decor: &Decor,
) -> String {
    let max_ticks = series
        .iter()
        .flat_map(|(_, pts)| pts.iter().map(|p| p.0))
        .max()
        .unwrap_or(0);
    let (x_max, x_step) = axis(max_ticks);
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let x = |ticks: f64| LEFT + ticks / x_max * plot_w;
    let y = |score: f64| TOP + (1.0 - score.clamp(0.0, 1.0)) * plot_h;

    let height = HEIGHT + NOTE_LINE * notes.len() as f64;
    let mut s = String::new();
    let _ = writeln!(s, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, "<title>{}</title>", escape(labels.title));
    let _ = writeln!(
        s,
        r#"<rect width="{WIDTH}" height="{height}" fill="white"/>"#
    );
    let _ = writeln!(
        s,
        r#"<text x="{:.1}" y="28" text-anchor="middle" font-size="16">{}</text>"#,
        LEFT + plot_w / 2.0,
        escape(labels.title)
    );

    // y axis: score 0..1 in fifths, with grid lines
    let _ = writeln!(s, r#"<g class="y-axis" stroke="black">"#);
    for i in 0..=5 {
        let v = i as f64 / 5.0;
        let _ = writeln!(
            s,
            r##"<line x1="{LEFT}" y1="{yy:.1}" x2="{:.1}" y2="{yy:.1}" stroke="#dddddd"/><line x1="{:.1}" y1="{yy:.1}" x2="{LEFT}" y2="{yy:.1}"/>"##,
            LEFT + plot_w,
            LEFT - 5.0,
            yy = y(v)
        );
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="end" stroke="none">{v:.1}</text>"#,
            LEFT - 8.0,
            y(v) + 4.0
        );
    }
    let _ = writeln!(s, "</g>");

    // x axis: age in ticks
    let _ = writeln!(s, r#"<g class="x-axis" stroke="black">"#);
    let mut t = 0u64;
    while t <= x_max as u64 {
        let xx = x(t as f64);
        let _ = writeln!(
            s,
            r#"<line x1="{xx:.1}" y1="{:.1}" x2="{xx:.1}" y2="{:.1}"/><text x="{xx:.1}" y="{:.1}" text-anchor="middle" stroke="none">{t}</text>"#,
            TOP + plot_h,
            TOP + plot_h + 5.0,
            TOP + plot_h + 20.0
        );
        t += x_step;
    }
    let _ = writeln!(s, "</g>");
    let _ = writeln!(
        s,
        r#"<path d="M{LEFT},{TOP} V{:.1} H{:.1}" fill="none" stroke="black"/>"#,
        TOP + plot_h,
        LEFT + plot_w
    );
    let _ = writeln!(
        s,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
        LEFT + plot_w / 2.0,
        HEIGHT - 18.0,
        escape(labels.x)
    );
    let _ = writeln!(
        s,
        r#"<text x="18" y="{:.1}" text-anchor="middle" transform="rotate(-90 18 {:.1})">{}</text>"#,
        TOP + plot_h / 2.0,
        TOP + plot_h / 2.0,
        escape(labels.y)
    );

    // one line per arm, and the legend
    for (i, (arm, points)) in series.iter().enumerate() {
        let colour = PALETTE[i % PALETTE.len()];
        let role = decor.roles.get(i).copied().flatten();
        let name = match role {
            Some(r) if r.as_str() != *arm => escape(&format!("{arm} ({})", r.as_str())),
            _ => escape(arm),
        };
        let class = role.map_or_else(String::new, |r| format!(" {}", r.as_str()));
        let dash = if role == Some(Role::NaiveLarge) {
            r#" stroke-dasharray="6 4""#
        } else {
            ""
        };
        let _ = writeln!(
            s,
            r#"<g class="arm{class}" fill="{colour}" stroke="{colour}">"#
        );
        let _ = writeln!(s, "<title>{name}</title>");
        let coords: Vec<String> = points
            .iter()
            .map(|&(t, v, _)| format!("{:.1},{:.1}", x(t as f64), y(v)))
            .collect();
        if coords.len() > 1 {
            let _ = writeln!(
                s,
                r#"<polyline points="{}" fill="none" stroke-width="2"{dash}/>"#,
                coords.join(" ")
            );
        }
        for &(t, v, range) in points {
            let xx = x(t as f64);
            let label = match range {
                Some((low, high)) => {
                    let _ = writeln!(
                        s,
                        r#"<path class="interval" d="M{:.1},{:.1} H{:.1} M{xx:.1},{:.1} V{:.1} M{:.1},{:.1} H{:.1}" fill="none" stroke-width="1.5"/>"#,
                        xx - 4.0,
                        y(high),
                        xx + 4.0,
                        y(high),
                        y(low),
                        xx - 4.0,
                        y(low),
                        xx + 4.0
                    );
                    format!("{name}: {v:.3} [{low:.3}, {high:.3}] at {t} ticks")
                }
                None => format!("{name}: {v:.3} at {t} ticks"),
            };
            let _ = writeln!(
                s,
                r#"<circle cx="{xx:.1}" cy="{:.1}" r="3.5"><title>{label}</title></circle>"#,
                y(v)
            );
        }
        let ly = TOP + 10.0 + i as f64 * 22.0;
        let lx = WIDTH - RIGHT + 20.0;
        let _ = writeln!(
            s,
            r#"<line x1="{lx:.1}" y1="{ly:.1}" x2="{:.1}" y2="{ly:.1}" stroke-width="2"{dash}/><text x="{:.1}" y="{:.1}" stroke="none" fill="black">{name}</text>"#,
            lx + 24.0,
            lx + 32.0,
            ly + 4.0
        );
        let _ = writeln!(s, "</g>");
    }
    for (ticks, label, about) in &decor.marks {
        let xx = x(*ticks as f64);
        let _ = writeln!(
            s,
            r##"<g class="crossing"><title>{}</title><line x1="{xx:.1}" y1="{TOP}" x2="{xx:.1}" y2="{:.1}" stroke="#444444" stroke-dasharray="2 3"/><text x="{:.1}" y="{:.1}" font-size="11">{}</text></g>"##,
            escape(about),
            TOP + plot_h,
            xx + 4.0,
            TOP + 12.0,
            escape(label)
        );
    }
    for (i, note) in notes.iter().enumerate() {
        let _ = writeln!(
            s,
            r#"<text class="note" x="{LEFT}" y="{:.1}">{}</text>"#,
            HEIGHT + NOTE_LINE * i as f64,
            escape(note)
        );
    }
    let _ = writeln!(s, "</svg>");
    s
}

/// The x axis's end and tick step: a 1-2-5 step giving at most about six ticks.
fn axis(max: u64) -> (f64, u64) {
    let max = max.max(1);
    let rough = (max as f64 / 5.0).max(1.0);
    let mag = 10f64.powf(rough.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|&s| s >= rough)
        .unwrap_or(10.0 * mag) as u64;
    let step = step.max(1);
    let end = max.div_ceil(step) * step;
    (end as f64, step)
}

/// Escapes text for XML content and attribute values (the one escape, `base::html`).
pub use crate::base::html::escape;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axis_steps_are_round() {
        assert_eq!(axis(0), (1.0, 1));
        assert_eq!(axis(7), (8.0, 2));
        assert_eq!(axis(100), (100.0, 20));
        assert_eq!(axis(1234), (1500.0, 500));
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("a<b & \"c\"\u{1}"), "a&lt;b &amp; &quot;c&quot; ");
    }
}
