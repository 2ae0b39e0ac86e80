package cann

import (
	"sync"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/pylit"
	"github.com/promote-dev/promote/kit"
)

// foldSrc is where the N-operand semantics come from.
const foldSrc = "rules/cann/spec.md §1 (multi-input ops such as cat and stack fold promote = PromoteType(tensors[i], promote)); " +
	"binary ops: hicann/ops-math@c682a083 math/add/op_api/aclnn_add.cpp PromoteType(self, other)"

// Rules about operands rather than dtype pairs.
var (
	ruleSingle = &promote.Rule{ID: "single", Text: "one operand is not promoted: it keeps its own dtype",
		Source: foldSrc}
	ruleNoWeak = kit.NoWeakTypes.Adopt(promote.Rule{ID: "no-weak", Text: "CANN has no weak tensors: every aclTensor and aclScalar has its own dtype",
		Source: enumSrc})
	ruleNeedTensor = &promote.Rule{ID: "need-tensor", Text: "aclnn operations take at least one aclTensor; scalars alone are never promoted",
		Source: foldSrc}
)

// optTable declares the option "table"; the rule set reads it only through this handle.
var optTable = promote.NewEnumOpt(promote.Option{
	Name: "table", Default: "doc", Values: []string{"doc", "opbase"},
	Doc: "doc: the documented tensor-tensor table (symmetric, 16 types); opbase: what op::PromoteType in hicann/opbase computes (order-sensitive, 8 cells differ, a == b for any CANN type, FP8/FP6/FP4 with another type give f32)",
})

// Def is the cann rule set: Huawei Ascend CANN's aclnn type promotion
// (互推导关系), as documented or (table=opbase) as op::PromoteType computes it.
var Def = &promote.Def{
	Name:   "cann",
	Title:  "Huawei Ascend CANN aclnn (互推导关系)",
	Family: promote.FamilyCompilers,
	Source: "rules/cann/spec.md; " + docSrc + "; " + codeSrc,
	NAry:   promote.Fold,
	// The dialect reads ACL_FLOAT, DT_INT8, s8, float16 and the rest.
	Dialect: dtype.CANN,
	Options: promote.Opts(optTable),
	Presets: [][]string{{"table=opbase"}},
	New: func(s promote.Settings) (promote.Rules, error) {
		r := &rules{Base: kit.NewBase(s, docPairs())}
		if optTable.Of(s) == "opbase" {
			r.Table, r.opbase = opbasePairs(), true
		}
		return r, nil
	},
	DTypes: func(s promote.Settings) *promote.DTypeSet {
		if optTable.Of(s) == "opbase" {
			return geDTypeSet()
		}
		return aclDTypeSet()
	},
	Weak: promote.NoWeakTypes,
	Host: promote.HostPython,
	Rules: []*promote.Rule{
		ruleSingle, ruleNoWeak, ruleNeedTensor, ruleOpSame, ruleOpBF16C32, ruleOpUnsignedComplex, ruleOpZeroFill, ruleOpGEOnly,
		ruleTSComplexTensor, ruleTSF64Complex, ruleTSComplexScalar, ruleTSFloatTensor, ruleTSFloatScalar, ruleTSUnsignedFloat,
		ruleTSIntScalar, ruleTSBoolTensor, ruleTSBoolUnsigned, ruleTSNotInTable, ruleLiteral, ruleSame, ruleUnsignedSelf, ruleBool,
		ruleIntInt, ruleIntFloat, ruleFloatFloat, ruleComplexComplex, ruleComplexReal, ruleNotInTable, ruleNotACL,
		kit.NoOperands, pylit.Rule,
	},
	// A dtype is admitted against the table in use; a typed scalar must
	// also be an aclDataType, an aclScalar's (only table=opbase has
	// tensor dtypes that are not).
	Admission: promote.Admission{
		NoWeak: kit.NoWeak(ruleNoWeak, func(_ promote.Settings, o promote.Operand) string {
			return "CANN has no weak tensors or scalars: " + o.Describe() + " has no CANN counterpart"
		}),
		NoDType:      &promote.Refusal{Rule: ruleNotACL, Msg: func(_ promote.Settings, o promote.Operand) string { return notACL(o.DType) }},
		ScalarDTypes: func(promote.Settings) *promote.DTypeSet { return aclDTypeSet() },
		WeakFirst:    true,
	},
}

// The compiled tables, each built once, on first use rather than at init:
// one per table= value, and the tensor-scalar table both share.
var (
	docPairs    = sync.OnceValue(func() *kit.PairTable { return kit.NewPairTable("cann", decideDoc) })
	opbasePairs = sync.OnceValue(func() *kit.PairTable { return kit.NewPairTable("cann", decideOpbase) })
	scalarPairs = sync.OnceValue(func() *kit.PairTable { return kit.NewPairTable("cann", decideScalar) })
)

type rules struct {
	kit.Base
	opbase bool
}

