// Package tinygrad is the rule set of tinygrad's type promotion:
// least_upper_dtype over promo_lattice, the lowest dtype (by DType order:
// priority, then bitsize, then name) among those every operand promotes to.
// It reads like rules/tinygrad/spec.md, which cites the source at each
// rule.
//
// Sources: tinygrad/tinygrad @ a9069c17 (the newest stored commit,
// 2026-08-22) tinygrad/dtype.py (class DTypes, promo_lattice,
// least_upper_dtype, from_py, weak_dtype, strong_dtype),
// tinygrad/mixin/elementwise.py (_broadcasted), tinygrad/uop/ops.py
// (dtype_from_uop), and the tags v0.13.0, v0.12.0 and v0.11.0 for the
// older lattices; tests test/null/test_dtype_spec.py (TestTypePromotion,
// TestAutoCastType) and test/unit/test_dtype_weak.py.
//
// # Versions
//
// The lattice has changed at almost every release, so the version option
// selects one:
//
//   - head: bool -> weakint -> int8, uint8; int64 and uint64 -> weakfloat
//     -> every fp8 -> float16, bfloat16 -> float32 -> float64. Python ints
//     and floats are weak consts (weakint, weakfloat), so int32 + 2.5 is a
//     weak float and bool + 2 a weak int.
//   - 0.13: weakint exists (for indexing) but Python scalars are not weak;
//     int64 -> uint64, so int64 + uint64 is uint64.
//   - 0.12: int64 and uint64 -> fp8e4m3, fp8e5m2, so int64 + uint64 is
//     fp8e4m3.
//   - 0.11 (and 0.9, 0.10): int64, uint64 and the fp8 types -> float16,
//     bfloat16, so int64 + uint64 is float16.
//
// # Weak results
//
// weakint and weakfloat have no width: a weak result prints as the dtype
// it is stored as when materialised (strong_dtype), DEFAULT_INT (i32) or
// DEFAULT_FLOAT (f32), with a ?. A weak operand (i8?, f16?) is tinygrad's
// weak dtype of its kind (weak_dtype), whatever its written width; there is
// no weak bool.
//
// # Operands
//
// Rank never matters. A typed scalar such as f64(1.5) is a strong 0-d
// tensor, Tensor(1.5, dtype=dtypes.float64) (promote's reading). Python
// literals: at head a bool is bool, an int weakint, a float weakfloat; in
// 0.11 to 0.13 a scalar takes the tensor's dtype when the tensor is a
// float, or an int and the scalar an int or bool, and is otherwise
// from_py's bool, int32 or DEFAULT_FLOAT joined with the tensor. No value
// is ever range-checked. A Python complex has no dtype (tinygrad has no
// complex types).
//
// # N operands
//
// At head every operand is a lattice node and the answer is
// least_upper_dtype over the set, as Tensor.stack, where and cat of equal
// sizes compute it. That set is not a left fold: stack(fp8e4m3, fp8e5m2,
// bfloat16) is bfloat16 while (fp8e4m3 + fp8e5m2) + bfloat16 is float32
// (TestSetIsNotAFold counts the triples). In 0.11 to 0.13 the tensors are
// joined as a set and each Python scalar then meets the running result in
// order, as a chain of binary operations would (promote's choice; a binary
// operation is exact).
package tinygrad
