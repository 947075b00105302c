//! The copies: `blobs/<sha256 in hex>` under the history's directory, one per distinct content
//! (two files with the same words share one). A copy is written to a temporary name, made
//! durable, and only then renamed to its own name, so a name always holds its whole content;
//! a copy is checked against its name again before it is restored. Copies nothing refers to
//! (evicted, or left by a crash between writing them and recording them) are removed by
//! [`sweep`].

use std::io;
use std::path::{Path, PathBuf};

use super::disk::{Disk, Root};
use super::state::{Sha, State};

pub const DIR: &str = "blobs";
/// Staged copies made durable one sync each; more than this, one sync of the filesystem.
const SYNC_EACH_MAX: usize = 4;
const TMP_PREFIX: &str = ".tmp-";

/// Where the copy of `sha` lives.
pub fn path(sha: &Sha) -> PathBuf {
    Path::new(DIR).join(sha.hex())
}

/// A copy written under a temporary name, not yet durable.
#[derive(Debug, Clone)]
pub struct Staged {
    pub sha: Sha,
    tmp: PathBuf,
}

/// Writes `bytes` (whose hash is `sha`) under a temporary name; `seq` makes the name unique
/// within this process.
pub fn stage(disk: &dyn Disk, sha: Sha, bytes: &[u8], seq: u64) -> io::Result<Staged> {
    let tmp = Path::new(DIR).join(format!("{TMP_PREFIX}{}-{seq}", std::process::id()));
    let _ = disk.remove(Root::History, &tmp);
    disk.create(Root::History, &tmp, bytes, 0o600)?;
    Ok(Staged { sha, tmp })
}

/// Makes the staged copies durable under their own names.
pub fn commit(disk: &dyn Disk, staged: &[Staged]) -> io::Result<()> {
    if staged.is_empty() {
        return Ok(());
    }
    if staged.len() > SYNC_EACH_MAX {
        disk.sync_all(Root::History)?;
    } else {
        for s in staged {
            disk.sync(Root::History, &s.tmp)?;
        }
    }
    for s in staged {
        disk.rename(Root::History, &s.tmp, &path(&s.sha))?;
    }
    disk.sync(Root::History, Path::new(DIR))
}

/// Removes staged copies that will not be committed.
pub fn discard(disk: &dyn Disk, staged: &[Staged]) {
    for s in staged {
        let _ = disk.remove(Root::History, &s.tmp);
    }
}

/// The content of the copy `sha`, checked against its name; `None` when it is missing or does
/// not hold what its name says (it is then never restored).
pub fn read(disk: &dyn Disk, sha: &Sha, limit: u64) -> io::Result<Option<Vec<u8>>> {
    match disk.read(Root::History, &path(sha), limit) {
        Ok((bytes, _)) if Sha::of(&bytes) == *sha => Ok(Some(bytes)),
        Ok(_) => Ok(None),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

/// Removes copies whose last reference went; a failure leaves them for [`sweep`].
pub fn remove(disk: &dyn Disk, shas: &[Sha]) {
    for sha in shas {
        let _ = disk.remove(Root::History, &path(sha));
    }
}

/// Removes every copy the state does not refer to and every temporary left behind by a
/// process that died; returns how many went.
pub fn sweep(disk: &dyn Disk, state: &State) -> io::Result<usize> {
    let mut gone = 0;
    for (name, _) in disk.list(Root::History, Path::new(DIR))? {
        let text = name.to_string_lossy();
        let orphan = text.starts_with(TMP_PREFIX)
            || match parse_hex(&text) {
                Some(sha) => !state.holds(&sha),
                None => false,
            };
        if orphan
            && disk
                .remove(Root::History, &Path::new(DIR).join(&name))
                .is_ok()
        {
            gone += 1;
        }
    }
    Ok(gone)
}

fn parse_hex(text: &str) -> Option<Sha> {
    if text.len() != 64 {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(text.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(Sha(out))
}
