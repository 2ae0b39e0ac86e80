// Package paddle is the rule set of PaddlePaddle's type promotion for
// binary operations, as Paddle 3 computes it (rules=code, the default) or
// as its auto type promotion guide documents it (rules=guide). It reads
// like rules/paddle/spec.md, which cites the source at each rule.
//
// # What Paddle computes (rules=code)
//
// Two tensors of one dtype need no promotion. Two dimensioned tensors of
// different dtypes promote only when both are floating point (float16,
// bfloat16, float32, float64) or either is complex, through promoteTypes,
// the PyTorch table restricted to Paddle's twelve types (bfloat16 with
// float16 is float32; complex64 with float64 is complex128); any other mix
// (int32 with int64, float32 with int32, float32 with bool) raises
// TypeError: (InvalidType) Type promotion only support calculations
// between floating-point numbers and between complex and real numbers.
// This has held since PaddlePaddle/Paddle PR #63842 (merged 2024-04-26,
// Paddle 3.0); Paddle 2.6 promoted floats in a few APIs only and aligned to
// the left tensor elsewhere, and is not modelled.
//
// A 0-d tensor (f32[]; a typed scalar such as f64(1.5) is one too) with a
// tensor of the same category (both integer, both floating point, both
// complex) takes the dimensioned tensor's dtype; with another category, or
// when both are 0-d, promoteTypes runs. A Python scalar follows the
// operator methods of eager_math_op_patch.cc: a float with an integer or
// bool tensor gives float32 (fixed, not the default dtype), an int with a
// bool tensor gives int64, a complex with a real tensor gives
// promoteTypes(tensor, complex64), and otherwise the scalar takes the
// tensor's dtype. Python scalars alone are Python arithmetic, typed as
// paddle.to_tensor types them (int64, float32, complex64, bool). No value
// is range-checked.
//
// # What the guide says (rules=guide)
//
// The guide's Tensor-to-Tensor table (float with float, complex with any
// real type; '-' elsewhere, refused) for every tensor whatever its rank,
// and its Tensor-to-Scalar table. It lists only the twelve types of the
// promotion table; float8 and uint16/32/64 are refused. The code agrees
// with it on dimensioned tensors and on scalars; they part on 0-d
// tensors.
//
// # N operands
//
// Paddle's promotion is binary: N operands fold left to right as a chain
// of binary operations, the running result being a 0-d tensor only when
// both of its operands were. The rules are those of add and the other
// operations in support_promotion_ops; divide, comparisons and the other
// op-specific results are op typing (spec.md).
package paddle
