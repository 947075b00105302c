//! Points against age: the practice curve, each ended commission a point at its ticks to done
//! (a cross in a band above when it was missed), a line through them, a legend of kinds.

use super::{LEFT, LEGEND, Svg, WIDTH, axis, colour};
use crate::base::html::escape;

/// One commission in [`practice`]: the legend entry it is drawn with, the age it was given
/// at, its ticks to done (none: missed, drawn at the top), and its title.
pub(in crate::turn::growth) struct Mark {
    pub series: usize,
    pub given: u64,
    pub ticks: Option<u64>,
    pub title: String,
}

/// Ticks to done against the age each commission was given at, a point per commission done
/// and a cross in the band above for each one missed, and `line` through them (a running
/// median); `legend` names the series the marks are drawn in.
pub(in crate::turn::growth) fn practice(
    marks: &[Mark],
    legend: &[String],
    line: &[(u64, f64)],
) -> String {
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
    // The line first, so every point stays visible above it.
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
    let mut names: Vec<(&str, Option<&str>)> = legend
        .iter()
        .enumerate()
        .map(|(i, n)| (n.as_str(), Some(colour(i))))
        .collect();
    names.push(("running median", None));
    svg.legend(TOP, &names);
    svg.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::turn::growth::chart::{Window, stacked, strips};

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
