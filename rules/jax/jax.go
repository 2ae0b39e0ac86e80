package jax

import (
	"fmt"
	"sync"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/pylit"
	"github.com/promote-dev/promote/kit"
)

// name is the rule set's name, in every error.
const name = "jax"

// The rule set's options, each declared once here and read only through
// its handle.
var (
	optMode = promote.NewEnumOpt(promote.Option{
		Name: "mode", Default: "standard", Values: []string{"standard", "strict"},
		Doc: "jax_numpy_dtype_promotion: standard (the lattice) or strict (only weak types promote)",
	})
	optX64 = promote.NewBoolOpt(promote.Option{
		Name: "x64", Default: "false",
		Doc: "jax_enable_x64: with false, 64-bit operands are canonicalised to 32 bits and Python scalars default to 32 bits",
	})
	optExplicitX64DTypes = promote.NewEnumOpt(promote.Option{
		Name: "explicit_x64_dtypes", Default: "warn", Values: explicitNames,
		Doc: "jax_explicit_x64_dtypes, with x64=false: an operand of a 64-bit dtype is truncated to 32 bits (warn), refused (error) or kept, the x32 lattice joining it (allow)",
	})
)

// Def is the jax rule set. Options: mode=standard|strict
// (jax_numpy_dtype_promotion, default standard), x64=true|false
// (jax_enable_x64, default false) and explicit_x64_dtypes=warn|error|allow
// (jax_explicit_x64_dtypes, default warn), JAX's own defaults.
var Def = &promote.Def{
	Name:    name,
	Title:   "JAX (jax.numpy type promotion lattice, weak types)",
	Family:  promote.FamilyFrameworks,
	Oracles: oracles,
	Source:  "rules/jax/spec.md; " + latticeSrc + ", jax/_src/config.py, docs/type_promotion.rst, docs/jep/9407-type-promotion.md, tests/dtypes_test.py testObservedPromotionTable",
	NAry:    promote.Set,
	Dialect: dtype.NumPy, // JAX takes NumPy's dtype names
	Options: promote.Opts(optMode, optX64, optExplicitX64DTypes),
	Presets: [][]string{{"x64=true"}, {"mode=strict"}, {"explicit_x64_dtypes=allow"}},
	New: func(s promote.Settings) (promote.Rules, error) {
		e, err := ParseExplicitX64(optExplicitX64DTypes.Of(s))
		if err != nil {
			return nil, err
		}
		c := Config{Strict: optMode.Of(s) == "strict", X64: optX64.Of(s), Explicit: e}
		return &rules{Base: kit.NewBase(s, tables[c.index()]()), c: c}, nil
	},
	DTypes: func(promote.Settings) *promote.DTypeSet { return dtypeSet() },
	Weak:   promote.WeakTypes,
	Host:   promote.HostPython,
	Rules: []*promote.Rule{
		ruleOne, ruleSame, ruleAllWeak, ruleJoin, ruleJoinWeak, ruleX64, ruleExplicitError, ruleExplicitAllow,
		ruleNoPath, ruleStrict, ruleNotJAX, ruleIntOverflow, rulePython, kit.NoOperands, pylit.Rule,
	},
	Admission: promote.Admission{
		NoDType: &promote.Refusal{Rule: ruleNotJAX, Msg: func(_ promote.Settings, o promote.Operand) string { return notJAXMsg(o.DType) }},
	},
}

// rules is the jax rule set under one configuration.
type rules struct {
	kit.Base
	c Config
}

// tables holds every configuration's table, indexed by Config.index, each
// built the first time a rule set of that configuration is built (not at
// init: a program that never asks for JAX, such as the explorer's
// WebAssembly engine starting up, should not pay for twelve tables). A
// weak result (uint64 with a signed integer, x64 on: f*) is kept in the
// table's cells.
var tables = func() (ts [numConfigs]func() *kit.PairTable) {
	for i := range ts {
		c := Config{Strict: i&2 != 0, X64: i&1 != 0, Explicit: ExplicitX64(i >> 2)}
		ts[i] = sync.OnceValue(func() *kit.PairTable {
			return kit.NewPairTable(name, func(a, b dtype.DType) kit.Decision {
				o := resultOf(c, a, b)
				if o.failed {
					return kit.Decision{Rule: o.rule, Msg: o.msg}
				}
				return kit.Decision{Out: o.t.DType, Weak: o.t.Weak, Rule: o.rule}
			})
		})
	}
	return ts
}()

// numConfigs counts the Configs: strict, x64 and the three explicit
// modes (which x64 on makes alike; they keep separate, equal tables).
const numConfigs = 4 * 3

func (c Config) index() int {
	i := int(c.Explicit) << 2
	if c.Strict {
		i |= 2
	}
	if c.X64 {
		i |= 1
	}
	return i
}

