// Package pytorch is the rule set of PyTorch: torch.promote_types over
// every dtype PyTorch shares with promote's catalogue, and torch.result_type
// (the common dtype of TensorIterator ops) with its three slots for
// dimensioned tensors, zero-dim tensors and Python scalars.
//
// # Versions
//
// The version option picks the PyTorch release: every minor release from
// 1.13 to 2.14 (the default). Each knows its own dtypes, promoteTypes and
// toComplexType, and how it reads a Python int past int64 (versions.md is
// the spec, with the pull request behind each change):
//
//   - 1.13 and 2.0 have the 13 classic dtypes only; promoteTypes is one
//     lookup in a table indexed by ScalarType; a Python int outside int64
//     is a RuntimeError, "Overflow when unpacking long" (until 2.3).
//   - 2.1 adds float8_e5m2 and float8_e4m3fn to the table: they mix with
//     the other dtypes (float8_e5m2 + float32 is float32).
//   - 2.2 adds the fnuz Float8 types and the steps: same dtype first, then
//     Float8 never mixes.
//   - 2.3 adds uint16/32/64 and uint1-7, which promote only with a
//     floating type (which wins), and the uint64 Scalar for a Python int
//     in [2^63, 2^64).
//   - 2.6 adds int1-7 (an internal assertion with anything else), 2.7
//     float8_e8m0fnu (a Float8 type), 2.8 float4_e2m1fn_x2 (floating,
//     outside the table).
//   - 2.14 adds bcomplex32 (bc32, a 14th table axis), and
//     toComplexType(bfloat16) becomes bcomplex32 (PR #173783): a bfloat16
//     tensor with a Python complex, or with a complex zero-dim tensor,
//     gives bc32 where earlier versions gave c64.
//
// A dtype a version lacks is refused by name, with the release that added
// it; a version newer than 2.14 is refused as such. 1.13, 2.6 and 2.14 are
// checked against their live library by TestLiveTorch (Debian's
// python3-torch: 1.13 on bookworm, 2.6 on trixie, 2.14 on sid), and 2.11
// by its recorded live promote_types vectors.
//
// # Sources
//
// Restated in versions.md and rules/pytorch/spec.md, by
// upstream tag:
//
//   - c10/core/ScalarType.h (v1.13.1: promoteTypes inline, its table,
//     toComplexType) and c10/core/ScalarType.cpp (v2.6.0; v2.14.1 from
//     its headers and live answers): promoteTypes' steps and table.
//   - c10/core/ScalarType.h predicates (isFloat8Type, isFloatingType,
//     isBarebonesUnsignedType, isComplexType, toComplexType) and the
//     ScalarType enum, whose enumerator names PyTorch's messages print
//     (Float, Half, Float8_e5m2, UInt16, BComplex32).
//   - aten/src/ATen/native/TypeProperties.cpp: update_result_type_state,
//     combine_categories, result_type (the same code in every version).
//   - torch/csrc/utils/python_arg_parser.cpp (scalar_slow) and, for 1.13,
//     torch/csrc/utils/python_numbers.h (THPUtils_unpackLong).
//
// # promote_types
//
// The checks run in PyTorch's order and the first that applies decides
// (2.x): same dtype; Float8 (never mixes); uint1-7/uint16/32/64 (only with
// a floating type, which wins); int1-7 (an internal assertion); the table.
// Every version's decisions are compiled into one PairTable at init; the
// default dtype does not affect them.
//
// # result_type
//
// Each operand goes to a slot: a tensor of rank >= 1 (the grammar's plain
// f32, or f32[2,3]) to dim; a rank-0 tensor (f32[]) to zero-dim; a Python
// literal to wrapped, as bool (true), int64 (1), the default dtype (1.0)
// or the default complex dtype (1j: complex64 for float32, complex128 for
// float64). Operands in a slot combine with promoteTypes, in order; then
// CombineCategories(dim, CombineCategories(zero-dim, wrapped)). Category
// order is bool < integral < floating < complex, and within a category the
// higher-priority slot wins. N operands form a set across slots (not a
// left fold: (a+b)+c can differ from result_type(a, b, c)); within one
// slot promoteTypes' non-associativity for uint16 and kin makes the
// answer order-dependent, as in PyTorch.
//
// Choices where PyTorch has no exact counterpart:
//
//   - A typed scalar such as f64(1.5) is taken as the zero-dim tensor
//     torch.tensor(1.5, dtype=torch.float64): it has a dtype of its own,
//     which PyTorch keeps only for tensors. (A NumPy float64 passed to a
//     torch op would instead be read as a Python float.)
//   - A tensor of dynamic rank (f32[...]) is refused: PyTorch's answer
//     depends on whether it is zero-dim. A weak operand (f32?) is refused:
//     PyTorch has no weak tensors.
//   - Python literals have no suffix: 1L and 1.0f are refused.
//   - A Python int outside [-2^63, 2^64) is refused with Python's
//     OverflowError text; 1.13 refuses every int outside int64.
//   - Catalogue dtypes PyTorch lacks (f8e4m3, f8e3m4, f8e4m3b11fnuz,
//     f6e2m3fn, f6e3m2fn, f4e2m1fn, dynamic) are refused by name. PyTorch's
//     float4_e2m1fn_x2 packs two values per element, so it is not f4e2m1fn.
//
// # History
//
// Around PyTorch 2.1-2.2 promoteTypes' table had 17 dtypes including
// float8_e5m2, e4m3fn, e5m2fnuz and e4m3fnuz: an integer or bool with a
// float8 gave the float8, float16 or float32 with a float8 gave float32,
// bfloat16 with a float8 gave bfloat16, complex gave complex64 (complex128
// with complex128), and e5m2 with e4m3fn was Undefined; that era's test
// asserted promote_types(float8_e5m2, float32) == float32. From 2.6 (at the
// latest) every float8 pair of different types is refused ("Promotion for
// Float8 Types is not supported"). Earlier still, bfloat16 was missing
// from the table and complex promotion raised "promoteTypes with complex
// numbers is not handled yet". These older releases are not modelled.
package pytorch
