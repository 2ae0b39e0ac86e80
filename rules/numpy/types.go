package numpy

import "github.com/promote-dev/promote/dtype"

// ntype is one of NumPy's builtin numeric types on 64-bit Linux (the 16 of
// rules/numpy/spec.md §1, in its order, then long long and
// unsigned long long, NumPy's second int64 and uint64) or one of the types
// ml_dtypes 0.5 registers.
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
	// long long and unsigned long long: the same int64 and uint64 on
	// 64-bit Linux, but distinct type numbers. They matter only where
	// NumPy compares type numbers rather than kinds and sizes: ml_dtypes
	// declares its safe casts to NPY_INT64 and NPY_UINT64, which are long
	// and unsigned long, so uint4 does not cast safely to unsigned long
	// long. NumPy 1.24's min_scalar_type gives unsigned long long for a
	// positive 64-bit signed value past uint32, and a Python int from
	// 2**63 is an unsigned long long array (legacy.md §4.1, mldtypes.md).
	nLongLong
	nULongLong

	numNTypes // the builtins end here
)

const (
	// The extension types ml_dtypes 0.5 registers (mldtypes.md §1), in its
	// registration order (ml_dtypes/_src/dtypes.cc @v0.5.4, Initialize),
	// which gives their type numbers 256, 257, ... when ml_dtypes is the
	// first package to register dtypes.
	nBF16 ntype = numNTypes + iota
	nF8E3M4
	nF8E4M3
	nF8E4M3B11FNUZ
	nF8E4M3FN
	nF8E4M3FNUZ
	nF8E5M2
	nF8E5M2FNUZ
	nF6E2M3FN
	nF6E3M2FN
	nF4E2M1FN
	nF8E8M0FNU
	// int1 and uint1 arrive with ml_dtypes 0.6 (registered before int2).
	nI1
	nU1
	nI2
	nU2
	nI4
	nU4
	// bcomplex32 arrives with ml_dtypes 0.6, registered after the
	// integers (with complex32, which promote does not model: mldtypes.md
	// §9).
	nBC32

	numAllTypes
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

	// kindNone is NPY_NOSCALAR: ml_dtypes' types of kind 'V' have no
	// scalar kind, so NumPy never climbs from them.
	kindNone scalarKind = 0xff
)

// ntypeInfo is what the promotion table is derived from: the kind, the size
// in bytes of one value (of the real part for complex types, as the
// safe-cast rules compare; the item size for ml_dtypes' types), NumPy's
// type number (which orders default_builtin_common_dtype and
// legacy_userdtype_common_dtype_function) and NumPy's name.
type ntypeInfo struct {
	name  string
	kind  scalarKind
	size  int
	num   int
	dtype dtype.DType // dtype.Invalid for longdouble and clongdouble
	// char is the dtype's kind character ('b', 'i', 'u', 'f', 'c'; 'V'
	// for most ml_dtypes types), which dtype_kind_to_simplified_ordering
	// and NumPy's legacy "equivalent types" test read.
	char byte
}

// user reports whether t is an ml_dtypes extension type (a legacy user
// DType, type number 256 and up) rather than a NumPy builtin.
func (t ntype) user() bool { return t >= numNTypes }

