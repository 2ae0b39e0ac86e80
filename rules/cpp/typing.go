package cpp

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/rules/internal/clit"
)

// rules is the cpp rule set: the C-family folding of package clit,
// typed as C++ (its op typing, spec.md §8).
type rules struct{ *clit.Folder }

// OpPolicy implements promote.OpTyper: C++ has no weak results.
func (r *rules) OpPolicy() promote.OpPolicy { return promote.OpPolicy{} }

// TypeOp implements promote.OpTyper: the usual arithmetic conversions of
// each C++ operator, its math library, and the operations C++ lacks
// (clit.TypeOp, C++'s side).
func (r *rules) TypeOp(q *promote.OpQuery) promote.OpDecision { return clit.TypeOp(r, true, q) }
