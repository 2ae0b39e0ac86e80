package numpy

import (
	"fmt"

	"github.com/promote-dev/promote"
)

// np.add's type resolution when an ml_dtypes type is among its inputs
// (mldtypes.md §5). NumPy has no loop for mixed dtypes and no promoter for
// np.add, so it falls back to the ufunc's legacy type resolver:
// PyUFunc_AdditionTypeResolver, which for a user dtype calls
// PyUFunc_DefaultTypeResolver and its linear search
// (numpy/_core/src/umath/ufunc_type_resolution.c @v2.4.6; the same at
// numpy/core/src/umath/ @v1.24.2).

// addLoops are np.add's builtin loops in the order of np.add.types (every
// loop is "XX->X"; the datetime and object loops that follow are never
// reached: every type casts safely to clongdouble, and no input is object).
var addLoops = []ntype{nBool, nI8, nU8, nI16, nU16, nI32, nU32, nI64, nU64, nLongLong, nULongLong, nF16, nF32, nF64, nLongDouble, nC64, nC128, nCLongDouble}

// castInput is how the linear search asks whether an input may go to a
// loop of type to (ufunc_loop_matches).
type castInput func(it litem, to ntype) bool

// linearSearch is linear_search_type_resolver for np.add: the loops of
// each ml_dtypes type among the inputs first (in input order), then
// NumPy's; the first loop every input casts to wins.
func linearSearch(items []litem, can castInput) (ntype, bool) {
	matches := func(to ntype) bool {
		for _, it := range items {
			if !can(it, to) {
				return false
			}
		}
		return true
	}
	last := ntype(0xff)
	for _, it := range items {
		if it.t.user() && it.t != last {
			last = it.t
			if matches(it.t) {
				return it.t, true
			}
		}
	}
	for _, l := range addLoops {
		if matches(l) {
			return l, true
		}
	}
	return 0, false
}

// noLoopMsg is linear_search_type_resolver's error.
const noLoopMsg = "UFuncTypeError: ufunc 'add' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''"

// mlUfunc is np.add in NumPy 2 (promotion=weak) with an ml_dtypes type
// among two operands: an exact loop when both have that type, else the
// linear search, where a Python scalar goes to a loop when
// can_cast_pyscalar_scalar_to allows; then each Python scalar is stored
// in the loop's dtype (check_values).
func (r *rules) mlUfunc(ops []promote.Operand, ds []dclass) (promote.Result, error) {
	if len(ops) > 2 {
		return promote.Result{}, r.Refuse(ruleMLTooMany, "np.add takes two operands; write the pairs", ops...)
	}
	items := make([]litem, len(ops))
	for i, c := range ds {
		it := litem{scalar: ops[i].Kind != promote.Tensor || ops[i].Rank == 0}
		if t, ok := c.concrete(); ok {
			it.t = t
		} else {
			// A Python scalar's array: int64 for any Python int (an int
			// that is not int64 is replaced by an int64 zero,
			// ufunc_object.c:688-706), float64, complex128.
			it.t, it.py = defaultOf(c), c
		}
		items[i] = it
	}
	loop, ok := exactLoop(items)
	if !ok {
		useMin := useMinScalarWeak(items)
		loop, ok = linearSearch(items, func(it litem, to ntype) bool {
			if useMin && it.py != 0 {
				return r.canCastPyScalar(it.py, to)
			}
			return safeTable[it.t][to]
		})
		if !ok {
			return promote.Result{}, r.Refuse(ruleMLLoop, noLoopMsg, ops...)
		}
	}
	out := ntypes[loop].dtype
	if !out.Valid() {
		return promote.Result{}, r.Refuse(ruleMLLoop, fmt.Sprintf("np.add picks the %s loop, which is not in the catalogue", ntypes[loop].name), ops...)
	}
	if loop.user() {
		for _, o := range ops {
			if o.Kind == promote.Literal && o.Value.Kind == promote.IntValue && !o.Value.Int.IsInt64() {
				return promote.Result{}, r.Refuse(ruleMLIntConvert, "TypeError: expected number, got int", ops...)
			}
		}
		return promote.Result{DType: out, Rule: ruleMLLoop}, nil
	}
	warned, err := r.checkPyScalars(ops, out)
	if err != nil {
		return promote.Result{}, err
	}
	if warned {
		return promote.Result{DType: out, Rule: ruleInfWarning}, nil
	}
	return promote.Result{DType: out, Rule: ruleMLLoop}, nil
}

