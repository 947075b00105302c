//! The report's own pictures of a life, hand-drawn as inline SVG (a few hundred elements need
//! no plotting library): the frame (a title, round count axes), bars in strips over windows of
//! the life ([`strips`]), points against age with a line through them ([`practice`]), and
//! stacked bars ([`stacked`]). Every text goes through `base::html::escape`; every mark has a
//! `<title>` that says its numbers; colour only repeats what the legend, the titles and the
//! table beside each picture say.

use std::fmt::Write;

use crate::base::html::escape;

/// Width of every picture here, as the curve's.
const WIDTH: f64 = 760.0;
const LEFT: f64 = 70.0;
/// Room for a legend on the right.
const LEGEND: f64 = 170.0;
/// Bars are never wider than this many would make them: a short history fills the left of
/// the picture and grows to the right.
const MIN_SLOTS: usize = 12;

/// Colour-blind-safe first (Okabe–Ito), then darker tones; a series past the last reuses them.
const PALETTE: [&str; 13] = [
    "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#8C510A",
    "#6A3D9A", "#01665E", "#B2182B", "#7F7F7F", "#F0E442",
];

/// The colour of series `i`.
pub(super) fn colour(i: usize) -> &'static str {
    PALETTE[i % PALETTE.len()]
}

/// A round axis for counts up to `max`: its end and its step (1, 2 or 5 times a power of ten,
/// at least 1, about five steps).
pub(super) fn axis(max: f64) -> (f64, f64) {
    let max = if max > 0.0 { max } else { 1.0 };
    let rough = max / 5.0;
    let mag = 10f64.powf(rough.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|&s| s >= rough)
        .unwrap_or(10.0 * mag)
        .max(1.0);
    ((max / step).ceil() * step, step)
}

/// A picture being drawn: markup this module writes, texts escaped on their way in.
struct Svg {
    s: String,
}

impl Svg {
    fn new(height: f64, title: &str) -> Svg {
        let mut s = String::new();
        let _ = writeln!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="12">"#
        );
        let _ = writeln!(s, "<title>{}</title>", escape(title));
        let _ = writeln!(
            s,
            r#"<rect width="{WIDTH}" height="{height}" fill="white"/>"#
        );
        let mut svg = Svg { s };
        svg.text(LEFT, 26.0, "start", "font-size=\"15\"", title);
        svg
    }

    /// Markup this module made.
    fn raw(&mut self, markup: impl AsRef<str>) {
        self.s.push_str(markup.as_ref());
        self.s.push('\n');
    }

    /// `text` at (x, y), escaped; `attrs` are this module's own.
    fn text(&mut self, x: f64, y: f64, anchor: &str, attrs: &str, text: &str) {
        let _ = writeln!(
            self.s,
            r#"<text x="{x:.1}" y="{y:.1}" text-anchor="{anchor}" {attrs}>{}</text>"#,
            escape(text)
        );
    }

    /// A rectangle with a title that says what it stands for.
    fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, style: &str, title: &str) {
        let _ = writeln!(
            self.s,
            r#"<rect x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{h:.1}" {style}><title>{}</title></rect>"#,
            escape(title)
        );
    }

    /// A legend on the right: a swatch and a name per series, from `top`; a series whose
    /// colour is `None` is the black line.
    fn legend(&mut self, top: f64, names: &[(&str, Option<&str>)]) {
        let x = WIDTH - LEGEND + 16.0;
        for (i, (name, colour)) in names.iter().enumerate() {
            let y = top + i as f64 * 20.0;
            self.raw(match colour {
                Some(c) => format!(
                    r#"<rect class="swatch" x="{x:.1}" y="{:.1}" width="12" height="12" fill="{c}"/>"#,
                    y - 10.0
                ),
                None => format!(
                    r#"<line class="swatch" x1="{x:.1}" y1="{ly:.1}" x2="{x2:.1}" y2="{ly:.1}" stroke="black" stroke-width="2"/>"#,
                    ly = y - 4.0,
                    x2 = x + 12.0
                ),
            });
            self.text(x + 18.0, y, "start", "", name);
        }
    }

    /// Horizontal grid lines and their numbers from 0 to `end` by `step`, on an area from
    /// `top` down `height`, `right` wide of the left margin.
    fn y_grid(&mut self, top: f64, height: f64, right: f64, end: f64, step: f64) {
        let mut v = 0.0;
        while v <= end + step / 2.0 {
            let y = top + height - v / end * height;
            self.raw(format!(
                r##"<line x1="{LEFT}" y1="{y:.1}" x2="{right:.1}" y2="{y:.1}" stroke="#dddddd"/>"##
            ));
            self.text(LEFT - 6.0, y + 4.0, "end", "", &format!("{v}"));
            v += step;
        }
        self.raw(format!(
            r#"<path d="M{LEFT},{top:.1} V{:.1} H{right:.1}" fill="none" stroke="black"/>"#,
            top + height
        ));
    }

    fn finish(mut self) -> String {
        self.s.push_str("</svg>\n");
        self.s
    }
}

