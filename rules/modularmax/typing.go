package modularmax

import "github.com/promote-dev/promote"

// MAX's op typing (promote.OpTyper). max.graph.ops types its elementwise
// and reduction ops in RMO after the promotion this package models;
// spec.md says what is known of it. Every op is typed generically: a
// result is never weak.

// OpPolicy implements promote.OpTyper: MAX has no weak results.
func (r *rules) OpPolicy() promote.OpPolicy { return promote.OpPolicy{} }

// TypeOp implements promote.OpTyper.
func (r *rules) TypeOp(q *promote.OpQuery) promote.OpDecision { return q.Generic }
