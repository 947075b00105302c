//! The creature's home: a directory holding `wis.toml`, `wis.redb` and `workspace/`, and the
//! birth that creates one.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::clock::{Clock, Millis};
use crate::config::{Config, TEMPLATE};
use crate::exit::{Error, Result};
use crate::life::{Genome, Persona, Unlocks};
use crate::store::{OpenOptions, Store};

/// One creature's home directory.
#[derive(Debug, Clone)]
pub struct Home {
    root: PathBuf,
}

impl Home {
    pub fn new(root: impl Into<PathBuf>) -> Home {
        Home { root: root.into() }
    }

    /// `--home`, else `WIS_HOME`, else `<data dir>/wis/home`.
    pub fn resolve(flag: Option<&Path>) -> Result<Home> {
        if let Some(dir) = flag {
            return Ok(Home::new(dir));
        }
        if let Some(dir) = crate::env::var(crate::env::HOME) {
            return Ok(Home::new(dir));
        }
        Ok(Home::new(data_dir()?.join("home")))
    }

    pub fn root(&self) -> &Path {
        &self.root
    }
    pub fn config_path(&self) -> PathBuf {
        self.root.join("wis.toml")
    }
    pub fn store_path(&self) -> PathBuf {
        self.root.join("wis.redb")
    }
    pub fn workspace(&self) -> PathBuf {
        self.root.join("workspace")
    }
    pub fn archive_dir(&self) -> PathBuf {
        self.root.join("archive")
    }

    /// Loads this home's configuration with the given `--config` flags.
    pub fn config(&self, flags: &[String]) -> Result<Config> {
        Config::load(&self.config_path(), flags)
    }

    /// Opens this home's store.
    pub fn open(&self, wait: Duration, command: &str, clock: &Clock) -> Result<Store> {
        Store::open(
            &self.store_path(),
            &OpenOptions {
                wait,
                command: command.into(),
                now: clock.now(),
            },
        )
    }
}

/// wis's data directory: `WIS_DATA_DIR`, else the platform data directory + `wis`.
pub fn data_dir() -> Result<PathBuf> {
    if let Some(dir) = crate::env::var(crate::env::DATA_DIR) {
        return Ok(PathBuf::from(dir));
    }
    use etcetera::BaseStrategy;
    let strategy = etcetera::choose_base_strategy().map_err(|e| {
        Error::config(format!("cannot find a data directory: {e}"))
            .hint("set --home (or WIS_HOME) and WIS_DATA_DIR")
    })?;
    Ok(strategy.data_dir().join("wis"))
}

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
}

/// How to birth a creature.
#[derive(Debug, Clone)]
pub struct BirthOptions {
    pub seed: Option<u64>,
    pub name: Option<String>,
    pub force: bool,
    pub wait: Duration,
}

/// Births a creature in `home`: draws its genome, writes `wis.toml`, creates the store and
/// the workspace. An existing creature is refused unless `force`, which archives it first.
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
    let seed = opts.seed.unwrap_or_else(rand::random);
    let mut genome = Genome::draw(seed, seed_given, now);
    if let Some(name) = &opts.name {
        genome.name = name.clone();
    }
    if !home.config_path().exists() {
        write_atomic(&home.config_path(), TEMPLATE.as_bytes())?;
    }
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
    })
}

/// Moves the store and workspace into `archive/<time>/`, with a copy of the configuration.
fn archive(home: &Home, now: Millis) -> Result<PathBuf> {
    let stamp = crate::clock::rfc3339(now).replace(':', "");
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
    ] {
        if from.exists() {
            let to = dir.join(name);
            std::fs::rename(&from, &to).map_err(|e| Error::io_at(&from, e).context("archiving"))?;
        }
    }
    crate::store::sync_dir(home.root());
    Ok(dir)
}

/// Writes a file atomically: a temporary file in the same directory, fsync, rename, fsync
/// of the directory.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    use std::io::Write;
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mut tmp = tempfile::NamedTempFile::new_in(dir).map_err(|e| Error::io_at(dir, e))?;
    tmp.write_all(bytes).map_err(|e| Error::io_at(path, e))?;
    tmp.as_file()
        .sync_all()
        .map_err(|e| Error::io_at(path, e))?;
    tmp.persist(path).map_err(|e| Error::io_at(path, e.error))?;
    crate::store::sync_dir(dir);
    Ok(())
}
