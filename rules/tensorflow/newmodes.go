package tensorflow

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/pylit"
	"github.com/promote-dev/promote/kit"
)

// fold is flexible_dtypes._result_type_impl: classify every input as a
// (dtype, weak) node, then fold the table left to right from the first;
// in SAFE mode a step at level ALL raises TypeError, so whether an error
// is raised can depend on operand order.
//
// Source: flexible_dtypes.py @ ced6378 (_result_type_impl).
func (r *rules) fold(ops []promote.Operand) (promote.Result, error) {
	if len(ops) == 0 {
		// No inputs: a weakly typed float32.
		return promote.Result{DType: dtype.F32, Weak: true, Rule: ruleEmpty}, nil
	}
	acc, rule, err := r.classify(&ops[0])
	if err != nil {
		return promote.Result{}, err
	}
	safe := r.mode == ModeSafe
	for i := range ops[1:] {
		n, _, err := r.classify(&ops[1+i])
		if err != nil {
			return promote.Result{}, err
		}
		s := steps[acc][n]
		if safe && s.all {
			return promote.Result{}, r.Refuse(ruleSafe, safeMsg(acc, n), ops...)
		}
		acc, rule = s.out, ruleLattice
	}
	return promote.Result{DType: nodeType[acc], Weak: nodeWeak[acc], Rule: rule}, nil
}

// classify is _get_dtype_and_weakness: a tensor is strong unless it is a
// WeakTensor; a NumPy scalar is strong; Python bool is strong bool, int is
// i32? (OverflowError outside int32), float f32?, complex c128?.
//
// Source: flexible_dtypes.py @ ced6378 (_get_dtype_and_weakness).
func (r *rules) classify(o *promote.Operand) (node, *promote.Rule, error) {
	switch o.Kind {
	case promote.Tensor, promote.Scalar:
		// Admitted here, operand by operand: a fault of an earlier operand
		// (a bad literal, a weak NumPy scalar) is named first.
		if err := r.AdmitOperand(o, nil); err != nil {
			return 0, nil, err
		}
		if !o.Weak {
			if o.Kind == promote.Scalar {
				return nodeOf[o.DType][0], ruleNumPy, nil
			}
			return nodeOf[o.DType][0], ruleTensor, nil
		}
		if o.Kind == promote.Scalar {
			return 0, nil, r.Refuse(ruleNumPy, "a NumPy scalar is never weak", *o)
		}
		n := nodeOf[o.DType][1]
		if n == noNode {
			return 0, nil, r.Refuse(ruleWeakDT, fmt.Sprintf("TensorFlow has no WeakTensor of dtype %s (only int32, int64, float32, float64 and complex128)", tfName(o.DType)), *o)
		}
		return n, ruleTensor, nil
	case promote.Literal:
		v := o.Value
		if msg := pylit.Check(v); msg != "" {
			return 0, nil, r.Refuse(pylit.Rule, msg, *o)
		}
		switch v.Kind {
		case promote.BoolValue:
			return nodeOf[dtype.Bool][0], rulePyBool, nil
		case promote.IntValue:
			if !kit.IntFits(v.Int, dtype.I32) {
				return 0, nil, r.Refuse(rulePyInt, fmt.Sprintf("OverflowError: Python int %s too large to convert to np.int32", v.Int), *o)
			}
			return nodeOf[dtype.I32][1], rulePyInt, nil
		case promote.FloatValue:
			return nodeOf[dtype.F32][1], rulePyFloat, nil
		case promote.ComplexValue:
			return nodeOf[dtype.C128][1], rulePyCplx, nil
		}
	}
	return 0, nil, r.Refuse(ruleNoDType, "invalid operand", *o)
}
