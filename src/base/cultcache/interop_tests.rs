//! The file contract with the reference library (docs/cultcache.md) where it needs no
//! document type: a failing read's hint, and file names a projection directory may not use.
//! The rest of the contract is tested against wis's own types in the integration suite
//! (`tests/suite/cultcache/interop.rs`).

use super::outdir::safe_name;
use super::read::ReadError;
use crate::base::exit::Error;

#[test]
fn a_failing_verify_does_not_say_to_run_verify() {
    for e in [
        ReadError::Catalog("catalog entry 0: not an array".into()),
        ReadError::Record {
            index: 0,
            key: None,
            why: "a record is not an array".into(),
        },
        ReadError::Trailing { at: 10, left: 1 },
        ReadError::NotCultCache("x".into()),
    ] {
        let err = Error::from(e);
        let hint = err.hint.unwrap_or_default();
        assert!(!hint.contains("verify"), "{}: {hint}", err.message);
    }
}

#[test]
fn windows_reserved_names_are_escaped() {
    for (raw, safe) in [
        ("CON", "%43ON"),
        ("con", "%63on"),
        ("Aux.txt", "%41ux.txt"),
        ("nul", "%6Eul"),
        ("COM1", "%43OM1"),
        ("lpt9", "%6Cpt9"),
        ("PRN.a.b", "%50RN.a.b"),
    ] {
        assert_eq!(safe_name(raw), safe, "{raw}");
    }
    for plain in ["CONSOLE", "COM", "LPT10", "icon", "self", "__global__"] {
        assert_eq!(safe_name(plain), plain);
    }
}
