//! The creature's home: a directory holding `wis.toml`, `wis.redb` and `workspace/`.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::base::clock::Clock;
use crate::base::config::Config;
use crate::base::exit::{Error, Result};
use crate::base::store::{OpenOptions, Store};

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
        if let Some(dir) = crate::base::env::var(crate::base::env::HOME) {
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
    if let Some(dir) = crate::base::env::var(crate::base::env::DATA_DIR) {
        return Ok(PathBuf::from(dir));
    }
    use etcetera::BaseStrategy;
    let strategy = etcetera::choose_base_strategy().map_err(|e| {
        Error::config(format!("cannot find a data directory: {e}"))
            .hint("set --home (or WIS_HOME) and WIS_DATA_DIR")
    })?;
    Ok(strategy.data_dir().join("wis"))
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
    crate::base::store::sync_dir(dir);
    Ok(())
}
