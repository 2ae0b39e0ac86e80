package numpy

import (
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/pylit"
	"github.com/promote-dev/promote/kit"
)

// litem is one operand as NumPy 1.24's PyArray_ResultType sees it
// (legacy.md §1): a 0-d array or an array with dimensions, of type t, with
// its min_scalar_type when it is 0-d.
type litem struct {
	t      ntype  // the array's dtype (a Python int: long, unsigned long long from 2**63)
	obj    bool   // a Python int past uint64 or below int64: an object array
	py     dclass // pyInt, pyFloat, pyComplex for a marked Python scalar; 0 otherwise
	scalar bool   // a 0-d array (every NumPy scalar and Python scalar)
	ms     ntype  // scalar: min_scalar_type_num of its value; otherwise t
	small  bool   // scalar: the small-unsigned flag
}

// lcand is one thing an operand may be: itself when everything about it is
// known, or one of the outcomes of a 0-d array whose value (or rank) is not
// given, with a value that produces it.
type lcand struct {
	it      litem
	example string // the value (or "an array of 1 or more dimensions") giving this outcome; "" when known
}

// maxLegacyCombos bounds the outcomes tried for operands without values.
const maxLegacyCombos = 1 << 14

// legacyResult is NumPy 1.24's legacy promotion state (legacy.md):
// np.result_type, or with check_values=true np.add, which gives the same
// dtype for NumPy's builtins (legacy.md §7) and differs with ml_dtypes'
// types (mldtypes.md §5).
func (r *rules) legacyResult(ops []promote.Operand) (promote.Result, error) {
	if r.checkValues && len(ops) == 2 {
		if err := r.legacyObjectLoop(ops); err != nil {
			return promote.Result{}, err
		}
	}
	cands := make([][]lcand, len(ops))
	user := false
	combos, allScalar := 1, true
	for i, o := range ops {
		cs, err := r.legacyCands(o)
		if err != nil {
			return promote.Result{}, err
		}
		cands[i] = cs
		if cs[0].it.t.user() {
			user = true
		}
		for _, c := range cs {
			allScalar = allScalar && c.it.scalar
		}
		combos *= len(cs)
		if combos > maxLegacyCombos {
			combos = maxLegacyCombos + 1 // stays past the bound, never overflows
		}
	}
	if allScalar {
		// Every operand is 0-d: values are never used (legacy.md §3), so
		// one outcome of each stands for all.
		for i := range cands {
			cands[i] = cands[i][:1]
		}
	} else if combos > maxLegacyCombos {
		return promote.Result{}, r.Refuse(ruleLegacyNeedsValue, "too many 0-d arrays without a value to try every value they could hold: write their values, as in i64[](300)", ops...)
	}
	if len(ops) == 1 {
		it := cands[0][0].it
		if it.obj {
			return promote.Result{}, r.Refuse(ruleLegacyObject, objectAnswer(nil).msg, ops...)
		}
		return promote.Result{DType: ntypes[it.t].dtype, Rule: ruleSingle}, nil
	}
	decide := r.legacyDecide
	if user && r.checkValues {
		if len(ops) > 2 {
			return promote.Result{}, r.Refuse(ruleMLTooMany, "np.add takes two operands; write the pairs", ops...)
		}
		decide = r.legacyAdd
	}
	// Try every combination of outcomes; the answer stands when they agree.
	var itemStack [maxStack]litem
	var idxStack [maxStack]int
	items, idx := itemStack[:0], idxStack[:0]
	if len(ops) > maxStack {
		items, idx = make([]litem, 0, len(ops)), make([]int, 0, len(ops))
	}
	items, idx = items[:len(ops)], idx[:len(ops)]
	var first legacyAnswer
	var firstEx []string
	for n := 0; ; n++ {
		for i, c := range idx {
			items[i] = cands[i][c].it
		}
		a := decide(items)
		if n == 0 {
			first, firstEx = a, examples(cands, idx)
		} else if !a.same(first) {
			return promote.Result{}, r.Refuse(ruleLegacyNeedsValue, needsValueMsg(ops, cands, firstEx, examples(cands, idx), first, a), ops...)
		}
		if !next(idx, cands) {
			break
		}
	}
	if first.msg != "" {
		return promote.Result{}, r.Refuse(first.rule, first.msg, ops...)
	}
	out := ntypes[first.out].dtype
	if !out.Valid() {
		return promote.Result{}, r.Refuse(ruleNoCommon, fmt.Sprintf("the result %s is not in the catalogue", ntypes[first.out].name), ops...)
	}
	return promote.Result{DType: out, Rule: first.rule}, nil
}

