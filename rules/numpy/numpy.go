package numpy

import (
	"fmt"
	"math/big"
	"sync"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/pylit"
	"github.com/promote-dev/promote/kit"
)

// The rule set's options, each declared once here and read only through
// its handle.
var (
	optCheckValues = promote.NewBoolOpt(promote.Option{
		Name:    "check_values",
		Default: "false",
		Doc:     "false: np.result_type, which never looks at values; true: what a ufunc (np.add) does with its operands, where a Python int that does not fit the result dtype raises OverflowError (NumPy 2), and with ml_dtypes types the loop NumPy's type resolver picks",
	})
	optPromotion = promote.NewEnumOpt(promote.Option{
		Name:    "promotion",
		Default: "weak",
		Values:  []string{"weak", "legacy"},
		Doc:     "NumPy's own names for its two promotion states: weak is NumPy 2 (NEP 50: Python scalars are weak, values never matter); legacy is NumPy 1.x value-based promotion as NumPy 1.24 computes it (a scalar meeting arrays of its kind or higher takes the smallest dtype holding its value; operand order can matter)",
	})
	optMLDTypes = promote.NewEnumOpt(promote.Option{
		Name:    "ml_dtypes",
		Default: "false",
		Values:  []string{"false", "true", "0.5", "0.6"},
		Doc:     "false: only NumPy's builtin dtypes; 0.5 (or true): ml_dtypes 0.5 is imported, registering bfloat16, the float8/float6/float4 types and int2/int4/uint2/uint4 with NumPy as legacy user dtypes; 0.6: ml_dtypes 0.6, which adds int1, uint1 and bcomplex32 and needs NumPy 2 (not promotion=legacy)",
		Explain: explainMLVersion,
	})
)

// Def is the numpy rule set: NumPy's np.promote_types, np.result_type over
// any number of operands and, with check_values=true, what a ufunc (np.add)
// does with the same operands. promotion=weak is NumPy 2 (NEP 50, the
// default); promotion=legacy is NumPy 1.x's value-based promotion as NumPy
// 1.24 computes it (legacy.md). ml_dtypes=0.5 (or true) registers
// ml_dtypes 0.5's extension types, ml_dtypes=0.6 those of 0.6 (mldtypes.md).
var Def = &promote.Def{
	Name:    "numpy",
	Title:   "NumPy 2 (promote_types, result_type, NEP 50); NumPy 1.24 value-based promotion; ml_dtypes 0.5 and 0.6",
	Family:  promote.FamilyFrameworks,
	Oracles: oracles,
	Source:  "rules/numpy/spec.md; rules/numpy/legacy.md; rules/numpy/mldtypes.md; numpy/numpy@1f90bbb55e65e7de68921bc3f1a2d94492fdf689, v1.24.2, v2.4.6; jax-ml/ml_dtypes v0.5.4, v0.6.0",
	NAry:    promote.Set,
	Dialect: dtype.NumPy,
	Options: promote.Opts(optCheckValues, optPromotion, optMLDTypes),
	Presets: [][]string{{"check_values=true"}, {"promotion=legacy"}, {"ml_dtypes=true"}},
	New: func(s promote.Settings) (promote.Rules, error) {
		r := &rules{
			Base:        kit.NewBase(s, pairTable()),
			checkValues: optCheckValues.Of(s),
			legacy:      optPromotion.Of(s) == "legacy",
			mlv:         mlVersionOf(s),
		}
		r.ml = r.mlv != mlNone
		r.m = model{v124: r.legacy}
		switch {
		case r.mlv == mlV06 && r.legacy:
			return nil, fmt.Errorf("numpy: ml_dtypes=0.6 with promotion=legacy: ml_dtypes 0.6.0 needs NumPy 2 (jax-ml/ml_dtypes v0.6.0 pyproject.toml: numpy>=2.0.0; CHANGELOG: dropped support for NumPy < 2.0); promotion=legacy is NumPy 1.24 (valid: ml_dtypes=0.5 with promotion=legacy, or ml_dtypes=0.6 with promotion=weak)")
		case r.ml && r.legacy:
			r.Table = mlPairTable124()
		case r.mlv == mlV06:
			r.Table = mlPairTable06()
		case r.ml:
			r.Table = mlPairTable()
		}
		return r, nil
	},
	DTypes: func(s promote.Settings) *promote.DTypeSet {
		switch mlVersionOf(s) {
		case mlV05:
			return mlDTypeSet()
		case mlV06:
			return mlDTypeSet06()
		}
		return builtinDTypeSet()
	},
	Weak: promote.NoWeakTypes,
	Host: promote.HostPython,
	Rules: []*promote.Rule{
		ruleSame, ruleSafeCast, ruleClimb, ruleMainDType, ruleWeakInt, ruleWeakFloat, ruleWeakComplex, ruleDefaults,
		ruleSingle, ruleNoOperands, ruleNotBuiltin, ruleWeakArray, ruleObject, ruleNoCommon, ruleIntBounds, ruleIntToFloat,
		ruleIntToLongDouble, ruleInfWarning, ruleLegacyValueBased, ruleLegacyScalarKind, ruleLegacyAllScalars,
		ruleLegacyNeedsValue, ruleLegacyLongDoubleObject, ruleLegacyObjectFloat, ruleLegacyObject, ruleMLSafeCast,
		ruleMLClimb, ruleMLPyScalar, ruleMLNoCommon, ruleMLLoop, ruleMLIntConvert, ruleMLTooMany, pylit.Rule,
	},
	Admission: promote.Admission{
		NoWeak: kit.NoWeak(ruleWeakArray, func(_ promote.Settings, o promote.Operand) string {
			return fmt.Sprintf("NumPy has no weak %s: only Python int, float and complex are weak", kindWord(o))
		}),
		NoDType: &promote.Refusal{Rule: ruleNotBuiltin, Msg: func(s promote.Settings, o promote.Operand) string {
			if v := mlVersionOf(s); v != mlNone {
				return notRegisteredMsg(o.DType, v)
			}
			return notBuiltinMsg(o.DType)
		}},
		WeakFirst: true,
	},
}

