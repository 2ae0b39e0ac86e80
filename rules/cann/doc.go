// Package cann is the rule set of Huawei Ascend CANN's aclnn operator
// library: how an aclnn op such as aclnnAdd picks one dtype for inputs of
// different dtypes (互推导关系, "mutual deduction").
//
// Sources, as restated in rules/cann/spec.md:
//
//   - The documented tensor-tensor table (表1) and tensor-scalar table (表2):
//     hicann/ops-math docs/zh/context/deduction_relationship.md @1482614a,
//     byte for byte the same as hicann/ops-nn docs/zh/context/互推导关系.md
//     and TensorScalar互推导关系.md @60959d46. The seed document
//     (hicann/ops-math@1482614a docs/zh/context/deduction_relationship.md) is 表1.
//   - The implementation every op calls, op::PromoteType and its
//     kPromoteTypesLookup table: hicann/opbase
//     include/nnopbase/opdev/data_type_utils.h @7ec2d375.
//   - The error wording and the call order: hicann/ops-math
//     math/add/op_api/aclnn_add.cpp and math/mul/op_api/aclnn_mul.cpp
//     @c682a083.
//   - The enums: aclDataType in hicann/runtime
//     include/external/acl/acl_base_rt.h @31e824c9, ge::DataType in
//     hicann/metadef inc/external/graph/types.h @05ff119d.
//
// The option table=doc (the default) follows 表1; table=opbase follows the
// code. Where they disagree:
//
//   - bf16 with c32 is c32 in the doc and c64 in the code, in both orders.
//   - PromoteType(u16|u32|u64, c64|c128) gives a complex type in the code
//     (u64 with c64 gives c128) where the doc says ×; the mirrored order
//     is × in both, so the code table is not symmetric and argument order
//     matters.
//   - The code returns a for a == b whatever a is, so an FP8 or INT4 type
//     meets itself; the doc covers only its 16 types.
//   - The code's table is declared for every enum value but initialised
//     only up to 33; the notes read the missing cells as zero, DT_FLOAT, so
//     two different types where either is an FP8, FP6 or FP4 type give f32.
//     That is a reading of C++ aggregate initialisation, not a run.
//
// Tensor-scalar promotion follows 表2 under both settings; the code's two
// paths (Ascend 950 and older chips) differ from it per chip and per op,
// and on Ascend 950 by the scalar's value. CANN has no untyped scalars:
// promote reads a Python literal as the aclScalar torch_npu makes of it
// (f64, i64, bool or c128), a choice of this project.
package cann
