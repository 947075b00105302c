//! What the creature knows of a watched file: it read the file (`read_file`, or a command
//! naming it) or made it since the file last changed. The overwrite scar asks this of what an
//! action destroyed.

use super::History;
use super::state::{Change, RelPath, Seen};

/// Bytes that may sit around a path's name in a command that names it.
fn name_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'-')
}

/// Whether `command` names `path`: its whole relative path, or its file name as a word.
pub fn names(command: &[u8], path: &[u8]) -> bool {
    let contains =
        |needle: &[u8]| !needle.is_empty() && command.windows(needle.len()).any(|w| w == needle);
    if path.contains(&b'/') && contains(path) {
        return true;
    }
    let name = path.rsplit(|&c| c == b'/').next().unwrap_or(path);
    if name.is_empty() {
        return false;
    }
    command.windows(name.len()).enumerate().any(|(i, w)| {
        w == name
            && (i == 0 || !name_byte(command[i - 1]))
            && command.get(i + name.len()).is_none_or(|&c| !name_byte(c))
    })
}

impl History {
    /// The creature read `path`: it knows what the file holds now.
    pub fn mark_read(&mut self, path: &[u8]) {
        if let Some(seen) = self.state.get(path).filter(|s| !s.known) {
            let seen = Seen {
                known: true,
                ..seen.clone()
            };
            self.state.apply(Change::Seen(path.to_vec(), seen));
        }
    }

    /// A command ran: every watched file it names counts as read.
    pub fn mark_named(&mut self, command: &str) {
        let named: Vec<RelPath> = self
            .state
            .seen
            .iter()
            .filter(|(p, s)| !s.known && names(command.as_bytes(), p))
            .map(|(p, _)| p.to_vec())
            .collect();
        for path in named {
            self.mark_read(&path);
        }
    }
}
