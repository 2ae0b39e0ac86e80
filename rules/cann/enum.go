package cann

import (
	"fmt"

	"github.com/promote-dev/promote/dtype"
)

// enumSrc is where the type enums come from.
const enumSrc = "hicann/runtime@31e824c9 include/external/acl/acl_base_rt.h (aclDataType); " +
	"hicann/metadef@05ff119d inc/external/graph/types.h (ge::DataType)"

// enumEntry is how CANN names one catalogue dtype. op::PromoteType indexes
// its table with ge::DataType values, which equal the aclDataType values for
// every ACL type, so one value serves both enums.
type enumEntry struct {
	name  string // the enum constant: ACL_FLOAT16, or DT_INT2 for a ge-only type
	value int
	acl   bool // an aclDataType (an aclTensor or aclScalar can have it); false: ge::DataType only
}

// enums holds the catalogue dtypes CANN has, indexed by DType; a zero entry
// is a dtype CANN does not have. Values from acl_base_rt.h and types.h as
// listed in rules/cann/spec.md §8. HIFLOAT8, FLOAT4_E1M2,
// HIFLOAT4 and STRING are CANN types outside promote's catalogue, so the
// dialect refuses them before they get here.
var enums = [dtype.Count]enumEntry{
	dtype.F32:       {"ACL_FLOAT", 0, true},
	dtype.F16:       {"ACL_FLOAT16", 1, true},
	dtype.I8:        {"ACL_INT8", 2, true},
	dtype.I32:       {"ACL_INT32", 3, true},
	dtype.U8:        {"ACL_UINT8", 4, true},
	dtype.I16:       {"ACL_INT16", 6, true},
	dtype.U16:       {"ACL_UINT16", 7, true},
	dtype.U32:       {"ACL_UINT32", 8, true},
	dtype.I64:       {"ACL_INT64", 9, true},
	dtype.U64:       {"ACL_UINT64", 10, true},
	dtype.F64:       {"ACL_DOUBLE", 11, true},
	dtype.Bool:      {"ACL_BOOL", 12, true},
	dtype.C64:       {"ACL_COMPLEX64", 16, true},
	dtype.C128:      {"ACL_COMPLEX128", 17, true},
	dtype.BF16:      {"ACL_BF16", 27, true},
	dtype.I4:        {"ACL_INT4", 29, true},
	dtype.U1:        {"ACL_UINT1", 30, true},
	dtype.I2:        {"DT_INT2", 31, false},
	dtype.U2:        {"DT_UINT2", 32, false},
	dtype.C32:       {"ACL_COMPLEX32", 33, true},
	dtype.F8E5M2:    {"ACL_FLOAT8_E5M2", 35, true},
	dtype.F8E4M3FN:  {"ACL_FLOAT8_E4M3FN", 36, true},
	dtype.F8E8M0FNU: {"ACL_FLOAT8_E8M0", 37, true},
	dtype.F6E3M2FN:  {"ACL_FLOAT6_E3M2", 38, true},
	dtype.F6E2M3FN:  {"ACL_FLOAT6_E2M3", 39, true},
	dtype.F4E2M1FN:  {"ACL_FLOAT4_E2M1", 40, true},
}

// firstZeroFilled is the first enum value past the initialisers of
// kPromoteTypesLookup (HIFLOAT8 = 34): see ruleZeroFill.
const firstZeroFilled = 34

// entry returns d's enum entry; ok is false when CANN does not have d.
func entry(d dtype.DType) (e enumEntry, ok bool) {
	if !d.Valid() {
		return enumEntry{}, false
	}
	e = enums[d]
	return e, e.name != ""
}

// isACL reports whether d is an aclDataType.
func isACL(d dtype.DType) bool { e, ok := entry(d); return ok && e.acl }

// isGE reports whether d is a ge::DataType, which every aclDataType is.
func isGE(d dtype.DType) bool { _, ok := entry(d); return ok }

// notACL says why d cannot be an aclTensor's or aclScalar's dtype.
func notACL(d dtype.DType) string {
	e, ok := entry(d)
	switch {
	case !d.Valid():
		return fmt.Sprintf("%v is not a dtype", d)
	case ok:
		return fmt.Sprintf("%s is not an aclDataType: CANN has it only as ge::DataType %s = %d", d, e.name, e.value)
	case d == dtype.F8E4M3:
		// The IEEE-style E4M3 (with infinities) is easily mistaken for
		// ACL_FLOAT8_E4M3FN, which is the OCP format without them.
		return "f8e4m3 is not an aclDataType (CANN's E4M3 is ACL_FLOAT8_E4M3FN, the OCP format promote calls f8e4m3fn)"
	}
	return fmt.Sprintf("%s is not an aclDataType", d)
}
