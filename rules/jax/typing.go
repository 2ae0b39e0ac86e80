package jax

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/opkit"
)

// JAX's op typing (promote.OpTyper): to_inexact_dtype, the default int of
// sum and argmax, and the weak type a unary operation keeps; every dtype
// it gives is canonicalised under the option x64.

const srcJAXOps = "rules/jax/spec.md §4, §6 (to_inexact_dtype); jax-ml/jax@cec06d11 jax/_src/numpy/{ufuncs,reductions}.py (promote_dtypes_inexact, _promote_integer_dtype)"

var (
	ruleJAXInexact = opkit.Rule("jax-inexact", "an operation that needs an inexact type converts the promoted dtype with to_inexact_dtype (bool and integers up to 32 bits -> float32, 64-bit integers -> float64, canonicalised with x64 off) and keeps the weak type", srcJAXOps)
	ruleJAXSum     = opkit.Rule("jax-sum", "sum of bool or an integer narrower than the default integer gives the default int (signed, bool) or uint (unsigned): int32/uint32 with x64 off, int64/uint64 with x64 on; the weak type is kept", srcJAXOps)
	ruleJAXArg     = opkit.Rule("jax-argmax", "argmax gives the default int (int32 with x64 off, int64 with x64 on)", "jax-ml/jax@cec06d11 jax/_src/numpy/reductions.py (argmax: canonicalised int_)")
	ruleJAXWeak    = opkit.Rule("jax-weak-keep", "a unary operation or reduction keeps its operand's weak type", "jax-ml/jax@cec06d11 jax/_src/lax/lax.py (_standard_weak_type_rule: weak iff all inputs weak)")
	ruleJAXCxOrder = opkit.Rule("jax-complex-order", "jnp.less and the other ordering comparisons compare complex operands lexicographically (real part, then imaginary part): the result is bool, never weak", "jax-ml/jax jax/_src/numpy/ufuncs.py (_complex_comparison)")
)

// toInexact is JAX's to_inexact_dtype followed by canonicalisation
// (spec.md §6): bool and integers up to 32 bits give float32, 64-bit
// integers float64; inexact types are kept.
func (c Config) toInexact(d dtype.DType) dtype.DType {
	if !opkit.IsIntOrBool(d) {
		return d
	}
	if d.Bits() == 64 {
		return c.Canonical(dtype.F64)
	}
	return dtype.F32
}

// OpPolicy implements promote.OpTyper: JAX's results may stay weak, and
// a unary operation that keeps its operand's type keeps its weak type.
func (r *rules) OpPolicy() promote.OpPolicy {
	return promote.OpPolicy{Weak: true, KeepRule: ruleJAXWeak}
}

// TypeOp implements promote.OpTyper.
func (r *rules) TypeOp(q *promote.OpQuery) promote.OpDecision {
	op := q.Op
	switch p, promoted := opkit.Promoted(q); {
	case promoted && opkit.ComplexOrdering(op, p):
		return promote.OpDecision{DType: dtype.Bool, Rule: ruleJAXCxOrder}
	case promoted && opkit.IntTrueDiv(op, p):
		return promote.OpDecision{DType: r.c.toInexact(p), Weak: q.Res.Weak, Rule: ruleJAXInexact}
	case op.IsElementwise() || op.IsReduction():
		d, weak := q.Args[0].DType, q.Args[0].Weak
		switch {
		case (op.IsFloatFunc() || op == promote.OpMean) && opkit.IsIntOrBool(d):
			return promote.OpDecision{DType: r.c.toInexact(d), Weak: weak, Rule: ruleJAXInexact}
		case op == promote.OpSum:
			di, du := r.c.Canonical(dtype.I64), r.c.Canonical(dtype.U64)
			switch {
			case d == dtype.Bool || d.IsSigned() && d.Bits() < di.Bits():
				return promote.OpDecision{DType: di, Weak: weak && d != dtype.Bool, Rule: ruleJAXSum}
			case d.IsUnsigned() && d.Bits() < du.Bits():
				return promote.OpDecision{DType: du, Weak: weak, Rule: ruleJAXSum}
			}
			return promote.OpDecision{DType: d, Weak: weak, Rule: ruleJAXWeak}
		case op == promote.OpArgmax:
			return promote.OpDecision{DType: r.c.Canonical(dtype.I64), Rule: ruleJAXArg}
		}
	}
	return q.Generic
}