// resultOf is lattice_result_type for two strong arrays of a and b, the
// PairTable's decision.
func resultOf(c Config, a, b dtype.DType) outcome {
	for _, d := range [2]dtype.DType{a, b} {
		if nodeOf[d] == noNode {
			return outcome{rule: ruleNotJAX, failed: true, msg: notJAXMsg(d)}
		}
	}
	var args [2]Typed
	for i, d := range [2]dtype.DType{a, b} {
		e, err := c.ExplicitDType(d)
		if err != nil {
			return outcome{rule: ruleExplicitError, failed: true, msg: explicitErrorMsg(d)}
		}
		args[i] = Typed{e, false}
	}
	o := latticeResultType(c, args[:])
	if !o.failed {
		if r := c.explicitRule(a, b); r != nil {
			o.rule = r
		}
	}
	return o
}

// explicitRule is the rule to cite when an operand's dtype is one x64
// mode treats specially: x64-off when canonicalisation changed it (warn),
// explicit-x64-allow when allow kept a 64-bit dtype the default would have
// changed; nil otherwise.
func (c Config) explicitRule(ds ...dtype.DType) *promote.Rule {
	if c.X64 {
		return nil
	}
	for _, d := range ds {
		if c.Canonical(d) != d {
			if c.Explicit == ExplicitAllow {
				return ruleExplicitAllow
			}
			return ruleX64
		}
	}
	return nil
}

// Result is lattice_result_type over the operands as one set (order never
// matters): jax.numpy's result dtype and weak type for an operation on them.
func (r *rules) Result(ops ...promote.Operand) (promote.Result, error) {
	if len(ops) == 0 {
		return promote.Result{}, r.Refuse(kit.NoOperands, noOperandsMsg)
	}
	var buf [8]Typed
	args := buf[:0]
	var special *promote.Rule
	for i := range ops {
		t, err := r.typeOf(&ops[i])
		if err != nil {
			return promote.Result{}, err
		}
		// An array or NumPy scalar of a 64-bit dtype with x64 off is an
		// explicitly requested dtype: truncated, refused or kept.
		d, err := r.c.ExplicitDType(t.DType)
		if err != nil {
			return promote.Result{}, r.Refuse(ruleExplicitError, explicitErrorMsg(t.DType), ops...)
		}
		if s := r.c.explicitRule(t.DType); s != nil {
			special = s
		}
		t.DType = d
		args = append(args, t)
	}
	out := latticeResultType(r.c, args)
	if out.failed {
		return promote.Result{}, r.Refuse(out.rule, out.msg, ops...)
	}
	if special != nil {
		// What x64 mode did to a 64-bit operand is what a user is most
		// likely to ask about, so it is the rule shown.
		out.rule = special
	}
	return promote.Result{DType: out.t.DType, Weak: out.t.Weak, Rule: out.rule}, nil
}

// typeOf admits one operand and gives its _dtype_and_weaktype, before
// canonicalisation.
//
// A tensor is a jax.Array: its dtype, weak when marked ?. Rank does not
// matter; a zero-dim array is like any other. A typed scalar such as
// f64(1.5) is a NumPy scalar: strong (unless marked ?). A Python int,
// float or complex literal is weak, of its kind's default dtype under the
// configuration (already 32-bit with x64 off, so it never counts as
// canonicalised); a Python bool is a strong bool (bool is not among JAX's
// weak Python types). The literal's value matters only to the overflow
// check of a Python int; lattice_result_type takes only its type.
func (r *rules) typeOf(o *promote.Operand) (Typed, error) {
	switch o.Kind {
	case promote.Tensor, promote.Scalar:
		// Admitted here, operand by operand: a bad literal or an x64
		// refusal of an earlier operand is named first.
		if err := r.AdmitOperand(o, nil); err != nil {
			return Typed{}, err
		}
		return Typed{o.DType, o.Weak}, nil
	case promote.Literal:
		v := o.Value
		if msg := pylit.Check(v); msg != "" {
			return Typed{}, r.Refuse(pylit.Rule, msg, *o)
		}
		switch v.Kind {
		case promote.BoolValue:
			return Typed{dtype.Bool, false}, nil
		case promote.IntValue:
			d := DefaultInt(r.c)
			if !kit.IntFits(v.Int, d) { // scalar_type_to_dtype's np.iinfo check
				return Typed{}, r.Refuse(ruleIntOverflow, fmt.Sprintf("OverflowError: Python int %s too large to convert to %s", intText(v), jaxNames[nodeOf[d]]), *o)
			}
			return Typed{d, true}, nil
		case promote.FloatValue:
			return Typed{DefaultFloat(r.c), true}, nil
		case promote.ComplexValue:
			return Typed{DefaultComplex(r.c), true}, nil
		}
	}
	return Typed{}, r.Refuse(rulePython, "invalid operand", *o)
}

// intText is str() of the Python int.
func intText(v promote.Value) string {
	if v.Int == nil {
		return v.Text
	}
	return v.Int.String()
}

// dtypeSet is the set of the system's dtypes, built once, on first use
// (after the package's tables are filled): Def.DTypes.
var dtypeSet = sync.OnceValue(func() *promote.DTypeSet {
	return kit.DTypesWhere(func(d dtype.DType) bool { return nodeOf[d] != noNode })
})
