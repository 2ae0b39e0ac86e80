package numpy

import (
	"fmt"
	"sync"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
)

// What ml_dtypes 0.5 registers with NumPy, and the "can cast safely"
// relation NumPy derives from it (mldtypes.md §1, §2). Every fact here is
// read from jax-ml/ml_dtypes at v0.5.4 (ml_dtypes/_src/dtypes.cc,
// custom_float.h, intn_numpy.h) and from how NumPy's legacy user-DType
// support turns registrations into cast safety
// (numpy/_core/src/multiarray/usertypes.c, legacy_dtype_implementation.c
// @v2.4.6; the same code in numpy/core/src/multiarray/ @v1.24.2).

// castFunc reports whether ml_dtypes registers a cast function from one of
// its types to another (dtypes.cc, Initialize): every pair of its floats
// but float8_e8m0fnu, which casts only to and from bfloat16; int2 to int4
// and uint2 to uint4 (one way); int2 and uint2 to and from every float but
// float8_e8m0fnu; int4 and uint4 to and from the same floats except
// float6_e2m3fn. A cast function alone is not a safe cast: NumPy calls it
// safe only when the two types are "equivalent" (canCastSafely).
//
// ml_dtypes 0.6 (dtypes.cc @v0.6.0:521-560, Initialize) adds bcomplex32 to
// the floats' all-pairs casts and to every integer's float casts, and
// registers int1 to int2 and int4, uint1 to uint2 and uint4 (one way), and
// int1 and uint1 to and from every float but float8_e8m0fnu (float6_e2m3fn
// included). None of these touch a pair of 0.5's types.
func castFunc(from, to ntype) bool {
	if from == to {
		return true
	}
	// The floats of RegisterAllFloatCasts: eleven, and bcomplex32 in 0.6.
	isFloat11 := func(t ntype) bool { return t >= nBF16 && t <= nF4E2M1FN || t == nBC32 }
	switch {
	case isFloat11(from) && isFloat11(to):
		return true
	case from == nF8E8M0FNU && to == nBF16, from == nBF16 && to == nF8E8M0FNU:
		return true
	case from == nI2 && to == nI4, from == nU2 && to == nU4:
		return true
	case from == nI1 && (to == nI2 || to == nI4), from == nU1 && (to == nU2 || to == nU4):
		return true
	}
	intFloat := func(i, f ntype) bool {
		switch i {
		case nI1, nU1, nI2, nU2:
			return isFloat11(f)
		case nI4, nU4:
			return isFloat11(f) && f != nF6E2M3FN
		}
		return false
	}
	return intFloat(from, to) || intFloat(to, from)
}

// registeredSafe is PyArray_RegisterCanCast: the casts ml_dtypes declares
// safe between its types and NumPy's builtins. A float T casts safely to
// float32, float64, longdouble and the three complex types, and bool, uint8
// and int8 cast safely to T (custom_float.h, RegisterFloatCasts). An integer
// T casts safely to int8 ... int64, when unsigned also to uint8 ... uint64,
// and to every float and complex builtin (float16 included); bool casts
// safely to T (intn_numpy.h, RegisterIntNCasts).
//
// bcomplex32 (0.6, custom_complex.h @v0.6.0:818-846, RegisterComplexCasts)
// casts safely to complex64, complex128 and clongdouble, and bool, uint8
// and int8 cast safely to it; int1 and uint1 register as the other
// integers do (intn_numpy.h @v0.6.0:714-786).
func registeredSafe(from, to ntype) bool {
	switch {
	case from == nBC32:
		return to == nC64 || to == nC128 || to == nCLongDouble
	case to == nBC32:
		return from == nBool || from == nU8 || from == nI8
	case from.user() && isMLFloat(from):
		switch to {
		case nF32, nF64, nLongDouble, nC64, nC128, nCLongDouble:
			return true
		}
	case from.user(): // an ml_dtypes integer
		switch to {
		case nI8, nI16, nI32, nI64, nF16, nF32, nF64, nLongDouble, nC64, nC128, nCLongDouble:
			return true
		case nU8, nU16, nU32, nU64:
			return from == nU1 || from == nU2 || from == nU4
		}
	case to.user() && isMLFloat(to):
		return from == nBool || from == nU8 || from == nI8
	case to.user():
		return from == nBool
	}
	return false
}

func isMLFloat(t ntype) bool { return t >= nBF16 && t <= nF8E8M0FNU }

// canCastSafely is PyArray_CanCastSafely over the builtins and, when
// ml_dtypes is registered, its types: the builtin table; a registered safe
// cast; or, between two ml_dtypes types, a registered cast function whose
// types NumPy's legacy code calls equivalent, the same item size and the
// same kind character (PyArray_LegacyEquivTypes in
// legacy_dtype_implementation.c: it compares only size and kind). So every
// 1-byte 'V' type with a cast function casts "safely" to every other:
// float8_e4m3fn to int2, int4 to float4_e2m1fn; float8_e5m2 (kind 'f') and
// bfloat16 (2 bytes) take no part.
func canCastSafely(from, to ntype) bool {
	if from == to {
		return true
	}
	if !from.user() && !to.user() {
		return safeCast(from, to)
	}
	if registeredSafe(from, to) {
		return true
	}
	f, t := ntypes[from], ntypes[to]
	return from.user() && to.user() && castFunc(from, to) && f.size == t.size && f.char == t.char
}