// next advances idx to the next combination of candidates; false when done.
func next(idx []int, cands [][]lcand) bool {
	for i := range idx {
		if idx[i]++; idx[i] < len(cands[i]) {
			return true
		}
		idx[i] = 0
	}
	return false
}

// examples lists, for each operand without a value, the example of the
// outcome idx picks.
func examples(cands [][]lcand, idx []int) []string {
	var out []string
	for i, c := range idx {
		if len(cands[i]) > 1 {
			out = append(out, cands[i][c].example)
		}
	}
	return out
}

// needsValueMsg says which operands lack a value and two of their values
// that give different answers.
func needsValueMsg(ops []promote.Operand, cands [][]lcand, exA, exB []string, a, b legacyAnswer) string {
	var which []string
	for i, o := range ops {
		if len(cands[i]) > 1 {
			which = append(which, o.String())
		}
	}
	answer := func(x legacyAnswer) string {
		if x.msg != "" {
			return "an error"
		}
		return ntypes[x.out].dtype.String()
	}
	return fmt.Sprintf("under promotion=legacy (NumPy 1.x looks at values) the answer depends on the value of %s: %s gives %s, %s gives %s; write the value, as in %s",
		strings.Join(which, ", "), strings.Join(exA, ", "), answer(a), strings.Join(exB, ", "), answer(b), valueHint(ops, cands))
}

func valueHint(ops []promote.Operand, cands [][]lcand) string {
	for i, o := range ops {
		if len(cands[i]) > 1 {
			if o.Rank == promote.RankDynamic {
				return o.DType.String() + " (an array of 1 or more dimensions) or " + o.DType.String() + "[](VALUE)"
			}
			return o.DType.String() + "[](VALUE)"
		}
	}
	return "DTYPE[](VALUE)"
}

// legacyCands reads one operand (legacy.md §1).
func (r *rules) legacyCands(o promote.Operand) ([]lcand, error) {
	switch o.Kind {
	case promote.Tensor, promote.Scalar:
		// Admitted here, operand by operand, after the object-loop check
		// of the pair: what NumPy 1.24 reports first is named first.
		if err := r.AdmitOperand(&o, nil); err != nil {
			return nil, err
		}
		t, err := r.concreteType(&o)
		if err != nil {
			return nil, err
		}
		array := lcand{it: litem{t: t, ms: t}}
		switch {
		case o.Kind == promote.Scalar, o.IsZeroDim() && o.HasValue():
			ms, small := minScalar(t, o.Value)
			return []lcand{{it: litem{t: t, scalar: true, ms: ms, small: small}}}, nil
		case o.Rank == 0:
			return outcomes(t), nil
		case o.Rank == promote.RankDynamic:
			array.example = o.DType.String() + " with dimensions"
			return append([]lcand{array}, outcomes(t)...), nil
		}
		return []lcand{array}, nil
	case promote.Literal:
		v := o.Value
		if msg := pylit.Check(v); msg != "" {
			return nil, r.Refuse(pylit.Rule, msg, o)
		}
		it := litem{scalar: true}
		switch v.Kind {
		case promote.BoolValue:
			it.t = nBool
		case promote.IntValue:
			switch {
			case v.Int.IsInt64():
				it.t = nI64
			case v.Int.IsUint64():
				it.t = nULongLong
			default:
				it.obj, it.py = true, pyInt
				return []lcand{{it: it}}, nil
			}
			it.py = pyInt
		case promote.FloatValue:
			it.t, it.py = nF64, pyFloat
		case promote.ComplexValue:
			it.t, it.py = nC128, pyComplex
		default:
			return nil, r.Refuse(ruleNotBuiltin, "invalid operand", o)
		}
		it.ms, it.small = minScalar(it.t, v)
		return []lcand{{it: it}}, nil
	}
	return nil, r.Refuse(ruleNotBuiltin, "invalid operand", o)
}

// probes are values at every boundary min_scalar_type_num draws: one on
// each side of every integer type's limits and of the float cut-offs.
var intProbes, floatProbes = func() (ints []string, floats []string) {
	ints = []string{"0", "127", "128", "255", "256", "32767", "32768", "65535", "65536",
		"2147483647", "2147483648", "4294967295", "4294967296", "9223372036854775807",
		"9223372036854775808", "18446744073709551615",
		"-1", "-128", "-129", "-32768", "-32769", "-2147483648", "-2147483649", "-9223372036854775808"}
	floats = []string{"0", "65000", "3.4e38", "1.7e308", "1e4000"}
	return
}()

