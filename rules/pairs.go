package rules

import (
	"errors"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// KnownDTypes lists, in catalogue order, every dtype that at least one of
// rs knows: a dtype is known when the rule set promotes it with itself.
// It is the set of rows and columns promote table draws for one rule set,
// and the set promote diff and a table drawn -against compare two rule
// sets on.
func KnownDTypes(rs ...promote.Rules) []dtype.DType {
	var out []dtype.DType
	for _, d := range dtype.All() {
		for _, r := range rs {
			if _, err := r.PromoteTypes(d, d); err == nil {
				out = append(out, d)
				break
			}
		}
	}
	return out
}

// A Pair is one rule set's answer for one ordered pair of dtypes: the
// result, or the refusal.
type Pair struct {
	A, B   dtype.DType
	Result promote.Result // the zero Result when refused
	// Err is the refusal, nil when the pair is answered. Refusal gives
	// it as the rule set's *promote.Error.
	Err error
}

// Refused reports whether the rule set refused the pair.
func (p Pair) Refused() bool { return p.Err != nil }

// Refusal returns the refusal as the rule set's error, with the rule that
// refused and the message in the system's words; nil when the pair is
// answered or the rule set refused without a *promote.Error.
func (p Pair) Refusal() *promote.Error {
	var pe *promote.Error
	if errors.As(p.Err, &pe) {
		return pe
	}
	return nil
}

// Rule is the rule that decided the pair or refused it; nil when a
// refusal names none.
func (p Pair) Rule() *promote.Rule {
	if p.Err == nil {
		return p.Result.Rule
	}
	if pe := p.Refusal(); pe != nil {
		return pe.Rule
	}
	return nil
}

// Pairs answers every ordered pair of types under r with PromoteTypes:
// row i holds types[i] as the first operand, column j types[j] as the
// second. With KnownDTypes(r) it is the table promote table prints.
func Pairs(r promote.Rules, types []dtype.DType) [][]Pair {
	out := make([][]Pair, len(types))
	for i, a := range types {
		out[i] = make([]Pair, len(types))
		for j, b := range types {
			res, err := r.PromoteTypes(a, b)
			if err != nil {
				res = promote.Result{}
			}
			out[i][j] = Pair{A: a, B: b, Result: res, Err: err}
		}
	}
	return out
}
