package tinygrad

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/pylit"
	"github.com/promote-dev/promote/kit"
)

// ruleSet holds one version's rules: the same rules in every version, but
// each cites the commit it was read at.
type ruleSet struct {
	join, weakResult, pyConst, keepTensor, fromPy *promote.Rule
	weakOperand, noWeak, notDType                 *promote.Rule
	noComplex                                     *promote.Rule
}

// ruleSets are the rules of each version, built once.
var ruleSets = func() map[string]*ruleSet {
	out := map[string]*ruleSet{}
	for name, l := range lattices {
		src := l.v.src
		elementwise := "tinygrad/tinygrad@" + l.v.commit + " tinygrad/tensor.py or tinygrad/mixin (Tensor._broadcasted, ufix)"
		rs := &ruleSet{
			join: &promote.Rule{ID: "least-upper-dtype",
				Text:   "least_upper_dtype: of the dtypes every operand promotes to on promo_lattice (its recursive parents), the lowest by DType order (priority, then bitsize, then name)",
				Source: src + " (promo_lattice, _get_recursive_parents, least_upper_dtype, DType.__lt__)"},
			weakResult: &promote.Rule{ID: "weak-result",
				Text:   "the least upper bound is weakint or weakfloat: the result is weak, stored as DEFAULT_INT or DEFAULT_FLOAT when it is materialised (strong_dtype)",
				Source: src + " (promo_lattice, least_upper_dtype, strong_dtype)"},
			pyConst: &promote.Rule{ID: "python-const",
				Text:   "a Python int or float is a weak CONST (dtypes.from_py: weakint, weakfloat; a bool is bool) and joins the other operands on the lattice, so it defers to any dtype of its kind or above",
				Source: src + " (DTypes.from_py); tinygrad/tinygrad@" + l.v.commit + " tinygrad/mixin/elementwise.py (_broadcasted), tinygrad/uop/ops.py (UOp.const, dtype_from_uop)"},
			keepTensor: &promote.Rule{ID: "scalar-takes-tensor-dtype",
				Text:   "a Python scalar takes the tensor's dtype when the tensor is a float, or an int and the scalar an int or bool",
				Source: elementwise},
			fromPy: &promote.Rule{ID: "scalar-default-dtype",
				Text:   "otherwise a Python scalar is a tensor of dtypes.from_py (bool, DEFAULT_INT int32, or DEFAULT_FLOAT) and least_upper_dtype joins it with the tensor",
				Source: elementwise + "; " + src + " (DTypes.from_py, least_upper_dtype)"},
			weakOperand: &promote.Rule{ID: "weak-operand",
				Text:   "a weak operand is tinygrad's weak dtype of its kind (weak_dtype): any weak integer is weakint, any weak float is weakfloat; neither has a width of its own",
				Source: src + " (weak_dtype, dtypes.weakint, dtypes.weakfloat)"},
			noWeak: kit.NoWeakTypes.Adopt(promote.Rule{ID: "no-weak",
				Text:   "this tinygrad version has no weak dtype of this kind (weakint came with #15463, weakfloat with #16956)",
				Source: src + " (class DTypes)"}),
			notDType: &promote.Rule{ID: "not-a-tinygrad-dtype",
				Text:   "tinygrad has no such dtype",
				Source: src + " (class DTypes)"},
			noComplex: &promote.Rule{ID: "no-complex",
				Text:   "a Python complex has no tinygrad dtype",
				Source: src + " (DTypes.from_py)"},
		}
		out[name] = rs
	}
	return out
}()

// tensorNode admits a tensor or typed scalar and gives its lattice node.
// Operands are admitted here, one by one as the query reaches them, so a
// bad literal before a tensor of a dtype the version lacks is named first;
// admission also refuses a weak operand the version has no weak node for
// (Admission.WeakDTypes).
func (r *rules) tensorNode(o *promote.Operand) (int, error) {
	if o.Kind != promote.Tensor && o.Kind != promote.Scalar {
		return noNode, r.Refuse(r.rs.notDType, "invalid operand", *o)
	}
	if err := r.AdmitOperand(o, nil); err != nil {
		return noNode, err
	}
	if !o.Weak {
		return r.l.byDT[o.DType], nil // admitted: a dtype of the version
	}
	// Admitted: weakint for a weak integer, weakfloat for any other.
	w := r.l.byWeak[weakFloat]
	if o.DType.IsInteger() {
		w = r.l.byWeak[weakInt]
	}
	if w == noNode {
		// Unreachable while lattice.weak and the lattice agree; a node
		// index, never noNode, goes into a set.
		return noNode, r.Refuse(noWeakRule(r.rs, *o), noWeakMsg(r.l, *o), *o)
	}
	return w, nil
}

// noWeakRule is the rule of a version (its rule set rs) refusing weak
// operand o: weak-operand for a weak bool, which weak_dtype leaves bool;
// the version's no-weak for a weak integer or float it has no weakint or
// weakfloat for.
func noWeakRule(rs *ruleSet, o promote.Operand) *promote.Rule {
	if o.DType.IsBool() {
		return rs.weakOperand
	}
	return rs.noWeak
}

// noWeakMsg words the refusal of weak operand o in lattice l's version.
func noWeakMsg(l *lattice, o promote.Operand) string {
	if o.DType.IsBool() {
		return "tinygrad has no weak bool: weak_dtype(bool) is bool; write bool"
	}
	node, kind := "weakint", "integer"
	if !o.DType.IsInteger() {
		node, kind = "weakfloat", "float"
	}
	return fmt.Sprintf("tinygrad %s has no %s, so no weak %s operand (weakint arrived in v0.13.0, weakfloat after it)", l.v.name, node, kind)
}

// checkLiteral refuses what is not a Python scalar tinygrad can type.
func (r *rules) checkLiteral(o promote.Operand) error {
	v := o.Value
	if msg := pylit.Check(v); msg != "" {
		return r.Refuse(pylit.Rule, msg, o)
	}
	if v.Kind == promote.ComplexValue {
		msg := fmt.Sprintf("RuntimeError: Could not infer dtype of %s with type <class 'complex'>", v.Text)
		if !r.l.v.pyWeak {
			msg = fmt.Sprintf("AssertionError: type(y)=<class 'complex'>, y=%s (a complex is not a ConstType)", v.Text)
		}
		return r.Refuse(r.rs.noComplex, msg, o)
	}
	return nil
}

// pyConst is head's node of a Python scalar: dtypes.from_py.
func (r *rules) pyConst(o promote.Operand) (int, error) {
	if err := r.checkLiteral(o); err != nil {
		return noNode, err
	}
	switch o.Value.Kind {
	case promote.BoolValue:
		return r.l.byDT[dtype.Bool], nil
	case promote.IntValue:
		return r.l.byWeak[weakInt], nil
	}
	return r.l.byWeak[weakFloat], nil
}

// allRules is every rule of the rule set, at each version (the versions
// share IDs); the tests require each to be reached by a vector, and every
// rule declared here to be listed.
var allRules = func() []*promote.Rule {
	out := []*promote.Rule{pylit.Rule}
	for _, v := range Versions {
		rs := ruleSets[v]
		out = append(out, rs.join, rs.weakResult, rs.pyConst, rs.keepTensor, rs.fromPy,
			rs.weakOperand, rs.noWeak, rs.notDType, rs.noComplex)
	}
	return out
}()
