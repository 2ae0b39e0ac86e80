package promote_test

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/infer"
	"github.com/promote-dev/promote/rules/numpy"
)

// halfDiv is a rule set that promotes as NumPy does but whose true
// division of integers gives float16: the op typing a rule-set package
// writes beside its promotion (its typing.go).
type halfDiv struct{ promote.Rules }

var ruleHalfDiv = &promote.Rule{ID: "half-div", Text: "/ of integers gives f16", Source: "an example"}

func (halfDiv) OpPolicy() promote.OpPolicy { return promote.OpPolicy{} }

func (halfDiv) TypeOp(q *promote.OpQuery) promote.OpDecision {
	if q.Op == promote.OpDiv && q.Err == nil && q.Res.DType.IsInteger() {
		return promote.OpDecision{DType: dtype.F16, Rule: ruleHalfDiv}
	}
	return q.Generic // everything else as the generic typing has it
}

// A rule set types its own operations by implementing OpTyper; package
// infer asks it about every operation and keeps the generic typing where
// it returns q.Generic.
func ExampleOpTyper() {
	r := halfDiv{numpy.Def.MustBuild()}
	src := "x: i32[4]\ny: i16[4]\nx + y\nx / y\n"
	p, ts, err := infer.Check("prog", []byte(src), r)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range p.Stmts[2:] {
		t := ts.Type(s.Node)
		fmt.Println(t, t.Rule.ID)
	}
	// Output:
	// i32[4] safe-cast
	// f16[4] half-div
}
