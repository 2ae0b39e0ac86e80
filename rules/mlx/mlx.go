package mlx

import (
	"errors"
	"sync"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
)

// Name is the rule set's name.
const Name = "mlx"

// Dialect reads dtype names as MLX spells them (mx.float32, mlx.core.bool_).
var Dialect = dtype.NewDialect(Name, []string{"mx.", "mlx.core."}, map[string]dtype.DType{
	"bool_": dtype.Bool, "uint8": dtype.U8, "uint16": dtype.U16, "uint32": dtype.U32, "uint64": dtype.U64,
	"int8": dtype.I8, "int16": dtype.I16, "int32": dtype.I32, "int64": dtype.I64,
	"float16": dtype.F16, "float32": dtype.F32, "float64": dtype.F64, "bfloat16": dtype.BF16, "complex64": dtype.C64,
}, nil)

// Def is the mlx rule set. It has no options.
var Def = &promote.Def{
	Name:    Name,
	Title:   "Apple MLX (promote_types, mx.result_type, Python scalars)",
	Family:  promote.FamilyFrameworks,
	Oracles: oracles,
	Source:  "rules/mlx/spec.md; " + srcDtype + " (type_rules, promote_types); " + srcUtils + " (to_array, to_arrays); " + srcPyOps + " (result_type)",
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
		NoDType: &promote.Refusal{Rule: ruleNotMLX, Msg: func(_ promote.Settings, o promote.Operand) string { return notMLXMsg(o.DType) }},
		NoWeak: kit.NoWeak(ruleNoWeak, func(promote.Settings, promote.Operand) string {
			return "MLX has no weak arrays; write a Python scalar (2, 1.5) for an operand that takes the other's dtype"
		}),
		AllOperands: true,
	},
}

// rules is the mlx rule set.
type rules struct{ kit.Base }

// table is promote_types compiled over the catalogue; a dtype MLX does not
// have is refused. It is built on first use, not at init.
var table = sync.OnceValue(func() *kit.PairTable {
	return kit.NewPairTable(Name, func(a, b dtype.DType) kit.Decision {
		for _, d := range [2]dtype.DType{a, b} {
			if !Has(d) {
				return kit.Decision{Rule: ruleNotMLX, Msg: notMLXMsg(d)}
			}
		}
		out, _ := PromoteTypes(a, b)
		return kit.Decision{Out: out, Rule: ruleTable}
	})
})

// Result folds the operands left to right as a chain of binary operations
// (for arrays alone, mx.result_type). Refusals name every operand.
func (r *rules) Result(ops ...promote.Operand) (promote.Result, error) {
	if len(ops) == 0 {
		return promote.Result{}, r.Refuse(ruleNoOperands, "ValueError: [result_type] At least one array or dtype is required.")
	}
	res, err := kit.FoldLeft(ops, r)
	if err != nil {
		var e *promote.Error
		if errors.As(err, &e) {
			e.Operands = append([]promote.Operand(nil), ops...)
		}
		return promote.Result{}, err
	}
	return res, nil
}

// FoldOne is the type of one operand alone: an array keeps its dtype; a
// Python scalar is to_array with no dtype.
func (r *rules) FoldOne(o promote.Operand) (promote.Result, error) {
	if o.Kind == promote.Literal {
		d, rule, msg := toArray(o.Value, dtype.Invalid)
		if d == dtype.Invalid {
			return promote.Result{}, r.Refuse(rule, msg, o)
		}
		return promote.Result{DType: d, Rule: rule}, nil
	}
	if err := r.AdmitOperand(&o, nil); err != nil {
		return promote.Result{}, err
	}
	return promote.Result{DType: o.DType, Rule: ruleOneArray}, nil
}

// FoldTwo is one binary operation, as to_arrays (utils.cpp:54) prepares
// it: two arrays keep their dtypes; a scalar meeting an array becomes an
// array of that array's dtype where it can; two scalars each take their
// own default. Then promote_types.
func (r *rules) FoldTwo(a, b promote.Operand) (promote.Result, error) {
	aLit, bLit := a.Kind == promote.Literal, b.Kind == promote.Literal
	// The arrays of the step are admitted first, then its Python scalars
	// are read, step by step as the fold reaches them (Result names every
	// operand in a refusal).
	if !aLit {
		if err := r.AdmitOperand(&a, nil); err != nil {
			return promote.Result{}, err
		}
	}
	if !bLit {
		if err := r.AdmitOperand(&b, nil); err != nil {
			return promote.Result{}, err
		}
	}
	da, db := a.DType, b.DType
	rule := ruleTable
	var err error
	switch {
	case aLit && bLit:
		if da, rule, err = r.scalar(a, dtype.Invalid); err != nil {
			return promote.Result{}, err
		}
		var rb *promote.Rule
		if db, rb, err = r.scalar(b, dtype.Invalid); err != nil {
			return promote.Result{}, err
		}
		if a.Value.Kind < b.Value.Kind {
			rule = rb // cite the wider Python kind
		}
	case aLit:
		if da, rule, err = r.scalar(a, db); err != nil {
			return promote.Result{}, err
		}
	case bLit:
		if db, rule, err = r.scalar(b, da); err != nil {
			return promote.Result{}, err
		}
	}
	out, _ := PromoteTypes(da, db)
	return promote.Result{DType: out, Rule: rule}, nil
}

// scalar converts a Python scalar with to_array against an array of other
// (dtype.Invalid: no array).
func (r *rules) scalar(o promote.Operand, other dtype.DType) (dtype.DType, *promote.Rule, error) {
	d, rule, msg := toArray(o.Value, other)
	if d == dtype.Invalid {
		return d, rule, r.Refuse(rule, msg, o)
	}
	return d, rule, nil
}

// dtypeSet is the set of the system's dtypes, built once, on first use
// (after the package's tables are filled): Def.DTypes.
var dtypeSet = sync.OnceValue(func() *promote.DTypeSet { return promote.NewDTypeSet(types[:]) })
