//! Configuration: `wis.toml`, layered as defaults < file < `WIS_*` environment < flags.
//!
//! The commented template in `template.toml` is the single list of keys: `wis init` writes it,
//! the environment overrides are derived from it (`WIS_<SECTION>_<KEY>`), and tests check that
//! it matches the defaults in code. An unknown key is an error that names it; budgets that do
//! not fit the window are an error (exit 78) that names the numbers.

pub mod check;
mod context;
mod curve;
mod embed;
mod heartbeat;
mod keeper;
mod llm;
mod organs;
mod origin;
mod template;
mod wisdom;
mod wise;
mod workspace;

use std::path::Path;

use serde::{Deserialize, Serialize};

pub use context::{Context, Preset};
pub use curve::{Arm, ArmMemory, Curve, VOTE_TEMPERATURE};
pub use embed::{Embed, EmbedBackend};
pub use heartbeat::Heartbeat;
pub use keeper::Keeper;
pub use llm::{Endpoint, Llm};
pub use organs::{Organs, SandboxMode};
pub use origin::{Origin, Origins};
pub use template::{TEMPLATE, env_var_name, known_keys};
pub use wisdom::{REPLAY_BATCH_MAX, Wisdom};
pub use wise::{BIRTH, Birthright, wise_template};
pub use workspace::Workspace;

use crate::base::exit::{Error, Result};

/// The whole configuration of one home.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    pub llm: Llm,
    pub embed: Embed,
    pub context: Context,
    pub wisdom: Wisdom,
    pub curve: Curve,
    pub organs: Organs,
    pub heartbeat: Heartbeat,
    pub keeper: Keeper,
    pub workspace: Workspace,
}

/// Where a layer came from, for error messages.
#[derive(Debug, Clone)]
pub struct Override {
    /// Dotted key, `section.key`.
    pub key: String,
    /// The raw value as given.
    pub value: String,
    /// `WIS_LLM_URL` or `--config`.
    pub origin: String,
}

impl Config {
    /// Loads a home's configuration: the file (if any), then the environment, then `flags`
    /// (`section.key=value` strings), then presets and the embedder's gate for keys nobody
    /// set; and checks coherence.
    pub fn load(path: &Path, flags: &[String]) -> Result<Config> {
        Ok(Config::load_traced(path, flags)?.0)
    }

    /// [`Config::load`], and where each value came from (`wis config show`).
    pub fn load_traced(path: &Path, flags: &[String]) -> Result<(Config, Origins)> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => Some(text),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
                return Err(Error::config(format!(
                    "{}: not UTF-8 text, so not a configuration file",
                    path.display()
                ))
                .hint("save it as UTF-8, or move it aside: `wis config init` writes a fresh one"));
            }
            Err(e) => return Err(Error::io_at(path, e).context("reading configuration")),
        };
        let mut overrides = env_overrides()?;
        overrides.extend(parse_flags(flags)?);
        let config = Config::from_layers(text.as_deref(), &path.display().to_string(), &overrides)?;
        let name = path
            .file_name()
            .unwrap_or(path.as_os_str())
            .to_string_lossy();
        let origins = Origins::trace(text.as_deref(), &name, &overrides, &config);
        Ok((config, origins))
    }

    /// Builds a configuration from the file's text and overrides (highest last).
    pub fn from_layers(
        file_text: Option<&str>,
        file_name: &str,
        overrides: &[Override],
    ) -> Result<Config> {
        let mut table = match file_text {
            None => toml::Table::new(),
            Some(text) => {
                let table = text
                    .parse::<toml::Table>()
                    .map_err(|e| file_error(file_name, &e))?;
                // The file alone must be the typed struct; when it is not, the typed parse of
                // its text says why, naming the key and the line.
                if toml::Value::Table(table.clone())
                    .try_into::<Config>()
                    .is_err()
                {
                    toml::from_str::<Config>(text).map_err(|e| file_error(file_name, &e))?;
                }
                table
            }
        };
        for o in overrides {
            let Some(default) = known_keys().get(&o.key) else {
                return Err(
                    Error::config(format!("{}: unknown key `{}`", o.origin, o.key))
                        .hint("`wis config show` lists every key"),
                );
            };
            let value = coerce(&o.value, default).ok_or_else(|| {
                Error::config(format!(
                    "{}: `{}` is not a valid {} for {}",
                    o.origin,
                    o.value,
                    default.type_str(),
                    o.key
                ))
            })?;
            let (section, key) = o.key.split_once('.').unwrap_or(("", &o.key));
            let entry = table
                .entry(section.to_string())
                .or_insert_with(|| toml::Value::Table(toml::Table::new()));
            if let toml::Value::Table(t) = entry {
                t.insert(key.to_string(), value);
            }
        }
        apply_preset(&mut table)?;
        apply_embedder_gate(&mut table);
        let config: Config = toml::Value::Table(table)
            .try_into()
            .map_err(|e: toml::de::Error| Error::config(format!("configuration: {e}")))?;
        config.validate()?;
        Ok(config)
    }

    /// Checks rules that span keys.
    pub fn validate(&self) -> Result<()> {
        self.context.check_coherence()?;
        if !(0.0..=1.0).contains(&self.wisdom.recall_min_sim) {
            return Err(Error::config(format!(
                "[wisdom] recall_min_sim = {} must be between 0 and 1",
                self.wisdom.recall_min_sim
            )));
        }
        if !(1..=wisdom::REPLAY_BATCH_MAX).contains(&self.wisdom.replay_batch) {
            return Err(Error::config(format!(
                "[wisdom] replay_batch = {} must be between 1 and {}",
                self.wisdom.replay_batch,
                wisdom::REPLAY_BATCH_MAX
            ))
            .hint("each replayed episode is one model call during sleep"));
        }
        if self.wisdom.reflex_promote_successes < 2 {
            return Err(Error::config(format!(
                "[wisdom] reflex_promote_successes = {} is no streak; it must be at least 2",
                self.wisdom.reflex_promote_successes
            )));
        }
        if let Some(url) = &self.llm.url {
            if !(url.starts_with("http://") || url.starts_with("https://")) {
                return Err(
                    Error::config(format!("[llm] url = {url:?} is not an http(s) URL")).hint(
                        "use the server's base URL ending in /v1, e.g. http://127.0.0.1:8080/v1",
                    ),
                );
            }
        }
        if self.embed.dim == 0 {
            return Err(Error::config("[embed] dim must be at least 1"));
        }
        self.workspace.check()?;
        Ok(())
    }

    /// The configuration as TOML, every key shown.
    pub fn to_toml(&self) -> String {
        toml::to_string(self).unwrap_or_else(|e| format!("# cannot render: {e}\n"))
    }
}

