package rules

import (
	"slices"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/pylit"
)

// The host languages, short, for the table below.
const (
	hPy    = promote.HostPython
	hR     = promote.HostR
	hCPP   = promote.HostCPP
	hC     = promote.HostC
	hJulia = promote.HostJulia
)

// hostLiterals says, for each literal form of the operand grammar, which
// hosts have it (the rest must refuse it, naming why): facts of the
// languages, whichever rule set declares the host (Def.Host).
var hostLiterals = map[string][]promote.Host{
	"0x1F":  {hPy, hR, hCPP, hC, hJulia},
	"0b101": {hPy, hCPP, hJulia}, // C17 has none (the c rule set's default); R neither
	"0o17":  {hPy, hJulia},
	"1u":    {hCPP, hC},
	"1L":    {hR, hCPP, hC},
	"1ul":   {hCPP, hC},
	"1ll":   {hCPP, hC},
	"1ull":  {hCPP, hC},
	"1.0f":  {hCPP, hC},
	"1.0L":  {hCPP, hC}, // kernel-float has no long double: allowedRefusal
	"1f0":   {hJulia},
	"1j":    {hPy}, // every Python rule set that has complex dtypes; refused elsewhere
	// Digit separators: Python's PEP 515 and Julia's (JuliaSyntax.jl
	// tokenize.jl accept_number); R has none, C++14 and C23 write 1'000.
	"1_000":   {hPy, hJulia},
	"1_000.5": {hPy, hJulia},
	"0x_ff":   {hPy, hJulia},
	"0b_1_0":  {hPy, hJulia},
	"1.000_5": {hPy, hJulia},
	"1e1_0":   {hPy}, // Julia reads no _ in an exponent
	"1_0j":    {hPy},
	"1_000u":  {}, // C's suffix, Python's and Julia's separator: no host has both
	"1_0.0f":  {},
	"1_0f0":   {hJulia},
	"1_000L":  {}, // R's suffix with a separator R does not have
	// A leading zero: octal in C and C++, decimal in R and Julia, a
	// SyntaxError in Python unless the integer is zero (Python's
	// tokenizer, Lexical analysis: Integer literals).
	"017":   {hR, hCPP, hC, hJulia},
	"-017":  {hR, hCPP, hC, hJulia},
	"00":    {hPy, hR, hCPP, hC, hJulia},
	"0_0":   {hPy, hJulia},
	"0_7":   {hJulia},
	"017.5": {hPy, hR, hCPP, hC, hJulia},
	"017j":  {hPy},
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

// TestHostLiterals: every rule set accepts the literal forms of the host
// language it declares (Def.Host) and refuses the others', whatever other
// operand is present. A refusal of a form the host has is allowed only
// where the rule set has no dtype for it (complex, long double). A rule
// set whose operation takes no literals at all (OpenVINO's
// ConvertPromoteTypes takes tensors: its programs are Python, its op
// refuses a literal, even 1, by a rule other than admission's) must
// refuse every form, by the rule that refuses 1: a refusal about
// literals, not about any one form's syntax.
func TestHostLiterals(t *testing.T) {
	for _, d := range All() {
		host := d.Host
		if host.String() == "host?" {
			t.Errorf("rule set %s: declares no host language", d.Name)
			continue
		}
		r, err := d.Build()
		if err != nil {
			t.Fatal(err)
		}
		query := func(lit string) error {
			t.Helper()
			ops, err := promote.ParseOperands(d.Dialect, lit)
			if err != nil {
				t.Fatalf("%s: %v", lit, err)
			}
			_, rerr := r.Result(append(ops, promote.T(dtype.F64))...)
			return rerr
		}
		if err := query("1"); err != nil && !admissionRefusal(r, err) {
			// Takes no literals.
			noLit := ruleOf(promote.Result{}, err)
			for lit := range hostLiterals {
				if rerr := query(lit); rerr == nil || ruleOf(promote.Result{}, rerr) != noLit {
					t.Errorf("%s refuses the literal 1 (%v), but %s otherwise: %v", d.Name, err, lit, rerr)
				}
			}
			continue
		}
		for lit, hosts := range hostLiterals {
			rerr := query(lit)
			has := slices.Contains(hosts, host)
			switch {
			case !has && rerr == nil:
				t.Errorf("%s (%s) accepts %s, which is not %s", d.Name, host, lit, host)
			case has && rerr != nil && !allowedRefusal(r, lit, rerr):
				t.Errorf("%s (%s) refuses %s: %v", d.Name, host, lit, rerr)
			case !has && host == hPy && pythonWords[lit] != "" &&
				(!strings.Contains(rerr.Error(), pythonWords[lit]) || !strings.Contains(rerr.Error(), pylit.Rule.ID)):
				t.Errorf("%s (%s) refuses %s without Python's words %q under rule %s: %v", d.Name, host, lit, pythonWords[lit], pylit.Rule.ID, rerr)
			case !has && strings.Contains(lit, "_") && (host == hR || host == hC || host == hCPP) &&
				!strings.Contains(rerr.Error(), "digit separator"):
				t.Errorf("%s (%s) refuses %s without saying it has no such digit separator: %v", d.Name, host, lit, rerr)
			}
		}
	}
}

// admissionRefusal reports whether err is an admission refusal of r (a
// dtype r lacks, a weak operand), which says nothing about literals.
func admissionRefusal(r promote.Rules, err error) bool {
	rule := ruleOf(promote.Result{}, err)
	for _, ref := range []*promote.Refusal{r.Def().Admission.NoDType, r.Def().Admission.NoWeak} {
		if ref != nil && ref.RuleFor(r.Settings()) == rule {
			return true
		}
	}
	return false
}

// allowedRefusal: a host literal a rule set may refuse for want of a
// dtype rather than of syntax.
func allowedRefusal(r promote.Rules, lit string, err error) bool {
	switch {
	case strings.HasSuffix(lit, "j"): // complex: Triton, TVM and the like have no complex dtype
		return true
	case lit == "1.0L": // long double, where the system has none (kernel_float's element types)
		return !slices.Contains(r.Def().DTypesOf(r.Settings()), dtype.F80) && strings.Contains(err.Error(), "f80")
	}
	return false
}
