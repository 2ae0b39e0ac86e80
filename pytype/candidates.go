package pytype

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/pyapi"
)

// maxCombos bounds the combinations of candidate operands tried at one
// site.
const maxCombos = 256

// candidates lists what an operand may be when its type is not all known:
// an array of unknown rank is an array with dimensions or a 0-d array of
// any value; a 0-d array without a value holds one of the candidate
// values. Other operands are themselves.
//
// The first candidate is the representative: an array with dimensions,
// or with scalarish (a NumPy scalar constructor given something the
// inference cannot see, almost always a Python number) a 0-d value of 1.
func candidates(lib pyapi.Library, o promote.Operand, scalarish bool) []promote.Operand {
	if o.Kind != promote.Tensor || o.HasValue() || (o.Rank != 0 && o.Rank != promote.RankDynamic) {
		return []promote.Operand{o}
	}
	var out []promote.Operand
	if o.Rank == promote.RankDynamic {
		out = append(out, promote.Operand{Kind: promote.Tensor, DType: o.DType, Rank: promote.RankPositive})
	}
	vals := lib.ValueCandidates(o.DType)
	if len(vals) == 0 {
		return []promote.Operand{o}
	}
	for _, v := range vals {
		out = append(out, promote.ZeroDimOf(o.DType, v))
	}
	if scalarish && o.Rank == promote.RankDynamic && len(out) > 1 {
		out = append(out[1:], out[0]) // the array with dimensions goes last
	}
	return out
}

// oldOutcome is the old version's answer for one combination of
// candidate operands.
type oldOutcome struct {
	ops []promote.Operand
	t   typed
}

// candidateOutcomes types an operation under the old version over every
// combination of its operands' candidates (nil when there are too many).
func candidateOutcomes(lib pyapi.Library, ops []promote.Operand, scalarish []bool, retype func([]promote.Operand) typed) []oldOutcome {
	cands := make([][]promote.Operand, len(ops))
	n := 1
	for i, o := range ops {
		cands[i] = candidates(lib, o, scalarish[i])
		n *= len(cands[i])
		if n > maxCombos {
			return nil
		}
	}
	out := make([]oldOutcome, 0, n)
	idx := make([]int, len(ops))
	for {
		combo := make([]promote.Operand, len(ops))
		for i, j := range idx {
			combo[i] = cands[i][j]
		}
		out = append(out, oldOutcome{ops: combo, t: retype(combo)})
		i := 0
		for ; i < len(idx); i++ {
			if idx[i]++; idx[i] < len(cands[i]) {
				break
			}
			idx[i] = 0
		}
		if i == len(idx) {
			return out
		}
	}
}

// mayChange types the operation under the old version for the
// representative candidates (an array of unknown rank has dimensions, a
// 0-d value is 1) and reports a difference when that answer is not the
// new version's d; the old answer printed says which other candidates
// give, so the reader sees that it depends on values.
func mayChange(lib pyapi.Library, ops []promote.Operand, scalarish []bool, d dtype.DType, retype func([]promote.Operand) typed) (typed, bool) {
	outs := candidateOutcomes(lib, ops, scalarish, retype)
	if len(outs) == 0 {
		return typed{}, false
	}
	rep := &outs[0]
	if rep.t.err != nil || rep.t.o.Kind == promote.Literal || rep.t.t.DType == d {
		return typed{}, false
	}
	var other *oldOutcome
	for i := range outs[1:] {
		o := &outs[i+1]
		if o.t.err == nil && o.t.o.Kind != promote.Literal && o.t.t.DType != rep.t.t.DType {
			other = o
			break
		}
	}
	say := func(o *oldOutcome) string {
		var parts []string
		for i, x := range o.ops {
			if !opEqual(x, ops[i]) {
				parts = append(parts, candidateWords(lib, x))
			}
		}
		return lib.DTypeName(o.t.t.DType) + " for " + joinWords(parts)
	}
	msg := say(rep)
	if other != nil {
		msg += " (" + say(other) + "; it depends on what the source does not show)"
	}
	return typed{err: fmt.Errorf("%s", msg), rule: rep.t.rule}, true
}

// candidateWords names a candidate operand in NumPy's words.
func candidateWords(lib pyapi.Library, o promote.Operand) string {
	name := lib.DTypeName(o.DType)
	if o.Rank == 0 {
		return "a 0-d " + name + " array or scalar holding " + pyLiteral(o.Value)
	}
	return "a " + name + " array with dimensions"
}

func joinWords(parts []string) string {
	switch len(parts) {
	case 0:
		return "the operands"
	case 1:
		return parts[0]
	}
	s := parts[0]
	for _, p := range parts[1 : len(parts)-1] {
		s += ", " + p
	}
	return s + " and " + parts[len(parts)-1]
}
