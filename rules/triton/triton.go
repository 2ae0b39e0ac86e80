package triton

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/pylit"
	"github.com/promote-dev/promote/kit"
)

// Name is the rule set's name.
const Name = "triton"

// optVersion declares the option "version"; the rule set reads it only through this handle.
var optVersion = promote.NewEnumOpt(promote.Option{
	Name:    "version",
	Default: VersionDefault,
	Values:  Versions,
	Explain: kit.ExplainRelease("Triton", Versions),
	Doc:     "the Triton release: 3.2 to 3.6 (3.6.0 is the newest release promote knows) share semantic.py@00526b7b (bf16 with fp8 is fp32; / and % of fp8 stay fp8; an fp8 constant other than 0 does not compile); main: the unreleased semantic.py@0c2e95d (bf16 with fp8 is bf16; float / and % compute in fp32; fp8 constants compile)",
})

// Def is the triton rule set: computation_type_impl for every binary
// operator of triton.language, with Python scalars typed by value, and N
// operands read as a left-to-right chain of binary operators. Its option
// version selects the source it follows.
var Def = &promote.Def{
	Name:    Name,
	Title:   "Triton (triton.language computation_type_impl)",
	Family:  promote.FamilyCompilers,
	Oracles: oracles,
	Source:  "rules/triton/spec.md; " + srcMain + "; " + src32 + "; " + srcDocs,
	NAry:    promote.Fold,
	Dialect: Dialect,
	Options: promote.Opts(optVersion),
	Presets: [][]string{{"version=" + VersionMain}},
	New:     build,
	DTypes:  func(promote.Settings) *promote.DTypeSet { return dtypeSet() },
	Weak:    promote.NoWeakTypes,
	Host:    promote.HostPython,
	Rules:   allRules,
	Admission: promote.Admission{
		NoDType: &promote.Refusal{Rule: ruleNoDType, Msg: func(_ promote.Settings, o promote.Operand) string { return noDTypeMsg(o.DType) }},
		NoWeak: kit.NoWeak(ruleNoWeak, func(promote.Settings, promote.Operand) string {
			return "Triton has no weak tensors; write a Python scalar (1, 1.5, True) for an operand that may not take part"
		}),
	},
}

type rules struct {
	kit.Base
	version string
}

func build(s promote.Settings) (promote.Rules, error) {
	v := optVersion.Of(s)
	t, ok := tables[v]
	if !ok {
		return nil, fmt.Errorf("%s: unknown version %q (valid: %s)", Name, v, strings.Join(Versions, ", "))
	}
	return &rules{Base: kit.NewBase(s, t()), version: v}, nil
}

// Result reads the operands as a chain of binary operators applied left to
// right, ((a ∘ b) ∘ c) ∘ ..., each typed by computation_type_impl as + is.
// The result of each step is a tensor, so it never counts as a Python
// scalar in the next. One operand alone is its own type (a Python scalar:
// the type to_tensor gives it).
func (r *rules) Result(ops ...promote.Operand) (promote.Result, error) {
	if len(ops) == 0 {
		return promote.Result{}, r.Refuse(kit.NoOperands, "no operands")
	}
	return kit.FoldLeft(ops, r)
}

// FoldOne is one operand's own type.
func (r *rules) FoldOne(o promote.Operand) (promote.Result, error) {
	t, _, why, err := r.operand(&o)
	if err != nil {
		return promote.Result{}, err
	}
	if o.Kind == promote.Scalar {
		if err := r.fp8Constant(&o, t); err != nil {
			return promote.Result{}, err
		}
	}
	return promote.Result{DType: t, Rule: why}, nil
}

// FoldTwo types one binary operator (+, -, *, comparisons, where) on the
// running result and the next operand.
func (r *rules) FoldTwo(a, b promote.Operand) (promote.Result, error) {
	return r.binary(a, b, false)
}

// operand admits an operand and gives its dtype as
// binary_op_type_checking_impl sees it, and whether it is a Python scalar.
func (r *rules) operand(o *promote.Operand) (dtype.DType, bool, *promote.Rule, error) {
	switch o.Kind {
	case promote.Tensor, promote.Scalar:
		// Admitted here, as each binary step reaches the operand: a bad
		// literal before it is named first (Result and ComputationType).
		if err := r.AdmitOperand(o, nil); err != nil {
			var e *promote.Error
			errors.As(err, &e)
			return dtype.Invalid, false, e.Rule, err
		}
		if o.Kind == promote.Scalar {
			return o.DType, false, ruleTypedScalar, nil
		}
		return o.DType, false, ruleTensor, nil
	case promote.Literal:
		t, why, msg := literalType(o.Value)
		if msg != "" {
			return dtype.Invalid, true, why, r.Refuse(why, msg, *o)
		}
		return t, true, why, nil
	}
	return dtype.Invalid, false, ruleNoDType, r.Refuse(ruleNoDType, "invalid operand", *o)
}

