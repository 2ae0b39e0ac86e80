package answer

import (
	"testing"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules"
)

// TestBrief: the short reason names the rule and says why this query
// gets this answer, from the rule set's Explain where it has one and from
// the operands' formats otherwise; a refusal keeps the rule set's message
// without the operand list.
func TestBrief(t *testing.T) {
	for _, tt := range []struct {
		rules string
		ops   []string
		want  string
	}{
		{"numpy", []string{"f16", "i64"}, "climb: from f16 past f32 to f64, the first both cast to safely"},
		{"numpy", []string{"i16", "f16"}, "climb: from f16 to f32, the first both cast to safely"},
		{"numpy", []string{"u64", "i64"}, "climb: from i64 past f16, f32 to f64, the first both cast to safely"},
		{"pytorch", []string{"f16", "i64"}, "table: keeps f16; i64 does not fit in it exactly"},
		{"pytorch", []string{"i8", "i16"}, "table: keeps i16; i8 fits in it"},
		{"pytorch", []string{"f32", "f32"}, "dim-tensor: both are f32"},
		{"pytorch", []string{"bf16", "f16"}, "table: a new type: f32 holds both bf16 and f16"},
		{"jax:x64=true", []string{"i64", "u64"}, "lattice-weak: a new type, f64, which holds neither i64 nor u64 exactly"},
		{"array-api", []string{"f16", "i8"}, "dtype: f16 is not an Array API dtype"},
	} {
		r, err := rules.Parse(tt.rules)
		if err != nil {
			t.Fatal(err)
		}
		ops, err := ParseOperands(dtype.Neutral, tt.ops)
		if err != nil {
			t.Fatal(err)
		}
		if got := Evaluate(r, ops).Brief; got != tt.want {
			t.Errorf("%s %v: %q, want %q", tt.rules, tt.ops, got, tt.want)
		}
	}
}