// safeTable is canCastSafely over every pair, computed once.
var safeTable = func() (tab [numAllTypes][numAllTypes]bool) {
	for a := ntype(0); a < numAllTypes; a++ {
		for b := ntype(0); b < numAllTypes; b++ {
			tab[a][b] = canCastSafely(a, b)
		}
	}
	return tab
}()

// smallestOfKind and nextLarger are _npy_smallest_type_of_kind_table and
// _npy_next_larger_type_table (numpy/_core/src/multiarray/
// scalartypes.c.src, initialize_casting_tables), the climb
// legacy_userdtype_common_dtype_function walks. On 64-bit Linux long and
// long long are both int64, so int64 is followed by nothing.
var smallestOfKind = [numKinds]ntype{kindBool: nBool, kindUnsigned: nU8, kindSigned: nI8, kindFloat: nF16, kindComplex: nC64}

func nextLarger(t ntype) (ntype, bool) {
	switch t {
	case nI8:
		return nI16, true
	case nI16:
		return nI32, true
	case nI32:
		return nI64, true
	case nU8:
		return nU16, true
	case nU16:
		return nU32, true
	case nU32:
		return nU64, true
	case nF16:
		return nF32, true
	case nF32:
		return nF64, true
	case nF64:
		return nLongDouble, true
	case nC64:
		return nC128, true
	case nC128:
		return nCLongDouble, true
	}
	return 0, false
}

// userCommon is legacy_userdtype_common_dtype_function
// (numpy/_core/src/multiarray/usertypes.c @v2.4.6, :506-610; the same at
// numpy/core/src/multiarray/usertypes.c @v1.24.2, :445-545), the
// __common_dtype__ of every legacy user DType: it defers to a DType of
// higher type number; otherwise the other type when it casts safely to it,
// itself when the other casts safely to it, and else, when both have a
// scalar kind (of ml_dtypes' types only float8_e5m2 has one), the first
// type up the kinds that both cast to safely. ok is false for
// NotImplemented.
func userCommon(cls, other ntype) (ntype, bool) {
	if ntypes[cls].num < ntypes[other].num {
		return 0, false
	}
	if safeTable[cls][other] {
		return other, true
	}
	if safeTable[other][cls] {
		return cls, true
	}
	k1, k2 := ntypes[cls].kind, ntypes[other].kind
	if k1 == kindNone || k2 == kindNone {
		return 0, false
	}
	k := max(k1, k2)
	t := smallestOfKind[k]
	for {
		if safeTable[cls][t] && safeTable[other][t] {
			return t, true
		}
		next, ok := nextLarger(t)
		if !ok {
			if k++; k == numKinds {
				return 0, false // NumPy would go on to object
			}
			next = smallestOfKind[k]
		}
		t = next
	}
}

// mlPairTable and mlPairTable124 are np.promote_types with ml_dtypes
// imported, in NumPy 2 and in NumPy 1.24 (the same answers: the two differ
// only in which DType answers for a Python scalar, and a pair of dtypes
// has none): PyArray_CommonDType over the builtins and ml_dtypes' types.
// Each is built the first time ml_dtypes=true asks for it, not at init.
var (
	mlPairTable = sync.OnceValue(func() *kit.PairTable {
		return kit.NewPairTable("numpy", func(a, b dtype.DType) kit.Decision { return decideMLPair(model{}, mlV05, a, b) })
	})
	mlPairTable124 = sync.OnceValue(func() *kit.PairTable {
		return kit.NewPairTable("numpy", func(a, b dtype.DType) kit.Decision { return decideMLPair(model{v124: true}, mlV05, a, b) })
	})
	// mlPairTable06 is np.promote_types with ml_dtypes 0.6 (NumPy 2 only).
	mlPairTable06 = sync.OnceValue(func() *kit.PairTable {
		return kit.NewPairTable("numpy", func(a, b dtype.DType) kit.Decision { return decideMLPair(model{}, mlV06, a, b) })
	})
)

func decideMLPair(m model, v mlVersion, a, b dtype.DType) kit.Decision {
	ta, oka := lookupML(a, v)
	tb, okb := lookupML(b, v)
	if !oka || !okb {
		bad := a
		if oka {
			bad = b
		}
		return kit.Decision{Rule: ruleNotBuiltin, Msg: notRegisteredMsg(bad, v)}
	}
	c, ok := m.commonDType(dclass(ta), dclass(tb))
	if !ok {
		return kit.Decision{Rule: ruleMLNoCommon, Msg: m.noCommonMsg(dclass(ta), dclass(tb))}
	}
	out := ntypes[c].dtype
	if out == dtype.Invalid { // unreachable: only a climb reaches longdouble, and none does
		return kit.Decision{Rule: ruleMLNoCommon, Msg: fmt.Sprintf("the common dtype %s is not in the catalogue", ntypes[c].name)}
	}
	return kit.Decision{Out: out, Rule: pairRuleOf(ta, tb)}
}