fn file_error(file_name: &str, err: &toml::de::Error) -> Error {
    let msg = err.message().trim().to_string();
    let line = err.span().and_then(|span| line_of(err, span.start));
    let at = line.map(|l| format!(" (line {l})")).unwrap_or_default();
    Error::config(format!("{file_name}{at}: {msg}"))
        .hint("fix or remove that key; `wis config show` lists every key")
}

fn line_of(err: &toml::de::Error, _offset: usize) -> Option<usize> {
    // toml's Display already renders "TOML parse error at line N, column M"; pull N out.
    let shown = err.to_string();
    let rest = shown.split("at line ").nth(1)?;
    rest.split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}

/// Fills keys nobody set from the chosen preset.
fn apply_preset(table: &mut toml::Table) -> Result<()> {
    let preset = match table.get("context").and_then(|c| c.get("preset")) {
        None => Preset::default(),
        Some(v) => v.clone().try_into().map_err(|_| {
            Error::config(format!(
                "[context] preset = {v} is not one of \"16k\", \"32k\""
            ))
        })?,
    };
    for (section, key, value) in preset.values() {
        let entry = table
            .entry(section.to_string())
            .or_insert_with(|| toml::Value::Table(toml::Table::new()));
        if let toml::Value::Table(t) = entry {
            t.entry(key.to_string()).or_insert(value);
        }
    }
    Ok(())
}

/// Fills `[wisdom] recall_min_sim`, when nobody set it, with the gate measured for the chosen
/// `[embed] backend` (an unknown backend is left for the typed conversion to refuse).
fn apply_embedder_gate(table: &mut toml::Table) {
    let backend: EmbedBackend = match table.get("embed").and_then(|e| e.get("backend")) {
        None => EmbedBackend::default(),
        Some(v) => match v.clone().try_into() {
            Ok(backend) => backend,
            Err(_) => return,
        },
    };
    // Through its decimal form, so the f32 read back is the one written.
    let gate: f64 = backend.recall_min_sim().to_string().parse().unwrap_or(0.0);
    let entry = table
        .entry("wisdom".to_string())
        .or_insert_with(|| toml::Value::Table(toml::Table::new()));
    if let toml::Value::Table(t) = entry {
        t.entry("recall_min_sim".to_string())
            .or_insert(toml::Value::Float(gate));
    }
}

/// Overrides from `WIS_<SECTION>_<KEY>` variables. The template is read for its keys only
/// when some `WIS_` variable other than the documented ones could name one.
fn env_overrides() -> Result<Vec<Override>> {
    let may_name_a_key = std::env::vars_os().any(|(name, _)| {
        name.to_str().is_some_and(|n| {
            n.starts_with("WIS_") && !crate::base::env::DOCUMENTED.iter().any(|(d, _)| *d == n)
        })
    });
    if !may_name_a_key {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for key in known_keys().keys() {
        let var = env_var_name(key);
        if let Some(value) = crate::base::env::var(&var) {
            out.push(Override {
                key: key.clone(),
                value,
                origin: var,
            });
        }
    }
    Ok(out)
}

/// Parses `--config section.key=value` flags.
pub fn parse_flags(flags: &[String]) -> Result<Vec<Override>> {
    flags
        .iter()
        .map(|flag| {
            let (key, value) = flag.split_once('=').ok_or_else(|| {
                Error::usage(format!(
                    "--config {flag:?} is not of the form section.key=value"
                ))
                .hint("for example: --config llm.url=http://127.0.0.1:8080/v1")
            })?;
            Ok(Override {
                key: key.trim().to_string(),
                value: value.trim().to_string(),
                origin: format!("--config {flag}"),
            })
        })
        .collect()
}

/// Turns a raw string into a TOML value of the same type as `like`.
fn coerce(raw: &str, like: &toml::Value) -> Option<toml::Value> {
    use toml::Value;
    match like {
        Value::Boolean(_) => match raw.to_ascii_lowercase().as_str() {
            "true" | "1" | "yes" | "on" => Some(Value::Boolean(true)),
            "false" | "0" | "no" | "off" => Some(Value::Boolean(false)),
            _ => None,
        },
        Value::Integer(_) => raw.parse().ok().map(Value::Integer),
        Value::Float(_) => raw.parse().ok().map(Value::Float),
        _ => Some(Value::String(raw.to_string())),
    }
}

#[cfg(test)]
mod tests;
