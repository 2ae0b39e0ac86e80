package modularmax

import (
	"fmt"
	"math/big"
	"sync"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/pylit"
	"github.com/promote-dev/promote/kit"
)

// Name is the rule set's name.
const Name = "max"

// Where the rules come from (spec.md's short names). PROMO is
// modular/modular's max/python/max/graph/dtype_promotion.py, read at the
// mirror rcghpge/modular@1d76dbb (a newer stored copy adds the float6
// types to its table).
const (
	srcPromo = "modular/modular max/python/max/graph/dtype_promotion.py (rcghpge/modular@1d76dbb mirror)"
	srcTests = "modular/modular max/tests/.../graph/test_dtype_promotion.py (stored copy)"
)

func rule(id, text, where string) *promote.Rule {
	return &promote.Rule{ID: id, Text: text, Source: srcPromo + " " + where}
}

// The rules.
var (
	ruleSame    = rule("same", "a dtype with itself is that dtype", "(module docstring: promotion returns one of the input dtypes)")
	ruleRank    = rule("category-width", "two max values promote to the input dtype of the highest category (bool < unsigned int < signed int < float) and the largest bit width, when the other input is fully representable in it", "(module docstring)")
	ruleUnsafe  = rule("unsafe", "when the chosen input dtype cannot represent every value of the other input (uint8 with int8, int16 with float16, float16 with bfloat16), promotion fails", "(module docstring: \"If an input can not be guaranteed representable (for example, uint8 -> int8), an error is raised\")")
	ruleNoInput = rule("never-widens", "when no input has both the highest category and the largest bit width (int8 with uint16, int32 with float16), the target would be a new dtype: promotion never widens to one, so it fails", "(module docstring: \"DType promotion will always return one of the input dtypes\")")
	ruleWeakInt = kit.PythonInt.Adopt(*rule("python-int", "a Python int (bool included) or NumPy integer scalar meeting a max value takes its dtype if the value lies in _DTYPE_MIN_AND_MAX_FULL_PRECISION[dtype] (for floats, ±2^(precision) and the small floats' table bounds)", "(_promote_to_strong, _DTYPE_MIN_AND_MAX_FULL_PRECISION)"))
	ruleIntLoss = kit.PythonIntRange.Adopt(*rule("python-int-range", "a Python int outside that range raises ValueError: it would lose precision", "(_promote_to_strong)"))
	ruleWeakFlt = kit.PythonFloat.Adopt(*rule("python-float", "a Python float or NumPy floating scalar meeting a max value of a float dtype takes that dtype, whatever its value", "(_promote_to_strong)"))
	ruleFltInt  = rule("python-float-int", "a Python float meeting a max value of an integer or bool dtype raises ValueError", "(_promote_to_strong)")
	ruleNoMax   = rule("no-max-object", "a binary op with no max object (two Python or NumPy scalars) raises TypeError", "(_promote_weak_dtypes)")
	ruleUnary   = rule("unary-non-max", "a non-max object alone (a unary op on a Python scalar) raises TypeError", "(_restrict_to_strong_dtypes)")
	ruleNotLike = rule("not-tensor-value-like", "a Python complex, or a NumPy scalar that is neither integer nor floating, is not TensorValueLike: TypeError", "(_promote_to_strong)")
	ruleTensor  = rule("tensor", "a max value (TensorValue, a graph value of any rank) keeps its dtype; several operands are a chain of binary ops, left to right, each result a max value", "(_promote_weak_dtypes: two max objects go to RMO unchanged)")
	ruleNoDType = rule("dtype", "max.graph promotes bool, int8-64, uint8-64, float4_e2m1fn, float6_e2m3fn, float6_e3m2fn, float8_e8m0fnu, float8_e5m2, float8_e5m2fnuz, float8_e4m3fn, float8_e4m3fnuz, bfloat16, float16, float32, float64; any other dtype is refused", "(_DTYPE_MIN_AND_MAX_FULL_PRECISION)")
	ruleNoWeak  = kit.NoWeakTypes.Adopt(*rule("no-weak", "MAX has no weak max values: the weak operands are Python and NumPy scalars", "(_promote_weak_dtypes)"))
)

var allRules = []*promote.Rule{ruleSame, ruleRank, ruleUnsafe, ruleNoInput, ruleWeakInt, ruleIntLoss, ruleWeakFlt, ruleFltInt,
	ruleNoMax, ruleUnary, ruleNotLike, ruleTensor, ruleNoDType, ruleNoWeak, pylit.Rule, kit.NoOperands}

