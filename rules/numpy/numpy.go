package numpy

import (
	"fmt"
	"math/big"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// Def is the numpy rule set: NumPy 2's np.promote_types, np.result_type
// over any number of operands, NEP 50 weak Python scalars, and (option
// check_values=true) the OverflowError a ufunc raises for a Python int that
// does not fit the result.
var Def = &promote.Def{
	Name:    "numpy",
	Title:   "NumPy 2 (promote_types, result_type, NEP 50)",
	Source:  "../shared/reference/numpy/rules.md; numpy/numpy@1f90bbb55e65e7de68921bc3f1a2d94492fdf689",
	NAry:    promote.Set,
	Dialect: dtype.NumPy,
	Options: []promote.Option{{
		Name:    "check_values",
		Kind:    promote.BoolOption,
		Default: "false",
		Doc:     "false: np.result_type, which never looks at values; true: what a ufunc does with its operands, where a Python int that does not fit the result dtype raises OverflowError",
	}},
	Presets: [][]string{{"check_values=true"}},
	New: func(s promote.Settings) (promote.Rules, error) {
		return &rules{Base: promote.Base{D: s.Def(), S: s, Table: pairTable}, checkValues: s.Bool("check_values")}, nil
	},
}

type rules struct {
	promote.Base
	checkValues bool
}

// maxStack is how many operands Result handles without allocating scratch
// space on the heap.
const maxStack = 8

// Result is np.result_type (check_values=false) or a ufunc's result dtype
// (check_values=true) for the operands. Arrays of any rank and NumPy
// scalars are strong; Python int, float and complex literals are weak; a
// Python bool is np.bool. The order of the operands never matters.
func (r *rules) Result(ops ...promote.Operand) (promote.Result, error) {
	if len(ops) == 0 {
		return promote.Result{}, r.Refuse(ruleNoOperands, "ValueError: at least one array or dtype is required")
	}
	var stack [maxStack]dclass
	ds := stack[:0]
	if len(ops) > maxStack {
		ds = make([]dclass, 0, len(ops))
	}
	var pyKind dclass // the highest Python scalar kind present, or 0
	for _, o := range ops {
		c, err := r.classify(o)
		if err != nil {
			return promote.Result{}, err
		}
		if c >= abstract && c > pyKind {
			pyKind = c
		}
		ds = append(ds, c)
	}
	if len(ops) == 1 {
		return r.single(ops[0], ds[0])
	}
	first, second := ds[0], ds[1] // promoteSequence reorders ds
	c, ok, bad := promoteSequence(ds)
	if !ok {
		return promote.Result{}, r.Refuse(ruleNoCommon, fmt.Sprintf("DTypePromotionError: the DType %s could not be promoted", bad), ops...)
	}
	out := ntypes[defaultOf(c)].dtype
	if out == dtype.Invalid { // unreachable: longdouble is never an operand
		return promote.Result{}, r.Refuse(ruleNoCommon, "the result is not in the catalogue", ops...)
	}
	res := promote.Result{DType: out, Rule: r.ruleFor(ops, pyKind, first, second)}
	if r.checkValues && pyKind != 0 {
		warned, err := r.checkPyScalars(ops, out)
		if err != nil {
			return promote.Result{}, err
		}
		if warned {
			res.Rule = ruleInfWarning
		}
	}
	return res, nil
}

// ruleFor names the rule that decided a result of two or more operands.
// first and second are the DType classes of the first two operands.
func (r *rules) ruleFor(ops []promote.Operand, pyKind, first, second dclass) *promote.Rule {
	switch pyKind {
	case pyInt, pyFloat, pyComplex:
		allPy := true
		for _, o := range ops {
			if o.Kind != promote.Literal || o.Value.Kind == promote.BoolValue {
				allPy = false
				break
			}
		}
		switch {
		case allPy:
			return ruleDefaults
		case pyKind == pyInt:
			return ruleWeakInt
		case pyKind == pyFloat:
			return ruleWeakFloat
		}
		return ruleWeakComplex
	}
	if len(ops) == 2 {
		a, _ := first.builtin()
		b, _ := second.builtin()
		_, h, _ := promoteTypes(a, b)
		return pairRule[h]
	}
	return ruleMainDType
}

// classify gives an operand's DType class, or refuses it.
func (r *rules) classify(o promote.Operand) (dclass, error) {
	switch o.Kind {
	case promote.Tensor, promote.Scalar:
		// An array of any rank (0-d included) and a NumPy scalar are
		// strong in NumPy 2; NumPy has nothing weak but Python objects.
		if o.Weak {
			return 0, r.Refuse(ruleWeakArray, fmt.Sprintf("NumPy has no weak %s: only Python int, float and complex are weak", kindWord(o)), o)
		}
		t, ok := builtin(o.DType)
		if !ok {
			return 0, r.Refuse(ruleNotBuiltin, notBuiltinMsg(o.DType), o)
		}
		return dclass(t), nil
	case promote.Literal:
		if o.Value.Suffix != "" {
			return 0, r.Refuse(ruleHostLiteral, fmt.Sprintf("%s is not a Python literal (Python has no %q suffix)", o.Value.Text, o.Value.Suffix), o)
		}
		switch o.Value.Kind {
		case promote.BoolValue:
			return dclass(nBool), nil // Python bool is np.bool, strong
		case promote.IntValue:
			return pyInt, nil
		case promote.FloatValue:
			return pyFloat, nil
		case promote.ComplexValue:
			return pyComplex, nil
		}
	}
	return 0, r.Refuse(ruleNotBuiltin, "invalid operand", o)
}

func kindWord(o promote.Operand) string {
	if o.Kind == promote.Scalar {
		return "NumPy scalars"
	}
	return "arrays"
}

// single is np.result_type of one operand: the dtype of the array NumPy
// makes from it. For a Python int that is the discovered dtype: int64,
// uint64 beyond int64's range, object beyond uint64's.
func (r *rules) single(o promote.Operand, c dclass) (promote.Result, error) {
	if c == pyInt {
		v := o.Value.Int
		switch {
		case v.IsInt64():
			return promote.Result{DType: dtype.I64, Rule: ruleSingle}, nil
		case v.IsUint64():
			return promote.Result{DType: dtype.U64, Rule: ruleSingle}, nil
		}
		return promote.Result{}, r.Refuse(ruleObject, fmt.Sprintf("the Python int %s fits neither int64 nor uint64, so NumPy gives it the object dtype", v), o)
	}
	return promote.Result{DType: ntypes[defaultOf(c)].dtype, Rule: ruleSingle}, nil
}

// bigFloat64 converts an exact integer to the nearest float64 (ties to
// even), ±Inf past float64's range, as CPython's int-to-float does before
// raising.
func bigFloat64(v *big.Int) float64 {
	f, _ := new(big.Float).SetInt(v).Float64()
	return f
}
