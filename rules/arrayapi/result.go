package arrayapi

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/pylit"
	"github.com/promote-dev/promote/kit"
	"github.com/promote-dev/promote/lattice"
)

// Result joins the arrays' dtypes as one set (the standard's promotion is
// associative), then converts each Python scalar to that dtype by the
// version's scalar rules.
func (r *rules) Result(ops ...promote.Operand) (promote.Result, error) {
	if len(ops) == 0 {
		return promote.Result{}, r.Refuse(kit.NoOperands, "no operands")
	}
	var buf [16]lattice.Node
	nodes := buf[:0]
	// Indexed, not copied: the operand is admitted by pointer.
	for i := range ops {
		o := &ops[i]
		switch o.Kind {
		case promote.Tensor, promote.Scalar:
			// A typed scalar such as f64(1.5) is a 0-d array of its dtype.
			// Admitted here, in operand order: a bad literal before it is
			// named first.
			if err := r.AdmitOperand(o, ops); err != nil {
				return promote.Result{}, err
			}
			nodes = append(nodes, nodeOf[o.DType])
		case promote.Literal:
			if msg := pylit.Check(o.Value); msg != "" {
				return promote.Result{}, r.Refuse(pylit.Rule, msg, *o)
			}
		default:
			return promote.Result{}, r.Refuse(ruleDType, "invalid operand", *o)
		}
	}
	if len(nodes) == 0 {
		return promote.Result{}, r.Refuse(ruleNoArray, "result_type needs at least one array or dtype: Python scalars alone have no dtype under the standard", ops...)
	}
	n, err := apiLattice.Join(nodes...)
	if err != nil {
		return promote.Result{}, r.undefinedSet(nodes, ops)
	}
	res := promote.Result{DType: nodeType[n], Rule: ruleJoin}
	for _, o := range ops {
		if o.Kind != promote.Literal {
			continue
		}
		if err := r.scalar(&res, o, ops); err != nil {
			return promote.Result{}, err
		}
	}
	return res, nil
}

// undefinedSet reports the first pair of arrays whose promotion is
// undefined. On this lattice a set has no join exactly when one of its
// pairs has none.
func (r *rules) undefinedSet(nodes []lattice.Node, ops []promote.Operand) error {
	for i, a := range nodes {
		for _, b := range nodes[i+1:] {
			if _, err := apiLattice.Join2(a, b); err != nil {
				rule, msg := undefined(nodeType[a], nodeType[b])
				return r.Refuse(rule, msg, ops...)
			}
		}
	}
	return r.Refuse(ruleJoin, "the dtypes have no common promotion in the standard", ops...)
}

// scalar applies the rules of "Mixing arrays with Python scalars" to one
// Python scalar meeting an array of dtype res.DType.
func (r *rules) scalar(res *promote.Result, o promote.Operand, ops []promote.Operand) error {
	d := res.DType
	undef := func(note string) error {
		return r.Refuse(ruleScalarNo, fmt.Sprintf("a Python %s with an array of dtype %s is undefined by the standard%s", o.Value.Kind, d, note), ops...)
	}
	switch o.Value.Kind {
	case promote.BoolValue:
		if d != dtype.Bool {
			return undef("")
		}
	case promote.IntValue:
		switch {
		case d == dtype.Bool:
			return undef("")
		case d.IsInteger():
			if v := o.Value.Int; !kit.IntFits(v, d) {
				return r.Refuse(ruleBounds, fmt.Sprintf("Python int %s is outside the range of %s: the standard leaves the behaviour unspecified (overflow or error)", v, d), ops...)
			}
		}
	case promote.FloatValue:
		if !d.IsFloat() && !d.IsComplex() {
			if d.IsInteger() {
				return undef(" (a library may give float32, float64 or raise)")
			}
			return undef("")
		}
	case promote.ComplexValue:
		switch {
		case r.version == V2021:
			return undef(" in 2021.12, which has no complex scalars")
		case d.IsComplex():
		case d.IsFloat() && r.version >= V2024: // versions compare as strings
			// Since 2024.12 a Python complex with a real float array gives
			// the complex dtype of the same precision.
			c, _ := dtype.ComplexOf(d)
			res.DType, res.Rule = c, ruleCplxReal
			return nil
		case d.IsFloat():
			return undef(" before 2024.12")
		default:
			return undef("")
		}
	}
	if res.Rule == ruleJoin {
		res.Rule = ruleScalar
	}
	return nil
}
