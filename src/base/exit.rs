//! Exit codes and the one error type that carries them.
//!
//! Cron reads exit codes, so they are interface (sysexits; design §9): every failure in wis is
//! an [`Error`] whose [`Kind`] decides the code, with one line of message and, where there is
//! something to do about it, one line of hint. Core modules build these errors directly or
//! convert their own typed errors at the boundary; `main` prints them and exits.

use std::fmt;
use std::sync::Arc;

/// What went wrong, at the granularity cron and scripts care about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A check that ran and did not pass (for example `curve run --min-score`).
    Failed,
    /// The command line was wrong.
    Usage,
    /// Input data was malformed: a corrupt store, a bad battery line, a hostile file.
    Data,
    /// An input that should exist does not (no creature in this home, a missing file).
    NoInput,
    /// The model server or an organ could not be reached.
    Unavailable,
    /// A bug in wis.
    Internal,
    /// Reading or writing a file failed.
    Io,
    /// The store or the creature is busy; try again later.
    Busy,
    /// The configuration is wrong.
    Config,
}

impl Kind {
    /// The process exit status for this kind.
    pub const fn code(self) -> u8 {
        match self {
            Kind::Failed => 1,
            Kind::Usage => 64,
            Kind::Data => 65,
            Kind::NoInput => 66,
            Kind::Unavailable => 69,
            Kind::Internal => 70,
            Kind::Io => 74,
            Kind::Busy => 75,
            Kind::Config => 78,
        }
    }

    /// The kind an exit status stands for (`None` for a status wis never exits with).
    pub const fn from_code(code: u8) -> Option<Kind> {
        Some(match code {
            1 => Kind::Failed,
            64 => Kind::Usage,
            65 => Kind::Data,
            66 => Kind::NoInput,
            69 => Kind::Unavailable,
            70 => Kind::Internal,
            74 => Kind::Io,
            75 => Kind::Busy,
            78 => Kind::Config,
            _ => return None,
        })
    }

    /// A short label used in JSON error objects.
    pub const fn label(self) -> &'static str {
        match self {
            Kind::Failed => "failed",
            Kind::Usage => "usage",
            Kind::Data => "data",
            Kind::NoInput => "no_input",
            Kind::Unavailable => "unavailable",
            Kind::Internal => "internal",
            Kind::Io => "io",
            Kind::Busy => "busy",
            Kind::Config => "config",
        }
    }
}

/// A wis failure: a kind (the exit code), one line saying what happened, and a hint; and,
/// when it came from one, the error underneath ([`std::error::Error::source`]), kept so that
/// a caller can ask what it was ([`Error::is_broken_pipe`]) without reading the message.
#[derive(Debug, Clone)]
pub struct Error {
    pub kind: Kind,
    pub message: String,
    pub hint: Option<String>,
    source: Option<Arc<dyn std::error::Error + Send + Sync>>,
}

