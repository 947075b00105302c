//! The one clock: real time, or pinned by `WIS_NOW` for hermetic tests and simulations.
//!
//! Everything that records a time takes it from a [`Clock`] so that a test can pin it and a
//! simulated day can advance it; nothing else in wis calls `SystemTime::now`.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::base::env;
use crate::base::exit::{Error, Result};

/// Milliseconds since the Unix epoch; the time unit stored in documents.
pub type Millis = i64;

/// A source of the current time.
#[derive(Debug, Clone, Copy)]
pub struct Clock {
    pinned: Option<Millis>,
}

impl Clock {
    /// The real clock, unless `WIS_NOW` pins it (seconds since the epoch, fractions allowed).
    pub fn from_env() -> Result<Clock> {
        match env::var(env::NOW) {
            None => Ok(Clock { pinned: None }),
            Some(raw) => {
                let secs: f64 = raw.trim().parse().map_err(|_| {
                    Error::usage(format!("{}={raw:?} is not a number of seconds", env::NOW))
                        .hint("set it to a Unix time such as 1767225600, or unset it")
                })?;
                Ok(Clock::pinned((secs * 1000.0) as Millis))
            }
        }
    }

    /// A clock that always reads `millis`.
    pub const fn pinned(millis: Millis) -> Clock {
        Clock {
            pinned: Some(millis),
        }
    }

    /// The real clock.
    pub const fn system() -> Clock {
        Clock { pinned: None }
    }

    /// Now, in milliseconds since the epoch.
    pub fn now(&self) -> Millis {
        match self.pinned {
            Some(ms) => ms,
            None => SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .unwrap_or(Duration::ZERO)
                .as_millis() as Millis,
        }
    }
}

/// Formats a time as RFC 3339 in UTC, to the second.
pub fn rfc3339(ms: Millis) -> String {
    match jiff::Timestamp::from_millisecond(ms) {
        Ok(ts) => ts.strftime("%Y-%m-%dT%H:%M:%SZ").to_string(),
        Err(_) => format!("@{ms}ms"),
    }
}

/// A short human age such as "3m", "2h 5m" or "4d 1h".
pub fn human_duration(ms: Millis) -> String {
    let secs = (ms.max(0) / 1000) as u64;
    let (d, h, m, s) = (secs / 86_400, secs / 3600 % 24, secs / 60 % 60, secs % 60);
    match (d, h, m) {
        (0, 0, 0) => format!("{s}s"),
        (0, 0, _) => format!("{m}m"),
        (0, _, _) => format!("{h}h {m}m"),
        _ => format!("{d}d {h}h"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pinned_clock_reads_its_pin() {
        assert_eq!(Clock::pinned(42).now(), 42);
    }

    #[test]
    fn formats() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(human_duration(61_000), "1m");
        assert_eq!(human_duration(3_900_000), "1h 5m");
        assert_eq!(human_duration(90_000_000), "1d 1h");
    }
}
