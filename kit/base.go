package kit

import (
	"fmt"

	"github.com/promote-dev/promote"

	"github.com/promote-dev/promote/dtype"
)

// Base holds what every rule set stores: its definition, its settings and
// its compiled pair table. Rule sets embed it and add Result.
type Base struct {
	D     *promote.Def
	S     promote.Settings
	Table *PairTable
	has   *promote.DTypeSet // the dtypes D declares under S; nil: all
	// tensorOK[d] caches Admitted for a strong tensor of dtype d,
	// so that AdmitOperand answers the common case inline. The zero value
	// (a Base not made by NewBase) sends every operand to the full check.
	tensorOK [256]bool
}

// NewBase returns the Base of a rule set built with settings s (whose Def
// is the rule set's) over pair table t. It holds the dtype set the
// definition declares under s, for Admit.
func NewBase(s promote.Settings, t *PairTable) Base {
	b := Base{D: s.Def(), S: s, Table: t}
	if b.D != nil && b.D.DTypes != nil {
		b.has = b.D.DTypes(s)
	}
	for d := range b.tensorOK {
		b.tensorOK[d] = Admitted(b.has, &promote.Operand{Kind: promote.Tensor, DType: dtype.DType(d)})
	}
	return b
}

// Admit refuses the first operand the system cannot have (a dtype it
// lacks, a weak operand where it has no weak types), in the words of its
// Def.Admission; see Admit. Result calls it before anything else.
func (b *Base) Admit(ops []promote.Operand) error { return Admit(b.S, b.has, ops) }

// AdmitOperand refuses operand o of the query ops if the system cannot
// have it, as Admit does for a whole query; see AdmitOperand. A
// rule set whose own checks run operand by operand calls it where it
// classifies o, so that its refusals come in its own order.
//
// It is small enough to inline: a strong tensor of a dtype the system has
// (what nearly every query holds) costs an index, and anything else goes
// to AdmitOperand, which decides and words every refusal.
func (b *Base) AdmitOperand(o *promote.Operand, ops []promote.Operand) error {
	if !o.Weak && o.Kind == promote.Tensor && b.tensorOK[o.DType] {
		return nil
	}
	return b.admitOperand(o, ops)
}

// admitOperand is AdmitOperand's full check, kept out of line so that
// AdmitOperand stays within the inlining budget.
//
//go:noinline
func (b *Base) admitOperand(o *promote.Operand, ops []promote.Operand) error {
	return AdmitOperand(b.S, b.has, o, ops)
}

// Def returns the rule set's definition.
func (b *Base) Def() *promote.Def { return b.D }

// Settings returns the options the rule set was built with.
func (b *Base) Settings() promote.Settings { return b.S }

// PromoteTypes looks the ordered pair up in the compiled table.
func (b *Base) PromoteTypes(x, y dtype.DType) (promote.Result, error) { return b.Table.Lookup(x, y) }

// Refuse returns the rule set's refusal error for the operands.
func (b *Base) Refuse(rule *promote.Rule, msg string, ops ...promote.Operand) error {
	return &promote.Error{Rules: b.D.Name, Rule: rule, Msg: msg, Operands: append([]promote.Operand(nil), ops...)}
}

// NoOperands is the rule shared by rule sets that have nothing to say about
// an empty operand list; anvil has its own ("No arguments provided").
var NoOperands = &promote.Rule{ID: "no-operands", Text: "an operation needs at least one operand", Source: "promote batch contract"}

// A Folder gives the steps of a left fold: the type of one operand alone,
// and the running result combined with the next operand.
type Folder interface {
	FoldOne(o promote.Operand) (promote.Result, error)
	FoldTwo(acc, next promote.Operand) (promote.Result, error)
}

// FoldLeft combines operands left to right: FoldOne gives the type of the
// first operand alone; FoldTwo combines the running result (as a tensor of
// the result's dtype and weakness) with the next operand. It is the
// N-operand semantics of kernel_float's promote_t, anvil's
// common_type_info, TensorFlow's result_type and CANN's multi-input ops.
// It takes an interface rather than two funcs so that a rule set passing
// itself allocates nothing.
func FoldLeft(ops []promote.Operand, f Folder) (promote.Result, error) {
	if len(ops) == 0 {
		return promote.Result{}, fmt.Errorf("FoldLeft: no operands")
	}
	if len(ops) == 1 {
		return f.FoldOne(ops[0])
	}
	r, err := f.FoldTwo(ops[0], ops[1])
	if err != nil {
		return promote.Result{}, err
	}
	for _, o := range ops[2:] {
		acc := promote.Operand{Kind: promote.Tensor, DType: r.DType, Weak: r.Weak, Rank: promote.RankPositive}
		if r, err = f.FoldTwo(acc, o); err != nil {
			return promote.Result{}, err
		}
	}
	return r, nil
}

// DTypesWhere returns the set of the dtypes for which has is true, for a
// system that states its dtypes as a predicate. Build it once (a
// package-level variable), and let Def.DTypes return it.
func DTypesWhere(has func(dtype.DType) bool) *promote.DTypeSet {
	var s promote.DTypeSet
	for _, d := range dtype.All() {
		s[d] = has(d)
	}
	return &s
}