// exactLoop: two inputs of one ml_dtypes type find its loop directly.
func exactLoop(items []litem) (ntype, bool) {
	t := items[0].t
	for _, it := range items {
		if it.py != 0 || it.t != t {
			return 0, false
		}
	}
	return t, true
}

// useMinScalarWeak is should_use_min_scalar_weak_literals
// (convert_datatype.c @v2.4.6): Python scalars count by kind (an int as
// an integer, a float or complex as inexact), everything else as an array.
func useMinScalarWeak(items []litem) bool {
	allScalars, maxScalar, maxArray := true, -1, -1
	for _, it := range items {
		switch it.py {
		case pyInt:
			maxScalar = max(maxScalar, 1)
		case pyFloat, pyComplex:
			maxScalar = max(maxScalar, 2)
		default:
			allScalars = false
			maxArray = max(maxArray, simplifiedKind(it.t))
		}
	}
	return !allScalars && maxArray >= maxScalar
}

// canCastPyScalar is can_cast_pyscalar_scalar_to (convert_datatype.c
// :738-800 @v2.4.6): any Python scalar casts to a complex loop; an int or
// float to a float loop; an int to an integer loop; for bool and ml_dtypes'
// loops NumPy finds the Python scalar's descriptor for that DType (their
// common DType, npy_find_descr_for_scalar) and asks whether it casts
// safely.
func (r *rules) canCastPyScalar(py dclass, to ntype) bool {
	if !to.user() {
		switch ntypes[to].kind {
		case kindComplex:
			return true
		case kindFloat:
			return py != pyComplex
		case kindSigned, kindUnsigned:
			return py == pyInt
		}
	}
	from := defaultOf(py)
	if from != to {
		if c, ok := r.m.commonDType(py, dclass(to)); ok {
			from, _ = c.concrete()
		}
	}
	return safeTable[from][to]
}

// legacyAdd is np.add in NumPy 1.24's legacy state with an ml_dtypes type
// among its two inputs (mldtypes.md §7): with a 0-d input among inputs
// that are not all 0-d, and should_use_min_scalar, the legacy resolver's
// linear search with value-based casting (can_cast_scalar_to); otherwise
// an exact loop, or the same search with plain safe casts.
func (r *rules) legacyAdd(items []litem) legacyAnswer {
	for _, it := range items {
		if it.obj { // only the object loop takes an object input
			return objectAnswer(items)
		}
	}
	anyScalar, allScalar := false, true
	maxScalar, maxArray := -1, -1
	for _, it := range items {
		k := simplifiedKind(it.t)
		if it.scalar {
			anyScalar = true
			maxScalar = max(maxScalar, k)
		} else {
			allScalar = false
			maxArray = max(maxArray, k)
		}
	}
	forced := anyScalar && !allScalar && maxArray >= maxScalar
	var loop ntype
	var ok bool
	if forced {
		loop, ok = linearSearch(items, func(it litem, to ntype) bool {
			if !it.scalar || safeTable[it.t][to] {
				return safeTable[it.t][to]
			}
			if it.t.user() {
				return false
			}
			ms := it.ms
			if it.small && (to.user() || ntypes[to].kind != kindUnsigned) {
				ms = signedTwin(ms)
			}
			return safeTable[ms][to]
		})
	} else {
		plain := make([]litem, len(items))
		for i, it := range items {
			plain[i] = litem{t: it.t, scalar: it.scalar}
		}
		if loop, ok = exactLoop(plain); !ok {
			loop, ok = linearSearch(plain, func(it litem, to ntype) bool { return safeTable[it.t][to] })
		}
	}
	if !ok {
		return legacyAnswer{rule: ruleMLLoop, msg: noLoopMsg}
	}
	return legacyAnswer{out: loop, rule: ruleMLLoop}
}