// Def is the max rule set (Modular MAX's max.graph). It has no options.
var Def = &promote.Def{
	Name:    Name,
	Title:   "Modular MAX (max.graph.ops)",
	Family:  promote.FamilyCompilers,
	Source:  "rules/modularmax/spec.md; " + srcPromo,
	NAry:    promote.Fold,
	Dialect: Dialect,
	New: func(s promote.Settings) (promote.Rules, error) {
		return &rules{kit.NewBase(s, table())}, nil
	},
	DTypes: func(promote.Settings) *promote.DTypeSet { return dtypeSet() },
	Weak:   promote.NoWeakTypes,
	Host:   promote.HostPython,
	Rules:  allRules,
	Admission: promote.Admission{
		NoDType: &promote.Refusal{Rule: ruleNoDType, Msg: func(_ promote.Settings, o promote.Operand) string {
			return fmt.Sprintf("max.graph has no dtype for %s", o.DType)
		}},
		NoWeak: kit.NoWeak(ruleNoWeak, func(promote.Settings, promote.Operand) string {
			return "MAX has no weak max values; write a Python scalar (2, 1.5) for an operand that takes the other's dtype"
		}),
	},
}

type rules struct{ kit.Base }

// table compiles decide over every ordered pair, on first use.
var table = sync.OnceValue(func() *kit.PairTable { return kit.NewPairTable(Name, decide) })

// decide is the promotion of two max values: the target is (the highest
// category, the largest bit width); it must be one of the inputs, and the
// other input must be fully representable in it (dtype.Holds: every value
// exactly).
func decide(a, b dtype.DType) kit.Decision {
	for _, d := range [2]dtype.DType{a, b} {
		if !Has(d) {
			return kit.Decision{Rule: ruleNoDType, Msg: fmt.Sprintf("max.graph has no dtype for %s", d)}
		}
	}
	if a == b {
		return kit.Decision{Out: a, Rule: ruleSame}
	}
	cat, bits := max(category(a), category(b)), max(a.Bits(), b.Bits())
	fits := func(d dtype.DType) bool { return category(d) == cat && d.Bits() == bits }
	switch {
	case fits(a) && fits(b):
		// Two dtypes of one category and width (float16 and bfloat16, the
		// float8 formats): one wins only if it holds the other.
		switch {
		case dtype.Holds(b, a):
			return kit.Decision{Out: a, Rule: ruleRank}
		case dtype.Holds(a, b):
			return kit.Decision{Out: b, Rule: ruleRank}
		}
		return unsafe(b, a)
	case fits(a):
		if dtype.Holds(b, a) {
			return kit.Decision{Out: a, Rule: ruleRank}
		}
		return unsafe(b, a)
	case fits(b):
		if dtype.Holds(a, b) {
			return kit.Decision{Out: b, Rule: ruleRank}
		}
		return unsafe(a, b)
	}
	return kit.Decision{Rule: ruleNoInput, Msg: fmt.Sprintf("cannot promote %s and %s: the target (%s, %d bits) is neither input, and promotion never widens to a new dtype", names[a], names[b], categoryNames[cat], bits)}
}

func unsafe(from, to dtype.DType) kit.Decision {
	return kit.Decision{Rule: ruleUnsafe, Msg: fmt.Sprintf("cannot promote %s to %s: not every %s value is representable in %s", names[from], names[to], names[from], names[to])}
}

// Result reads the operands as a chain of binary ops, left to right.
func (r *rules) Result(ops ...promote.Operand) (promote.Result, error) {
	if len(ops) == 0 {
		return promote.Result{}, r.Refuse(kit.NoOperands, "no operands")
	}
	if err := r.Admit(ops); err != nil {
		return promote.Result{}, err
	}
	return kit.FoldLeft(ops, r)
}

// weak reports whether o is a non-max object: a Python literal or a
// typed (NumPy) scalar.
func weak(o promote.Operand) bool { return o.Kind == promote.Literal || o.Kind == promote.Scalar }

// FoldOne is one operand alone: a max value keeps its dtype; a non-max
// object is refused as a unary op refuses it.
func (r *rules) FoldOne(o promote.Operand) (promote.Result, error) {
	if weak(o) {
		if err := r.checkLiteral(&o); err != nil {
			return promote.Result{}, err
		}
		return promote.Result{}, r.Refuse(ruleUnary, "TypeError: Unary ops do not support non-max objects as input. Non-max objects tend to overpromote the dtype, leading to significant loss of performance. Please explicitly convert the input to a graph.Value. This can be done with ops.constant.", o)
	}
	return promote.Result{DType: o.DType, Rule: ruleTensor}, nil
}

