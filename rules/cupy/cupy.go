package cupy

import (
	"fmt"
	"math/big"
	"sync"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/pylit"
	"github.com/promote-dev/promote/kit"
	"github.com/promote-dev/promote/rules/numpy"
)

// Name is the rule set's name.
const Name = "cupy"

// The CuPy releases modelled, newest first.
const (
	Version14 = "14"
	Version13 = "13"
)

// Versions lists the version option's values, newest first.
var Versions = []string{Version14, Version13}

// Sources, by upstream tag and commit.
const (
	src14       = "cupy/cupy v14.2.0 (dc1552a32f5489bdf6a5a721dfd952a92d47d934) "
	src13       = "cupy/cupy v13.6.0 (25e552d5d679dcdc6f7cc3d81310a9b265463137) "
	srcScalar14 = src14 + "cupy/_core/_scalar.pyx:302-318 (numpy_dtype_from_pyscalar), :363-380 (CScalar._store_c_value, PyArray_Pack)"
	srcWeak14   = src14 + "cupy/_core/_kernel.pyx:1103-1140 (_get_kind_score, _check_should_use_weak_scalar), :1655-1741 (ufunc.guess_routine, _guess_routine_from_in_types)"
	srcScalar13 = src13 + "cupy/_core/_scalar.pyx:108-126 (_python_scalar_to_numpy_scalar)"
	srcMin13    = src13 + "cupy/_core/_kernel.pyx:1087-1121 (_check_should_use_min_scalar, _min_scalar_type), :1586-1640 (ufunc.guess_routine, _guess_routine_from_in_types)"
)

// CuPy's own rules: where it differs from NumPy, and what it refuses.
var (
	ruleIntRange = kit.PythonIntRange.Adopt(promote.Rule{ID: "python-int-range",
		Text:   "CuPy makes a Python int an int64 scalar, or uint64 from 2**63, before any promotion: an int outside [-2^63, 2^64) is an OverflowError, whatever it meets (NumPy converts it for a float or complex array)",
		Source: srcScalar14 + "; " + srcScalar13})
	ruleStrongScalar = &promote.Rule{ID: "strong-python-scalar",
		Text:   "CuPy 14: a Python scalar of a higher kind (bool < integer < inexact) than every array is not weak: it takes its own dtype (int64, uint64 from 2**63, float64, complex128) and the loop search promotes it as an array, so a bool array + 2**63 is uint64",
		Source: srcWeak14 + "; " + srcScalar14}
	ruleZeroDimArray = &promote.Rule{ID: "zero-dim-array",
		Text:   "CuPy 13: a 0-d CuPy array is an array, promoted by its dtype; only Python and NumPy scalars are value-based (NumPy 1 took a 0-d array's value too)",
		Source: srcMin13}
	ruleBinary = &promote.Rule{ID: "two-operands",
		Text:   "a CuPy ufunc such as cupy.add takes two inputs: write the pairs",
		Source: srcWeak14 + "; " + srcMin13}
	ruleNoArray = &promote.Rule{ID: "no-array",
		Text:   "a CuPy ufunc's loop search is modelled for operands of which at least one is a CuPy array; with Python and NumPy scalars only, promote does not answer",
		Source: srcWeak14 + "; " + srcMin13}
	ruleNoDType = &promote.Rule{ID: "no-dtype",
		Text:   "CuPy's dtypes are bool, int8-64, uint8-64, float16/32/64, complex64/128 (the C types its kernels are written in)",
		Source: src14 + "cupy/_core/_scalar.pyx:14-29 (_typenames_base)"}
	ruleNoWeak = kit.NoWeakTypes.Adopt(promote.Rule{ID: "no-weak",
		Text:   "CuPy has no weak arrays: its only weakly typed operands are Python scalars",
		Source: srcWeak14})
)

// dtypes are CuPy's: the C types of _typenames_base.
var dtypes = []dtype.DType{
	dtype.Bool, dtype.I8, dtype.I16, dtype.I32, dtype.I64, dtype.U8, dtype.U16, dtype.U32, dtype.U64,
	dtype.F16, dtype.F32, dtype.F64, dtype.C64, dtype.C128,
}

