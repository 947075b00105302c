//! The creature's home: a directory holding `wis.toml`, `wis.redb` and `workspace/` (and,
//! once made, `history/`, `archive/` and `heirlooms/`).

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
    /// Caches that can be deleted at any time (the embedded mind's saved prompt state).
    pub fn cache_dir(&self) -> PathBuf {
        self.root.join("cache")
    }
    pub fn archive_dir(&self) -> PathBuf {
        self.root.join("archive")
    }
    /// The workspace's history: copies of earlier versions of its files and their index
    /// (design §3.7).
    pub fn history_dir(&self) -> PathBuf {
        self.root.join("history")
    }
    /// Where `wis legacy export` writes heirloom volumes by default.
    pub fn heirlooms(&self) -> PathBuf {
        self.root.join("heirlooms")
    }

    /// Loads this home's configuration with the given `--config` flags.
    pub fn config(&self, flags: &[String]) -> Result<Config> {
        Config::load(&self.config_path(), flags)
    }

    /// Opens this home's store to write.
    pub fn open(&self, wait: Duration, command: &str, clock: &Clock) -> Result<Store> {
        Store::open(&self.store_path(), &open_options(wait, command, clock))
    }

    /// Opens this home's store to read only: no write and no sync ([`Store::open_read`]).
    pub fn open_read(&self, wait: Duration, command: &str, clock: &Clock) -> Result<Store> {
        Store::open_read(&self.store_path(), &open_options(wait, command, clock))
    }
}

fn open_options(wait: Duration, command: &str, clock: &Clock) -> OpenOptions {
    OpenOptions {
        wait,
        command: command.into(),
        now: clock.now(),
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
/// of the directory. The file is private to its owner (mode 0600), as a temporary file is.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    write_replacing(path, bytes, false)
}

/// Writes a file a user asked for (a plot, an export) atomically, with the mode
/// any file they write gets: 0666 less their umask (0644 under umask 022).
pub fn write_atomic_public(path: &Path, bytes: &[u8]) -> Result<()> {
    write_replacing(path, bytes, true)
}

/// Writes a page made from the store (a growth report), replaced atomically like
/// [`write_atomic_public`] but not synced: readers see the old page or the new, never half, and
/// writing one from cron every minute costs the disk no sync. After a power loss the page may
/// be the one before (or, on a filesystem that does not order a rename after its data, empty)
/// until it is written again; the store, not the page, is the record.
pub fn write_page(path: &Path, bytes: &[u8]) -> Result<()> {
    let tmp = temp_file(path, true)?;
    write_and_persist(tmp, path, bytes, false)
}

fn write_replacing(path: &Path, bytes: &[u8], public: bool) -> Result<()> {
    let dir = parent_dir(path);
    write_and_persist(temp_file(path, public)?, path, bytes, true)?;
    crate::base::store::sync_dir(dir);
    Ok(())
}

fn parent_dir(path: &Path) -> &Path {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// A temporary file beside `path`: private (0600), or with the mode any file the user writes
/// gets.
fn temp_file(path: &Path, public: bool) -> Result<tempfile::NamedTempFile> {
    let dir = parent_dir(path);
    let mut builder = tempfile::Builder::new();
    #[cfg(unix)]
    if public {
        use std::os::unix::fs::PermissionsExt;
        // The mode is given to open(2), which applies the umask.
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    #[cfg(not(unix))]
    let _ = public;
    builder.tempfile_in(dir).map_err(|e| Error::io_at(dir, e))
}

fn write_and_persist(
    mut tmp: tempfile::NamedTempFile,
    path: &Path,
    bytes: &[u8],
    sync: bool,
) -> Result<()> {
    use std::io::Write;
    tmp.write_all(bytes).map_err(|e| Error::io_at(path, e))?;
    if sync {
        tmp.as_file()
            .sync_all()
            .map_err(|e| Error::io_at(path, e))?;
    }
    tmp.persist(path).map_err(|e| Error::io_at(path, e.error))?;
    Ok(())
}

#[cfg(all(test, unix))]
mod tests {
    use std::os::unix::fs::PermissionsExt;

    use super::*;

    fn mode(path: &Path) -> u32 {
        std::fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    #[test]
    fn public_files_get_the_umask_mode_and_private_ones_0600() {
        let dir = tempfile::tempdir().unwrap();
        // The process umask is shared by every thread: read it without changing it.
        let probe = dir.path().join("probe");
        std::fs::write(&probe, b"").unwrap();
        let expected = mode(&probe) & 0o666;
        let report = dir.path().join("curve.svg");
        write_atomic_public(&report, b"<svg/>").unwrap();
        assert_eq!(mode(&report), expected);
        // Replacing keeps the public mode.
        write_atomic_public(&report, b"<svg></svg>").unwrap();
        assert_eq!(mode(&report), expected);
        let private = dir.path().join("wis.toml");
        write_atomic(&private, b"x").unwrap();
        assert_eq!(mode(&private), 0o600);
    }
}
