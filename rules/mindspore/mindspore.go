package mindspore

import (
	"fmt"
	"sync"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/pylit"
	"github.com/promote-dev/promote/kit"
)

// Name is the rule set's name.
const Name = "mindspore"

// The values of the rules option.
const (
	// RulesTable is the current code's two conversion maps (the default).
	RulesTable = "table"
	// RulesPriority is the older code's single priority order.
	RulesPriority = "priority"
	// RulesDoc is the r1.2 to r2.0 implicit conversion note.
	RulesDoc = "doc"
)

// Dialect is MindSpore's spelling of dtypes: mindspore.float32 and its
// aliases (mindspore.dtype), with the prefixes "mindspore.", "ms." and
// "mstype.".
var Dialect = dtype.NewDialect("mindspore", []string{"mindspore.", "mstype.", "ms."},
	map[string]dtype.DType{
		"bool_": dtype.Bool, "byte": dtype.I8, "short": dtype.I16, "intc": dtype.I32, "int": dtype.I32,
		"intp": dtype.I64, "long": dtype.I64, "ubyte": dtype.U8, "ushort": dtype.U16, "uintc": dtype.U32,
		"uintp": dtype.U64, "half": dtype.F16, "single": dtype.F32, "float": dtype.F32, "double": dtype.F64,
		"cfloat": dtype.C64, "cdouble": dtype.C128,
	},
	map[string]string{"string": "MindSpore's string type", "type_none": "MindSpore's None type", "int4": "MindSpore's 4-bit integer (outside implicit conversion)"})

// optRules declares the option "rules"; the rule set reads it only through this handle.
var optRules = promote.NewEnumOpt(promote.Option{
	Name: "rules", Default: RulesTable, Values: []string{RulesTable, RulesPriority, RulesDoc},
	Doc: "table: the current code's conversion maps (bfloat16, complex; uint16/32/64 only with bool); priority: the older code's priority order over nine types; doc: the r1.2-r2.0 note",
})

// Def is the mindspore rule set: the implicit type conversion MindSpore
// applies to the inputs of an operator whose signature puts them in one
// dtype group (Add, Mul, comparisons and the other ops the note lists).
var Def = &promote.Def{
	Name:    Name,
	Title:   "MindSpore (implicit type conversion of operator inputs)",
	Family:  promote.FamilyFrameworks,
	Oracles: oracles,
	Source:  "rules/mindspore/spec.md; " + srcTable + "; " + srcPriority + "; " + srcDoc,
	NAry:    promote.Fold,
	Dialect: Dialect,
	Options: promote.Opts(optRules),
	Presets: [][]string{{"rules=" + RulesPriority}},
	New: func(s promote.Settings) (promote.Rules, error) {
		mode := optRules.Of(s)
		t := tableTable
		if mode != RulesTable {
			t = priorityTable
			if mode == RulesDoc {
				t = docTable
			}
		}
		return &rules{Base: kit.NewBase(s, t()), mode: mode}, nil
	},
	DTypes: func(promote.Settings) *promote.DTypeSet { return dtypeSet() },
	Weak:   promote.NoWeakTypes,
	Host:   promote.HostPython,
	Rules:  allRules,
	Admission: promote.Admission{
		NoDType: &promote.Refusal{Rule: ruleNoDType, Msg: func(_ promote.Settings, o promote.Operand) string { return noDTypeMsg(o.DType) }},
		NoWeak: kit.NoWeak(ruleNoWeak, func(promote.Settings, promote.Operand) string {
			return "MindSpore has no weak tensors; write a Python scalar (1, 1.0, True) for a weakly typed operand"
		}),
	},
}

type rules struct {
	kit.Base
	mode string
}

// arg is one operand as MindSpore's conversion sees it: a TypeId and
// whether it is a tensor (a Python scalar is a Number).
type arg struct {
	dt     dtype.DType
	tensor bool
}

