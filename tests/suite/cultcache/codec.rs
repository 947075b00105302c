//! The bounded decoder and the reference-compatible encoder, marker by marker.

use wis::base::cultcache::encode::{Encoder, MAX_SAFE};
use wis::base::cultcache::{DecodeError, Decoder, Limits, Value, decode_one};

fn enc(f: impl FnOnce(&mut Encoder)) -> Vec<u8> {
    let mut e = Encoder::new();
    f(&mut e);
    e.into_bytes()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn integers_take_the_smallest_encoding() {
    let cases: [(u64, &str); 10] = [
        (0, "00"),
        (0x7f, "7f"),
        (0x80, "cc80"),
        (0xff, "ccff"),
        (0x100, "cd0100"),
        (0xffff, "cdffff"),
        (0x1_0000, "ce00010000"),
        (0xffff_ffff, "ceffffffff"),
        (0x1_0000_0000, "cf0000000100000000"),
        (MAX_SAFE, "cf001fffffffffffff"),
    ];
    for (n, want) in cases {
        assert_eq!(hex(&enc(|e| e.uint(n))), want, "{n}");
    }
    let negative: [(i64, &str); 9] = [
        (-1, "ff"),
        (-32, "e0"),
        (-33, "d0df"),
        (-128, "d080"),
        (-129, "d1ff7f"),
        (-32768, "d18000"),
        (-32769, "d2ffff7fff"),
        (-2_147_483_648, "d280000000"),
        (-2_147_483_649, "d3ffffffff7fffffff"),
    ];
    for (n, want) in negative {
        assert_eq!(hex(&enc(|e| e.int(n))), want, "{n}");
    }
}

#[test]
fn numbers_are_javascript_numbers() {
    assert_eq!(hex(&enc(|e| e.number(1.0))), "01");
    assert_eq!(hex(&enc(|e| e.number(-0.0))), "00");
    assert_eq!(hex(&enc(|e| e.number(-5.0))), "fb");
    assert_eq!(hex(&enc(|e| e.number(1.5))), "cb3ff8000000000000");
    assert_eq!(hex(&enc(|e| e.number(f64::NAN))), "cb7ff8000000000000");
    assert_eq!(hex(&enc(|e| e.number(f64::INFINITY))), "cb7ff0000000000000");
    // Past 2^53 an integer is no longer safe: float64, as the reference writes it.
    assert_eq!(hex(&enc(|e| e.uint(MAX_SAFE + 1))), "cb4340000000000000");
    assert_eq!(hex(&enc(|e| e.int(-(1 << 60)))), "cbc3b0000000000000");
}

#[test]
fn lengths_pick_their_headers() {
    // The first `n` bytes of an encoding, in hex.
    let head = |bytes: Vec<u8>, n: usize| hex(&bytes[..n.min(bytes.len())]);
    let s = |n: usize| enc(|e| e.str(&"a".repeat(n)).unwrap());
    assert_eq!(head(s(31), 1), "bf");
    assert_eq!(head(s(32), 2), "d920");
    assert_eq!(head(s(255), 2), "d9ff");
    assert_eq!(head(s(256), 3), "da0100");
    assert_eq!(head(s(0x1_0000), 5), "db00010000");
    let b = |n: usize| enc(|e| e.bin(&vec![0; n]).unwrap());
    assert_eq!(head(b(0), 9), "c400");
    assert_eq!(head(b(255), 2), "c4ff");
    assert_eq!(head(b(256), 3), "c50100");
    assert_eq!(head(b(0x1_0000), 5), "c600010000");
    assert_eq!(hex(&enc(|e| e.array_len(15).unwrap())), "9f");
    assert_eq!(hex(&enc(|e| e.array_len(16).unwrap())), "dc0010");
    assert_eq!(hex(&enc(|e| e.array_len(0x1_0000).unwrap())), "dd00010000");
    assert_eq!(hex(&enc(|e| e.map_len(15).unwrap())), "8f");
    assert_eq!(hex(&enc(|e| e.map_len(16).unwrap())), "de0010");
    assert_eq!(hex(&enc(|e| e.ext(3, &[9]).unwrap())), "d40309");
    assert_eq!(head(enc(|e| e.ext(3, &[9; 16]).unwrap()), 2), "d803");
    assert_eq!(hex(&enc(|e| e.ext(3, &[9; 3]).unwrap())), "c70303090909");
}

#[test]
fn every_marker_decodes() {
    let cases: Vec<(&str, Value)> = vec![
        ("c0", Value::Nil),
        ("c2", Value::Bool(false)),
        ("c3", Value::Bool(true)),
        ("05", Value::UInt(5)),
        ("e0", Value::Int(-32)),
        ("cc80", Value::UInt(0x80)),
        ("cd0100", Value::UInt(0x100)),
        ("ce00010000", Value::UInt(0x1_0000)),
        ("cfffffffffffffffff", Value::UInt(u64::MAX)),
        ("d005", Value::UInt(5)),
        ("d0ff", Value::Int(-1)),
        ("d1ff7f", Value::Int(-129)),
        ("d2ffff7fff", Value::Int(-32769)),
        ("d38000000000000000", Value::Int(i64::MIN)),
        ("ca3fc00000", Value::F32(1.5)),
        ("cb3ff8000000000000", Value::F64(1.5)),
        ("a26869", Value::Str("hi")),
        ("d9026869", Value::Str("hi")),
        ("da00026869", Value::Str("hi")),
        ("db000000026869", Value::Str("hi")),
        ("c4020102", Value::Bin(&[1, 2])),
        ("c500020102", Value::Bin(&[1, 2])),
        ("c6000000020102", Value::Bin(&[1, 2])),
        ("d40501", Value::Ext(5, &[1])),
        ("d5050102", Value::Ext(5, &[1, 2])),
        ("c7020501 02", Value::Ext(5, &[1, 2])),
        ("c800020501 02", Value::Ext(5, &[1, 2])),
        ("c90000000205 0102", Value::Ext(5, &[1, 2])),
        ("920102", Value::Array(vec![Value::UInt(1), Value::UInt(2)])),
        ("dc000101", Value::Array(vec![Value::UInt(1)])),
        ("dd0000000101", Value::Array(vec![Value::UInt(1)])),
        (
            "81a16101",
            Value::Map(vec![(Value::Str("a"), Value::UInt(1))]),
        ),
        (
            "de0001a16101",
            Value::Map(vec![(Value::Str("a"), Value::UInt(1))]),
        ),
        (
            "df00000001a16101",
            Value::Map(vec![(Value::Str("a"), Value::UInt(1))]),
        ),
    ];
    for (text, want) in cases {
        let text = text.replace(' ', "");
        let bytes: Vec<u8> = (0..text.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&text[i..i + 2], 16).unwrap())
            .collect();
        assert_eq!(decode_one(&bytes).unwrap(), want, "{text}");
    }
}

