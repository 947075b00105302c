//! Where each value of the effective configuration came from: a default, a line of `wis.toml`,
//! a `WIS_*` variable, a `--config` flag, the `[context]` preset, or the embedder's gate.
//! `wis config show` prints it beside every key.

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;

use super::{Config, EmbedBackend, Override, Preset, known_keys};

/// Where one value came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// The compiled default.
    Default,
    /// A line of the configuration file.
    File { name: String, line: usize },
    /// A layer above the file: a `WIS_*` variable or a `--config` flag, as it was given.
    Override(String),
    /// Filled from the chosen `[context] preset`.
    Preset(Preset),
    /// The similarity gate measured for the chosen `[embed] backend`.
    Gate(EmbedBackend),
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Default => f.write_str("default"),
            Origin::File { name, line } => write!(f, "{name} line {line}"),
            Origin::Override(what) => f.write_str(what),
            Origin::Preset(p) => write!(f, "preset {p}"),
            Origin::Gate(b) => {
                let name = format!("{b:?}").to_ascii_lowercase();
                write!(f, "the gate of embed.backend = \"{name}\"")
            }
        }
    }
}

impl Serialize for Origin {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// The origin of every key (`section.key`, and `curve.arms.NAME.key` for the arms' keys).
#[derive(Debug, Clone, Default, Serialize)]
#[serde(transparent)]
pub struct Origins(BTreeMap<String, Origin>);

impl Origins {
    /// Traces the layers `Config::from_layers` merged into `config`.
    pub fn trace(
        file_text: Option<&str>,
        file_name: &str,
        overrides: &[Override],
        config: &Config,
    ) -> Origins {
        let mut map: BTreeMap<String, Origin> = known_keys()
            .keys()
            .map(|k| (k.clone(), Origin::Default))
            .collect();
        if config.context.preset != Preset::default() {
            for (section, key, _) in config.context.preset.values() {
                map.insert(
                    format!("{section}.{key}"),
                    Origin::Preset(config.context.preset),
                );
            }
        }
        if config.embed.backend != EmbedBackend::default() {
            map.insert(
                "wisdom.recall_min_sim".into(),
                Origin::Gate(config.embed.backend),
            );
        }
        if let Some(text) = file_text {
            for (key, line) in file_lines(text) {
                map.insert(
                    key,
                    Origin::File {
                        name: file_name.to_string(),
                        line,
                    },
                );
            }
        }
        for o in overrides {
            map.insert(o.key.clone(), Origin::Override(o.origin.clone()));
        }
        Origins(map)
    }

    /// Where `key` (`section.key`) came from.
    pub fn get(&self, key: &str) -> Option<&Origin> {
        self.0.get(key)
    }

    /// `config_toml` (as [`Config::to_toml`] renders it) with each key's origin as a comment
    /// at the end of its line; the text stays a TOML file that loads to the same values.
    pub fn annotate(&self, config_toml: &str) -> String {
        let mut out = String::with_capacity(config_toml.len() * 2);
        let mut section = String::new();
        for line in config_toml.lines() {
            out.push_str(line);
            if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                section = name.to_string();
            } else if let Some((key, _)) = line.split_once(" = ")
                && let Some(origin) = self.0.get(&format!("{section}.{key}"))
            {
                out.push_str("  # ");
                out.push_str(&origin.to_string());
            }
            out.push('\n');
        }
        out
    }
}

/// Every key the file sets, dotted from its table, with the line it is set on.
fn file_lines(text: &str) -> Vec<(String, usize)> {
    let Ok(root) = toml::de::DeTable::parse(text) else {
        return Vec::new();
    };
    let line_of = |offset: usize| text[..offset.min(text.len())].matches('\n').count() + 1;
    let mut out = Vec::new();
    let mut stack: Vec<(String, &toml::de::DeTable<'_>)> = vec![(String::new(), root.get_ref())];
    while let Some((prefix, table)) = stack.pop() {
        for (key, value) in table.iter() {
            let dotted = if prefix.is_empty() {
                key.get_ref().to_string()
            } else {
                format!("{prefix}.{}", key.get_ref())
            };
            match value.get_ref() {
                toml::de::DeValue::Table(inner) => stack.push((dotted, inner)),
                _ => out.push((dotted, line_of(key.span().start))),
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flag(key: &str, value: &str) -> Override {
        Override {
            key: key.into(),
            value: value.into(),
            origin: format!("--config {key}={value}"),
        }
    }

    #[test]
    fn each_layer_is_named_and_the_highest_wins() {
        let file = "[llm]\nmodel = \"a\"\n\n[wisdom]\nrecall_enabled = true\n\
                    [context]\npreset = \"32k\"\n[curve.arms.mine]\nmemory = \"none\"\n";
        let overrides = [flag("llm.model", "b")];
        let config = Config::from_layers(Some(file), "wis.toml", &overrides).unwrap();
        let o = Origins::trace(Some(file), "wis.toml", &overrides, &config);
        let at = |k: &str| o.get(k).unwrap().to_string();
        assert_eq!(at("llm.model"), "--config llm.model=b");
        assert_eq!(at("wisdom.recall_enabled"), "wis.toml line 5");
        assert_eq!(at("context.preset"), "wis.toml line 7");
        assert_eq!(at("context.n_ctx"), "preset 32k");
        assert_eq!(at("wisdom.block_max_chars"), "preset 32k");
        assert_eq!(at("wisdom.distill_enabled"), "default");
        assert_eq!(at("curve.arms.mine.memory"), "wis.toml line 9");
        let shown = o.annotate(&config.to_toml());
        assert!(
            shown.contains("recall_enabled = true  # wis.toml line 5\n"),
            "{shown}"
        );
        assert!(shown.contains("model = \"b\"  # --config llm.model=b\n"));
        assert!(shown.contains("memory = \"none\"  # wis.toml line 9\n"));
        // The annotated text is still a configuration that loads to the same values.
        let again = Config::from_layers(Some(&shown), "shown", &[]).unwrap();
        assert_eq!(again, config);
    }

    #[test]
    fn the_embedders_gate_is_named_unless_the_gate_was_set() {
        let file = "[embed]\nbackend = \"local\"\n";
        let config = Config::from_layers(Some(file), "wis.toml", &[]).unwrap();
        let o = Origins::trace(Some(file), "wis.toml", &[], &config);
        assert_eq!(
            o.get("wisdom.recall_min_sim").unwrap().to_string(),
            "the gate of embed.backend = \"local\""
        );
        let set = format!("{file}[wisdom]\nrecall_min_sim = 0.5\n");
        let config = Config::from_layers(Some(&set), "wis.toml", &[]).unwrap();
        let o = Origins::trace(Some(&set), "wis.toml", &[], &config);
        assert_eq!(
            o.get("wisdom.recall_min_sim").unwrap().to_string(),
            "wis.toml line 4"
        );
    }
}
