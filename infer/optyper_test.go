package infer_test

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/infer"
	"github.com/promote-dev/promote/rules/numpy"
)

// The op typing interfaces: a rule set without promote.OpTyper is typed
// generically, and one with it is asked about every operation; the
// policy and promote.LiteralTyper change what infer does around the
// promotion.

// plain hides the OpTyper of the rule set it wraps: the generic typing.
type plain struct{ promote.Rules }

var (
	ruleTestKeep  = &promote.Rule{ID: "test-keep", Text: "kept", Source: "a test"}
	ruleTestCond  = &promote.Rule{ID: "test-cond", Text: "where needs bool", Source: "a test"}
	ruleTestLit   = &promote.Rule{ID: "test-literal", Text: "a literal is an i64 0-d array", Source: "a test"}
	ruleTestLater = &promote.Rule{ID: "test-later", Text: "refused after the shapes", Source: "a test"}
)

// typer has the policy p; it refuses where's non-bool condition early
// (before shapes) or late, and types nothing else.
type typer struct {
	promote.Rules
	p     promote.OpPolicy
	early bool
}

func (t typer) OpPolicy() promote.OpPolicy { return t.p }

func (t typer) TypeOp(q *promote.OpQuery) promote.OpDecision {
	if q.Op == promote.OpWhere && q.Early == t.early && q.Args[0].DType != dtype.Bool {
		r := ruleTestLater
		if t.early {
			r = ruleTestCond
		}
		return promote.OpRefuse(r, "condition is %s", q.Args[0].DType)
	}
	return q.Generic
}

// literals makes every literal an i64 0-d array.
type literals struct{ promote.Rules }

func (literals) LiteralOperand(v promote.Value) (promote.Operand, *promote.Rule) {
	return promote.T0(dtype.I64), ruleTestLit
}

func TestOpTyperInterfaces(t *testing.T) {
	np := numpy.Def.MustBuild()
	tests := []struct {
		name string
		r    promote.Rules
		src  string
		want string // the last statement's type and rule (a prefix), or "error: " and a substring of the error
		not  string // a substring the answer must not have ("" for none)
	}{
		{"numpy types /", np, "x: i32[4]\ny: i16[4]\nx / y\n", "f64[4] numpy-true-div", ""},
		{"generic keeps /", plain{np}, "x: i32[4]\ny: i16[4]\nx / y\n", "i32[4] safe-cast", ""},
		{"generic sum", plain{np}, "x: i8[4]\nsum(x)\n", "i8[] reduce", ""},
		{"generic exp", plain{np}, "x: i8[4]\nexp(x)\n", "i8[4] elementwise", ""},
		{"generic neg bool", plain{np}, "x: bool[4]\n-x\n", "error: negation of a bool operand is not supported", ""},
		{"keep rule", typer{Rules: np, p: promote.OpPolicy{KeepRule: ruleTestKeep}}, "x: f32[4]\nexp(x)\n", "f32[4] test-keep", ""},
		{"broadcasts", plain{np}, "x: f32[4]\ny: f32[1]\nx + y\n", "f32[4] same", ""},
		{"exact shapes", typer{Rules: np, p: promote.OpPolicy{ExactShapes: true}}, "x: f32[4]\ny: f32[1]\nx + y\n", "error: ", ""},
		{"early where", typer{Rules: np, early: true}, "c: i8[4]\nx: f32[3]\ny: f32[4]\nwhere(c, x, y)\n", "error: condition is i8", ""},
		{"late where", typer{Rules: np}, "c: i8[4]\nx: f32[4]\ny: f32[4]\nwhere(c, x, y)\n", "error: condition is i8", ""},
		{"late where after shapes", typer{Rules: np}, "c: i8[4]\nx: f32[3]\ny: f32[4]\nwhere(c, x, y)\n", "error: ", "condition"},
		{"literal as array", literals{np}, "x: i8[4]\nx + 1\n", "i64[4] ", ""},
		{"literal as literal", np, "x: i8[4]\nx + 1\n", "i8[4] ", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, ts, err := infer.Check("prog", []byte(tc.src), tc.r)
			var got string
			if err != nil {
				got = "error: " + err.Error()
			} else {
				ty := ts.Type(p.Stmts[len(p.Stmts)-1].Node)
				got = ty.String() + " " + ty.Rule.ID
			}
			ok := strings.HasPrefix(got, tc.want)
			if msg, isErr := strings.CutPrefix(tc.want, "error: "); isErr {
				ok = strings.HasPrefix(got, "error: ") && strings.Contains(got, msg)
			}
			if !ok || tc.not != "" && strings.Contains(got, tc.not) {
				t.Errorf("got %q, want %q (without %q)", got, tc.want, tc.not)
			}
		})
	}
}
