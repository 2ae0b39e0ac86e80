package paddle

import (
	"strconv"

	"github.com/promote-dev/promote/dtype"
)

// Where the rules come from. PaddlePaddle/Paddle is too large to bring
// here whole; each file is the version the search index stores, named by
// the commit it reports.
const (
	// srcPromote: promoteTypes, is_support_*, GetPromoteDtype,
	// NeedTypePromotion with support_promotion_ops and the Tensor + 0-d
	// Tensor rule, in the main repository's develop header (014d708e);
	// its older version 7cdf87d7, cited for the table, has no 0-d rule.
	srcTable   = "PaddlePaddle/Paddle@7cdf87d7 paddle/phi/common/type_promotion.h (promoteTypes, _promoteTypesLookup)"
	srcPromote = "PaddlePaddle/Paddle@014d708e paddle/phi/common/type_promotion.h (NeedTypePromotion, GetPromoteDtype, support_promotion_ops)"
	srcPatch   = "PaddlePaddle/Paddle@01fbd77c paddle/fluid/pybind/eager_math_op_patch.cc (tensor__add__method and the other operator methods, TypePromotionForZeroDimTensor)"
	srcPyCheck = "PaddlePaddle/Paddle paddle/fluid/pybind/eager_utils.cc (PyCheckInteger excludes bool)"
	srcGuide   = "PaddlePaddle/docs@06be283a docs/guides/advanced/auto_type_promotion_en.md"
	srcDTypes  = "PaddlePaddle/Paddle@00444507 paddle/phi/common/data_type.h (DataType); paddle.float8_e4m3fn, paddle.float8_e5m2"
)

// tableOrder is _promoteTypesLookup's index order (DataTypeToNum): u1 i1
// i2 i4 i8 f2 f4 f8 c4 c8 b1 bf.
var tableOrder = [12]dtype.DType{
	dtype.U8, dtype.I8, dtype.I16, dtype.I32, dtype.I64,
	dtype.F16, dtype.F32, dtype.F64, dtype.C64, dtype.C128,
	dtype.Bool, dtype.BF16,
}

// lookup is _promoteTypesLookup, row by row as written in
// type_promotion.h (and python/paddle/base/type_promotion.py). It is the
// PyTorch table restricted to Paddle's twelve types.
var lookup = func() [12][12]dtype.DType {
	const (
		u1 = dtype.U8
		i1 = dtype.I8
		i2 = dtype.I16
		i4 = dtype.I32
		i8 = dtype.I64
		f2 = dtype.F16
		f4 = dtype.F32
		f8 = dtype.F64
		c4 = dtype.C64
		c8 = dtype.C128
		b1 = dtype.Bool
		bf = dtype.BF16
	)
	return [12][12]dtype.DType{
		/* u1 */ {u1, i2, i2, i4, i8, f2, f4, f8, c4, c8, u1, bf},
		/* i1 */ {i2, i1, i2, i4, i8, f2, f4, f8, c4, c8, i1, bf},
		/* i2 */ {i2, i2, i2, i4, i8, f2, f4, f8, c4, c8, i2, bf},
		/* i4 */ {i4, i4, i4, i4, i8, f2, f4, f8, c4, c8, i4, bf},
		/* i8 */ {i8, i8, i8, i8, i8, f2, f4, f8, c4, c8, i8, bf},
		/* f2 */ {f2, f2, f2, f2, f2, f2, f4, f8, c4, c8, f2, f4},
		/* f4 */ {f4, f4, f4, f4, f4, f4, f4, f8, c4, c8, f4, f4},
		/* f8 */ {f8, f8, f8, f8, f8, f8, f8, f8, c8, c8, f8, f8},
		/* c4 */ {c4, c4, c4, c4, c4, c4, c4, c8, c4, c8, c4, c4},
		/* c8 */ {c8, c8, c8, c8, c8, c8, c8, c8, c8, c8, c8, c8},
		/* b1 */ {u1, i1, i2, i4, i8, f2, f4, f8, c4, c8, b1, bf},
		/* bf */ {bf, bf, bf, bf, bf, f4, f4, f8, c4, c8, bf, bf},
	}
}()

// tableIndex is DataTypeToNum: a dtype's row in lookup, or -1 for the
// dtypes it throws on.
var tableIndex = func() (m [dtype.Count]int) {
	for i := range m {
		m[i] = -1
	}
	for i, d := range tableOrder {
		m[d] = i
	}
	return m
}()

// promoteTypes is phi::promoteTypes. ok is false when a dtype has no row:
// bad is the first one DataTypeToNum throws on (x before y).
func promoteTypes(x, y dtype.DType) (out, bad dtype.DType, ok bool) {
	i, j := tableIndex[x], tableIndex[y]
	switch {
	case i < 0:
		return dtype.Invalid, x, false
	case j < 0:
		return dtype.Invalid, y, false
	}
	return lookup[i][j], dtype.Invalid, true
}

// Paddle's categories (type_promotion.h). bool is in none of them.
func isSupportFloat(d dtype.DType) bool {
	return d == dtype.F16 || d == dtype.F32 || d == dtype.F64 || d == dtype.BF16
}
func isSupportComplex(d dtype.DType) bool { return d == dtype.C64 || d == dtype.C128 }
func isSupportInt(d dtype.DType) bool {
	return d == dtype.U8 || d == dtype.I8 || d == dtype.I16 || d == dtype.I32 || d == dtype.I64
}

// isCommonDTypeForScalar: both integers, both floats or both complex.
func isCommonDTypeForScalar(x, y dtype.DType) bool {
	return isSupportInt(x) && isSupportInt(y) || isSupportFloat(x) && isSupportFloat(y) || isSupportComplex(x) && isSupportComplex(y)
}

// has reports whether Paddle has a dtype: the twelve of the promotion
// table, the unsigned integers phi::DataType adds, and the two float8
// types of Paddle 3.
func has(d dtype.DType) bool {
	if d.Valid() && tableIndex[d] >= 0 {
		return true
	}
	switch d {
	case dtype.U16, dtype.U32, dtype.U64, dtype.F8E4M3FN, dtype.F8E5M2:
		return true
	}
	return false
}

// paddleName is how Paddle prints a DataType (operator<< in data_type.h).
func paddleName(d dtype.DType) string {
	switch d {
	case dtype.Bool:
		return "bool"
	case dtype.BF16:
		return "bfloat16"
	case dtype.F8E4M3FN:
		return "float8_e4m3fn"
	case dtype.F8E5M2:
		return "float8_e5m2"
	}
	switch d.Kind() {
	case dtype.KindSigned:
		return "int" + strconv.Itoa(d.Bits())
	case dtype.KindUnsigned:
		return "uint" + strconv.Itoa(d.Bits())
	case dtype.KindFloat:
		return "float" + strconv.Itoa(d.Bits())
	case dtype.KindComplex:
		return "complex" + strconv.Itoa(d.Bits())
	}
	return d.String()
}
