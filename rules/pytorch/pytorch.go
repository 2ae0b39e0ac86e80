package pytorch

import (
	"errors"
	"slices"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/pylit"
	"github.com/promote-dev/promote/kit"
)

// Name is the rule set's name.
const Name = "pytorch"

// The rule set's options, each declared once here and read only through
// its handle.
var (
	optVersion = promote.NewEnumOpt(promote.Option{
		Name:    "version",
		Default: Version214,
		Values:  Versions,
		Doc:     "the PyTorch release, 1.13 to 2.14: its dtypes (float8 from 2.1, uint16/32/64 and uint1-7 from 2.3, int1-7 from 2.6, float8_e8m0fnu from 2.7, float4_e2m1fn_x2 from 2.8, bcomplex32 from 2.14), promoteTypes (2.1 mixes Float8 types through its table; from 2.2 they never mix), toComplexType (bfloat16 with a complex gives bcomplex32 from 2.14) and Python int range (before 2.3 ints past int64 are refused)",
		Explain: explainVersion,
	})
	optDefaultFloat = promote.NewEnumOpt(promote.Option{
		Name:    "default_float",
		Default: "f32",
		Values:  []string{"f32", "f64"},
		Doc:     "torch.set_default_dtype: the dtype of a Python float (and, as its complex counterpart c64 or c128, of a Python complex)",
	})
)

// Def is the pytorch rule set: torch.promote_types for plain dtype pairs
// and torch.result_type (TensorIterator's common dtype) for operands.
// Options: version (the PyTorch release, 1.13 to 2.14, the default) and
// default_float (torch.set_default_dtype).
var Def = &promote.Def{
	Name:    Name,
	Title:   "PyTorch (torch.promote_types, torch.result_type)",
	Family:  promote.FamilyFrameworks,
	Oracles: oracles,
	Source:  "rules/pytorch/spec.md; rules/pytorch/versions.md; " + srcPromote + "; " + srcResult,
	NAry:    promote.Set,
	Dialect: dtype.PyTorch,
	Options: promote.Opts(optVersion, optDefaultFloat),
	Presets: [][]string{{"default_float=f64"}, {"version=" + Version26}, {"version=" + Version113}},
	New:     build,
	DTypes: func(s promote.Settings) *promote.DTypeSet {
		r, err := releaseOf(optVersion.Of(s))
		if err != nil {
			return nil
		}
		return (*promote.DTypeSet)(&r.has)
	},
	Weak:  promote.NoWeakTypes,
	Host:  promote.HostPython,
	Rules: allRules,
	// State (the incremental API, which Result drives) admits each
	// operand through kit.AdmitOperand as it classifies it.
	Admission: promote.Admission{
		NoDType: &promote.Refusal{Rule: ruleNoDType, Msg: func(s promote.Settings, o promote.Operand) string {
			r, _ := releaseOf(optVersion.Of(s))
			return r.noDTypeMsg(o.DType)
		}},
		NoWeak: kit.NoWeak(ruleNoWeak, func(promote.Settings, promote.Operand) string {
			return "PyTorch has no weak tensors; write a Python scalar (1, 1.0, 1j, true) for a weakly typed operand"
		}),
		AllOperands: true,
	},
}

// rules is the rule set built for one version and default dtype.
type rules struct {
	kit.Base
	r            *release
	defaultFloat dtype.DType
}

func build(s promote.Settings) (promote.Rules, error) {
	r, err := releaseOf(optVersion.Of(s))
	if err != nil {
		return nil, err
	}
	d := dtype.F32
	if optDefaultFloat.Of(s) == "f64" {
		d = dtype.F64
	}
	return &rules{Base: kit.NewBase(s, r.table), r: r, defaultFloat: d}, nil
}

// Result is torch.result_type over any number of operands: every operand
// updates its slot, then the slots are combined (see State).
func (r *rules) Result(ops ...promote.Operand) (promote.Result, error) {
	if len(ops) == 0 {
		return promote.Result{}, r.Refuse(kit.NoOperands, "no operands")
	}
	s, err := r.r.newState(r.defaultFloat)
	if err != nil {
		return promote.Result{}, err
	}
	s.adm = &r.S // admit under the rule set's own settings
	for i := range ops {
		if err := s.update(&ops[i]); err != nil {
			return promote.Result{}, withOperands(err, ops)
		}
	}
	res, err := s.Result()
	if err != nil {
		return promote.Result{}, withOperands(err, ops)
	}
	return res, nil
}

// withOperands makes a refusal name every operand of the query, not only
// the one (or none) the State saw when it failed.
func withOperands(err error, ops []promote.Operand) error {
	var e *promote.Error
	if errors.As(err, &e) {
		e.Operands = append([]promote.Operand(nil), ops...)
	}
	return err
}

// allRules is every rule of the rule set, under every version (the
// versions' own table, complex and Python-int rules share IDs).
var allRules = func() []*promote.Rule {
	out := []*promote.Rule{
		ruleComplexHigher, ruleComplexLower, ruleFloatingHigher, ruleBoolHigher, ruleIntegralFloating, ruleIntegralHigher,
		ruleOneSlot, ruleToComplex, ruleDimTensor, ruleZeroDim, rulePyBool, rulePyInt, rulePyIntUnsigned,
		rulePyFloat, rulePyComplex, ruleNoWeak, ruleDynamicRank, ruleNoDType, ruleSame, ruleFloat8, ruleBarebonesFloat,
		ruleBarebones, ruleInternalAssert, ruleTableUndefined, kit.NoOperands, pylit.Rule,
	}
	for _, r := range releases {
		for _, rule := range [...]*promote.Rule{r.ruleTable, r.ruleComplexOf, r.ruleIntOutside} {
			if !slices.Contains(out, rule) {
				out = append(out, rule)
			}
		}
	}
	return out
}()