/// The result type used across wis.
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    pub fn new(kind: Kind, message: impl Into<String>) -> Self {
        Error {
            kind,
            message: message.into(),
            hint: None,
            source: None,
        }
    }
    pub fn failed(message: impl Into<String>) -> Self {
        Self::new(Kind::Failed, message)
    }
    pub fn usage(message: impl Into<String>) -> Self {
        Self::new(Kind::Usage, message)
    }
    pub fn data(message: impl Into<String>) -> Self {
        Self::new(Kind::Data, message)
    }
    pub fn no_input(message: impl Into<String>) -> Self {
        Self::new(Kind::NoInput, message)
    }
    pub fn unavailable(message: impl Into<String>) -> Self {
        Self::new(Kind::Unavailable, message)
    }
    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(Kind::Internal, message)
    }
    pub fn io(message: impl Into<String>) -> Self {
        Self::new(Kind::Io, message)
    }
    pub fn busy(message: impl Into<String>) -> Self {
        Self::new(Kind::Busy, message)
    }
    pub fn config(message: impl Into<String>) -> Self {
        Self::new(Kind::Config, message)
    }

    /// Adds what the user can do about it.
    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    /// Prefixes the message with where it happened ("reading wis.toml: …").
    pub fn context(mut self, what: impl fmt::Display) -> Self {
        self.message = format!("{what}: {}", self.message);
        self
    }

    /// Keeps `source` as the error underneath this one.
    pub fn with_source(mut self, source: impl std::error::Error + Send + Sync + 'static) -> Self {
        self.source = Some(Arc::new(source));
        self
    }

    /// Whether an [`std::io::ErrorKind::BrokenPipe`] is anywhere in the chain: the reader of a
    /// pipe went away (`wis … | head`), which ends a command quietly.
    pub fn is_broken_pipe(&self) -> bool {
        let mut next: Option<&(dyn std::error::Error + 'static)> = Some(self);
        while let Some(err) = next {
            if err
                .downcast_ref::<std::io::Error>()
                .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            {
                return true;
            }
            next = err.source();
        }
        false
    }

    /// An I/O error about a path, with the path named.
    pub fn io_at(path: &std::path::Path, err: std::io::Error) -> Self {
        let kind = match err.kind() {
            std::io::ErrorKind::NotFound => Kind::NoInput,
            _ => Kind::Io,
        };
        Error::new(kind, format!("{}: {err}", path.display())).with_source(err)
    }

    pub fn code(&self) -> u8 {
        self.kind.code()
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.source
            .as_deref()
            .map(|e| e as &(dyn std::error::Error + 'static))
    }
}

impl From<std::io::Error> for Error {
    fn from(err: std::io::Error) -> Self {
        Error::io(err.to_string()).with_source(err)
    }
}

/// Adds context to any result whose error converts into [`Error`].
pub trait Context<T> {
    fn context(self, what: impl fmt::Display) -> Result<T>;
}

impl<T, E: Into<Error>> Context<T> for std::result::Result<T, E> {
    fn context(self, what: impl fmt::Display) -> Result<T> {
        self.map_err(|e| e.into().context(what))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Regression: a closed stdout was once recognised by the words of the error's message.
    #[test]
    fn a_broken_pipe_is_known_by_its_kind_not_its_words() {
        let closed = std::io::Error::new(std::io::ErrorKind::BrokenPipe, "the reader left");
        let err = Error::from(closed).context("writing to stdout");
        assert!(err.is_broken_pipe());
        assert!(std::error::Error::source(&err).is_some());
        assert!(!Error::io("broken pipe").is_broken_pipe(), "words alone");
        let other = std::io::Error::new(std::io::ErrorKind::StorageFull, "broken pipe");
        assert!(!Error::from(other).is_broken_pipe());
        let wrapped = Error::internal("outer").with_source(Error::from(std::io::Error::from(
            std::io::ErrorKind::BrokenPipe,
        )));
        assert!(wrapped.is_broken_pipe(), "found through the chain");
    }

    #[test]
    fn codes_follow_sysexits() {
        assert_eq!(Kind::Usage.code(), 64);
        assert_eq!(Kind::Data.code(), 65);
        assert_eq!(Kind::NoInput.code(), 66);
        assert_eq!(Kind::Unavailable.code(), 69);
        assert_eq!(Kind::Internal.code(), 70);
        assert_eq!(Kind::Io.code(), 74);
        assert_eq!(Kind::Busy.code(), 75);
        assert_eq!(Kind::Config.code(), 78);
        for kind in [
            Kind::Failed,
            Kind::Usage,
            Kind::Data,
            Kind::NoInput,
            Kind::Unavailable,
            Kind::Internal,
            Kind::Io,
            Kind::Busy,
            Kind::Config,
        ] {
            assert_eq!(Kind::from_code(kind.code()), Some(kind));
        }
        assert_eq!(Kind::from_code(0), None);
        assert_eq!(Kind::from_code(71), None);
    }

    #[test]
    fn missing_file_is_no_input() {
        let err = Error::io_at(
            std::path::Path::new("/nope"),
            std::io::Error::from(std::io::ErrorKind::NotFound),
        );
        assert_eq!(err.kind, Kind::NoInput);
        assert!(err.message.starts_with("/nope"));
    }
}
