package cupy

import "github.com/promote-dev/promote"

// CuPy's op typing (promote.OpTyper): its ufuncs list the loops NumPy's
// do (cupy/_core/_routines_math.pyx and kin: true_divide of integers runs
// the float64 loop, a float function of int8 the float16 one, sum of small
// integers gives int64), chosen by the same safe-cast search, so the
// numpy rule set's typing types them (spec.md §7).

// OpPolicy implements promote.OpTyper: CuPy has no weak results.
func (r *rules) OpPolicy() promote.OpPolicy { return promote.OpPolicy{} }

// TypeOp implements promote.OpTyper with the numpy rule set's typing.
func (r *rules) TypeOp(q *promote.OpQuery) promote.OpDecision {
	if t, ok := r.np.(promote.OpTyper); ok {
		return t.TypeOp(q)
	}
	return q.Generic
}