var dtypeSet = sync.OnceValue(func() *promote.DTypeSet {
	var s promote.DTypeSet
	for _, d := range dtypes {
		s[d] = true
	}
	return &s
})

// optVersion declares the option "version"; the rule set reads it only through this handle.
var optVersion = promote.NewEnumOpt(promote.Option{
	Name:    "version",
	Default: Version14,
	Values:  Versions,
	Doc:     "the CuPy major release: 14 follows NEP 50 (NumPy 2), 13 NumPy 1's value-based rules; both refuse a Python int outside [-2^63, 2^64)",
	Explain: explainVersion,
})

// Def is the cupy rule set.
var Def = &promote.Def{
	Name:    Name,
	Title:   "CuPy (the dtype of cupy.add and the elementwise ufuncs; 13 value-based, 14 NEP 50)",
	Family:  promote.FamilyFrameworks,
	Oracles: oracles,
	Source:  "rules/cupy/spec.md; " + srcWeak14 + "; " + srcMin13,
	NAry:    promote.Set,
	Dialect: dtype.NumPy,
	Options: promote.Opts(optVersion),
	Presets: [][]string{{"version=" + Version13}},
	New:     build,
	DTypes:  func(promote.Settings) *promote.DTypeSet { return dtypeSet() },
	Weak:    promote.NoWeakTypes,
	Host:    promote.HostPython,
	Rules:   []*promote.Rule{ruleIntRange, ruleStrongScalar, ruleZeroDimArray, ruleBinary, ruleNoArray, ruleNoDType, ruleNoWeak, kit.NoOperands, pylit.Rule},
	Admission: promote.Admission{
		NoDType: &promote.Refusal{Rule: ruleNoDType, Msg: func(_ promote.Settings, o promote.Operand) string {
			return fmt.Sprintf("CuPy has no dtype %s (its dtypes: bool, int8-64, uint8-64, float16/32/64, complex64/128)", o.DType)
		}},
		NoWeak: kit.NoWeak(ruleNoWeak, func(promote.Settings, promote.Operand) string {
			return "CuPy has no weak arrays; write a Python scalar (1, 1.0, 1j, True) for a weakly typed operand"
		}),
		AllOperands: true,
	},
}

// explainVersion names a release newer or older than those modelled.
func explainVersion(v string) string {
	var major int
	if _, err := fmt.Sscanf(v, "%d", &major); err != nil {
		return ""
	}
	switch {
	case major > 14:
		return fmt.Sprintf("; CuPy %d is newer than the newest release this rule set knows (14)", major)
	case major < 13:
		return fmt.Sprintf("; CuPy %d is older than the oldest release this rule set knows (13)", major)
	}
	return "; name the major release only (14, not 14.2.0)"
}

// rules is the rule set built for one release: CuPy's checks, then
// package numpy's rule set in the promotion state the release follows.
type rules struct {
	kit.Base
	v13 bool
	np  promote.Rules
}

func build(s promote.Settings) (promote.Rules, error) {
	v13 := optVersion.Of(s) == Version13
	promotion := "promotion=weak"
	if v13 {
		promotion = "promotion=legacy"
	}
	np, err := numpy.Def.Build(promotion, "check_values=true", "ml_dtypes=false")
	if err != nil {
		return nil, fmt.Errorf("cupy: %w", err)
	}
	return &rules{Base: kit.NewBase(s, pairTable()), v13: v13, np: np}, nil
}

// pairTable is promote_types for two CuPy arrays: NumPy's, which CuPy's
// loop search agrees with for its dtypes (spec.md §2).
var pairTable = sync.OnceValue(func() *kit.PairTable {
	np := numpy.Def.MustBuild()
	return kit.NewPairTable(Name, func(a, b dtype.DType) kit.Decision {
		if !dtypeSet()[a] || !dtypeSet()[b] {
			bad := a
			if dtypeSet()[a] {
				bad = b
			}
			return kit.Decision{Rule: ruleNoDType, Msg: fmt.Sprintf("CuPy has no dtype %s (its dtypes: bool, int8-64, uint8-64, float16/32/64, complex64/128)", bad)}
		}
		res, err := np.PromoteTypes(a, b)
		if err != nil {
			return kit.Decision{Rule: ruleNoDType, Msg: err.Error()}
		}
		return kit.Decision{Out: res.DType, Rule: res.Rule}
	})
})