// outcomes lists what a 0-d array of type t may become under
// min_scalar_type_num, each with a value that gives it (legacy.md §8).
func outcomes(t ntype) []lcand {
	var out []lcand
	seen := map[litem]bool{}
	add := func(v promote.Value) {
		ms, small := minScalar(t, v)
		it := litem{t: t, scalar: true, ms: ms, small: small}
		if !seen[it] {
			seen[it] = true
			out = append(out, lcand{it: it, example: ntypes[t].dtype.String() + "[](" + v.Text + ")"})
		}
	}
	switch {
	case t.user() || ntypes[t].kind == kindBool:
		add(promote.Value{Kind: promote.IntValue, Int: new(big.Int), Text: "0"})
	case ntypes[t].kind == kindSigned || ntypes[t].kind == kindUnsigned:
		for _, s := range intProbes {
			v, _ := new(big.Int).SetString(s, 10)
			if kit.IntFits(v, ntypes[t].dtype) {
				add(promote.Value{Kind: promote.IntValue, Int: v, Text: s})
			}
		}
	case ntypes[t].kind == kindFloat:
		for _, s := range floatProbes {
			add(floatValue(s))
		}
	default:
		for _, s := range floatProbes {
			v := floatValue(s)
			add(promote.Value{Kind: promote.ComplexValue, Real: v.Real, Text: s})
		}
	}
	return out
}

func floatValue(s string) promote.Value {
	f, _ := new(big.Float).SetString(s)
	x, _ := f.Float64()
	return promote.Value{Kind: promote.FloatValue, Real: x, Text: s}
}

// legacyAnswer is the outcome of one combination: a type and the rule that
// decided it, or a refusal message with its rule.
type legacyAnswer struct {
	out  ntype
	rule *promote.Rule
	msg  string
}

// same reports whether a and b are the same answer as the user sees it:
// the same refusal, or the same catalogue dtype. NumPy's long long and
// long are both int64 on 64-bit Linux (and unsigned long long and
// unsigned long both uint64), so two outcomes that differ only in which
// of the twins carries the result are one answer (legacy.md §8).
func (a legacyAnswer) same(b legacyAnswer) bool {
	if a.msg != "" || b.msg != "" {
		return a.msg == b.msg
	}
	return ntypes[a.out].dtype == ntypes[b.out].dtype
}

// legacyDecide is PyArray_ResultType in NumPy 1.24's legacy state
// (convert_datatype.c:1757-1920, 1941-2060; legacy.md §2-§6) for operands
// whose values are known.
func (r *rules) legacyDecide(items []litem) legacyAnswer {
	m := r.m
	allPy, anyScalar, allScalar := true, false, true
	for _, it := range items {
		if it.py == 0 || it.py == pyInt && it.t != nI64 {
			allPy = false
		}
		anyScalar = anyScalar || it.scalar
		allScalar = allScalar && it.scalar
	}
	// Phase 1: by DType, Python scalars as abstract DTypes. Its answer
	// stands without scalars, with only Python scalars, and when it is not
	// a builtin; it fails for DTypes that do not promote.
	if !anyScalar || allPy || r.ml {
		var stack [maxStack]dclass
		ds := stack[:0]
		for _, it := range items {
			if it.py != 0 {
				ds = append(ds, it.py)
			} else {
				ds = append(ds, dclass(it.t))
			}
		}
		first, second := ds[0], ds[1]
		c, ok, main, bad := m.promoteSequence(ds)
		if !ok {
			return legacyAnswer{rule: ruleMLNoCommon, msg: m.notPromotedMsg(bad, main)}
		}
		out := defaultOf(c)
		switch {
		case allPy:
			return legacyAnswer{out: out, rule: ruleDefaults}
		case !anyScalar && len(items) == 2:
			a, _ := first.concrete()
			b, _ := second.concrete()
			return legacyAnswer{out: out, rule: pairRuleOf(a, b)}
		case !anyScalar:
			return legacyAnswer{out: out, rule: ruleMainDType}
		case out.user():
			return legacyAnswer{out: out, rule: ruleMLSafeCast}
		}
	}
	// Phase 2: by value.
	if allScalar {
		return r.legacyConcrete(items, ruleLegacyAllScalars)
	}
	maxScalar, maxArray := -1, -1
	for _, it := range items {
		k := 3 // object
		if !it.obj {
			k = simplifiedKind(it.t)
		}
		if it.scalar {
			maxScalar = max(maxScalar, k)
		} else {
			maxArray = max(maxArray, k)
		}
	}
	if maxArray < maxScalar {
		return r.legacyConcrete(items, ruleLegacyScalarKind)
	}
	// Object absorbs every step: once the running result is object, it
	// stays object (object_common_dtype), but earlier steps may fail.
	ret, small, obj := items[0].ms, items[0].small, items[0].obj
	for _, it := range items[1:] {
		if obj || it.obj {
			obj = true
			continue
		}
		next, ok := m.promoteSmall(it.ms, ret, it.small, small)
		if !ok {
			return legacyAnswer{rule: ruleMLNoCommon, msg: m.noCommonMsg(dclass(it.ms), dclass(ret))}
		}
		ret, small = next, it.small && small
	}
	if obj {
		return objectAnswer(items)
	}
	return legacyAnswer{out: ret, rule: ruleLegacyValueBased}
}

