package mindspore

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/internal/opkit"
)

// MindSpore's op typing (promote.OpTyper), spec.md §8: only comparisons
// and + - * are confirmed from source.

const srcMindSporeOps = "rules/mindspore/spec.md §8"

var (
	ruleMSDiv    = opkit.Rule("mindspore-div", "/ (ops.div, rounding_mode None) gives the converted dtype, which the documentation calls the one of higher precision or more digits among the inputs; whether integer inputs give a float is not confirmed from source", "mindspore.cn docs r2.0 api_python/ops/mindspore.ops.div (Returns); "+srcMindSporeOps+" (not confirmed)")
	ruleMSChoice = opkit.Rule("mindspore-unconfirmed", "functions and reductions keep the converted dtype: MindSpore's infer functions for them were not read (spec §8), so this is promote's choice", opkit.SrcChoice+"; "+srcMindSporeOps)
)

// OpPolicy implements promote.OpTyper: MindSpore has no weak results.
func (r *rules) OpPolicy() promote.OpPolicy { return promote.OpPolicy{} }

// TypeOp implements promote.OpTyper.
func (r *rules) TypeOp(q *promote.OpQuery) promote.OpDecision {
	op := q.Op
	switch {
	case op == promote.OpDiv && q.Err == nil:
		return promote.OpDecision{DType: q.Res.DType, Rule: ruleMSDiv}
	case op.IsFloatFunc() || op == promote.OpSum || op == promote.OpMean:
		return promote.OpDecision{DType: q.Args[0].DType, Rule: ruleMSChoice}
	}
	return q.Generic
}
