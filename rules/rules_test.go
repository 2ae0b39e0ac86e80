package rules

import (
	"errors"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// every builds each rule set with its defaults and with each preset.
func every(t testing.TB) []promote.Rules {
	t.Helper()
	var out []promote.Rules
	for _, d := range All() {
		for _, p := range append([][]string{nil}, d.Presets...) {
			r, err := d.Build(p...)
			if err != nil {
				t.Fatalf("%s %v: %v", d.Name, p, err)
			}
			out = append(out, r)
		}
	}
	return out
}

func label(r promote.Rules) string {
	return strings.TrimSpace(r.Def().Name + " " + strings.Join(r.Settings().Changed(), " "))
}

func TestDefsAreComplete(t *testing.T) {
	seen := map[string]bool{}
	for _, d := range All() {
		if d.Name == "" || d.Title == "" || d.Source == "" || d.NAry == 0 || d.Dialect == nil || d.New == nil {
			t.Errorf("%q: incomplete definition %+v", d.Name, d)
		}
		if seen[d.Name] {
			t.Errorf("%s registered twice", d.Name)
		}
		seen[d.Name] = true
		if got, err := Lookup(strings.ToUpper(d.Name)); err != nil || got != d {
			t.Errorf("Lookup(%s) = %v, %v", d.Name, got, err)
		}
		for _, o := range d.Options {
			if _, err := d.Parse(o.Name + "=" + o.Default); err != nil {
				t.Errorf("%s: default of %s does not parse: %v", d.Name, o.Name, err)
			}
		}
	}
	if _, err := Lookup("nosuch"); err == nil || !strings.Contains(err.Error(), "valid:") {
		t.Errorf("Lookup(nosuch) = %v", err)
	}
}

// TestPromoteTypesAgreesWithResult: the compiled table and the operand path
// give the same answer for two plain tensors, for every rule set, preset
// and ordered pair; every answer names a rule with a source, every refusal
// is a *promote.Error naming its rule.
func TestPromoteTypesAgreesWithResult(t *testing.T) {
	for _, r := range every(t) {
		for _, a := range dtype.All() {
			for _, b := range dtype.All() {
				p, perr := r.PromoteTypes(a, b)
				q, qerr := r.Result(promote.T(a), promote.T(b))
				if (perr == nil) != (qerr == nil) || perr == nil && (p.DType != q.DType || p.Weak != q.Weak) {
					t.Errorf("%s (%s, %s): PromoteTypes %v %v, Result %v %v", label(r), a, b, p, perr, q, qerr)
					continue
				}
				for _, err := range []error{perr, qerr} {
					var pe *promote.Error
					if err != nil && (!errors.As(err, &pe) || pe.Rule == nil || pe.Rules != r.Def().Name) {
						t.Errorf("%s (%s, %s): refusal %v is not a *promote.Error naming the rule set and rule", label(r), a, b, err)
					}
				}
				for _, res := range []promote.Result{p, q} {
					if res.DType.Valid() && (res.Rule == nil || res.Rule.Source == "" || res.Rule.ID == "") {
						t.Errorf("%s (%s, %s): result %v without a sourced rule", label(r), a, b, res)
					}
				}
			}
		}
	}
}

// TestSuccessDoesNotAllocate: for each rule set, PromoteTypes on every
// accepted pair allocates nothing.
func TestSuccessDoesNotAllocate(t *testing.T) {
	for _, r := range every(t) {
		for _, a := range dtype.All() {
			for _, b := range dtype.All() {
				if _, err := r.PromoteTypes(a, b); err != nil {
					continue
				}
				if n := testing.AllocsPerRun(10, func() { r.PromoteTypes(a, b) }); n != 0 {
					t.Errorf("%s PromoteTypes(%s, %s) allocates %v times", label(r), a, b, n)
				}
			}
		}
	}
}

// TestEveryAnswerNamesASourcedRule extends TestPromoteTypesAgreesWithResult
// beyond plain pairs: every dtype with every shape class, weak flag,
// literal kind (in every host's syntax) and typed scalar, in both orders
// and alone, under every rule set and preset. Each answer must carry a
// rule with a source, and each refusal must be a *promote.Error with one.
func TestEveryAnswerNamesASourcedRule(t *testing.T) {
	lits := []string{"true", "1", "-7", "1.5", "nan", "1j", "1L", "1.0f", "1u", "9223372036854775808", ""}
	n := 0
	for _, r := range every(t) {
		for _, d := range dtype.All() {
			for _, shape := range []string{"", "[]", "[...]", "?", "[]?"} {
				for _, l := range append(lits, d.String()+"(1)") {
					for _, line := range []string{d.String() + shape + " " + l, l + " " + d.String() + shape, l} {
						ops, err := promote.ParseOperands(r.Def().Dialect, line)
						if err != nil {
							continue
						}
						n++
						res, err := r.Result(ops...)
						var pe *promote.Error
						switch {
						case err == nil && (res.Rule == nil || res.Rule.Source == ""):
							t.Errorf("%s %q: %v has no sourced rule", label(r), line, res)
						case err != nil && !errors.As(err, &pe):
							t.Errorf("%s %q: refusal %T is not a *promote.Error", label(r), line, err)
						case err != nil && (pe.Rule == nil || pe.Rule.Source == ""):
							t.Errorf("%s %q: refusal %v has no sourced rule", label(r), line, err)
						}
					}
				}
			}
		}
	}
	if n < 10000 {
		t.Fatalf("only %d queries checked", n)
	}
}

// FuzzResult: no operand list makes any rule set panic or answer without
// a rule.
func FuzzResult(f *testing.F) {
	for _, s := range []string{"f16 i64", "u8 -1", "i32? f32[]", "f64(1.5) 2", "", "1 2 3", "bool[...] u4 1j", "dynamic f32[]"} {
		f.Add(s)
	}
	rs := every(f)
	f.Fuzz(func(t *testing.T, line string) {
		for _, r := range rs {
			ops, err := promote.ParseOperands(r.Def().Dialect, line)
			if err != nil {
				continue
			}
			res, err := r.Result(ops...)
			if err == nil && (!res.DType.Valid() || res.Rule == nil) {
				t.Fatalf("%s %q: %v without a valid dtype and rule", label(r), line, res)
			}
			if err != nil && strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("%s %q: multi-line error %q", label(r), line, err)
			}
		}
	})
}
