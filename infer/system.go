package infer

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/internal/opkit"
)

// Host is the host language whose literal syntax a program is written in
// (promote.Host; a rule set declares it in its Def).
type Host = promote.Host

// The host languages.
const (
	// Python: 1, 1.0, 0x1F, 0b101, 0o17, 1j, True, False; the host of
	// every rule set that names no other.
	Python = promote.HostPython
	// R: 1L (integer), 1 and 1.5 (double), TRUE, FALSE, NaN, Inf; anvil.
	R = promote.HostR
	// CPP is C++: 1 (int), 1u, 1L, 1ul, 1ll, 1.0 (double), 1.0f (float),
	// 1.0L (long double), 0x1F, 0b101, 017 (octal), true, false, INFINITY,
	// NAN; kernel_float and the cpp rule set.
	CPP = promote.HostCPP
	// C: C++'s literals but 0b (C23 only, which the c rule set decides);
	// true and false are <stdbool.h>'s (int in C17, bool in C23).
	C = promote.HostC
	// Julia: 1 (Int64), 1.0 (Float64), 1f0 (Float32), 0x01 (UInt8, sized by
	// its digits), 0b1, 0o7, true, false, NaN, Inf, NaN32, Inf32.
	Julia = promote.HostJulia
)

// HostOf returns the host language of programs written for the rule set
// def, as the definition declares it (promote.HostOf): Python unless it
// names another.
func HostOf(def *promote.Def) Host { return promote.HostOf(def) }

// system is what typing needs to know about a built rule set beyond its
// Result: its host language, and its own op typing when it has one (a
// rule set with none is typed generically: Python literals, no weak
// results, and every operation keeps the promoted dtype).
type system struct {
	host   Host
	policy promote.OpPolicy
	// keep is the rule of an elementwise function that keeps its
	// operand's type: the policy's, or the generic one.
	keep  *promote.Rule
	typer promote.OpTyper      // nil: generic op typing
	lits  promote.LiteralTyper // nil: literals reach the promotion as literals
}

func newSystem(r promote.Rules) *system {
	s := &system{host: HostOf(r.Def()), keep: opkit.Keep}
	if t, ok := r.(promote.OpTyper); ok {
		s.typer = t
		s.policy = t.OpPolicy()
		if s.policy.KeepRule != nil {
			s.keep = s.policy.KeepRule
		}
	}
	if l, ok := r.(promote.LiteralTyper); ok {
		s.lits = l
	}
	return s
}
