package promote_test

import (
	"errors"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules"
)

// valuesMatter names the rule-set settings that read a zero-dim array's
// value (NumPy 1.x value-based promotion); every other rule set must
// answer i64[](300) exactly as i64[].
func valuesMatter(r promote.Rules) bool {
	return r.Def().Name == "numpy" && r.Settings().Enum("promotion") == "legacy"
}

// zeroValue is a value every dtype of d's kind holds.
func zeroValue(d dtype.DType) (promote.Value, bool) {
	switch {
	case d == dtype.Dynamic:
		return promote.Value{}, false
	case d == dtype.Bool:
		return promote.Bool(false).Value, true
	case d.IsComplex():
		return promote.Complex(0, 0).Value, true
	case d.IsFloat():
		return promote.Float(0).Value, true
	}
	return promote.Int(0).Value, true
}

// TestZeroDimValueIgnored: under every rule set and preset (but those that
// read values), a zero-dim tensor with a value gets the answer, or the
// refusal by the same rule, of the same tensor without one, alone, in
// either order with a tensor, a zero-dim tensor or a literal of every
// kind, and weak.
func TestZeroDimValueIgnored(t *testing.T) {
	var others []promote.Operand
	for _, x := range dtype.All() {
		others = append(others, promote.T(x), promote.T0(x))
	}
	others = append(others, promote.Bool(true), promote.Int(1), promote.Float(1.5), promote.Complex(0, 1))
	checked := 0
	for _, def := range rules.All() {
		for _, preset := range append([][]string{nil}, def.Presets...) {
			r := def.MustBuild(preset...)
			if valuesMatter(r) {
				continue
			}
			label := rules.Label(r)
			for _, d := range dtype.All() {
				v, ok := zeroValue(d)
				if !ok {
					continue
				}
				for _, weak := range []bool{false, true} {
					plain, valued := promote.T0(d), promote.ZeroDimOf(d, v)
					plain.Weak, valued.Weak = weak, weak
					same(t, label, r, []promote.Operand{plain}, []promote.Operand{valued})
					for _, o := range others {
						same(t, label, r, []promote.Operand{plain, o}, []promote.Operand{valued, o})
						same(t, label, r, []promote.Operand{o, plain}, []promote.Operand{o, valued})
						checked += 2
					}
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("nothing was compared")
	}
}

func same(t *testing.T, label string, r promote.Rules, plain, valued []promote.Operand) {
	t.Helper()
	a, errA := r.Result(plain...)
	b, errB := r.Result(valued...)
	if (errA == nil) != (errB == nil) || a.DType != b.DType || a.Weak != b.Weak || ruleID(a.Rule) != ruleID(b.Rule) {
		t.Errorf("%s: %s gives %v %v, %s gives %v %v", label, promote.Join(plain), a, errA, promote.Join(valued), b, errB)
		return
	}
	var ea, eb *promote.Error
	if errors.As(errA, &ea) != errors.As(errB, &eb) || ea != nil && ruleID(ea.Rule) != ruleID(eb.Rule) {
		t.Errorf("%s: %s refused by %v, %s by %v", label, promote.Join(plain), errA, promote.Join(valued), errB)
	}
}

func ruleID(r *promote.Rule) string {
	if r == nil {
		return ""
	}
	return r.ID
}
