use super::*;
use crate::base::exit::Kind;

/// Builds a small GGUF file: metadata entries, then tensor records, then the data.
struct Builder {
    version: u32,
    kv: Vec<u8>,
    n_kv: u64,
    tensors: Vec<u8>,
    n_tensors: u64,
    data: Vec<u8>,
}

impl Builder {
    fn new() -> Builder {
        Builder {
            version: 3,
            kv: Vec::new(),
            n_kv: 0,
            tensors: Vec::new(),
            n_tensors: 0,
            data: Vec::new(),
        }
    }

    fn string(out: &mut Vec<u8>, s: &str) {
        out.extend((s.len() as u64).to_le_bytes());
        out.extend(s.as_bytes());
    }

    fn kv_str(mut self, key: &str, value: &str) -> Builder {
        Self::string(&mut self.kv, key);
        self.kv.extend(8u32.to_le_bytes());
        Self::string(&mut self.kv, value);
        self.n_kv += 1;
        self
    }

    fn kv_u32_array(mut self, key: &str, values: &[u32]) -> Builder {
        Self::string(&mut self.kv, key);
        self.kv.extend(9u32.to_le_bytes());
        self.kv.extend(4u32.to_le_bytes());
        self.kv.extend((values.len() as u64).to_le_bytes());
        values.iter().for_each(|v| self.kv.extend(v.to_le_bytes()));
        self.n_kv += 1;
        self
    }

    /// An F32 tensor of `n` elements, its data appended (32-byte aligned).
    fn tensor_f32(mut self, name: &str, n: u64) -> Builder {
        let offset = self.data.len() as u64;
        Self::string(&mut self.tensors, name);
        self.tensors.extend(1u32.to_le_bytes());
        self.tensors.extend(n.to_le_bytes());
        self.tensors.extend(0u32.to_le_bytes());
        self.tensors.extend(offset.to_le_bytes());
        self.data.extend(std::iter::repeat_n(0u8, (n * 4) as usize));
        while self.data.len() % 32 != 0 {
            self.data.push(0);
        }
        self.n_tensors += 1;
        self
    }

    fn bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend(self.version.to_le_bytes());
        out.extend(self.n_tensors.to_le_bytes());
        out.extend(self.n_kv.to_le_bytes());
        out.extend(&self.kv);
        out.extend(&self.tensors);
        while out.len() % 32 != 0 {
            out.push(0);
        }
        out.extend(&self.data);
        out
    }
}

fn sample() -> Builder {
    Builder::new()
        .kv_str("general.architecture", "gemma3")
        .kv_str("general.name", "tiny")
        .kv_u32_array("tokenizer.ggml.token_type", &[1, 2, 3])
        .tensor_f32("a.weight", 8)
        .tensor_f32("b.weight", 3)
}

fn check_bytes(bytes: &[u8]) -> Result<Summary> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("model.gguf");
    std::fs::write(&path, bytes).unwrap();
    check(&path)
}

fn refused(bytes: &[u8], words: &str) {
    let err = check_bytes(bytes).expect_err("a broken file must be refused");
    assert_eq!(err.kind, Kind::Data, "{}", err.message);
    assert!(
        err.message.contains(words),
        "{:?} lacks {words:?}",
        err.message
    );
    assert!(err.hint.is_some());
}

#[test]
fn a_well_formed_file_passes_and_is_summarised() {
    let summary = check_bytes(&sample().bytes()).unwrap();
    assert_eq!(summary.version, 3);
    assert_eq!(summary.tensors, 2);
    assert_eq!(summary.metadata, 3);
    assert_eq!(summary.architecture.as_deref(), Some("gemma3"));
    assert_eq!(summary.name.as_deref(), Some("tiny"));
}

#[test]
fn wrong_magic_and_version_are_refused() {
    refused(b"PK\x03\x04 this is a zip file, not a model", "GGUF magic");
    refused(b"", "ends inside the magic");
    let mut old = sample();
    old.version = 1;
    refused(&old.bytes(), "version 1");
}

#[test]
fn truncation_anywhere_is_refused() {
    let whole = sample().bytes();
    // The last 32 bytes are b.weight's 12 bytes of data and 20 of padding.
    for cut in [6, 20, 40, 90, whole.len() - 40, whole.len() - 21] {
        let err = check_bytes(&whole[..cut]).expect_err("truncated");
        assert_eq!(err.kind, Kind::Data);
        assert!(
            err.message.contains("truncated"),
            "cut {cut}: {}",
            err.message
        );
    }
}

#[test]
fn absurd_counts_are_refused_without_allocating() {
    let mut bytes = MAGIC.to_vec();
    bytes.extend(3u32.to_le_bytes());
    bytes.extend(u64::MAX.to_le_bytes());
    bytes.extend(u64::MAX.to_le_bytes());
    refused(&bytes, "cannot fit");
    // A string claiming 2^62 bytes.
    let mut b = sample();
    b.kv = Vec::new();
    Builder::string(&mut b.kv, "k");
    b.kv.extend(8u32.to_le_bytes());
    b.kv.extend((1u64 << 62).to_le_bytes());
    b.n_kv = 1;
    refused(&b.bytes(), "cannot fit");
}

#[test]
fn bad_tensor_records_are_refused() {
    let mut b = sample();
    // Rewrite the first tensor's type (after its name, dims and shape) to an unknown one.
    let at = 8 + "a.weight".len() + 4 + 8;
    b.tensors[at..at + 4].copy_from_slice(&99u32.to_le_bytes());
    refused(&b.bytes(), "unknown tensor type 99");
    let mut b = sample();
    let at = 8 + "a.weight".len();
    b.tensors[at..at + 4].copy_from_slice(&7u32.to_le_bytes());
    refused(&b.bytes(), "7 dimensions");
}

#[test]
fn a_missing_file_is_no_input() {
    let err = check(Path::new("/nonexistent/model.gguf")).unwrap_err();
    assert_eq!(err.kind, Kind::NoInput);
}
