package infer

import (
	"fmt"
	"strings"
	"testing"

	"github.com/promote-dev/promote/rules"
)

// TestInputHint: a name that a program ported from NumPy uses where the
// language wants an input (np.float64(1.5), an inline i64[](5) or
// f64(1.5)) is reported with how to write it; any other undefined name or
// unknown function is reported as before.
func TestInputHint(t *testing.T) {
	r, err := rules.Build("numpy")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		stmt string
		want string // in the error
		not  string // not in it
	}{
		{"b = np.float64(1.5)", "undefined name np: the language has no modules or attributes; declare the value as an input (x: f64(1.5))", ""},
		{"b = x + i64[](5)", "undefined name i64: a typed value is declared as an input (x: i64[](5) or x: i64(5))", ""},
		{"b = x * f64(1.5)", "unknown function f64: a typed value is declared as an input (x: f64[](5) or x: f64(5))", "the functions are"},
		{"b = x + y", "undefined name y", "declared as an input"},
		{"b = frob(x)", "unknown function frob (the functions are neg", "declared as an input"},
		{"b = x + zz[3]", "undefined name zz", "declared as an input"},
	} {
		_, err := Parse("prog", []byte("x: f32\n"+tt.stmt+"\n"), r.Def())
		msg := fmt.Sprint(err)
		if err == nil || !strings.Contains(msg, tt.want) || tt.not != "" && strings.Contains(msg, tt.not) {
			t.Errorf("%q: error %q, want it to contain %q and not %q", tt.stmt, msg, tt.want, tt.not)
		}
	}
}