// binary is binary_op_type_checking_impl's typing of two operands: the
// common type, then the checks of each Python scalar against it.
func (r *rules) binary(a, b promote.Operand, divMod bool) (promote.Result, error) {
	ta, sa, _, err := r.operand(&a)
	if err != nil {
		return promote.Result{}, err
	}
	tb, sb, _, err := r.operand(&b)
	if err != nil {
		return promote.Result{}, err
	}
	d := compute(r.version, ta, sa, tb, sb, divMod)
	if d.out == dtype.Invalid {
		return promote.Result{}, r.Refuse(d.rule, d.msg, a, b)
	}
	// Pointers, not copies: an operand is 112 bytes.
	for _, s := range [2]struct {
		op     *promote.Operand
		scalar bool
	}{{&a, sa}, {&b, sb}} {
		if !s.scalar {
			continue
		}
		if why, msg := checkScalar(s.op.Value, d.out); why != nil {
			return promote.Result{}, r.Refuse(why, msg, a, b)
		}
	}
	for _, o := range [2]*promote.Operand{&a, &b} {
		if o.Kind == promote.Literal || o.Kind == promote.Scalar {
			if err := r.fp8Constant(o, d.out); err != nil {
				return promote.Result{}, err
			}
		}
	}
	return promote.Result{DType: d.out, Rule: d.rule}, nil
}

// fp8Constant is scalar_constant(value, t) in the releases: a Python
// scalar cast to the common type, and a typed scalar (tl.full), become a
// constant of t; for an fp8 t and a value other than 0 the releases call
// builder.get_<name>, which does not exist, and the kernel does not
// compile. main (PR #8882) builds the constant through fp32.
func (r *rules) fp8Constant(o *promote.Operand, t dtype.DType) error {
	if !released(r.version) || !isFP8(t) || isZero(o.Value) {
		return nil
	}
	return r.Refuse(ruleFP8Const, fmt.Sprintf("AttributeError: 'triton._C.libtriton.ir.builder' object has no attribute 'get_%s' (Triton %s: an fp8 constant other than 0 does not compile)", names[t], r.version), *o)
}

// ComputationType types one binary operator of triton.language on two
// operands, as binary_op_type_checking_impl does before the operator's own
// casts: divOrMod selects the path of /, // and % (computation_type_impl's
// div_or_mod). r must be built from Def. The result is the common type the
// operands are cast to; spec.md section 7 says what each operator makes
// of it (/ of two integers is fp32, comparisons give int1).
func ComputationType(r promote.Rules, a, b promote.Operand, divOrMod bool) (promote.Result, error) {
	tr, ok := r.(*rules)
	if !ok {
		return promote.Result{}, errors.New("triton.ComputationType: the rule set is not built from triton.Def")
	}
	return tr.binary(a, b, divOrMod)
}

// allRules is every rule of the rule set, in both versions: the registry's
// coverage test requires each to be reached by a vector.
var allRules = []*promote.Rule{
	mScalar, mFP64, mDivMod, mFP32, mFP16, mBF16F, mBF16I, mFP8, mNotInt,
	oScalar, oScalarDiv, oFP64, oFP32, oFP16, oBF16, oBF16M, oFP8, oNotInt,
	ruleDivSign, ruleIntPromote, ruleNoDType, ruleTensor, ruleTypedScalar, ruleNoWeak,
	ruleFP8Const, ruleLitBool, ruleLitInt, ruleLitFloat, ruleLitRange, ruleLitKind, ruleNegUnsigned, ruleScalarRange,
	pylit.Rule,
}

// dtypeSet is the set of the system's dtypes, built once, on first use
// (after the package's tables are filled): Def.DTypes.
var dtypeSet = sync.OnceValue(func() *promote.DTypeSet { return kit.DTypesWhere(Has) })

// DivisionType is the computation type of a / b, a // b and a % b
// (ComputationType with div_or_mod): the path on which Triton's division
// rules decide, which promote batch does not take. The registry's
// coverage test types the package's division vectors with it.
func (r *rules) DivisionType(a, b promote.Operand) (promote.Result, error) {
	return ComputationType(r, a, b, true)
}
