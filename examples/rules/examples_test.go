// Package examples_test checks the example rule files of examples/rules.
package examples_test

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/check"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules"
)

// answer is a Result as the batch contract prints it, refusals as one word.
func answer(r promote.Rules, ops ...promote.Operand) string {
	res, err := r.Result(ops...)
	if err != nil {
		return "error"
	}
	return res.String()
}

func build(t *testing.T, spec string) promote.Rules {
	t.Helper()
	r, err := rules.Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestJAXFile: jax-x64.toml agrees with the built-in jax rule set under
// mode=standard, x64=true on every query class the format can express:
// every pair of catalogue dtypes, every operand alone, every pair and
// triple of strong and weak operands and Python literals, typed scalars.
func TestJAXFile(t *testing.T) {
	file := build(t, "jax-x64.toml")
	jax := build(t, "jax:x64=true")
	for _, a := range dtype.All() {
		for _, b := range dtype.All() {
			g, gerr := file.PromoteTypes(a, b)
			w, werr := jax.PromoteTypes(a, b)
			if (gerr != nil) != (werr != nil) || gerr == nil && g.String() != w.String() {
				t.Errorf("PromoteTypes(%s, %s): file %v %v, jax %v %v", a, b, g, gerr, w, werr)
			}
		}
	}
	var ops []promote.Operand
	for _, d := range dtype.All() {
		ops = append(ops, promote.T(d), promote.Weak(promote.T(d)))
	}
	for _, l := range []string{"1", "-1", "1.0", "1j", "true", "9223372036854775807", "9223372036854775808", "1L", "f64(1.5)", "u8(3)"} {
		o, err := promote.ParseOperand(l)
		if err != nil {
			t.Fatal(err)
		}
		ops = append(ops, o)
	}
	n := 0
	same := func(os ...promote.Operand) {
		n++
		if g, w := answer(file, os...), answer(jax, os...); g != w {
			t.Errorf("Result(%s): file %s, jax %s", promote.Join(os), g, w)
		}
	}
	for _, a := range ops {
		same(a)
		for _, b := range ops {
			same(a, b)
		}
	}
	// Triples: every operand JAX takes alone (under -short, one in four).
	var three []promote.Operand
	for i, o := range ops {
		if _, err := jax.Result(o); err == nil && (!testing.Short() || i%4 == 0) {
			three = append(three, o)
		}
	}
	for _, a := range three {
		for _, b := range three {
			for _, c := range three {
				same(a, b, c)
			}
		}
	}
	t.Logf("%d queries agree", n)
}

// TestMyRuntime: the small runtime's table and properties: floats win,
// the wider of one kind wins, bf16 with f16 is f32; a total lattice whose
// lossy cells are the integers meeting narrow floats.
func TestMyRuntime(t *testing.T) {
	r := build(t, "myruntime.toml")
	for _, tt := range []struct{ q, want string }{
		{"bool i8", "i8"}, {"i8 i32", "i32"}, {"i32 bf16", "bf16"}, {"bf16 f16", "f32"}, {"f16 f32", "f32"},
		{"bool f16", "f16"}, {"i32 f16 bf16", "f32"}, {"f16 2", "f16"}, {"i8 2.5", "f32"}, {"i8 true", "i8"},
		{"f64", "error"}, {"f16?", "error"}, {"1j", "error"},
	} {
		ops, err := promote.ParseOperands(r.Def().Dialect, tt.q)
		if err != nil {
			t.Fatal(err)
		}
		if got := answer(r, ops...); got != tt.want {
			t.Errorf("%s: %s, want %s", tt.q, got, tt.want)
		}
	}
	rep := check.Check(r)
	sum := strings.Join(rep.Summary(), " | ")
	if want := "myruntime | 6 | 0/36 | yes | yes | yes | yes | yes | yes, total | - | 3/21"; sum != want {
		t.Errorf("check:\n got %s\nwant %s", sum, want)
	}
}