// ntypes: type numbers are NPY_BOOL=0 ... NPY_CLONGDOUBLE=16 and NPY_HALF=23
// (numpy/_core/include/numpy/ndarraytypes.h); int64 and uint64 are C long
// and unsigned long (7 and 8) on 64-bit Linux. longdouble is x87 80-bit
// stored in 16 bytes (spec.md §1 "Platform").
var ntypes = [numAllTypes]ntypeInfo{
	nBool:        {"bool", kindBool, 1, 0, dtype.Bool, 'b'},
	nI8:          {"int8", kindSigned, 1, 1, dtype.I8, 'i'},
	nU8:          {"uint8", kindUnsigned, 1, 2, dtype.U8, 'u'},
	nI16:         {"int16", kindSigned, 2, 3, dtype.I16, 'i'},
	nU16:         {"uint16", kindUnsigned, 2, 4, dtype.U16, 'u'},
	nI32:         {"int32", kindSigned, 4, 5, dtype.I32, 'i'},
	nU32:         {"uint32", kindUnsigned, 4, 6, dtype.U32, 'u'},
	nI64:         {"int64", kindSigned, 8, 7, dtype.I64, 'i'},
	nU64:         {"uint64", kindUnsigned, 8, 8, dtype.U64, 'u'},
	nF32:         {"float32", kindFloat, 4, 11, dtype.F32, 'f'},
	nF64:         {"float64", kindFloat, 8, 12, dtype.F64, 'f'},
	nLongDouble:  {"longdouble", kindFloat, 16, 13, dtype.F80, 'f'},
	nC64:         {"complex64", kindComplex, 4, 14, dtype.C64, 'c'},
	nC128:        {"complex128", kindComplex, 8, 15, dtype.C128, 'c'},
	nCLongDouble: {"clongdouble", kindComplex, 16, 16, dtype.C160, 'c'},
	nF16:         {"float16", kindFloat, 2, 23, dtype.F16, 'f'},
	nLongLong:    {"longlong", kindSigned, 8, 9, dtype.I64, 'i'},
	nULongLong:   {"ulonglong", kindUnsigned, 8, 10, dtype.U64, 'u'},

	// ml_dtypes (mldtypes.md §1): every type is stored in whole bytes
	// (bfloat16 in 2, the rest in 1); all have kind 'V' but float8_e5m2,
	// which ml_dtypes registers with kind 'f' (TypeDescriptor<...>::
	// kNpyDescrKind in ml_dtypes/_src/dtypes.cc @v0.5.4).
	nBF16:          {"bfloat16", kindNone, 2, 256, dtype.BF16, 'V'},
	nF8E3M4:        {"float8_e3m4", kindNone, 1, 257, dtype.F8E3M4, 'V'},
	nF8E4M3:        {"float8_e4m3", kindNone, 1, 258, dtype.F8E4M3, 'V'},
	nF8E4M3B11FNUZ: {"float8_e4m3b11fnuz", kindNone, 1, 259, dtype.F8E4M3B11FNUZ, 'V'},
	nF8E4M3FN:      {"float8_e4m3fn", kindNone, 1, 260, dtype.F8E4M3FN, 'V'},
	nF8E4M3FNUZ:    {"float8_e4m3fnuz", kindNone, 1, 261, dtype.F8E4M3FNUZ, 'V'},
	nF8E5M2:        {"float8_e5m2", kindFloat, 1, 262, dtype.F8E5M2, 'f'},
	nF8E5M2FNUZ:    {"float8_e5m2fnuz", kindNone, 1, 263, dtype.F8E5M2FNUZ, 'V'},
	nF6E2M3FN:      {"float6_e2m3fn", kindNone, 1, 264, dtype.F6E2M3FN, 'V'},
	nF6E3M2FN:      {"float6_e3m2fn", kindNone, 1, 265, dtype.F6E3M2FN, 'V'},
	nF4E2M1FN:      {"float4_e2m1fn", kindNone, 1, 266, dtype.F4E2M1FN, 'V'},
	nF8E8M0FNU:     {"float8_e8m0fnu", kindNone, 1, 267, dtype.F8E8M0FNU, 'V'},
	// ml_dtypes 0.6 registers int1 and uint1 before int2, so int2 to
	// uint4 are 270 to 273 there (268 to 271 in 0.5): only the order of
	// type numbers matters, and it is the same among the types both have.
	// bcomplex32 has kind 'W' and 4 bytes (dtypes.cc @v0.6.0:342-358).
	nI1:   {"int1", kindNone, 1, 268, dtype.I1, 'V'},
	nU1:   {"uint1", kindNone, 1, 269, dtype.U1, 'V'},
	nI2:   {"int2", kindNone, 1, 270, dtype.I2, 'V'},
	nU2:   {"uint2", kindNone, 1, 271, dtype.U2, 'V'},
	nI4:   {"int4", kindNone, 1, 272, dtype.I4, 'V'},
	nU4:   {"uint4", kindNone, 1, 273, dtype.U4, 'V'},
	nBC32: {"bcomplex32", kindNone, 4, 274, dtype.BC32, 'W'},
}

// new06 reports whether t is one of the types ml_dtypes 0.6 adds.
func (t ntype) new06() bool { return t == nI1 || t == nU1 || t == nBC32 }

// lookupML returns the NumPy builtin or ml_dtypes type for d with the
// given ml_dtypes release imported (mlV05 or mlV06).
func lookupML(d dtype.DType, v mlVersion) (ntype, bool) {
	t, ok := lookup(d)
	if !ok || t.new06() && v != mlV06 {
		return 0, false
	}
	return t, true
}

func (t ntype) String() string { return ntypes[t].name }

// fromDType maps catalogue dtypes to NumPy builtins and ml_dtypes' types;
// ok is false for the dtypes neither has.
var fromDType = func() (m [dtype.Count]struct {
	t  ntype
	ok bool
}) {
	for t := ntype(0); t < numAllTypes; t++ {
		if t == nLongLong || t == nULongLong {
			continue // int64 and uint64 are long and unsigned long
		}
		if d := ntypes[t].dtype; d != dtype.Invalid {
			m[d].t, m[d].ok = t, true
		}
	}
	return m
}()

// builtin returns the NumPy builtin for d.
func builtin(d dtype.DType) (ntype, bool) {
	t, ok := lookup(d)
	return t, ok && !t.user()
}

// lookup returns the NumPy builtin or ml_dtypes type for d.
func lookup(d dtype.DType) (ntype, bool) {
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
	case d == dtype.BC32:
		return "bc32 (bcomplex32) is neither a NumPy builtin nor an ml_dtypes 0.5 type (ml_dtypes adds it after 0.5.4)"
	case d == dtype.BF16 || d.IsFloat() || d.IsInteger():
		// bfloat16, the float8/float6/float4 formats and int2/int4/uint2/uint4.
		return d.String() + " is an ml_dtypes extension type, not a NumPy builtin dtype (set ml_dtypes=true)"
	}
	return d.String() + " is not a NumPy builtin dtype"
}
