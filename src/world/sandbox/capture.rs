//! Bounded capture of a command's output: a head and a tail of fixed size and a count of
//! everything seen, so a flood costs no memory and the creature still sees how it began and
//! how it ended.

use std::collections::VecDeque;

use crate::creature::normalize_output;

/// Output kept as a head and a tail of bounded size, and a count of everything seen.
pub struct Captured {
    head: Vec<u8>,
    tail: VecDeque<u8>,
    head_keep: usize,
    tail_keep: usize,
    pub total: u64,
}

impl Captured {
    pub fn new(max_chars: usize) -> Captured {
        let head_keep = max_chars * 2 / 3;
        Captured {
            head: Vec::new(),
            tail: VecDeque::new(),
            head_keep,
            tail_keep: max_chars - head_keep,
            total: 0,
        }
    }

    pub fn push(&mut self, mut buf: &[u8]) {
        self.total += buf.len() as u64;
        let room = self.head_keep - self.head.len();
        let take = room.min(buf.len());
        self.head.extend_from_slice(&buf[..take]);
        buf = &buf[take..];
        if buf.len() >= self.tail_keep {
            self.tail.clear();
            buf = &buf[buf.len() - self.tail_keep..];
        }
        self.tail.extend(buf);
        let excess = self.tail.len().saturating_sub(self.tail_keep);
        self.tail.drain(..excess);
    }

    /// Normalized text of at most about `max_chars` characters; a cut says how many bytes.
    pub fn render(&self, max_chars: usize) -> String {
        let tail: Vec<u8> = self.tail.iter().copied().collect();
        let kept = (self.head.len() + tail.len()) as u64;
        if kept == self.total {
            let mut all = self.head.clone();
            all.extend_from_slice(&tail);
            return normalize_output(&all, max_chars);
        }
        let head = normalize_output(utf8_prefix(&self.head), max_chars);
        let tail = normalize_output(utf8_suffix(&tail), max_chars);
        format!(
            "{head}\n[... {} bytes cut ...]\n{}",
            self.total - kept,
            tail.trim_start_matches('\n')
        )
    }
}

/// Drops a multi-byte character cut off at the end.
fn utf8_prefix(b: &[u8]) -> &[u8] {
    match std::str::from_utf8(b) {
        Err(e) if e.error_len().is_none() => &b[..e.valid_up_to()],
        _ => b,
    }
}

/// Drops continuation bytes of a character cut off at the start.
fn utf8_suffix(b: &[u8]) -> &[u8] {
    let skip = b.iter().take(3).take_while(|&&c| c & 0xC0 == 0x80).count();
    &b[skip..]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capture_keeps_head_and_tail_and_counts_the_cut() {
        let mut c = Captured::new(90);
        c.push(b"short");
        assert_eq!(c.render(90), "short");
        let mut c = Captured::new(90);
        for i in 0..10_000 {
            c.push(format!("{i}\n").as_bytes());
        }
        let text = c.render(90);
        assert!(text.starts_with("0\n1\n2\n"), "{text}");
        assert!(text.ends_with("9998\n9999"), "{text}");
        let kept = 90;
        assert!(text.contains(&format!("[... {} bytes cut ...]", c.total - kept)));
        assert!(text.chars().count() < 140);
    }

    #[test]
    fn a_character_split_at_the_cut_is_dropped_not_mangled() {
        assert_eq!(utf8_prefix("aé".as_bytes()[..2].as_ref()), b"a");
        assert_eq!(utf8_suffix(&"éb".as_bytes()[1..]), b"b");
        assert_eq!(utf8_prefix(b"ok"), b"ok");
    }
}