// mlVersion is the ml_dtypes release imported with NumPy, if any.
type mlVersion uint8

const (
	mlNone mlVersion = iota
	mlV05            // ml_dtypes 0.5.4 (ml_dtypes=0.5, or true)
	mlV06            // ml_dtypes 0.6.0
)

// explainMLVersion says why an ml_dtypes value is refused: a release newer
// than 0.6 or older than 0.5 is named as such, never mapped to one known.
func explainMLVersion(v string) string {
	var major, minor int
	if n, _ := fmt.Sscanf(v, "%d.%d", &major, &minor); n == 2 {
		switch {
		case major > 0 || minor > 6:
			return fmt.Sprintf("; ml_dtypes %d.%d is newer than the newest release this rule set knows (0.6)", major, minor)
		case minor < 5:
			return fmt.Sprintf("; ml_dtypes %d.%d is older than the oldest release this rule set knows (0.5)", major, minor)
		}
		return "; name the minor release only (0.6, not 0.6.0)"
	}
	return " (the ml_dtypes release imported with NumPy; true is 0.5)"
}

// mlVersionOf reads the ml_dtypes option.
func mlVersionOf(s promote.Settings) mlVersion {
	switch optMLDTypes.Of(s) {
	case "true", "0.5":
		return mlV05
	case "0.6":
		return mlV06
	}
	return mlNone
}

type rules struct {
	kit.Base
	checkValues bool
	legacy      bool      // promotion=legacy: NumPy 1.24
	ml          bool      // ml_dtypes is imported (0.5 or 0.6)
	mlv         mlVersion // which ml_dtypes
	m           model
}

// maxStack is how many operands Result handles without allocating scratch
// space on the heap.
const maxStack = 8

// Result is np.result_type (check_values=false) or a ufunc's result dtype
// (check_values=true) for the operands, in the promotion state the rule set
// was built with.
func (r *rules) Result(ops ...promote.Operand) (promote.Result, error) {
	if len(ops) == 0 {
		return promote.Result{}, r.Refuse(ruleNoOperands, "ValueError: at least one array or dtype is required")
	}
	if r.legacy {
		return r.legacyResult(ops)
	}
	return r.weakResult(ops)
}

