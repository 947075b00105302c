//! Sizes of GGUF value types and GGML tensor types (from `ggml.h` / `ggml-common.h`).

/// (type id, name, elements per block, bytes per block) for every tensor type GGUF files use.
const TENSOR_TYPES: &[(u32, &str, u64, u64)] = &[
    (0, "F32", 1, 4),
    (1, "F16", 1, 2),
    (2, "Q4_0", 32, 18),
    (3, "Q4_1", 32, 20),
    (6, "Q5_0", 32, 22),
    (7, "Q5_1", 32, 24),
    (8, "Q8_0", 32, 34),
    (9, "Q8_1", 32, 36),
    (10, "Q2_K", 256, 84),
    (11, "Q3_K", 256, 110),
    (12, "Q4_K", 256, 144),
    (13, "Q5_K", 256, 176),
    (14, "Q6_K", 256, 210),
    (15, "Q8_K", 256, 292),
    (16, "IQ2_XXS", 256, 66),
    (17, "IQ2_XS", 256, 74),
    (18, "IQ3_XXS", 256, 98),
    (19, "IQ1_S", 256, 50),
    (20, "IQ4_NL", 32, 18),
    (21, "IQ3_S", 256, 110),
    (22, "IQ2_S", 256, 82),
    (23, "IQ4_XS", 256, 136),
    (24, "I8", 1, 1),
    (25, "I16", 1, 2),
    (26, "I32", 1, 4),
    (27, "I64", 1, 8),
    (28, "F64", 1, 8),
    (29, "IQ1_M", 256, 56),
    (30, "BF16", 1, 2),
    (34, "TQ1_0", 256, 54),
    (35, "TQ2_0", 256, 66),
    (39, "MXFP4", 32, 17),
    (40, "NVFP4", 64, 36),
    (41, "Q1_0", 128, 18),
    (42, "Q2_0", 64, 18),
];

/// Bytes of one metadata value of a fixed-size type; `None` for strings and arrays.
pub(super) fn fixed_size(ty: u32) -> Option<u64> {
    match ty {
        0 | 1 | 7 => Some(1),
        2 | 3 => Some(2),
        4..=6 => Some(4),
        10..=12 => Some(8),
        _ => None,
    }
}

/// Bytes a tensor of this type and shape takes, checked for overflow and block alignment.
pub(super) fn tensor_bytes(ty: u32, shape: &[u64; 4]) -> Result<u64, String> {
    let &(_, name, block, size) = TENSOR_TYPES
        .iter()
        .find(|(id, ..)| *id == ty)
        .ok_or_else(|| format!("unknown tensor type {ty}"))?;
    if shape.iter().any(|&d| d > i64::MAX as u64) {
        return Err(format!("dimension out of range in {shape:?}"));
    }
    if shape[0] % block != 0 {
        return Err(format!(
            "first dimension {} is not a multiple of {name}'s block of {block}",
            shape[0]
        ));
    }
    let row = (shape[0] / block)
        .checked_mul(size)
        .ok_or_else(|| format!("shape {shape:?} overflows"))?;
    shape[1..]
        .iter()
        .try_fold(row, |acc, &d| acc.checked_mul(d))
        .filter(|&b| b <= i64::MAX as u64)
        .ok_or_else(|| format!("shape {shape:?} overflows"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantized_rows_are_whole_blocks() {
        assert_eq!(tensor_bytes(12, &[512, 2, 1, 1]), Ok(2 * 2 * 144));
        assert!(tensor_bytes(12, &[100, 1, 1, 1]).is_err());
        assert_eq!(tensor_bytes(0, &[3, 5, 1, 1]), Ok(60));
    }

    #[test]
    fn overflowing_shapes_and_unknown_types_are_refused() {
        assert!(tensor_bytes(0, &[u64::MAX / 2, u64::MAX / 2, 1, 1]).is_err());
        assert!(tensor_bytes(4, &[1, 1, 1, 1]).is_err());
    }
}
