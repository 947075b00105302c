//! The report's own pictures of a life, hand-drawn as inline SVG (a few hundred elements need
//! no plotting library): the frame here (a title, round count axes, a legend), bars in strips
//! over windows of the life and stacked bars ([`bars`]), and points against age with a line
//! through them ([`points`]). Every text goes through `base::html::escape`; every mark has a
//! `<title>` that says its numbers; colour only repeats what the legend, the titles and the
//! table beside each picture say.

use std::fmt::Write;

use crate::base::html::escape;

mod bars;
mod points;

pub(super) use bars::{Window, stacked, strips};
pub(super) use points::{Mark, practice};

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
fn colour(i: usize) -> &'static str {
    PALETTE[i % PALETTE.len()]
}

/// A round axis for counts up to `max`: its end and its step (1, 2 or 5 times a power of ten,
/// at least 1, about five steps).
fn axis(max: f64) -> (f64, f64) {
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
}
