package rules

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/pylit"
)

// hostOf is the host language whose literals each rule set reads.
var hostOf = map[string]string{
	"cann": "python", "openvino": "tensors", "pytorch": "python", "numpy": "python", "cupy": "python", "jax": "python",
	"tensorflow": "python", "array-api": "python", "keras": "python", "mlx": "python", "triton": "python",
	"paddle": "python", "tinygrad": "python", "mindspore": "python", "max": "python",
	"tvm": "python", "anvil": "r", "kernel-float": "c++", "cpp": "c++", "c": "c", "julia": "julia",
}

// hostLiterals says, for each literal form of the operand grammar, which
// hosts have it (the rest must refuse it, naming why).
var hostLiterals = map[string][]string{
	"0x1F":  {"python", "r", "c++", "c", "julia"},
	"0b101": {"python", "c++", "julia"}, // C17 has none (the c rule set's default); R neither
	"0o17":  {"python", "julia"},
	"1u":    {"c++", "c"},
	"1L":    {"r", "c++", "c"},
	"1ul":   {"c++", "c"},
	"1ll":   {"c++", "c"},
	"1ull":  {"c++", "c"},
	"1.0f":  {"c++", "c"},
	"1.0L":  {"c++", "c"}, // kernel-float has no long double: allowedRefusal
	"1f0":   {"julia"},
	"1j":    {"python"}, // every Python rule set that has complex dtypes; refused elsewhere
	// Digit separators: Python's PEP 515 and Julia's (JuliaSyntax.jl
	// tokenize.jl accept_number); R has none, C++14 and C23 write 1'000.
	"1_000":   {"python", "julia"},
	"1_000.5": {"python", "julia"},
	"0x_ff":   {"python", "julia"},
	"0b_1_0":  {"python", "julia"},
	"1.000_5": {"python", "julia"},
	"1e1_0":   {"python"}, // Julia reads no _ in an exponent
	"1_0j":    {"python"},
	"1_000u":  {}, // C's suffix, Python's and Julia's separator: no host has both
	"1_0.0f":  {},
	"1_0f0":   {"julia"},
	"1_000L":  {}, // R's suffix with a separator R does not have
	// A leading zero: octal in C and C++, decimal in R and Julia, a
	// SyntaxError in Python unless the integer is zero (Python's
	// tokenizer, Lexical analysis: Integer literals).
	"017":   {"r", "c++", "c", "julia"},
	"-017":  {"r", "c++", "c", "julia"},
	"00":    {"python", "r", "c++", "c", "julia"},
	"0_0":   {"python", "julia"},
	"0_7":   {"julia"},
	"017.5": {"python", "r", "c++", "c", "julia"},
	"017j":  {"python"},
}

// pythonWords are the words every Python rule set refuses a literal with,
// by the literal: one shared check (internal/pylit), one message.
var pythonWords = map[string]string{
	"017":  pylit.LeadingZeros,
	"-017": pylit.LeadingZeros,
	"0_7":  pylit.LeadingZeros,
	"1u":   `is not a Python literal (Python has no "u" suffix)`,
	"1L":   `is not a Python literal (Python has no "L" suffix)`,
	"1.0f": `is not a Python literal (Python has no "f" suffix)`,
	"1f0":  `is not a Python literal (Python has no "f0" suffix)`,
}

// TestHostLiterals: every rule set accepts the literal forms of its host
// language and refuses the others', whatever other operand is present.
// A refusal of a form the host has is allowed only where the rule set
// has no dtype for it (complex, long double) or takes no literals.
func TestHostLiterals(t *testing.T) {
	for _, d := range All() {
		host, ok := hostOf[d.Name]
		if !ok {
			t.Errorf("rule set %s: no host language listed in hostOf", d.Name)
			continue
		}
		r, err := d.Build()
		if err != nil {
			t.Fatal(err)
		}
		for lit, hosts := range hostLiterals {
			ops, err := promote.ParseOperands(d.Dialect, lit)
			if err != nil {
				t.Fatalf("%s: %v", lit, err)
			}
			_, rerr := r.Result(append(ops, promote.T(dtype.F64))...)
			has := false
			for _, h := range hosts {
				has = has || h == host
			}
			switch {
			case !has && rerr == nil:
				t.Errorf("%s (%s) accepts %s, which is not %s", d.Name, host, lit, host)
			case has && rerr != nil && host != "tensors" && !allowedRefusal(d.Name, lit, rerr):
				t.Errorf("%s (%s) refuses %s: %v", d.Name, host, lit, rerr)
			case !has && host == "python" && pythonWords[lit] != "" &&
				(!strings.Contains(rerr.Error(), pythonWords[lit]) || !strings.Contains(rerr.Error(), pylit.Rule.ID)):
				t.Errorf("%s (%s) refuses %s without Python's words %q under rule %s: %v", d.Name, host, lit, pythonWords[lit], pylit.Rule.ID, rerr)
			case !has && strings.Contains(lit, "_") && (host == "r" || host == "c" || host == "c++") &&
				!strings.Contains(rerr.Error(), "digit separator"):
				t.Errorf("%s (%s) refuses %s without saying it has no such digit separator: %v", d.Name, host, lit, rerr)
			}
		}
	}
}

// allowedRefusal: a host literal a rule set may refuse for want of a
// dtype rather than of syntax.
func allowedRefusal(name, lit string, err error) bool {
	switch {
	case strings.HasSuffix(lit, "j"): // complex: Triton, TVM and the like have no complex dtype
		return true
	case lit == "1.0L" && name == "kernel-float": // no long double element type
		return strings.Contains(err.Error(), "f80")
	}
	return false
}