// The compiled pair tables: two tensors of the given dtypes. Each is built
// the first time a rule set of its mode asks for it, not at init.
var (
	tableTable    = modeTable(RulesTable)
	priorityTable = modeTable(RulesPriority)
	docTable      = modeTable(RulesDoc)
)

func modeTable(mode string) func() *kit.PairTable {
	return sync.OnceValue(func() *kit.PairTable {
		return kit.NewPairTable(Name, func(a, b dtype.DType) kit.Decision { return decide(mode, a, b) })
	})
}

func decide(mode string, a, b dtype.DType) kit.Decision {
	for _, d := range [2]dtype.DType{a, b} {
		if !has(d) {
			return kit.Decision{Rule: ruleNoDType, Msg: noDTypeMsg(d)}
		}
	}
	args := []arg{{a, true}, {b, true}}
	var out dtype.DType
	var why *promote.Rule
	var msg string
	if mode == RulesTable {
		out, why, msg = foldTable(args)
	} else {
		out, why, msg = maxPriority(mode == RulesDoc, args, len(args))
	}
	if msg != "" {
		return kit.Decision{Rule: why, Msg: msg}
	}
	return kit.Decision{Out: out, Rule: why}
}

// Result is the type the operands of one signature dtype group convert
// to. With rules=table the operands fold left to right
// (GetSignatureTypeMap); with rules=priority and rules=doc the highest
// priority among the tensors decides, then the scalars adjust it.
func (r *rules) Result(ops ...promote.Operand) (promote.Result, error) {
	if len(ops) == 0 {
		return promote.Result{}, r.Refuse(kit.NoOperands, "no operands")
	}
	args := make([]arg, 0, len(ops))
	for i := range ops {
		a, err := r.argOf(&ops[i])
		if err != nil {
			return promote.Result{}, err
		}
		args = append(args, a)
	}
	var out dtype.DType
	var why *promote.Rule
	var msg string
	if r.mode == RulesTable {
		out, why, msg = foldTable(args)
	} else {
		out, why, msg = maxPriority(r.mode == RulesDoc, args, len(ops))
	}
	if msg != "" {
		return promote.Result{}, r.Refuse(why, msg, ops...)
	}
	return promote.Result{DType: out, Rule: why}, nil
}

// argOf types one operand: a tensor (a typed scalar such as f64(1.5) is a
// 0-d tensor; rank never matters) or a Python scalar (bool is Bool, int
// is Int64, float is Float32).
func (r *rules) argOf(o *promote.Operand) (arg, error) {
	switch o.Kind {
	case promote.Tensor, promote.Scalar:
		// Admitted here, operand by operand: a bad literal before it is
		// named first.
		if err := r.AdmitOperand(o, nil); err != nil {
			return arg{}, err
		}
		return arg{o.DType, true}, nil
	case promote.Literal:
		v := o.Value
		if msg := pylit.Check(v); msg != "" {
			return arg{}, r.Refuse(pylit.Rule, msg, *o)
		}
		switch v.Kind {
		case promote.BoolValue:
			return arg{dtype.Bool, false}, nil
		case promote.IntValue:
			return arg{dtype.I64, false}, nil
		case promote.FloatValue:
			return arg{dtype.F32, false}, nil
		}
		return arg{}, r.Refuse(ruleNoComplex, "MindSpore's implicit conversion has no rule for a Python complex scalar ("+v.Text+")", *o)
	}
	return arg{}, r.Refuse(ruleNoDType, "invalid operand", *o)
}

func noDTypeMsg(d dtype.DType) string {
	return fmt.Sprintf("MindSpore has no dtype %s (mindspore.dtype: bool, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, bfloat16, float32, float64, complex64, complex128)", d)
}

// dtypeSet is the set of the system's dtypes, built once, on first use
// (after the package's tables are filled): Def.DTypes.
var dtypeSet = sync.OnceValue(func() *promote.DTypeSet { return kit.DTypesWhere(has) })
