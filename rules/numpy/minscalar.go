package numpy

import (
	"math"
	"math/big"
	"strings"

	"github.com/promote-dev/promote"
)

// minScalar is min_scalar_type_num (numpy/core/src/multiarray/
// convert_datatype.c:1288-1565 @v1.24.2, legacy.md §4.1) on 64-bit Linux:
// the smallest type NumPy 1.x gives the value v held by a 0-d array of
// type t, and whether it is "small unsigned" (an unsigned result whose
// value also fits the signed type of the same size). Types that are not
// NumPy numbers (ml_dtypes' types) keep their type.
func minScalar(t ntype, v promote.Value) (out ntype, small bool) {
	if t.user() {
		return t, false
	}
	switch ntypes[t].kind {
	case kindBool:
		return nBool, false
	case kindSigned, kindUnsigned:
		return minScalarInt(t, intOf(v))
	case kindFloat:
		return minScalarFloat(t, realOf(t, v)), false
	}
	re, im := complexOf(v)
	return minScalarComplex(t, re, im), false
}

// unsignedBySize and signedBySize list the integer types from smallest to
// largest, as min_scalar_type_num tries them.
var (
	unsignedBySize = []ntype{nU8, nU16, nU32, nU64}
	signedBySize   = []ntype{nI8, nI16, nI32, nI64}
)

// minScalarInt: a non-negative value takes the smallest unsigned type that
// holds it, no wider than t (small when it also fits the signed type of
// that size); a negative one the smallest signed type, no wider than t.
//
// On 64-bit Linux a non-negative value of a signed 64-bit type past uint32
// gives unsigned long long (NumPy recurses with NPY_ULONGLONG), an
// unsigned long keeps unsigned long.
func minScalarInt(t ntype, v *big.Int) (ntype, bool) {
	size := ntypes[t].size
	if v.Sign() >= 0 {
		x := v.Uint64() // in range: the value fits an integer type
		for _, u := range unsignedBySize {
			if ntypes[u].size > size {
				break
			}
			_, hi := ntypes[u].dtype.Format().IntRange()
			if x <= hi || ntypes[u].size == size {
				_, shi := ntypes[signedTwin(u)].dtype.Format().IntRange()
				if u == nU64 && t != nU64 {
					u = nULongLong
				}
				return u, x <= shi
			}
		}
	}
	x := v.Int64()
	for _, s := range signedBySize {
		lo, _ := ntypes[s].dtype.Format().IntRange()
		if x >= lo || ntypes[s].size >= size {
			return s, false
		}
	}
	return t, false
}

// minScalarFloat: the float16 cut-off is ±65000 (strict), float32's
// ±3.4e38 and float64's ±1.7e308; a value that is not finite gives
// float16. float16 never changes and a float32 is checked against the
// float16 cut-off only.
func minScalarFloat(t ntype, x float64) ntype {
	if t == nF16 || x > -65000 && x < 65000 || math.IsInf(x, 0) || math.IsNaN(x) {
		return nF16
	}
	if t == nF32 {
		return nF32
	}
	if x > -3.4e38 && x < 3.4e38 {
		return nF32
	}
	if t == nF64 || !(x > -1.7e308 && x < 1.7e308) {
		return t
	}
	return nF64
}

// minScalarComplex: complex64 stays; complex128 and clongdouble give
// complex64 when both parts are strictly inside ±3.4e38, clongdouble
// complex128 inside ±1.7e308. There is no test for NaN or inf here, so a
// complex NaN or inf keeps its type.
func minScalarComplex(t ntype, re, im float64) ntype {
	in := func(lim float64) bool { return re > -lim && re < lim && im > -lim && im < lim }
	switch {
	case t == nC64, in(3.4e38):
		return nC64
	case t == nCLongDouble && in(1.7e308):
		return nC128
	}
	return t
}

// signedTwin is type_num_unsigned_to_signed (convert_datatype.c:717-735).
func signedTwin(t ntype) ntype {
	switch t {
	case nU8:
		return nI8
	case nU16:
		return nI16
	case nU32:
		return nI32
	case nU64:
		return nI64
	case nULongLong:
		return nLongLong
	}
	return t
}