// weakResult is NumPy 2: arrays of any rank and NumPy scalars are strong;
// Python int, float and complex literals are weak; a Python bool is
// np.bool. The order of the operands never matters.
func (r *rules) weakResult(ops []promote.Operand) (promote.Result, error) {
	var stack [maxStack]dclass
	ds := stack[:0]
	if len(ops) > maxStack {
		ds = make([]dclass, 0, len(ops))
	}
	var pyKind dclass // the highest Python scalar kind present, or 0
	user := false     // an ml_dtypes type is among the operands
	for i := range ops {
		c, err := r.classify(&ops[i])
		if err != nil {
			return promote.Result{}, err
		}
		if c >= abstract && c > pyKind {
			pyKind = c
		}
		if t, ok := c.concrete(); ok && t.user() {
			user = true
		}
		ds = append(ds, c)
	}
	if len(ops) == 1 {
		return r.single(ops[0], ds[0])
	}
	if user && r.checkValues {
		return r.mlUfunc(ops, ds)
	}
	first, second := ds[0], ds[1] // promoteSequence reorders ds
	c, ok, main, bad := r.m.promoteSequence(ds)
	if !ok {
		return promote.Result{}, r.Refuse(r.noCommonRule(user), r.m.notPromotedMsg(bad, main), ops...)
	}
	out := ntypes[defaultOf(c)].dtype
	if out == dtype.Invalid { // unreachable: longdouble is never an operand
		return promote.Result{}, r.Refuse(ruleNoCommon, "the result is not in the catalogue", ops...)
	}
	res := promote.Result{DType: out, Rule: r.ruleFor(ops, pyKind, first, second, user)}
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

func (r *rules) noCommonRule(user bool) *promote.Rule {
	if user {
		return ruleMLNoCommon
	}
	return ruleNoCommon
}

// ruleFor names the rule that decided a result of two or more operands.
// first and second are the DType classes of the first two operands.
func (r *rules) ruleFor(ops []promote.Operand, pyKind, first, second dclass, user bool) *promote.Rule {
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
		case user:
			return ruleMLPyScalar
		case pyKind == pyInt:
			return ruleWeakInt
		case pyKind == pyFloat:
			return ruleWeakFloat
		}
		return ruleWeakComplex
	}
	if len(ops) == 2 {
		a, _ := first.concrete()
		b, _ := second.concrete()
		return pairRuleOf(a, b)
	}
	return ruleMainDType
}

// pairRuleOf names the rule behind promote_types(a, b).
func pairRuleOf(a, b ntype) *promote.Rule {
	if !a.user() && !b.user() {
		_, h, _ := promoteTypes(a, b)
		return pairRule[h]
	}
	if a == b {
		return ruleSame
	}
	if safeTable[a][b] || safeTable[b][a] {
		return ruleMLSafeCast
	}
	return ruleMLClimb
}

// classify gives an operand's DType class, or refuses it.
func (r *rules) classify(o *promote.Operand) (dclass, error) {
	switch o.Kind {
	case promote.Tensor, promote.Scalar:
		// An array of any rank (0-d included) and a NumPy scalar are
		// strong in NumPy 2; NumPy has nothing weak but Python objects.
		// Admitted here, operand by operand: a bad literal before it is
		// named first.
		if err := r.AdmitOperand(o, nil); err != nil {
			return 0, err
		}
		t, err := r.concreteType(o)
		if err != nil {
			return 0, err
		}
		return dclass(t), nil
	case promote.Literal:
		if msg := pylit.Check(o.Value); msg != "" {
			return 0, r.Refuse(pylit.Rule, msg, *o)
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
	return 0, r.Refuse(ruleNotBuiltin, "invalid operand", *o)
}

// concreteType is the NumPy type of an array or NumPy scalar operand: a
// builtin, or with ml_dtypes=true one of ml_dtypes' types.
func (r *rules) concreteType(o *promote.Operand) (ntype, error) {
	if r.ml {
		if t, ok := lookupML(o.DType, r.mlv); ok {
			return t, nil
		}
		return 0, r.Refuse(ruleNotBuiltin, notRegisteredMsg(o.DType, r.mlv), *o)
	}
	t, ok := builtin(o.DType)
	if !ok {
		return 0, r.Refuse(ruleNotBuiltin, notBuiltinMsg(o.DType), *o)
	}
	return t, nil
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

// The dtypes NumPy has, without and with ml_dtypes, built once.
var (
	builtinDTypeSet = sync.OnceValue(func() *promote.DTypeSet {
		return kit.DTypesWhere(func(d dtype.DType) bool { _, ok := builtin(d); return ok })
	})
	mlDTypeSet = sync.OnceValue(func() *promote.DTypeSet {
		return kit.DTypesWhere(func(d dtype.DType) bool { _, ok := lookupML(d, mlV05); return ok })
	})
	mlDTypeSet06 = sync.OnceValue(func() *promote.DTypeSet {
		return kit.DTypesWhere(func(d dtype.DType) bool { _, ok := lookupML(d, mlV06); return ok })
	})
)