// objectAnswer refuses a result NumPy makes object because of a Python
// int past int64 and uint64.
func objectAnswer(items []litem) legacyAnswer {
	return legacyAnswer{rule: ruleLegacyObject, msg: "a Python int outside int64 and uint64 is an object array in NumPy 1.x, and the result is object (dtype('O')), which is not a numeric dtype of the catalogue"}
}

// legacyConcrete is PyArray_PromoteTypeSequence of the operands' own
// dtypes: the main-DType procedure without values.
func (r *rules) legacyConcrete(items []litem, rule *promote.Rule) legacyAnswer {
	var stack [maxStack]dclass
	ds := stack[:0]
	for _, it := range items {
		if it.obj {
			return objectAnswer(items)
		}
		ds = append(ds, dclass(it.t))
	}
	c, ok, main, bad := r.m.promoteSequence(ds)
	if !ok {
		return legacyAnswer{rule: ruleMLNoCommon, msg: r.m.notPromotedMsg(bad, main)}
	}
	return legacyAnswer{out: ntype(c), rule: rule}
}

// legacyObjectLoop: np.add of a Python int that NumPy 1.x makes an object
// array runs the object loop, adding element by element as Python objects
// (legacy.md §6). A longdouble or clongdouble element refuses the int
// (TypeError), and a longdouble or clongdouble NumPy scalar refuses one in
// [2^63, 2^64) too (legacy.md §6.1); a float or complex element, or a Python float or complex,
// converts it to a Python float, which fails past float64's range
// (OverflowError). Otherwise the result is object, refused later.
func (r *rules) legacyObjectLoop(ops []promote.Operand) error {
	for i, o := range ops {
		v := o.Value
		if o.Kind != promote.Literal || v.Kind != promote.IntValue || v.Int.IsInt64() {
			continue
		}
		other := ops[1-i]
		// A longdouble or clongdouble NumPy scalar (not a 0-d array) adds
		// through scalarmath first, which refuses any int outside C long,
		// [2^63, 2^64) included; an array makes such an int uint64.
		scalarLD := other.Kind == promote.Scalar && (other.DType == dtype.F80 || other.DType == dtype.C160)
		if v.Int.IsUint64() && !scalarLD {
			continue
		}
		var inexact bool
		switch {
		case other.Kind == promote.Literal:
			inexact = other.Value.Kind == promote.FloatValue || other.Value.Kind == promote.ComplexValue
		case other.DType == dtype.F80 || other.DType == dtype.C160:
			name := map[dtype.DType]string{dtype.F80: "'numpy.float128'", dtype.C160: "'numpy.complex256'"}[other.DType]
			a, b := name, "'int'"
			if i == 0 {
				a, b = b, a
			}
			return r.Refuse(ruleLegacyLongDoubleObject, fmt.Sprintf("TypeError: unsupported operand type(s) for +: %s and %s", a, b), ops...)
		default:
			// A float or complex builtin, or (ml_dtypes=true) an
			// ml_dtypes float, whose scalar falls back to Python floats.
			_, isBuiltin := builtin(other.DType)
			inexact = isBuiltin && (other.DType.IsFloat() || other.DType.Kind() == dtype.KindComplex) ||
				r.ml && isMLFloatDType(other.DType)
		}
		if inexact && math.IsInf(bigFloat64(v.Int), 0) {
			return r.Refuse(ruleLegacyObjectFloat, "OverflowError: int too large to convert to float", ops...)
		}
	}
	return nil
}

// isMLFloatDType reports whether d is one of ml_dtypes' float types.
func isMLFloatDType(d dtype.DType) bool {
	t, ok := lookup(d)
	return ok && isMLFloat(t)
}
