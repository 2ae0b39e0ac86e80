package anvil

import (
	"sync"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
)

// optVersion declares the option "version"; the rule set reads it only through this handle.
var optVersion = promote.NewEnumOpt(promote.Option{
	Name:    "version",
	Default: Version04,
	Values:  Versions,
	Explain: kit.ExplainRelease("anvl", Versions),
	Doc:     "0.4: every release (anvil 0.1.0, anvl 0.2.0 to 0.4.0), the ambiguity system of r-xla/anvil@ef9f93aa; main: r-xla/anvl's unreleased development version (@06aa26a6), where an R value takes the dtype it meets, nothing is ambiguous, and f16, bf16, c64, c128 exist",
})

// Def is the anvil rule set. Its option version selects the release
// semantics (0.4, the ambiguity system) or the development version (main,
// the RData system).
var Def = &promote.Def{
	Name:    "anvil",
	Title:   "{anvil}, now anvl (R on XLA): ambiguous literal types (0.4) or R values (main)",
	Family:  promote.FamilyFrameworks,
	Source:  "rules/anvil/spec.md; r-xla/anvil@ef9f93aa R/promotion.R, R/array.R; r-xla/tengen@4adc1c2 R/types.R; r-xla/anvl@06aa26a6 R/promotion.R",
	NAry:    promote.Fold,
	Dialect: dtype.R,
	Options: promote.Opts(optVersion),
	Presets: [][]string{{"version=" + VersionMain}},
	New: func(s promote.Settings) (promote.Rules, error) {
		if optVersion.Of(s) == VersionMain {
			return &rules{Base: kit.NewBase(s, tableMain()), main: true}, nil
		}
		return &rules{Base: kit.NewBase(s, table())}, nil
	},
	DTypes: func(s promote.Settings) *promote.DTypeSet {
		if optVersion.Of(s) == VersionMain {
			return dtypeSetMain()
		}
		return dtypeSet()
	},
	// anvil's ambiguous types are its weak operands.
	Weak: promote.WeakTypes,
	Host: promote.HostR,
	Rules: []*promote.Rule{
		ruleOperand, ruleIntegerLiteral, ruleDoubleLiteral, ruleWideInteger, ruleLogicalLiteral, ruleComplexLiteral,
		ruleNotR, ruleNoArguments, ruleKnown, ruleAmbiguousToKnown, ruleBothAmbiguous, ruleUnsupported,
		mKnown, mNoCommon, mInternal, mUIWide, mRData, mRBoth, mRInteger, mRDouble, mRLogical, mNoAmbiguous, mOperand,
	},
	Admission: promote.Admission{
		NoDType: &promote.Refusal{Rule: ruleUnsupported, Msg: func(_ promote.Settings, o promote.Operand) string { return unsupportedMsg(o.DType) }},
	},
}

type rules struct {
	kit.Base
	main bool // the development version (RData)
}

// Result is common_type_info (r-xla/anvil R/promotion.R@ef9f93aa): it
// folds common_dtype over the operands from left to right, carrying the
// ambiguity flag. One operand gives its own dtype and ambiguity; none is
// anvil's "No arguments provided" error.
func (r *rules) Result(ops ...promote.Operand) (promote.Result, error) {
	if len(ops) == 0 {
		return promote.Result{}, r.Refuse(ruleNoArguments, "No arguments provided")
	}
	if r.main {
		// anvl's development version admits every operand first, as it
		// always has; the released one admits each where it resolves it.
		if err := r.Admit(ops); err != nil {
			return promote.Result{}, err
		}
		return r.resultMain(ops)
	}
	dt, amb, rule, err := r.resolve(&ops[0])
	if err != nil {
		return promote.Result{}, err
	}
	for i := 1; i < len(ops); i++ {
		t, a, _, err := r.resolve(&ops[i])
		if err != nil {
			return promote.Result{}, err
		}
		// Both dtypes are supported here, so CommonDType cannot refuse.
		dt, amb, rule = CommonDType(dt, t, amb, a)
	}
	return promote.Result{DType: dt, Weak: amb, Rule: rule}, nil
}

// dtypeSet is the set of the system's dtypes, built once, on first use
// (after the package's tables are filled): Def.DTypes.
var dtypeSet = sync.OnceValue(func() *promote.DTypeSet { return kit.DTypesWhere(Supported) })
