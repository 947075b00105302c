//! The frame of a report page: the document head (a content security policy that allows no
//! script and no fetch, only the inline style and inline pictures), the inline CSS for a
//! screen, a phone and print, a title, a table of contents, one `<section>` per panel and a
//! footer. Colour only repeats what the text says.

use std::fmt::Write;

use super::Section;
use crate::base::html::escape;

/// Nothing but the page itself: no script, no request for anything.
const POLICY: &str = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

const CSS: &str = r#"
:root { color-scheme: light; --ink: #1b1b1b; --muted: #555; --rule: #ccc; --band: #f4f4f1; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 70rem; padding: 1rem; color: var(--ink); background: #fff;
  font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
header h1 { margin: 0 0 .25rem; font-size: 1.6rem; }
header p { margin: .1rem 0; color: var(--muted); }
nav ol { display: flex; flex-wrap: wrap; gap: .25rem 1rem; padding: 0; margin: .75rem 0;
  list-style: none; }
nav a { color: #0b57a0; }
section { border-top: 2px solid var(--ink); margin: 1.5rem 0; padding-top: .25rem; }
section h2 { font-size: 1.3rem; margin: .25rem 0 .75rem; }
h3 { font-size: 1.05rem; margin: 1rem 0 .4rem; }
dl.figures { display: grid; grid-template-columns: repeat(auto-fill, minmax(11rem, 1fr));
  gap: .5rem; margin: 0; }
dl.figures div { background: var(--band); padding: .4rem .6rem; border-left: 3px solid var(--rule); }
dl.figures dt { font-size: .8rem; color: var(--muted); }
dl.figures dd { margin: 0; font-size: 1.15rem; font-variant-numeric: tabular-nums; }
.scroll { overflow-x: auto; margin: .5rem 0 1rem; }
table { border-collapse: collapse; font-size: .9rem; min-width: 50%; }
caption { text-align: left; font-weight: 600; padding: .25rem 0; }
th, td { border-bottom: 1px solid var(--rule); padding: .25rem .5rem; text-align: left;
  vertical-align: top; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: .9em;
  background: var(--band); padding: 0 .2rem; overflow-wrap: anywhere; }
figure { margin: .5rem 0 1rem; }
figure svg { max-width: 100%; height: auto; display: block; }
figcaption { font-size: .85rem; color: var(--muted); }
p.empty { color: var(--muted); font-style: italic; }
p.empty::before { content: "\2014  "; }
ul.memories { padding-left: 1.2rem; }
ul.memories li { margin: .2rem 0; }
ul.memories li:target { outline: 2px solid #0b57a0; }
.status-armed, .ending-completed { font-weight: 600; }
.status-demoted, .ending-failed { text-decoration: underline dotted; }
footer { color: var(--muted); font-size: .85rem; border-top: 1px solid var(--rule);
  margin-top: 2rem; padding-top: .5rem; }
@media (max-width: 40rem) {
  body { padding: .6rem; font-size: 15px; }
  header h1 { font-size: 1.3rem; }
  table { font-size: .85rem; }
}
@media print {
  body { max-width: none; padding: 0; font-size: 11pt; }
  nav { display: none; }
  section { break-inside: auto; }
  h2, h3, caption { break-after: avoid; }
  tr, figure, dl.figures div { break-inside: avoid; }
  .scroll { overflow: visible; }
  a { color: inherit; }
  dl.figures div { background: none; border: 1px solid var(--rule); }
}
"#;

/// The whole page: `title`, the lines under it, and each section in order.
pub(crate) fn page(title: &str, headline: &[String], sections: &[Section]) -> String {
    let mut s = String::new();
    s.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    let _ = writeln!(
        s,
        "<meta http-equiv=\"Content-Security-Policy\" content=\"{POLICY}\">"
    );
    s.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    s.push_str("<meta name=\"generator\" content=\"wis report\">\n");
    let _ = writeln!(s, "<title>{}</title>", escape(title));
    let _ = writeln!(s, "<style>{CSS}</style>\n</head>\n<body>\n<header>");
    let _ = writeln!(s, "<h1>{}</h1>", escape(title));
    for line in headline {
        let _ = writeln!(s, "<p>{}</p>", escape(line));
    }
    s.push_str("<nav aria-label=\"panels\"><ol>");
    for sec in sections {
        let _ = write!(
            s,
            "<li><a href=\"#{}\">{}</a></li>",
            sec.id,
            escape(sec.title)
        );
    }
    s.push_str("</ol></nav>\n</header>\n<main>\n");
    for sec in sections {
        let _ = writeln!(
            s,
            "<section id=\"{id}\" aria-labelledby=\"{id}-h\">\n<h2 id=\"{id}-h\">{}</h2>",
            escape(sec.title),
            id = sec.id
        );
        s.push_str(&sec.body);
        s.push_str("</section>\n");
    }
    s.push_str("</main>\n<footer><p>Made by <code>wis report</code> from the store alone: ");
    s.push_str("no script, nothing fetched. Every figure is also written as text.</p></footer>\n");
    s.push_str("</body>\n</html>\n");
    s
}