// Result promotes operands as an aclnn op does. Tensors come first: two
// are promoted as a binary op does, PromoteType(self, other); three or more
// as multi-input ops (cat, stack) do, folding promote =
// PromoteType(tensors[i], promote) from the left, so the newer tensor is
// the first argument (this matters under table=opbase, whose table is not
// symmetric). Then each scalar, in order, meets the running tensor result
// through the tensor-scalar table.
//
// Zero-dim tensors promote like any other. (Ascend 950's comparison and
// maximum/minimum ops treat a zero-dim tensor as the lower operand, in
// hicann/ops-math common/inc/op_api/data_type_utils.h BinaryOpTypePromote,
// commit 75ab237ab; that is op-specific and not modelled here.)
func (r *rules) Result(ops ...promote.Operand) (promote.Result, error) {
	if len(ops) == 0 {
		return promote.Result{}, r.Refuse(kit.NoOperands, "no operands")
	}
	nt := 0
	for i := range ops {
		o := &ops[i]
		if err := r.check(o); err != nil {
			return promote.Result{}, err
		}
		if o.Kind == promote.Tensor {
			nt++
		}
	}
	if len(ops) == 1 {
		return r.one(ops[0])
	}
	if nt == 0 {
		return promote.Result{}, r.Refuse(ruleNeedTensor, "no aclTensor among the operands: aclnn ops take at least one", ops...)
	}

	var (
		res   promote.Result
		acc   promote.Operand // the running result as an operand, for errors
		first promote.Operand // the first tensor
		seen  int
	)
	for _, o := range ops {
		if o.Kind != promote.Tensor {
			continue
		}
		seen++
		var d kit.Decision
		switch {
		case seen == 1:
			first, acc = o, o
			res = promote.Result{DType: o.DType, Rule: ruleSingle}
			continue
		case nt == 2:
			// A binary op: PromoteType(self, other).
			if d = r.Table.Cell(first.DType, o.DType); d.Out == dtype.Invalid {
				return promote.Result{}, r.Refuse(d.Rule, d.Msg, first, o)
			}
		default:
			// A multi-input op: promote = PromoteType(tensors[i], promote).
			if d = r.Table.Cell(o.DType, acc.DType); d.Out == dtype.Invalid {
				return promote.Result{}, r.Refuse(d.Rule, d.Msg, o, acc)
			}
		}
		res = promote.Result{DType: d.Out, Rule: d.Rule}
		acc = promote.T(d.Out)
	}
	for _, o := range ops {
		if o.Kind == promote.Tensor {
			continue
		}
		s, _ := r.scalarDType(o) // check accepted it above
		d := scalarPairs().Cell(acc.DType, s)
		if d.Out == dtype.Invalid {
			return promote.Result{}, r.Refuse(d.Rule, d.Msg, acc, o)
		}
		res = promote.Result{DType: d.Out, Rule: d.Rule}
		acc = promote.T(d.Out)
	}
	return res, nil
}

// check refuses an operand CANN cannot have: one admission refuses (weak,
// a tensor of a dtype the table in use lacks, a typed scalar that is no
// aclScalar), then a literal no aclScalar carries. Operands are checked in
// order, each wholly before the next, so a bad literal is named before a
// later operand's dtype.
func (r *rules) check(o *promote.Operand) error {
	if err := r.AdmitOperand(o, nil); err != nil {
		return err
	}
	switch o.Kind {
	case promote.Tensor:
		return nil
	case promote.Scalar, promote.Literal:
		_, err := r.scalarDType(*o)
		return err
	}
	return r.Refuse(ruleNotACL, "not a tensor, scalar or literal", *o)
}

// scalarDType is the aclScalar dtype of an admitted typed scalar or of a
// literal.
func (r *rules) scalarDType(o promote.Operand) (dtype.DType, error) {
	if o.Kind == promote.Literal {
		if msg := pylit.Check(o.Value); msg != "" {
			return dtype.Invalid, r.Refuse(pylit.Rule, msg, o)
		}
		t, msg := literalDType(o.Value)
		if t == dtype.Invalid {
			return t, r.Refuse(ruleLiteral, msg, o)
		}
		return t, nil
	}
	return o.DType, nil // a typed scalar, admitted: an aclDataType
}

// one is a single operand: its own dtype (a literal's is its aclScalar's).
func (r *rules) one(o promote.Operand) (promote.Result, error) {
	if o.Kind == promote.Literal {
		t, err := r.scalarDType(o)
		return promote.Result{DType: t, Rule: ruleLiteral}, err
	}
	return promote.Result{DType: o.DType, Rule: ruleSingle}, nil
}

// The dtypes a tensor may have: any aclDataType (table=doc), and under
// table=opbase also the ge-only types; built once.
var (
	aclDTypeSet = sync.OnceValue(func() *promote.DTypeSet { return kit.DTypesWhere(isACL) })
	geDTypeSet  = sync.OnceValue(func() *promote.DTypeSet { return kit.DTypesWhere(isGE) })
)
