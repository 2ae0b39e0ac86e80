// Package pytorch is the rule set of PyTorch: torch.promote_types over
// every dtype PyTorch shares with promote's catalogue, and torch.result_type
// (the common dtype of TensorIterator ops) with its three slots for
// dimensioned tensors, zero-dim tensors and Python scalars.
//
// # Sources
//
// As restated in ../shared/reference/pytorch/rules.md:
//
//   - c10/core/ScalarType.cpp @ 01ff2f52b28acfa7ce507218d4d09f1380ed3022:
//     promoteTypes, its order of checks and its 13x13 table.
//   - torch/headeronly/core/ScalarType.h @ 01ff2f52: the ScalarType enum
//     and the enumerator names PyTorch's messages print (Float, Half,
//     Float8_e5m2, UInt16).
//   - c10/core/ScalarType.h, the stored copy matching 01ff2f52:
//     isFloat8Type (which includes float8_e8m0fnu), isFloatingType,
//     isBarebonesUnsignedType (uint1-7 and uint16/32/64, not uint8),
//     toComplexType.
//   - aten/src/ATen/native/TypeProperties.cpp, newest stored copy (same
//     logic in torch 1.13): update_result_type_state, combine_categories,
//     result_type.
//   - torch/csrc/utils/python_arg_parser.cpp and c10/core/Scalar.h: a
//     Python int in [2^63, 2^64) becomes a uint64 Scalar.
//
// # promote_types
//
// The checks run in PyTorch's order and the first that applies decides:
// same dtype; Float8 (never mixes); uint1-7/uint16/32/64 (only with a
// floating type, which wins); int1-7 (an internal assertion); the table.
// Every decision is compiled into one PairTable at init; the default dtype
// does not affect it.
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
//     OverflowError text; torch 1.13 already refuses from 2^63 up.
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
// asserted promote_types(float8_e5m2, float32) == float32. Current source
// refuses every float8 pair of different types ("Promotion for Float8
// Types is not supported"), and this package follows current source.
// Earlier still, bfloat16 was missing from the table and complex promotion
// raised "promoteTypes with complex numbers is not handled yet". torch 1.13
// (Debian's python3-torch) has none of uint16/32/64, float8, uint1-7 or
// int1-7; on the 13 classic dtypes it agrees with current source, which
// the live test checks when it is installed.
package pytorch
