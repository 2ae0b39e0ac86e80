// Package convert converts values exactly between every pair of dtypes of
// the catalogue: bool, the integers (sub-byte ones included), every float
// format (f4, f6, f8, e8m0, f16, bf16, f32, f64, the x87 extended f80)
// and complex (c32, bc32, c64, c128, c160).
//
// Every conversion starts from the exact value of the source and rounds
// once into the destination, never through an intermediate format (unless
// a Policy reproduces a system that does: the OpenVINO quirks). Scalar
// converts one element and reports how the result compares with the
// source (big.Below, big.Exact, big.Above); Buffer and Slice convert
// contiguous little-endian buffers, splitting large ones across
// goroutines and using the slice kernels of convert/internal/kernels for
// the hot pairs under the default policy; FromDecimal converts a decimal
// number exactly; Text prints a result's shortest decimal.
//
// The rules, edge by edge, are those of the package's spec.md, "The
// default policy", with the sources it cites (IEEE 754-2019, OCP OFP8 rev
// 1.0, OCP MX v1.0, ml_dtypes v0.6.0). Policy names every choice; the
// presets reproduce a system's conversions byte for byte: "openvino"
// (Convert-1 in OpenVINO core, spec.md "OpenVINO"), "kernel-float"
// (spec.md "kernel_float"), "torch-cuda" and "torch-cpu" (PyTorch's
// Tensor.to on each device, spec.md "PyTorch") and "ml-dtypes" (NumPy's
// astype with ml_dtypes' types, spec.md "ml_dtypes through NumPy"); the
// last three are checked against every element of a live run
// (testdata/systems.tsv).
//
// Choices where no specification decides (spec.md's open cases), all
// also documented at the code that implements them:
//
//   - NaN into f4/f6 (no NaN): +NaN gives the -0 pattern and -NaN +0, as
//     ml_dtypes does (NoNaNFlippedZero); NoNaNZero and NoNaNError exist.
//   - e8m0 below 2^-126: 0 < x ≤ 2^-127 gives 0x00 and 2^-127 < x < 2^-126
//     gives 0x01, as ml_dtypes does; ties (1.5·2^k) go up; ±0, negatives,
//     ±inf and NaN give NaN 0xff.
//   - A NaN from a format with a single NaN encoding (fn, fnuz, e8m0)
//     carries no payload: it becomes the destination's quiet NaN with the
//     source's sign (fnuz 0x80 negative, e8m0 0xff positive).
//   - Converting to the same dtype copies the pattern (no quieting).
//   - Accuracy orders -NaN < -inf < finite < +inf < +NaN (see Scalar).
//   - Under TowardZero a finite value never overflows to inf or NaN: it
//     saturates (IEEE 754-2019 §7.4).
//   - Bool sources: any non-zero byte is true.
//   - f80's non-canonical encodings (Intel SDM Vol. 1 §8.2.2) decode as a
//     current x87 FPU reads them as operands: a pseudo-denormal is its
//     value (its exponent read as 1); a pseudo-NaN, pseudo-infinity or
//     unnormal is the QNaN floating-point indefinite (negative, quiet, no
//     payload). Results are always canonical. Patterns wider than 64 bits
//     use Pattern.ReHi and ImHi; buffers lay f80 out as x86-64 does, 10
//     bytes of pattern and 6 of zero padding (Float80, Complex160).
package convert
