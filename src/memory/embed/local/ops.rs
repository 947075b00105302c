//! The numeric pieces of the encoder: a checked matrix multiply over strided views, the
//! linear layer, layer normalisation, the exact (erf) GELU and a row softmax.
//!
//! The multiply is `matrixmultiply::sgemm`: pure Rust, blocked for the cache, with the widest
//! vector unit the CPU offers chosen at run time (AVX2/FMA, AVX-512, NEON), so one build runs
//! fast on any x86-64 or ARM machine without a BLAS to install. It takes raw pointers and
//! strides; [`gemm`] is the one place that calls it, after checking that every element the
//! strides reach lies inside its slice.

/// A matrix view: `rows × cols` elements of a slice, element `(i, j)` at `i * rs + j * cs`.
#[derive(Debug, Clone, Copy)]
pub struct View {
    pub rows: usize,
    pub cols: usize,
    pub rs: usize,
    pub cs: usize,
}

impl View {
    /// A contiguous row-major matrix.
    pub fn rows(rows: usize, cols: usize) -> View {
        View {
            rows,
            cols,
            rs: cols,
            cs: 1,
        }
    }

    /// Its transpose (the same elements).
    pub fn t(self) -> View {
        View {
            rows: self.cols,
            cols: self.rows,
            rs: self.cs,
            cs: self.rs,
        }
    }

    /// Whether every element lies inside a slice of `len`.
    fn fits(&self, len: usize) -> bool {
        if self.rows == 0 || self.cols == 0 {
            return true;
        }
        let last = (self.rows - 1)
            .checked_mul(self.rs)
            .zip((self.cols - 1).checked_mul(self.cs))
            .and_then(|(a, b)| a.checked_add(b));
        last.is_some_and(|last| last < len)
    }
}

/// `c = alpha · a · b + beta · c` over views of slices.
///
/// # Panics
/// When the shapes disagree or a view reaches outside its slice (a bug in the caller).
#[allow(clippy::too_many_arguments)]
pub fn gemm(
    alpha: f32,
    a: &[f32],
    va: View,
    b: &[f32],
    vb: View,
    beta: f32,
    c: &mut [f32],
    vc: View,
) {
    assert!(
        va.cols == vb.rows && va.rows == vc.rows && vb.cols == vc.cols,
        "gemm shapes"
    );
    assert!(
        va.fits(a.len()) && vb.fits(b.len()) && vc.fits(c.len()),
        "gemm bounds"
    );
    let stride = |s: usize| isize::try_from(s).expect("a stride fits isize");
    // SAFETY: the asserts above check that every element each view addresses lies inside its
    // slice, and `c` is borrowed mutably, so it aliases neither `a` nor `b`. sgemm reads and
    // writes only the elements the dimensions and strides address.
    unsafe {
        matrixmultiply::sgemm(
            va.rows,
            va.cols,
            vb.cols,
            alpha,
            a.as_ptr(),
            stride(va.rs),
            stride(va.cs),
            b.as_ptr(),
            stride(vb.rs),
            stride(vb.cs),
            beta,
            c.as_mut_ptr(),
            stride(vc.rs),
            stride(vc.cs),
        );
    }
}

/// `x · wᵀ + bias` for `rows` inputs of `n_in` values, `w` stored `n_out × n_in` (the layout
/// the checkpoint keeps); returns `rows × n_out`.
pub fn linear(x: &[f32], rows: usize, n_in: usize, w: &[f32], bias: &[f32]) -> Vec<f32> {
    let n_out = bias.len();
    let mut y = Vec::with_capacity(rows * n_out);
    for _ in 0..rows {
        y.extend_from_slice(bias);
    }
    gemm(
        1.0,
        x,
        View::rows(rows, n_in),
        w,
        View::rows(n_out, n_in).t(),
        1.0,
        &mut y,
        View::rows(rows, n_out),
    );
    y
}

/// Normalises each row of `x` (of `gain.len()` values) to zero mean and unit variance, then
/// scales and shifts it.
pub fn layer_norm(x: &mut [f32], gain: &[f32], shift: &[f32], eps: f32) {
    let n = gain.len();
    for row in x.chunks_exact_mut(n) {
        let mean = row.iter().map(|v| f64::from(*v)).sum::<f64>() / n as f64;
        let var = row
            .iter()
            .map(|v| (f64::from(*v) - mean).powi(2))
            .sum::<f64>()
            / n as f64;
        let inv = 1.0 / (var + f64::from(eps)).sqrt();
        for ((v, g), s) in row.iter_mut().zip(gain).zip(shift) {
            *v = ((f64::from(*v) - mean) * inv) as f32 * g + s;
        }
    }
}