/// One window of a life in [`strips`]: the tick it ends at, what its bars' titles call it
/// (`ticks 26–58, 25 work ticks`), and whether it is still filling.
pub(super) struct Window {
    pub end_tick: u64,
    pub label: String,
    pub partial: bool,
}

/// Bars in strips, one strip per series (its name and one count per window), one bar per
/// window; each strip has its own axis, so counts of different sizes read side by side.
pub(super) fn strips(title: &str, windows: &[Window], series: &[(&str, Vec<u64>)]) -> String {
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

/// One commission in [`practice`]: the legend entry it is drawn with, the age it was given
/// at, its ticks to done (none: missed, drawn at the top), and its title.
pub(super) struct Mark {
    pub series: usize,
    pub given: u64,
    pub ticks: Option<u64>,
    pub title: String,
}

/// Ticks to done against the age each commission was given at, a point per commission done
/// and a cross in the band above for each one missed, and `line` through them (a running
/// median); `legend` names the series the marks are drawn in.
pub(super) fn practice(marks: &[Mark], legend: &[String], line: &[(u64, f64)]) -> String {
    const TOP: f64 = 72.0;
    const PLOT: f64 = 280.0;
    let right = WIDTH - LEGEND;
    let height = TOP + PLOT + 56.0;
    let mut svg = Svg::new(
        height,
        "Ticks to done of each ended commission, by its age when given",
    );
    // The ages drawn, from a round age at or below the first to one at or above the last.
    let first = marks.iter().map(|m| m.given).min().unwrap_or(0) as f64;
    let last = marks.iter().map(|m| m.given).max().unwrap_or(0) as f64;
    let (_, x_step) = axis(last - first);
    let x_start = (first / x_step).floor() * x_step;
    let x_end = x_start + ((last - x_start) / x_step).ceil().max(1.0) * x_step;
    let y_max = marks.iter().filter_map(|m| m.ticks).max().unwrap_or(0) as f64;
    // A little room above the slowest, so its point does not sit on the frame.
    let (y_end, y_step) = axis(y_max * 1.1);
    let x = |t: u64| LEFT + (t as f64 - x_start) / (x_end - x_start) * (right - LEFT);
    let y = |v: f64| TOP + PLOT - v / y_end * PLOT;
    svg.y_grid(TOP, PLOT, right, y_end, y_step);
    let mut t = x_start;
    while t <= x_end + x_step / 2.0 {
        svg.text(
            x(t as u64),
            TOP + PLOT + 16.0,
            "middle",
            "",
            &format!("{t}"),
        );
        t += x_step;
    }
    svg.text(
        (LEFT + right) / 2.0,
        TOP + PLOT + 36.0,
        "middle",
        "",
        "age when given (ticks)",
    );
    svg.text(
        16.0,
        TOP + PLOT / 2.0,
        "middle",
        &format!("transform=\"rotate(-90 16 {:.1})\"", TOP + PLOT / 2.0),
        "ticks to done",
    );
    let band = TOP - 16.0;
    svg.text(LEFT - 6.0, band + 4.0, "end", "", "missed");
    for m in marks {
        let c = colour(m.series);
        match m.ticks {
            Some(v) => svg.raw(format!(
                r#"<circle cx="{:.1}" cy="{:.1}" r="4" fill="{c}"><title>{}</title></circle>"#,
                x(m.given),
                y(v as f64),
                escape(&m.title)
            )),
            None => svg.raw(format!(
                r#"<path class="missed" d="M{0:.1},{1:.1} l8,8 m0,-8 l-8,8" stroke="{c}" stroke-width="2"><title>{2}</title></path>"#,
                x(m.given) - 4.0,
                band - 4.0,
                escape(&m.title)
            )),
        }
    }
    if line.len() > 1 {
        let points: Vec<String> = line
            .iter()
            .map(|&(t, v)| format!("{:.1},{:.1}", x(t), y(v)))
            .collect();
        svg.raw(format!(
            r#"<polyline class="median" points="{}" fill="none" stroke="black" stroke-width="2"><title>running median</title></polyline>"#,
            points.join(" ")
        ));
    }
    let mut names: Vec<(&str, Option<&str>)> = legend
        .iter()
        .enumerate()
        .map(|(i, n)| (n.as_str(), Some(colour(i))))
        .collect();
    names.push(("running median", None));
    svg.legend(TOP, &names);
    svg.finish()
}

/// Stacked bars: one bar per entry of `bars` (its label under it, the words its titles begin
/// with, and a count per series), each series a colour named in the legend.
pub(super) fn stacked(
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn count_axes_are_round_and_never_finer_than_one() {
        assert_eq!(axis(0.0), (1.0, 1.0));
        assert_eq!(axis(3.0), (3.0, 1.0));
        assert_eq!(axis(23.0), (25.0, 5.0));
        assert_eq!(axis(140.0), (150.0, 50.0));
    }

    #[test]
    fn practice_draws_the_ages_it_has_from_a_round_one() {
        let mark = |given, ticks| Mark {
            series: 0,
            given,
            ticks,
            title: String::new(),
        };
        let svg = practice(&[mark(3512, Some(4)), mark(4995, None)], &[], &[]);
        assert!(
            svg.contains(">3500</text>") && svg.contains(">5000</text>"),
            "{svg}"
        );
        assert!(
            !svg.contains(">500</text>"),
            "the axis starts near the first: {svg}"
        );
    }

    #[test]
    fn hostile_names_stay_text_and_every_mark_has_a_title() {
        let evil = "<script>x</script>\"'&";
        let windows = [Window {
            end_tick: 9,
            label: evil.into(),
            partial: true,
        }];
        let pictures = [
            strips(evil, &windows, &[(evil, vec![3])]),
            practice(
                &[
                    Mark {
                        series: 0,
                        given: 1,
                        ticks: Some(2),
                        title: evil.into(),
                    },
                    Mark {
                        series: 0,
                        given: 4,
                        ticks: None,
                        title: evil.into(),
                    },
                ],
                &[evil.to_string()],
                &[(1, 2.0), (4, 2.0)],
            ),
            stacked(
                evil,
                evil,
                &[(evil.into(), evil.into(), vec![2, 0, 1])],
                &[evil, evil, evil],
            ),
        ];
        for svg in &pictures {
            assert!(!svg.contains("<script"), "{svg}");
            assert!(svg.contains("&lt;script&gt;"), "{svg}");
            let marks: Vec<&str> = svg
                .lines()
                .filter(|l| {
                    (l.starts_with("<rect x=") && !l.contains("swatch"))
                        || l.starts_with("<circle")
                        || l.contains("class=\"missed\"")
                })
                .collect();
            assert!(!marks.is_empty(), "{svg}");
            for m in marks {
                assert!(m.contains("<title>"), "a mark without its numbers: {m}");
            }
        }
    }
}
