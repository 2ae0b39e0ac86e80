package kit

import (
	"math/big"
	"slices"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

func TestAdopt(t *testing.T) {
	mine := promote.Rule{ID: "no-weak-arrays", Text: "the system's words", Source: "the system's source"}
	r := NoWeakTypes.Adopt(mine)
	if r.ID != mine.ID || r.Text != mine.Text || r.Source != mine.Source {
		t.Errorf("Adopt changed the rule: %+v", r)
	}
	if r.Shared != NoWeakTypes.Rule() || !NoWeakTypes.Adopted(r) || SharedOf(r) != NoWeakTypes {
		t.Errorf("Adopt did not link the rule to %s", NoWeakTypes.Name())
	}
	if PythonInt.Adopted(r) || NoWeakTypes.Adopted(&mine) || NoWeakTypes.Adopted(nil) || SharedOf(&mine) != nil {
		t.Error("Adopted or SharedOf answers for a rule that does not adopt")
	}
}

// TestSharedRules: every shared rule names itself among its IDs, says
// what it means and where, and no ID belongs to two shared rules.
func TestSharedRules(t *testing.T) {
	owner := map[string]string{}
	for _, s := range SharedRules() {
		r := s.Rule()
		if r.ID == "" || r.Text == "" || r.Source == "" || r.Shared != nil {
			t.Errorf("%s: incomplete canonical rule %+v", s.Name(), r)
		}
		if !slices.Contains(s.IDs(), s.Name()) {
			t.Errorf("%s: its IDs %v lack its own name", s.Name(), s.IDs())
		}
		for _, id := range s.IDs() {
			if o, dup := owner[id]; dup {
				t.Errorf("ID %s belongs to %s and %s", id, o, s.Name())
			}
			owner[id] = s.Name()
			if SharedByID(id) != s {
				t.Errorf("SharedByID(%s) = %v, want %s", id, SharedByID(id), s.Name())
			}
		}
	}
	if SharedByID("table") != nil {
		t.Error("SharedByID found a shared rule for a system's own ID")
	}
	ids := PythonInt.IDs()
	ids[0] = "changed"
	if PythonInt.IDs()[0] == "changed" {
		t.Error("IDs shares its slice")
	}
}

func TestNoWeak(t *testing.T) {
	rule := NoWeakTypes.Adopt(promote.Rule{ID: "no-weak", Text: "t", Source: "s"})
	msg := func(promote.Settings, promote.Operand) string { return "no weak" }
	if ref := NoWeak(rule, msg); ref.Rule != rule || ref.Msg == nil {
		t.Errorf("NoWeak = %+v", ref)
	}
	for _, r := range []*promote.Rule{{ID: "no-weak"}, PythonInt.Adopt(promote.Rule{ID: "python-int"}), nil} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("NoWeak accepted %v, which does not adopt NoWeakTypes", r)
				}
			}()
			NoWeak(r, msg)
		}()
	}
}

func TestIntFits(t *testing.T) {
	big := func(s string) *big.Int {
		n, ok := new(big.Int).SetString(s, 0)
		if !ok {
			t.Fatalf("bad int %s", s)
		}
		return n
	}
	for _, tc := range []struct {
		n    string
		d    dtype.DType
		want bool
	}{
		{"0", dtype.I8, true}, {"127", dtype.I8, true}, {"128", dtype.I8, false}, {"-128", dtype.I8, true}, {"-129", dtype.I8, false},
		{"255", dtype.U8, true}, {"256", dtype.U8, false}, {"-1", dtype.U8, false},
		{"2147483647", dtype.I32, true}, {"2147483648", dtype.I32, false}, {"-2147483648", dtype.I32, true}, {"-2147483649", dtype.I32, false},
		{"9223372036854775807", dtype.I64, true}, {"9223372036854775808", dtype.I64, false},
		{"-9223372036854775808", dtype.I64, true}, {"-9223372036854775809", dtype.I64, false},
		{"18446744073709551615", dtype.U64, true}, {"18446744073709551616", dtype.U64, false}, {"-1", dtype.U64, false},
		{"0", dtype.Bool, true}, {"1", dtype.Bool, true}, {"2", dtype.Bool, false}, {"-1", dtype.Bool, false},
		{"7", dtype.I4, true}, {"8", dtype.I4, false}, {"-8", dtype.I4, true},
		{"1", dtype.F32, false}, {"1", dtype.C64, false}, {"1", dtype.Invalid, false},
	} {
		if got := IntFits(big(tc.n), tc.d); got != tc.want {
			t.Errorf("IntFits(%s, %s) = %v, want %v", tc.n, tc.d, got, tc.want)
		}
	}
	if IntFits(nil, dtype.I64) {
		t.Error("IntFits(nil) = true")
	}
	n := big("-9223372036854775808")
	if a := testing.AllocsPerRun(100, func() { IntFits(n, dtype.I64) }); a != 0 {
		t.Errorf("IntFits allocates %v times", a)
	}
}

func TestFirstFit(t *testing.T) {
	triton := []dtype.DType{dtype.I32, dtype.U32, dtype.I64, dtype.U64}
	for _, tc := range []struct {
		n    int64
		u    uint64 // used when n is 0 and u is not
		want dtype.DType
	}{
		{n: 1, want: dtype.I32}, {n: -1, want: dtype.I32}, {n: 1 << 31, want: dtype.U32}, {n: 1 << 32, want: dtype.I64},
		{n: -1 << 31, want: dtype.I32}, {n: -1<<31 - 1, want: dtype.I64}, {u: 1 << 63, want: dtype.U64},
	} {
		n := big.NewInt(tc.n)
		if tc.n == 0 && tc.u != 0 {
			n = new(big.Int).SetUint64(tc.u)
		}
		if got, ok := FirstFit(n, triton...); !ok || got != tc.want {
			t.Errorf("FirstFit(%s) = %s, %v; want %s", n, got, ok, tc.want)
		}
	}
	over := new(big.Int).Lsh(big.NewInt(1), 64)
	if got, ok := FirstFit(over, triton...); ok || got != dtype.Invalid {
		t.Errorf("FirstFit(2^64) = %s, %v; want none", got, ok)
	}
}
