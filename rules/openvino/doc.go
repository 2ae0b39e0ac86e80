// Package openvino is the rule set of OpenVINO's ConvertPromoteTypes-14
// operation: the element type its type inference gives two inputs, under
// its three attributes promote_unsafe, pytorch_scalar_promotion and
// u64_integer_promotion_target, which are the rule set's options.
//
// The algorithm is eleven rules, R1 to R11, tried in order; the first that
// applies decides. Two ranked tensors (PromoteTypes) are one index into a
// table compiled per attribute setting; only R7, which looks at ranks in
// pytorch mode, runs as code. The op takes exactly two tensors: a third
// input, a host literal or a weak operand is refused. A typed scalar such
// as i64(3) is a rank-0 Constant, so it is R7's "scalar", as is i64[];
// i64[1] and plain i64 are ranked, and i64[...] has a dynamic rank.
//
// Element types are read in OpenVINO's spelling. OpenVINO's f8e4m3 is the
// OCP format without infinities, the catalogue's f8e4m3fn; the IEEE-style
// f8e4m3 of ml_dtypes is not an OpenVINO type and is refused by R1.
//
// # Sources
//
// Restated in rules/openvino/spec.md from, in
// openvinotoolkit/openvino:
//
//   - src/core/src/op/convert_promote_types.cpp @ cb272d556c8f5bd454ab2587666829d1b9784b66
//     (the implementation followed here; the older one is @ 0ec423b4b0486545e3246924192f3b7e30e83320)
//   - src/core/include/openvino/op/convert_promote_types.hpp @ 132a4ba9500439d1278c28bc5ffdff7e7dda20e2
//   - docs/articles_en/documentation/openvino-ir-format/operation-sets/operation-specs/type/convert-promote-types-14.rst
//     @ 738c5b8ee7bd5fb6cb807efed1c35a57c36cd37f (the op spec)
//   - src/core/tests/type_prop/convert_promote_types.cpp @ 738c5b8ee7bd5fb6cb807efed1c35a57c36cd37f
//     (older: @ 09d9dfabcc9c281779c78220219306c9dc491815)
//   - src/core/tests/visitors/op/convert_promote_types.cpp @ 65b4b7ca715ff6ed6c2595ff742d1e3c236d7776
//   - src/common/transformations/src/transformations/op_conversions/convert_convertpromotetypes.cpp
//     @ 04924f344bbecebce00f9b5b422308f0348fe325, and its test @ 473faca33166803ed7a5628222233a2f5b067625
//   - src/bindings/python/tests/test_graph/test_convert_promote_types.py @ 473faca33166803ed7a5628222233a2f5b067625
//   - src/core/src/type/element_type.cpp @ ba84c2a21770455c3b4a4377abf24a144c362515
//   - src/core/include/openvino/core/type/element_type.hpp @ 0f9259b062c6a799aac1f24b500bef1c2b9e7abd
//   - src/frontends/pytorch/src/utils.cpp @ 00a8f10b9d7ab3233136f18be07f8632d6e278d3 (align_eltwise_input_types)
//
// # Where the op spec and the code disagree
//
// The rule set follows the code. Each item is a named test.
//
//  1. The spec's example S(i64) + D(u8) -> u8 does not name promote_unsafe;
//     with its default (false) the code refuses it (E2, a signed scalar with
//     an unsigned target). It gives u8 only with promote_unsafe=true.
//  2. R7's safe check for a signed target and an unsigned scalar is
//     2*bits(target) >= bits(scalar), the reverse of R8's, so D(i8)+S(u16),
//     D(i4)+S(u8) and D(i16)+S(u32) are accepted in safe mode although
//     values can overflow.
//  3. R7's safe check for floats compares widths only: D(f16)+S(bf16) gives
//     f16 and D(f8e5m2)+S(f8e4m3) gives f8e5m2 in safe mode, pairs that
//     fail with E4 outside pytorch mode.
//  4. The spec misspells the fp8 types of its example as f8m4e3 and f8m5e3.
//  5. The spec says u64_integer_promotion_target is a type Convert supports;
//     the code does not check it, so any type, even dynamic, comes back.
//  6. In safe mode R6 compares widths only, not significands: f8e5m2 + u4
//     is accepted (8 >= 2*4) although u4's 9, 11, 13 and 15 round in
//     f8e5m2. Every other accepted float/int pair is exact. Under
//     promote_unsafe the float always wins, however narrow (f8e4m3 + i64
//     gives f8e4m3).
//  7. Versions: the older implementation counted a dynamic rank as ranked
//     in R7 (i32[] with u8[...] gave u8 under promote_unsafe and pytorch
//     mode); the current one, followed here, gives dynamic. Its E2 text
//     said "aligned" where the current one says "promoted".
package openvino