#[test]
fn length_prefixes_are_checked_before_anything_is_allocated() {
    let claims: [&[u8]; 6] = [
        &[0xdd, 0xff, 0xff, 0xff, 0xff],
        &[0xdf, 0xff, 0xff, 0xff, 0xff],
        &[0xc6, 0xff, 0xff, 0xff, 0xff],
        &[0xdb, 0xff, 0xff, 0xff, 0xff],
        &[0xc9, 0xff, 0xff, 0xff, 0xff, 0x01],
        &[0xdc, 0x00, 0x03, 0xc0, 0xc0],
    ];
    for bytes in claims {
        assert!(
            matches!(decode_one(bytes), Err(DecodeError::Truncated { .. })),
            "{bytes:02x?}"
        );
    }
}

#[test]
fn nesting_stops_at_the_depth_limit() {
    let nest = |n: usize| {
        let mut b = vec![0x91; n];
        b.push(0xc0);
        b
    };
    assert!(decode_one(&nest(100)).is_ok());
    assert!(matches!(
        decode_one(&nest(101)),
        Err(DecodeError::TooDeep { limit: 100, .. })
    ));
    assert!(matches!(
        decode_one(&nest(10_000)),
        Err(DecodeError::TooDeep { .. })
    ));
}

#[test]
fn the_value_budget_bounds_one_item() {
    let mut bytes = vec![0xdc, 0x00, 20];
    bytes.extend([0xc0; 20]);
    let mut small = Decoder::with_limits(
        &bytes,
        Limits {
            depth: 64,
            values: 10,
        },
    );
    assert!(matches!(small.value(), Err(DecodeError::TooMany { .. })));
    assert_eq!(decode_one(&bytes).unwrap().as_array().unwrap().len(), 20);
}

#[test]
fn bad_bytes_are_named() {
    assert!(matches!(
        decode_one(&[0xc1]),
        Err(DecodeError::Reserved { at: 0 })
    ));
    assert!(matches!(
        decode_one(&[0xa2, 0xff, 0xfe]),
        Err(DecodeError::Utf8 { at: 0 })
    ));
    assert!(matches!(
        decode_one(&[0xc0, 0xc0]),
        Err(DecodeError::Trailing { at: 1, left: 1 })
    ));
    assert!(matches!(
        decode_one(&[]),
        Err(DecodeError::Truncated { .. })
    ));
}
