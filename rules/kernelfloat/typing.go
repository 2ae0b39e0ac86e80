package kernelfloat

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/internal/opkit"
)

// kernel_float's op typing (promote.OpTyper): constants stay constants,
// and there is no argmax.

var ruleKFArg = opkit.Rule("kernel-float-argmax", "kernel_float has no argmax reduction", "KernelTuner/kernel_float@f4e2d65 include/kernel_float/reduce.h")

// OpPolicy implements promote.OpTyper: a result may stay a constant<T>.
func (r *rules) OpPolicy() promote.OpPolicy { return promote.OpPolicy{Weak: true} }

// TypeOp implements promote.OpTyper.
func (r *rules) TypeOp(q *promote.OpQuery) promote.OpDecision {
	if q.Op == promote.OpArgmax {
		return promote.OpRefuse(ruleKFArg, "kernel_float has no argmax")
	}
	return q.Generic
}