var (
	minUint64 = new(big.Int).SetUint64(1 << 63)
)

// Result is the dtype cupy.add gives its operands (spec.md).
func (r *rules) Result(ops ...promote.Operand) (promote.Result, error) {
	if len(ops) == 0 {
		return promote.Result{}, r.Refuse(kit.NoOperands, "no operands")
	}
	if err := r.Admit(ops); err != nil {
		return promote.Result{}, err
	}
	if len(ops) > 2 {
		return promote.Result{}, r.Refuse(ruleBinary, "cupy.add takes two inputs; write the pairs", ops...)
	}
	array := false
	for _, o := range ops {
		array = array || o.Kind == promote.Tensor
	}
	if !array {
		return promote.Result{}, r.Refuse(ruleNoArray, "no CuPy array among the operands: write one as an array (f32, or f32[] for a 0-d array)", ops...)
	}
	for _, o := range ops {
		if o.Kind != promote.Literal {
			continue
		}
		if msg := pylit.Check(o.Value); msg != "" {
			return promote.Result{}, r.Refuse(pylit.Rule, msg, ops...)
		}
		if v := o.Value; v.Kind == promote.IntValue && !kit.IntFits(v.Int, dtype.I64) && !kit.IntFits(v.Int, dtype.U64) {
			return promote.Result{}, r.Refuse(ruleIntRange, "OverflowError: Python int too large to convert to C long (CuPy makes the Python int "+v.Text+" an int64 or uint64 scalar)", ops...)
		}
	}
	if r.v13 {
		return r.result13(ops)
	}
	return r.result14(ops)
}

// result14 is CuPy 14: NumPy 2's np.add, but a Python scalar of a higher
// kind than every array is strong (_check_should_use_weak_scalar). Of
// CuPy's operands only a Python int in [2^63, 2^64) with a bool array
// answers differently then: NumPy's weak int with bool is int64, where
// CuPy's strong uint64 scalar gives uint64.
func (r *rules) result14(ops []promote.Operand) (promote.Result, error) {
	if len(ops) == 2 {
		for i, o := range ops {
			other := ops[1-i]
			if o.Kind == promote.Literal && o.Value.Kind == promote.IntValue && o.Value.Int.Cmp(minUint64) >= 0 &&
				other.Kind != promote.Literal && other.DType == dtype.Bool {
				return promote.Result{DType: dtype.U64, Rule: ruleStrongScalar}, nil
			}
		}
	}
	res, err := r.np.Result(ops...)
	return res, withOperands(err, ops)
}

// result13 is CuPy 13: NumPy 1's value-based np.add, with a 0-d CuPy
// array taken as an array (its dtype, not its value).
func (r *rules) result13(ops []promote.Operand) (promote.Result, error) {
	conv := make([]promote.Operand, len(ops))
	zeroDim := false
	for i, o := range ops {
		conv[i] = o
		if o.Kind == promote.Tensor && o.Rank == 0 {
			conv[i] = promote.T(o.DType)
			zeroDim = true
		}
	}
	res, err := r.np.Result(conv...)
	if err != nil {
		return res, withOperands(err, ops)
	}
	if zeroDim {
		if other, _ := r.np.Result(ops...); other.DType != res.DType {
			res.Rule = ruleZeroDimArray
		}
	}
	return res, nil
}

// withOperands makes an error of package numpy's rule set CuPy's: the
// same rule and message, under this rule set's name, with the caller's
// operands.
func withOperands(err error, ops []promote.Operand) error {
	if e, ok := err.(*promote.Error); ok {
		c := *e
		c.Rules = Name
		c.Operands = ops
		return &c
	}
	return err
}