// intOf is the integer an integer-typed value holds (the parser admits
// only integers and booleans there).
func intOf(v promote.Value) *big.Int {
	switch v.Kind {
	case promote.IntValue:
		return v.Int
	case promote.BoolValue:
		if v.Bool {
			return big.NewInt(1)
		}
	}
	return new(big.Int)
}

// realOf is the value a float-typed NumPy scalar or 0-d array of type t
// holds: the written value rounded to t (np.float32(1e300) is inf). A
// longdouble holds the float64 nearest the written value, as
// np.longdouble(python_float) does, unless the value is beyond float64's
// range and within longdouble's (np.longdouble("1e400"), up to
// finfo(longdouble).max): that one keeps longdouble (legacy.md §4.4).
func realOf(t ntype, v promote.Value) float64 {
	var x float64
	switch v.Kind {
	case promote.IntValue:
		x = bigFloat64(v.Int)
	case promote.BoolValue:
		if v.Bool {
			x = 1
		}
	default:
		x = v.Real
		if t == nLongDouble && math.IsInf(x, 0) {
			x = longDoubleBeyond(v, x)
		}
	}
	if t == nF32 {
		return float64(float32(x))
	}
	return x
}

// maxLongDouble is finfo(longdouble).max on x86-64 Linux, the largest
// finite x87 extended value: (2 - 2^-63) * 2^16383.
var maxLongDouble = new(big.Float).SetMantExp(new(big.Float).Sub(big.NewFloat(2), new(big.Float).SetMantExp(big.NewFloat(1), -63)), 16383)

// longDoubleBeyond is what a written float past float64's range is as a
// longdouble (np.longdouble("1e400")): finite up to finfo(longdouble).max,
// which min_scalar_type keeps as longdouble, so it returns ±MaxFloat64
// (beyond the ±1.7e308 cut-off, as the real value is); past it, inf as
// written. parsed is the float64 reading (±Inf).
func longDoubleBeyond(v promote.Value, parsed float64) float64 {
	text := strings.ReplaceAll(strings.TrimSpace(v.Text), "_", "")
	f, _, err := big.ParseFloat(text, 10, 128, big.ToNearestEven)
	if err != nil || f.IsInf() || new(big.Float).Abs(f).Cmp(maxLongDouble) > 0 {
		return parsed
	}
	return math.Copysign(math.MaxFloat64, parsed)
}

// complexOf is the value a complex-typed NumPy scalar or 0-d array holds
// (complex128 and clongdouble parts as float64).
func complexOf(v promote.Value) (re, im float64) {
	switch v.Kind {
	case promote.ComplexValue:
		return v.Real, v.Imag
	case promote.IntValue:
		return bigFloat64(v.Int), 0
	case promote.BoolValue:
		if v.Bool {
			return 1, 0
		}
		return 0, 0
	}
	return v.Real, 0
}

// promoteSmall is the static promote_types (convert_datatype.c:1026-1072
// @v1.24.2): a small-unsigned type meeting a builtin that is neither bool
// nor unsigned is first replaced by its signed twin; otherwise
// PyArray_PromoteTypes (the table, or for ml_dtypes' types
// PyArray_CommonDType, which may fail).
func (m model) promoteSmall(a, b ntype, smallA, smallB bool) (ntype, bool) {
	plain := func(k scalarKind) bool { return k != kindBool && k != kindUnsigned }
	switch {
	case smallA:
		if !b.user() && plain(ntypes[b].kind) {
			return promoteTable[signedTwin(a)][b], true
		}
	case smallB:
		if !a.user() && plain(ntypes[a].kind) {
			return promoteTable[a][signedTwin(b)], true
		}
	}
	c, ok := m.commonDType(dclass(a), dclass(b))
	return ntype(c), ok
}

// simplifiedKind is dtype_kind_to_simplified_ordering
// (convert_datatype.c:1612-1638): bool 0, integers 1, float and complex 2,
// anything else (ml_dtypes' 'V' types) 3.
func simplifiedKind(t ntype) int {
	switch ntypes[t].char {
	case 'b':
		return 0
	case 'i', 'u':
		return 1
	case 'f', 'c':
		return 2
	}
	return 3
}
