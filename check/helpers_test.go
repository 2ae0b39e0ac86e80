package check_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
)

// tiny is a rule set for tests, given by its cells: each "a b c" says
// a·b = c and b·a = c, "a b > c" only a·b = c, "a b x" that the pair is
// refused, "a b c?" a weak result. Every listed dtype promotes with itself
// to itself unless a cell says otherwise; pairs not listed are refused.
type tiny struct {
	kit.Base
}

var tinyRule = &promote.Rule{ID: "cell", Text: "a test cell", Source: "check tests"}
var tinyRefusal = &promote.Rule{ID: "refused", Text: "a refused test cell", Source: "check tests"}

func newTiny(t *testing.T, cells ...string) promote.Rules {
	t.Helper()
	type key [2]dtype.DType
	table := map[key]kit.Decision{}
	parse := func(s string) dtype.DType {
		d, err := dtype.Parse(strings.TrimSuffix(s, "?"))
		if err != nil {
			t.Fatalf("tiny: %v", err)
		}
		return d
	}
	for _, c := range cells {
		f := strings.Fields(c)
		oneWay := len(f) == 4 && f[2] == ">"
		if oneWay {
			f = []string{f[0], f[1], f[3]}
		}
		if len(f) != 3 {
			t.Fatalf("tiny: bad cell %q", c)
		}
		a, b := parse(f[0]), parse(f[1])
		dec := kit.Decision{Rule: tinyRefusal, Msg: "refused"}
		if f[2] != "x" {
			dec = kit.Decision{Out: parse(f[2]), Weak: strings.HasSuffix(f[2], "?"), Rule: tinyRule}
		}
		for _, d := range []dtype.DType{a, b} {
			if _, ok := table[key{d, d}]; !ok {
				table[key{d, d}] = kit.Decision{Out: d, Rule: tinyRule}
			}
		}
		table[key{a, b}] = dec
		if !oneWay {
			table[key{b, a}] = dec
		}
	}
	def := &promote.Def{Name: "tiny", Title: "test", NAry: promote.Fold}
	pt := kit.NewPairTable("tiny", func(a, b dtype.DType) kit.Decision {
		if d, ok := table[key{a, b}]; ok {
			return d
		}
		return kit.Decision{Rule: tinyRefusal, Msg: "not listed"}
	})
	s, _ := def.Parse()
	return &tiny{kit.Base{D: def, S: s, Table: pt}}
}

// Result folds left over the table; a weak operand is looked up as its
// strong dtype.
func (r *tiny) Result(ops ...promote.Operand) (promote.Result, error) {
	if len(ops) == 0 {
		return promote.Result{}, fmt.Errorf("tiny: no operands")
	}
	return kit.FoldLeft(ops, r)
}

func (r *tiny) FoldOne(o promote.Operand) (promote.Result, error) {
	return promote.Result{DType: o.DType, Weak: o.Weak, Rule: tinyRule}, nil
}

func (r *tiny) FoldTwo(a, b promote.Operand) (promote.Result, error) {
	return r.PromoteTypes(a.DType, b.DType)
}
