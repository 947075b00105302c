//! Birth: a newborn creature in a home (its genome drawn, `wis.toml` written, the store and the
//! workspace made), and the archive an old creature goes to with `--force`.

use std::path::PathBuf;
use std::time::Duration;

use crate::base::clock::{Clock, Millis};
use crate::base::config::{TEMPLATE, wise_template};
use crate::base::exit::{Error, Result};
use crate::base::home::{Home, write_atomic};
use crate::base::store::{OpenOptions, Store};
use crate::creature::{Genome, Persona, Unlocks};

/// What `birth` did.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Birth {
    pub home: PathBuf,
    pub name: String,
    pub morph: String,
    pub seed: u64,
    pub seed_given: bool,
    /// Where the previous creature was archived, with `--force`.
    pub archived: Option<PathBuf>,
    /// The `[wisdom]` flags it was born with.
    pub wisdom: Born,
}

/// How a newborn's `wis.toml` sets the wisdom loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Born {
    /// Written with every flag but `reflex_auto_arm` on, each explained.
    Wise,
    /// Written with every flag commented out (off).
    Dark,
    /// A `wis.toml` was already there and was kept: its flags stand.
    Kept,
}

/// How to birth a creature.
#[derive(Debug, Clone)]
pub struct BirthOptions {
    pub seed: Option<u64>,
    pub name: Option<String>,
    pub force: bool,
    /// Every `[wisdom]` flag off in the `wis.toml` written (the commented template).
    pub dark: bool,
    pub wait: Duration,
}

impl BirthOptions {
    /// A test's birth: seeded, named by its genome, never forced, dark (each test turns on the
    /// flags it is about), a second's wait for the store.
    #[cfg(test)]
    pub(crate) fn seeded(seed: u64) -> BirthOptions {
        BirthOptions {
            seed: Some(seed),
            name: None,
            force: false,
            dark: true,
            wait: Duration::from_secs(1),
        }
    }
}

/// A random seed below 2^53, so that JavaScript (the CultCache library) holds it exactly.
pub fn drawn_seed() -> u64 {
    rand::random::<u64>() >> 11
}

/// Births a creature in `home`: draws its genome, writes `wis.toml` (born wise unless
/// `opts.dark`; an existing one is kept), creates the store and the workspace. An existing
/// creature is refused unless `force`, which archives it first.
pub fn birth(home: &Home, opts: &BirthOptions, clock: &Clock) -> Result<Birth> {
    let now = clock.now();
    std::fs::create_dir_all(home.root()).map_err(|e| Error::io_at(home.root(), e))?;
    let store_path = home.store_path();
    let mut archived = None;
    if store_path.exists() {
        if !opts.force {
            return Err(Error::usage(format!(
                "a creature already lives in {}",
                home.root().display()
            ))
            .hint("use another --home, or `wis init --force` to archive it and birth anew"));
        }
        // Hold the old store while archiving it, so a running tick is not moved under it.
        let store = home.open(opts.wait, "init --force", clock)?;
        drop(store);
        archived = Some(archive(home, now)?);
    }
    let seed_given = opts.seed.is_some();
    let seed = opts.seed.unwrap_or_else(drawn_seed);
    let mut genome = Genome::draw(seed, seed_given, now);
    if let Some(name) = &opts.name {
        genome.name = name.clone();
    }
    let wisdom = if home.config_path().exists() {
        Born::Kept
    } else if opts.dark {
        write_atomic(&home.config_path(), TEMPLATE.as_bytes())?;
        Born::Dark
    } else {
        write_atomic(&home.config_path(), wise_template().as_bytes())?;
        Born::Wise
    };
    // The configuration must load before a creature is born into it.
    home.config(&[])?;
    std::fs::create_dir_all(home.workspace()).map_err(|e| Error::io_at(&home.workspace(), e))?;
    let persona = Persona::newborn(&genome.name, now);
    let open = OpenOptions {
        wait: opts.wait,
        command: "init".into(),
        now,
    };
    Store::create(&store_path, &open, |tx| {
        tx.init_tables(super::documents::registry())?;
        tx.set(&genome)?;
        tx.set(&persona)?;
        tx.set(&Unlocks::newborn(now))
    })?;
    Ok(Birth {
        home: home.root().to_path_buf(),
        name: genome.name,
        morph: genome.morph.name().to_string(),
        seed,
        seed_given,
        archived,
        wisdom,
    })
}

/// Moves the store, the workspace and its history into `archive/<time>/`, with a copy of the
/// configuration.
fn archive(home: &Home, now: Millis) -> Result<PathBuf> {
    let stamp = crate::base::clock::rfc3339(now).replace(':', "");
    let mut dir = home.archive_dir().join(&stamp);
    let mut n = 1;
    while dir.exists() {
        n += 1;
        dir = home.archive_dir().join(format!("{stamp}-{n}"));
    }
    std::fs::create_dir_all(&dir).map_err(|e| Error::io_at(&dir, e))?;
    // The configuration stays in place (the operator's choices carry over); a copy goes
    // with the archive so the old creature can be revived as it was.
    if home.config_path().exists() {
        std::fs::copy(home.config_path(), dir.join("wis.toml"))
            .map_err(|e| Error::io_at(&home.config_path(), e).context("archiving"))?;
    }
    for (from, name) in [
        (home.store_path(), "wis.redb"),
        (home.workspace(), "workspace"),
        (home.history_dir(), "history"),
    ] {
        if from.exists() {
            let to = dir.join(name);
            std::fs::rename(&from, &to).map_err(|e| Error::io_at(&from, e).context("archiving"))?;
        }
    }
    crate::base::store::sync_dir(home.root());
    Ok(dir)
}
