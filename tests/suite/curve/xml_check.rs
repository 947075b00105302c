//! A small XML well-formedness check for tests of the SVG: one root element, balanced and
//! properly nested tags, quoted and unique attributes, and only known entity references.

/// Checks a document; returns the root element's name.
pub fn check(doc: &str) -> Result<String, String> {
    let mut rest = doc.trim_start();
    if let Some(after) = rest.strip_prefix("<?xml") {
        let end = after.find("?>").ok_or("unterminated XML declaration")?;
        rest = &after[end + 2..];
    }
    let mut stack: Vec<String> = Vec::new();
    let mut root: Option<String> = None;
    while let Some(open) = rest.find('<') {
        let text = &rest[..open];
        if stack.is_empty() && !text.trim().is_empty() {
            return Err(format!("text outside the root: {text:?}"));
        }
        check_entities(text)?;
        rest = &rest[open..];
        if let Some(after) = rest.strip_prefix("<!--") {
            let end = after.find("-->").ok_or("unterminated comment")?;
            rest = &after[end + 3..];
            continue;
        }
        let close = rest.find('>').ok_or("unterminated tag")?;
        let tag = &rest[1..close];
        rest = &rest[close + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            let name = name.trim_end();
            match stack.pop() {
                Some(top) if top == name => continue,
                other => return Err(format!("</{name}> closes {other:?}")),
            }
        }
        let (body, self_closing) = match tag.strip_suffix('/') {
            Some(b) => (b, true),
            None => (tag, false),
        };
        let name = element(body)?;
        if stack.is_empty() {
            if root.is_some() {
                return Err(format!("a second root element <{name}>"));
            }
            root = Some(name.clone());
        }
        if !self_closing {
            stack.push(name);
        }
    }
    if !rest.trim().is_empty() {
        return Err(format!("text after the root: {rest:?}"));
    }
    if let Some(open) = stack.pop() {
        return Err(format!("<{open}> is never closed"));
    }
    root.ok_or_else(|| "no root element".to_string())
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | ':' | '.')
}

/// Checks `name attr="v" …`; returns the name.
fn element(body: &str) -> Result<String, String> {
    let name_end = body.find(|c: char| !is_name_char(c)).unwrap_or(body.len());
    let name = &body[..name_end];
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit() || c == '-') {
        return Err(format!("bad element name in <{body}>"));
    }
    let mut rest = &body[name_end..];
    let mut seen = Vec::new();
    loop {
        let trimmed = rest.trim_start();
        if trimmed.is_empty() {
            return Ok(name.to_string());
        }
        if trimmed.len() == rest.len() {
            return Err(format!("attributes of <{name}> must be separated by space"));
        }
        let eq = trimmed
            .find('=')
            .ok_or(format!("attribute without value in <{name}>"))?;
        let attr = &trimmed[..eq];
        if attr.is_empty() || !attr.chars().all(is_name_char) {
            return Err(format!("bad attribute name {attr:?} in <{name}>"));
        }
        if seen.contains(&attr) {
            return Err(format!("attribute {attr} twice in <{name}>"));
        }
        seen.push(attr);
        let after = &trimmed[eq + 1..];
        let quote = after.chars().next().filter(|q| *q == '"' || *q == '\'');
        let quote = quote.ok_or(format!("unquoted attribute {attr} in <{name}>"))?;
        let value_end = after[1..]
            .find(quote)
            .ok_or(format!("unterminated attribute {attr} in <{name}>"))?;
        let value = &after[1..1 + value_end];
        if value.contains('<') {
            return Err(format!("`<` in attribute {attr} of <{name}>"));
        }
        check_entities(value)?;
        rest = &after[value_end + 2..];
    }
}

fn check_entities(text: &str) -> Result<(), String> {
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        let after = &rest[amp + 1..];
        let end = after.find(';').ok_or(format!("bare & in {text:?}"))?;
        let entity = &after[..end];
        let ok = matches!(entity, "amp" | "lt" | "gt" | "quot" | "apos")
            || entity
                .strip_prefix("#x")
                .is_some_and(|h| !h.is_empty() && h.chars().all(|c| c.is_ascii_hexdigit()))
            || entity
                .strip_prefix('#')
                .is_some_and(|d| !d.is_empty() && d.chars().all(|c| c.is_ascii_digit()));
        if !ok {
            return Err(format!("unknown entity &{entity};"));
        }
        rest = &after[end + 1..];
    }
    Ok(())
}

#[test]
fn the_checker_catches_what_it_should() {
    assert_eq!(
        check(r#"<?xml version="1.0"?><a x="1"><b/>t &amp; u</a>"#),
        Ok("a".into())
    );
    for bad in [
        "<a><b></a></b>",
        "<a>",
        "<a x=1/>",
        r#"<a x="1" x="2"/>"#,
        "<a/><b/>",
        "<a>AT&T</a>",
        r#"<a x="<"/>"#,
        "text<a/>",
    ] {
        assert!(check(bad).is_err(), "{bad}");
    }
}
