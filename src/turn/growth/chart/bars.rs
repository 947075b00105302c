//! Bars: in strips, one strip per series over the windows of a life, each on its own scale
//! ([`strips`]); and stacked, one bar per entry with a segment per series ([`stacked`]).

use super::{LEFT, LEGEND, MIN_SLOTS, Svg, WIDTH, axis, colour};

/// One window of a life in [`strips`]: the tick it ends at, what its bars' titles call it
/// (`ticks 26–58, 25 work ticks`), and whether it is still filling.
pub(in crate::turn::growth) struct Window {
    pub end_tick: u64,
    pub label: String,
    pub partial: bool,
}

/// Bars in strips, one strip per series (its name and one count per window), one bar per
/// window; each strip has its own axis, so counts of different sizes read side by side.
pub(in crate::turn::growth) fn strips(
    title: &str,
    windows: &[Window],
    series: &[(&str, Vec<u64>)],
) -> String {
    const TOP: f64 = 44.0;
    const STRIP: f64 = 64.0;
    const GAP: f64 = 34.0;
    let right = WIDTH - 20.0;
    let height = TOP + series.len() as f64 * (STRIP + GAP) + 40.0;
    let mut svg = Svg::new(height, title);
    let slot = (right - LEFT) / windows.len().max(MIN_SLOTS) as f64;
    let bar = (slot * 0.8).max(1.0);
    for (i, (name, values)) in series.iter().enumerate() {
        let top = TOP + GAP + i as f64 * (STRIP + GAP);
        let (end, _) = axis(values.iter().copied().max().unwrap_or(0) as f64);
        svg.text(LEFT, top - 10.0, "start", "font-weight=\"bold\"", name);
        svg.y_grid(top, STRIP, right, end, end);
        svg.raw(format!(r#"<g class="strip" fill="{}">"#, colour(i)));
        for (j, (w, v)) in windows.iter().zip(values).enumerate() {
            let h = (*v as f64 / end * STRIP).max(1.0);
            let so_far = if w.partial { " (so far)" } else { "" };
            let style = if w.partial {
                r#"fill-opacity="0.45""#
            } else {
                ""
            };
            svg.rect(
                LEFT + j as f64 * slot + (slot - bar) / 2.0,
                top + STRIP - h,
                bar,
                h,
                style,
                &format!("{name}: {v} in {}{so_far}", w.label),
            );
        }
        svg.raw("</g>");
    }
    let base = TOP + GAP + series.len() as f64 * (STRIP + GAP) - GAP;
    let every = windows.len().div_ceil(8).max(1);
    for (j, w) in windows.iter().enumerate().filter(|(j, _)| j % every == 0) {
        let x = LEFT + (j as f64 + 0.5) * slot;
        svg.text(x, base + 16.0, "middle", "", &w.end_tick.to_string());
    }
    svg.text(
        (LEFT + right) / 2.0,
        base + 32.0,
        "middle",
        "",
        "each window ends at this age (ticks)",
    );
    svg.finish()
}

/// Stacked bars: one bar per entry of `bars` (its label under it, the words its titles begin
/// with, and a count per series), each series a colour named in the legend.
pub(in crate::turn::growth) fn stacked(
    title: &str,
    x_label: &str,
    bars: &[(String, String, Vec<u64>)],
    series: &[&str],
) -> String {
    const TOP: f64 = 50.0;
    const PLOT: f64 = 260.0;
    let right = WIDTH - LEGEND;
    let mut svg = Svg::new(TOP + PLOT + 56.0, title);
    let max = bars
        .iter()
        .map(|(_, _, v)| v.iter().sum::<u64>())
        .max()
        .unwrap_or(0);
    let (end, step) = axis(max as f64);
    svg.y_grid(TOP, PLOT, right, end, step);
    let slot = (right - LEFT) / bars.len().max(MIN_SLOTS) as f64;
    let bar = (slot * 0.7).max(1.0);
    let every = bars.len().div_ceil(12).max(1);
    for (j, (label, what, counts)) in bars.iter().enumerate() {
        let x = LEFT + j as f64 * slot + (slot - bar) / 2.0;
        let mut base = 0u64;
        for (i, n) in counts.iter().enumerate().filter(|(_, n)| **n > 0) {
            let y0 = TOP + PLOT - (base + n) as f64 / end * PLOT;
            let h = *n as f64 / end * PLOT;
            svg.rect(
                x,
                y0,
                bar,
                h,
                &format!(r#"fill="{}" stroke="white" stroke-width="0.5""#, colour(i)),
                &format!("{what}: {n} {}", series.get(i).copied().unwrap_or("?")),
            );
            base += n;
        }
        if j % every == 0 {
            svg.text(x + bar / 2.0, TOP + PLOT + 16.0, "middle", "", label);
        }
    }
    svg.text(
        (LEFT + right) / 2.0,
        TOP + PLOT + 36.0,
        "middle",
        "",
        x_label,
    );
    // Listed top down as the bars stack.
    let names: Vec<(&str, Option<&str>)> = series
        .iter()
        .enumerate()
        .rev()
        .map(|(i, n)| (*n, Some(colour(i))))
        .collect();
    svg.legend(TOP + 10.0, &names);
    svg.finish()
}