// FoldTwo is _promote_weak_dtypes, then (for two max values) the strong
// promotion.
func (r *rules) FoldTwo(a, b promote.Operand) (promote.Result, error) {
	for _, o := range [2]*promote.Operand{&a, &b} { // pointers: no copies
		if err := r.checkLiteral(o); err != nil {
			return promote.Result{}, err
		}
	}
	wa, wb := weak(a), weak(b)
	switch {
	case wa && wb:
		return promote.Result{}, r.Refuse(ruleNoMax, "TypeError: Binary ops require at least one max object as input. Non-max objects tend to overpromote the dtype, leading to significant loss of performance. Please explicitly convert at least one input to a graph.Value. This can be done with ops.constant.", a, b)
	case wa:
		return r.toStrong(a, b.DType)
	case wb:
		return r.toStrong(b, a.DType)
	}
	d := table().Cell(a.DType, b.DType)
	if d.Out == dtype.Invalid {
		return promote.Result{}, r.Refuse(d.Rule, d.Msg, a, b)
	}
	return promote.Result{DType: d.Out, Rule: d.Rule}, nil
}

// checkLiteral refuses a literal Python cannot write.
func (r *rules) checkLiteral(o *promote.Operand) error {
	if o.Kind != promote.Literal {
		return nil
	}
	if msg := pylit.Check(o.Value); msg != "" {
		return r.Refuse(pylit.Rule, msg, *o)
	}
	return nil
}

// toStrong is _promote_to_strong(value, t): a non-max object takes the max
// value's dtype t, or is refused.
func (r *rules) toStrong(o promote.Operand, t dtype.DType) (promote.Result, error) {
	kind := o.Value.Kind
	if o.Kind == promote.Scalar {
		// NumPy scalars: np.integer and np.floating take the int and
		// float paths; np.bool_ and the complex scalars are neither.
		switch {
		case o.DType.IsInteger():
			kind = promote.IntValue
		case o.DType.IsFloat():
			kind = promote.FloatValue
		default:
			return promote.Result{}, r.Refuse(ruleNotLike, fmt.Sprintf("TypeError: _promote_weak_dtypes() argument must be a TensorValueLike, not '%s'", numpyTypeName(o.DType)), o)
		}
	}
	switch kind {
	case promote.BoolValue, promote.IntValue:
		v := o.Value.Int
		text := ""
		if o.Value.Kind == promote.BoolValue {
			v = big.NewInt(0)
			text = "False"
			if o.Value.Bool {
				v, text = big.NewInt(1), "True"
			}
		}
		if v == nil { // a NumPy integer scalar written with a float value
			return promote.Result{}, r.Refuse(ruleNotLike, fmt.Sprintf("a %s scalar needs an integer value", o.DType), o)
		}
		if text == "" {
			text = v.String()
		}
		x := new(big.Float).SetInt(v)
		in := infos[t]
		if x.Cmp(in.lo) < 0 || x.Cmp(in.hi) > 0 {
			return promote.Result{}, r.Refuse(ruleIntLoss, fmt.Sprintf("ValueError: Unsafe cast: Can't promote python int with value (%s) to dtype(%s). It would lose precision.", text, names[t]), o)
		}
		return promote.Result{DType: t, Rule: ruleWeakInt}, nil
	case promote.FloatValue:
		if !t.IsFloat() {
			return promote.Result{}, r.Refuse(ruleFltInt, fmt.Sprintf("ValueError: Unsafe cast: Can't promote python float to dtype(%s).", names[t]), o)
		}
		return promote.Result{DType: t, Rule: ruleWeakFlt}, nil
	}
	return promote.Result{}, r.Refuse(ruleNotLike, "TypeError: _promote_weak_dtypes() argument must be a TensorValueLike, not 'complex'", o)
}

// numpyTypeName is type(x).__name__ of a NumPy scalar of d.
func numpyTypeName(d dtype.DType) string {
	switch d {
	case dtype.Bool:
		return "bool"
	case dtype.C64:
		return "complex64"
	case dtype.C128:
		return "complex128"
	}
	return d.String()
}

// dtypeSet is the set of the system's dtypes, built once: Def.DTypes.
var dtypeSet = sync.OnceValue(func() *promote.DTypeSet { return kit.DTypesWhere(Has) })
