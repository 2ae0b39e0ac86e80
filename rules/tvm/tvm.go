package tvm

import (
	"errors"
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/pylit"
	"github.com/promote-dev/promote/kit"
)

// Name is the rule set's name.
const Name = "tvm"

// cascades holds every version's rules and compiled table.
var cascades = func() map[string]*cascade {
	m := make(map[string]*cascade, len(versions))
	for _, v := range versions {
		m[v.name] = newCascade(v)
	}
	return m
}()

// optVersion declares the option "version"; the rule set reads it only through this handle.
var optVersion = promote.NewEnumOpt(promote.Option{
	Name:    "version",
	Default: versions[0].name,
	Values:  versionNames(),
	Doc:     "0.26: v0.23-v0.26 and main (bool is its own type); 0.22: v0.21-v0.22 (bool is uint1); 0.20: float4 but not float6 or the newer float8 types; 0.19: float8_e4m3fn and float8_e5m2 only",
})

// Def is the tvm rule set: TIR's BinaryOpMatchTypes (PromoteBinaryOpType
// from v0.26) on two PrimExprs, with Python literals converted as TVM's
// Python API converts them, and N operands read as a left-to-right chain
// of binary operators. Its option version selects the release line.
var Def = &promote.Def{
	Name:    Name,
	Title:   "Apache TVM TIR (BinaryOpMatchTypes, PromoteBinaryOpType)",
	Family:  promote.FamilyCompilers,
	Source:  "rules/tvm/spec.md; " + versions[0].src,
	NAry:    promote.Fold,
	Dialect: Dialect,
	Options: promote.Opts(optVersion),
	New:     build,
	DTypes: func(s promote.Settings) *promote.DTypeSet {
		if c, ok := cascades[optVersion.Of(s)]; ok {
			return c.dtypes
		}
		return nil
	},
	Weak:  promote.NoWeakTypes,
	Host:  promote.HostPython,
	Rules: allRules,
	Admission: promote.Admission{
		NoDType: &promote.Refusal{
			RuleOf: func(s promote.Settings) *promote.Rule { return cascades[optVersion.Of(s)].noDType },
			Msg: func(s promote.Settings, o promote.Operand) string {
				return cascades[optVersion.Of(s)].noDTypeMsg(o.DType)
			},
		},
		NoWeak: kit.NoWeak(ruleNoWeak, func(promote.Settings, promote.Operand) string {
			return "TVM has no weak types; write the literal itself (1, 1.5, True) or a typed scalar such as f16(1.5)"
		}),
	},
}

type rules struct {
	kit.Base
	c *cascade
}

func build(s promote.Settings) (promote.Rules, error) {
	c, ok := cascades[optVersion.Of(s)]
	if !ok {
		return nil, fmt.Errorf("%s: unknown version %q", Name, optVersion.Of(s))
	}
	return &rules{Base: kit.NewBase(s, c.table()), c: c}, nil
}

// Result reads the operands as a chain of binary operators applied left to
// right (a + b + c in Python), each typed by BinaryOpMatchTypes. One
// operand alone is its own dtype (a Python literal: tvm.tirx.const's).
func (r *rules) Result(ops ...promote.Operand) (promote.Result, error) {
	if len(ops) == 0 {
		return promote.Result{}, r.Refuse(kit.NoOperands, "no operands")
	}
	return kit.FoldLeft(ops, r)
}

// FoldOne is one operand's own dtype.
func (r *rules) FoldOne(o promote.Operand) (promote.Result, error) {
	t, why, err := r.operand(&o, true)
	if err != nil {
		return promote.Result{}, err
	}
	return promote.Result{DType: t, Rule: why}, nil
}

// FoldTwo is one binary operator on the running result and the next
// operand.
func (r *rules) FoldTwo(a, b promote.Operand) (promote.Result, error) {
	ta, _, err := r.operand(&a, false)
	if err != nil {
		return promote.Result{}, err
	}
	tb, _, err := r.operand(&b, false)
	if err != nil {
		return promote.Result{}, err
	}
	out, why := r.c.promote(ta, tb)
	if out == dtype.Invalid {
		return promote.Result{}, r.Refuse(why, "Cannot match type "+r.c.v.typeName(r.c.v.canon(ta))+" vs "+r.c.v.typeName(r.c.v.canon(tb)), a, b)
	}
	return promote.Result{DType: out, Rule: why}, nil
}

// operand admits one operand and converts it to the dtype of its
// PrimExpr. alone selects tvm.tirx.const's typing of a literal over the
// FFI's. It takes the operand by pointer: each binary step reads two, and
// a copy of each costs more than the rest of the check.
func (r *rules) operand(o *promote.Operand, alone bool) (dtype.DType, *promote.Rule, error) {
	c := r.c
	switch o.Kind {
	case promote.Tensor, promote.Scalar:
		// Admitted here, as each binary step reaches the operand: a bad
		// literal before it is named first.
		if err := r.AdmitOperand(o, nil); err != nil {
			var e *promote.Error
			errors.As(err, &e)
			return dtype.Invalid, e.Rule, err
		}
		if o.Kind == promote.Tensor {
			return c.v.canon(o.DType), ruleTensor, nil
		}
		if x, ok := scalarValue(o.Value); ok && o.DType.IsFloat() {
			if msg := c.immCheck(o.DType, x); msg != "" {
				return dtype.Invalid, ruleImmRange, r.Refuse(ruleImmRange, msg, *o)
			}
		}
		return c.v.canon(o.DType), ruleTyped, nil
	case promote.Literal:
		t, why, msg := c.literal(o.Value, alone)
		if msg != "" {
			return dtype.Invalid, why, r.Refuse(why, msg, *o)
		}
		return t, why, nil
	}
	return dtype.Invalid, c.noDType, r.Refuse(c.noDType, "invalid operand", *o)
}

// allRules is every rule of the rule set: each version's cascade (the
// versions share IDs), then the operand and literal rules all share.
var allRules = func() []*promote.Rule {
	var out []*promote.Rule
	for _, v := range versions {
		c := cascades[v.name]
		out = append(out, c.same, c.floats, c.float, c.bf16, c.fp8, c.fp6, c.fp4, c.boolInt, c.intSame, c.intMix, c.noMatch, c.noDType)
	}
	return append(out, ruleTensor, ruleTyped, ruleNoWeak, ruleFFIBool, ruleFFIInt, ruleFFIFloat,
		ruleConstBool, ruleConstInt, ruleConstFloat, ruleInt64, ruleImmRange, ruleLitKind, pylit.Rule)
}()
