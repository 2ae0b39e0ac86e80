package numpy

import "github.com/promote-dev/promote/dtype"

// ntype is one of NumPy's 16 builtin numeric types on 64-bit Linux, in the
// order of ../shared/reference/numpy/rules.md §1. The first 14 are catalogue
// dtypes; longdouble and clongdouble are modelled too, because the safe-cast
// table and the climbing procedure are defined over all 16 and their rows are
// part of the spec's table, but the catalogue has no entry for them.
type ntype uint8

const (
	nBool ntype = iota
	nI8
	nI16
	nI32
	nI64
	nU8
	nU16
	nU32
	nU64
	nF16
	nF32
	nF64
	nLongDouble
	nC64
	nC128
	nCLongDouble

	numNTypes
)

// scalarKind is NumPy's scalar kind (NPY_BOOL_SCALAR ... NPY_COMPLEX_SCALAR),
// the order the climbing procedure walks: bool < unsigned < signed < float
// < complex.
type scalarKind uint8

const (
	kindBool scalarKind = iota
	kindUnsigned
	kindSigned
	kindFloat
	kindComplex

	numKinds
)

// ntypeInfo is what the promotion table is derived from: the kind, the size
// in bytes of one value (of the real part for complex types, as the
// safe-cast rules compare), NumPy's type number (which orders
// default_builtin_common_dtype) and NumPy's name.
type ntypeInfo struct {
	name  string
	kind  scalarKind
	size  int
	num   int
	dtype dtype.DType // dtype.Invalid for longdouble and clongdouble
}

// ntypes: type numbers are NPY_BOOL=0 ... NPY_CLONGDOUBLE=16 and NPY_HALF=23
// (numpy/_core/include/numpy/ndarraytypes.h); int64 and uint64 are C long
// and unsigned long (7 and 8) on 64-bit Linux. longdouble is x87 80-bit
// stored in 16 bytes (rules.md §1 "Platform").
var ntypes = [numNTypes]ntypeInfo{
	nBool:        {"bool", kindBool, 1, 0, dtype.Bool},
	nI8:          {"int8", kindSigned, 1, 1, dtype.I8},
	nU8:          {"uint8", kindUnsigned, 1, 2, dtype.U8},
	nI16:         {"int16", kindSigned, 2, 3, dtype.I16},
	nU16:         {"uint16", kindUnsigned, 2, 4, dtype.U16},
	nI32:         {"int32", kindSigned, 4, 5, dtype.I32},
	nU32:         {"uint32", kindUnsigned, 4, 6, dtype.U32},
	nI64:         {"int64", kindSigned, 8, 7, dtype.I64},
	nU64:         {"uint64", kindUnsigned, 8, 8, dtype.U64},
	nF32:         {"float32", kindFloat, 4, 11, dtype.F32},
	nF64:         {"float64", kindFloat, 8, 12, dtype.F64},
	nLongDouble:  {"longdouble", kindFloat, 16, 13, dtype.Invalid},
	nC64:         {"complex64", kindComplex, 4, 14, dtype.C64},
	nC128:        {"complex128", kindComplex, 8, 15, dtype.C128},
	nCLongDouble: {"clongdouble", kindComplex, 16, 16, dtype.Invalid},
	nF16:         {"float16", kindFloat, 2, 23, dtype.F16},
}

func (t ntype) String() string { return ntypes[t].name }

// fromDType maps catalogue dtypes to NumPy builtins; ok is false for the
// dtypes NumPy does not have.
var fromDType = func() (m [dtype.Count]struct {
	t  ntype
	ok bool
}) {
	for t := ntype(0); t < numNTypes; t++ {
		if d := ntypes[t].dtype; d != dtype.Invalid {
			m[d].t, m[d].ok = t, true
		}
	}
	return m
}()

// builtin returns the NumPy builtin for d.
func builtin(d dtype.DType) (ntype, bool) {
	if !d.Valid() {
		return 0, false
	}
	e := fromDType[d]
	return e.t, e.ok
}

// npName is NumPy's name for a catalogue dtype (as NumPy's messages print
// it), or the canonical name for one NumPy lacks.
func npName(d dtype.DType) string {
	if t, ok := builtin(d); ok {
		return ntypes[t].name
	}
	return d.String()
}

// notBuiltinReason says why a catalogue dtype is not a NumPy dtype.
func notBuiltinReason(d dtype.DType) string {
	switch {
	case d == dtype.Dynamic:
		return "dynamic is OpenVINO's run-time element type, not a NumPy dtype"
	case d == dtype.U1:
		return "NumPy has no 1-bit unsigned integer dtype"
	case d == dtype.C32:
		return "NumPy has no complex32 (complex half) dtype"
	case d == dtype.F80:
		return "longdouble (f80) is a NumPy builtin this rule set does not promote"
	case d == dtype.C160:
		return "clongdouble (c160) is a NumPy builtin this rule set does not promote"
	case d == dtype.BC32:
		return "bc32 (bcomplex32) is an ml_dtypes extension type, not a NumPy builtin dtype"
	case d == dtype.BF16 || d.IsFloat() || d.IsInteger():
		// bfloat16, the float8/float6/float4 formats and int2/int4/uint2/uint4.
		return d.String() + " is an ml_dtypes extension type, not a NumPy builtin dtype"
	}
	return d.String() + " is not a NumPy builtin dtype"
}