/// The error function, within 1.5e-7 everywhere before rounding to f32 (Abramowitz and
/// Stegun 7.1.26; the coefficients as published, though f32 keeps fewer digits).
#[allow(clippy::excessive_precision)]
pub fn erf(x: f32) -> f32 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let y = 1.0 - poly * (-x * x).exp();
    if x < 0.0 { -y } else { y }
}

/// GELU in its exact form, `x · Φ(x)`, applied in place.
pub fn gelu(x: &mut [f32]) {
    for v in x {
        *v *= 0.5 * (1.0 + erf(*v * std::f32::consts::FRAC_1_SQRT_2));
    }
}

/// Each row of `x` (of `n` values) turned into probabilities.
pub fn softmax_rows(x: &mut [f32], n: usize) {
    for row in x.chunks_exact_mut(n) {
        let max = row.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let mut sum = 0.0f32;
        for v in row.iter_mut() {
            *v = (*v - max).exp();
            sum += *v;
        }
        for v in row.iter_mut() {
            *v /= sum;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gemm_multiplies_strided_views() {
        // a = [[1,2,3],[4,5,6]], b = aᵀ: a·aᵀ = [[14,32],[32,77]].
        let a = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0];
        let mut c = [1.0; 4];
        gemm(
            1.0,
            &a,
            View::rows(2, 3),
            &a,
            View::rows(2, 3).t(),
            0.5,
            &mut c,
            View::rows(2, 2),
        );
        assert_eq!(c, [14.5, 32.5, 32.5, 77.5]);
    }

    #[test]
    #[should_panic(expected = "gemm bounds")]
    fn a_view_past_its_slice_is_refused() {
        let a = [1.0; 5];
        let mut c = [0.0; 4];
        gemm(
            1.0,
            &a,
            View::rows(2, 3),
            &a,
            View::rows(3, 2),
            0.0,
            &mut c,
            View::rows(2, 2),
        );
    }

    #[test]
    fn linear_uses_the_checkpoint_layout() {
        // w = [[1,0],[0,2],[1,1]] (3 outputs of 2 inputs), bias = [0, 1, -1].
        let y = linear(
            &[3.0, 4.0],
            1,
            2,
            &[1.0, 0.0, 0.0, 2.0, 1.0, 1.0],
            &[0.0, 1.0, -1.0],
        );
        assert_eq!(y, [3.0, 9.0, 6.0]);
    }

    #[test]
    #[allow(clippy::excessive_precision)]
    fn layer_norm_gelu_erf_and_softmax_hold_their_definitions() {
        let mut x = [1.0, 2.0, 3.0, 4.0];
        layer_norm(&mut x, &[1.0; 4], &[0.5; 4], 1e-12);
        let want = [-1.341_640_8, -0.447_213_6, 0.447_213_6, 1.341_640_8];
        for (v, w) in x.iter().zip(want) {
            assert!((v - 0.5 - w).abs() < 1e-6, "{x:?}");
        }
        for (z, want) in [
            (0.0, 0.0),
            (0.5, 0.520_499_88),
            (1.0, 0.842_700_79),
            (-2.0, -0.995_322_27),
        ] {
            assert!((erf(z) - want).abs() < 4e-7, "erf({z}) = {}", erf(z));
        }
        let mut g = [-1.0, 0.0, 1.0];
        gelu(&mut g);
        assert!(
            (g[0] + 0.158_655_25).abs() < 1e-6 && g[1] == 0.0 && (g[2] - 0.841_344_75).abs() < 1e-6
        );
        let mut p = [1.0, 2.0, 3.0, 1000.0, 1000.0, 1000.0];
        softmax_rows(&mut p, 3);
        assert!((p[0] - 0.090_030_57).abs() < 1e-6 && (p[2] - 0.665_240_94).abs() < 1e-6);
        assert!(p[3..].iter().all(|v| (v - 1.0 / 3.0).abs() < 1e-6));
    }
}
