package keras

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/pylit"
)

// Result is result_type over the operands as one set (spec.md §4): no
// operands give floatx; float8 and unknown dtypes are refused in Keras's
// words; otherwise the lattice, the floatx resolution of a weak result
// and the 64-bit cut. Results are never weak.
func (r *rules) Result(ops ...promote.Operand) (promote.Result, error) {
	if len(ops) == 0 {
		return promote.Result{DType: r.c.floatx, Rule: ruleNoOperands}, nil
	}
	var buf [8]arg
	args := buf[:0]
	for i := range ops {
		a, err := r.argOf(&ops[i], ops)
		if err != nil {
			return promote.Result{}, err
		}
		args = append(args, a)
	}
	if rule, msg := r.c.check(args, func() string { return pyTuple(args) }); rule != nil {
		return promote.Result{}, r.Refuse(rule, msg, ops...)
	}
	d, rule, msg := r.c.resultType(args)
	if d == dtype.Invalid {
		return promote.Result{}, r.Refuse(rule, msg, ops...)
	}
	return promote.Result{DType: d, Rule: rule}, nil
}

// argOf is what an operand passes to result_type: a tensor or typed scalar
// its dtype (strong; rank never matters), a Python literal its type
// (PYTHON_DTYPES_MAP, dtypes.py:47; weak only for int and float,
// _dtype_and_weaktype, dtypes.py:175). The literal's value is not read.
func (r *rules) argOf(o *promote.Operand, ops []promote.Operand) (arg, error) {
	switch o.Kind {
	case promote.Tensor, promote.Scalar:
		// Admitted here, operand by operand, as Keras's own loop
		// reaches it: a bad literal before it is named first.
		if err := r.AdmitOperand(o, ops); err != nil {
			return arg{}, err
		}
		return arg{d: o.DType}, nil
	case promote.Literal:
		v := o.Value
		if msg := pylit.Check(v); msg != "" {
			return arg{}, r.Refuse(pylit.Rule, msg, ops...)
		}
		switch v.Kind {
		case promote.BoolValue:
			return arg{d: dtype.Bool, py: v.Kind}, nil
		case promote.IntValue:
			d := dtype.I32
			if r.c.tf {
				d = dtype.I64
			}
			return arg{d: d, weak: true, py: v.Kind}, nil
		case promote.FloatValue:
			return arg{d: dtype.F32, weak: true, py: v.Kind}, nil
		case promote.ComplexValue:
			d := dtype.C64
			if r.c.tf {
				d = dtype.C128
			}
			return arg{d: d, py: v.Kind}, nil
		}
	}
	return arg{}, r.Refuse(rulePython, "invalid operand", ops...)
}
