//! Text made safe for a page: the one escape for HTML and SVG (content and attribute values),
//! fields cut to a bounded length, and a small writer for the few elements a static report
//! needs (headings, paragraphs, tables with a caption and a header row). Everything a model,
//! an operator or a heirloom wrote goes through [`escape`] on its way into a page; only
//! markup this crate writes itself is pushed raw.

use std::fmt::Write;

/// Most characters of one field of text in a page (a summary, a memory's body, a reply).
pub const FIELD_CHARS: usize = 240;

/// Escapes text for HTML or XML content and attribute values: `&`, `<`, `>`, both quotes; a
/// control character other than a line break or a tab becomes a space (it has no business on
/// a page, and XML forbids most of them).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if c.is_control() && c != '\n' && c != '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// `text` on one line, cut to `max` characters (`…` at the cut), then escaped.
pub fn field(text: &str, max: usize) -> String {
    escape(&crate::base::output::one_line(text, max))
}

/// One table cell.
#[derive(Debug, Clone)]
pub enum Cell {
    /// Text, cut to [`FIELD_CHARS`] and escaped.
    Text(String),
    /// A number or figure, right-aligned; escaped.
    Num(String),
    /// Markup this crate made (a link, a `<code>`); pushed as is.
    Raw(String),
}

impl Cell {
    pub fn text(t: impl Into<String>) -> Cell {
        Cell::Text(t.into())
    }

    pub fn num(n: impl std::fmt::Display) -> Cell {
        Cell::Num(n.to_string())
    }
}

/// A page being written: markup pushed in order.
#[derive(Debug, Default)]
pub struct Html {
    out: String,
}

impl Html {
    pub fn new() -> Html {
        Html::default()
    }

    /// Markup this crate wrote, as is.
    pub fn raw(&mut self, markup: &str) -> &mut Html {
        self.out.push_str(markup);
        self
    }

    /// `<tag>text</tag>` with the text escaped (`class` when not empty).
    pub fn el(&mut self, tag: &str, class: &str, text: &str) -> &mut Html {
        let _ = write!(
            self.out,
            "<{tag}{}>{}</{tag}>",
            class_attr(class),
            escape(text)
        );
        self.out.push('\n');
        self
    }

    /// A paragraph saying what would fill an empty panel, with the command in `<code>`:
    /// `no curve yet: wis curve run`.
    pub fn empty(&mut self, what: &str, command: &str) -> &mut Html {
        let _ = writeln!(
            self.out,
            r#"<p class="empty">{}: <code>{}</code></p>"#,
            escape(what),
            escape(command)
        );
        self
    }

    /// A table with a caption (what it shows, for a screen reader too), a header row and
    /// rows; a [`Cell::Num`] is aligned right.
    pub fn table(&mut self, caption: &str, header: &[&str], rows: &[Vec<Cell>]) -> &mut Html {
        let _ = write!(
            self.out,
            "<div class=\"scroll\"><table>\n<caption>{}</caption>\n<thead><tr>",
            escape(caption)
        );
        for h in header {
            let _ = write!(self.out, "<th scope=\"col\">{}</th>", escape(h));
        }
        self.out.push_str("</tr></thead>\n<tbody>\n");
        for row in rows {
            self.out.push_str("<tr>");
            for cell in row {
                match cell {
                    Cell::Text(t) => {
                        let _ = write!(self.out, "<td>{}</td>", field(t, FIELD_CHARS));
                    }
                    Cell::Num(n) => {
                        let _ = write!(self.out, "<td class=\"num\">{}</td>", escape(n));
                    }
                    Cell::Raw(m) => {
                        let _ = write!(self.out, "<td>{m}</td>");
                    }
                }
            }
            self.out.push_str("</tr>\n");
        }
        self.out.push_str("</tbody></table></div>\n");
        self
    }

    /// The page so far.
    pub fn finish(self) -> String {
        self.out
    }

    pub fn len(&self) -> usize {
        self.out.len()
    }

    pub fn is_empty(&self) -> bool {
        self.out.is_empty()
    }
}

fn class_attr(class: &str) -> String {
    if class.is_empty() {
        String::new()
    } else {
        format!(" class=\"{}\"", escape(class))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hostile_text_stays_text() {
        let hostile = "<script>alert(\"x\")</script> & 'quoted' \u{0}\u{7}\u{1b}[31m\r\nnext\tline";
        let safe = escape(hostile);
        assert_eq!(
            safe,
            "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;    [31m \nnext\tline"
        );
        for bad in ['<', '>', '"', '\'', '\u{0}', '\u{7}', '\u{1b}', '\r'] {
            assert!(!safe.contains(bad), "{bad:?} survived in {safe}");
        }
        // An attribute value cannot be closed early, nor an entity smuggled in.
        assert_eq!(escape("\" onload=\"x"), "&quot; onload=&quot;x");
        assert_eq!(escape("&lt;"), "&amp;lt;");
    }

    #[test]
    fn a_field_is_one_line_and_bounded() {
        let long = format!("<b>{}</b>\n\nend", "x".repeat(1000));
        let f = field(&long, 20);
        assert!(f.starts_with("&lt;b&gt;"), "{f}");
        assert!(f.ends_with('…'), "{f}");
        assert!(!f.contains('\n'));
        assert!(f.chars().count() <= 20 + "&lt;&gt;".len());
    }

    #[test]
    fn tables_escape_text_cells_and_keep_raw_ones() {
        let mut h = Html::new();
        h.table(
            "a <caption>",
            &["what", "n"],
            &[vec![
                Cell::text("<i>model's</i>"),
                Cell::num(3),
                Cell::Raw("<code>wis</code>".into()),
            ]],
        );
        let page = h.finish();
        assert!(page.contains("<caption>a &lt;caption&gt;</caption>"));
        assert!(page.contains("<td>&lt;i&gt;model&#39;s&lt;/i&gt;</td>"));
        assert!(page.contains("<td class=\"num\">3</td>"));
        assert!(page.contains("<td><code>wis</code></td>"));
    }
}
