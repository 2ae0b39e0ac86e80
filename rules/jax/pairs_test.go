package jax

import (
	"errors"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// show writes a result or a refusal as pairs.tsv does: the dtype with ?
// when weak, or error:CATEGORY by the message's wording.
func show(res promote.Result, err error) string {

	if err == nil {
		return res.String()
	}
	var pe *promote.Error
	if !errors.As(err, &pe) {
		return "error:?" + err.Error()
	}
	// Strict first: its wording is checked first (spec.md §3).
	for _, cat := range []string{"strict", "fp8", "fp6", "fp4", "intN", "generic"} {
		if strings.Contains(pe.Msg, errorPhrases[cat]) {
			return "error:" + cat
		}
	}
	return "error:?" + pe.Msg
}

// TestPairs checks every pair of JAX's strong dtypes in all four settings
// against pairs.tsv (generated from the spec by an independent Python
// transcription), in both orders, through PromoteTypes, through Result
// with tensors of several ranks (rank does not matter to JAX), and
// through LatticeResultType.
func TestPairs(t *testing.T) {
	rows := tsvtest.Read(t, "testdata/pairs.tsv")
	if len(rows) != 31*32/2 {
		t.Fatalf("%d pairs, want %d (31 strong dtypes)", len(rows), 31*32/2)
	}
	for _, row := range rows {
		r := row.Fields
		if len(r) != 6 {
			t.Fatalf("line %d: %d fields, want 6", row.Line, len(r))
		}
		a, errA := dtype.Parse(r[0])
		b, errB := dtype.Parse(r[1])
		if errA != nil || errB != nil {
			t.Fatalf("line %d: %v %v", row.Line, errA, errB)
		}
		for k, cfg := range configs {
			want := r[2+k]
			rs := Def.MustBuild(cfg.kv...)
			for _, p := range [][2]dtype.DType{{a, b}, {b, a}} {
				x, y := p[0], p[1]
				if got := show(rs.PromoteTypes(x, y)); got != want {
					t.Errorf("line %d %v: PromoteTypes(%s, %s) = %s, want %s", row.Line, cfg.kv, x, y, got, want)
				}
				if got := show(rs.Result(promote.T(x), promote.T(y))); got != want {
					t.Errorf("line %d %v: Result(%s, %s) = %s, want %s", row.Line, cfg.kv, x, y, got, want)
				}
				if got := show(rs.Result(promote.T0(x), promote.Shaped(y, 2, 3))); got != want {
					t.Errorf("line %d %v: Result(%s[], %s[2,3]) = %s, want %s", row.Line, cfg.kv, x, y, got, want)
				}
				typed, err := LatticeResultType(cfg.c, Typed{x, false}, Typed{y, false})
				got := show(promote.Result{DType: typed.DType, Weak: typed.Weak}, err)
				if got != want {
					t.Errorf("line %d %v: LatticeResultType(%s, %s) = %s, want %s", row.Line, cfg.kv, x, y, got, want)
				}
			}
		}
	}
}

// TestPairRules checks that every PromoteTypes answer cites the rule the
// spec would: x64-off whenever an input was canonicalised, lattice-weak
// exactly for weak answers, strict for strict-mode refusals.
func TestPairRules(t *testing.T) {
	for _, cfg := range configs {
		rs := Def.MustBuild(cfg.kv...)
		for _, a := range strongNodes {
			for _, b := range strongNodes {
				res, err := rs.PromoteTypes(a, b)
				canon := cfg.c.Canonical(a) != a || cfg.c.Canonical(b) != b
				var pe *promote.Error
				switch {
				case errors.As(err, &pe):
					want := ruleNoPath
					if cfg.c.Strict {
						want = ruleStrict
					}
					if pe.Rule != want || len(pe.Operands) != 2 {
						t.Errorf("%v: %s, %s refused by %v with %d operands, want %s", cfg.kv, a, b, pe.Rule, len(pe.Operands), want.ID)
					}
				case err != nil:
					t.Errorf("%v: %s, %s: %v", cfg.kv, a, b, err)
				case canon && res.Rule != ruleX64:
					t.Errorf("%v: %s, %s = %v by %s, want rule x64-off", cfg.kv, a, b, res, res.Rule.ID)
				case !canon && res.Weak != (res.Rule == ruleJoinWeak):
					t.Errorf("%v: %s, %s = %v by %s: weak and lattice-weak disagree", cfg.kv, a, b, res, res.Rule.ID)
				}
			}
		}
	}
}

// TestNotJAXDTypes checks that c32 and dynamic, which JAX does not have,
// are refused with a message naming them, never promoted.
func TestNotJAXDTypes(t *testing.T) {
	for _, cfg := range configs {
		rs := Def.MustBuild(cfg.kv...)
		for _, bad := range []dtype.DType{dtype.C32, dtype.Dynamic} {
			for _, d := range dtype.All() {
				for _, p := range [][2]dtype.DType{{bad, d}, {d, bad}} {
					_, err := rs.PromoteTypes(p[0], p[1])
					var pe *promote.Error
					first := p[0]
					if nodeOf[first] != noNode {
						first = p[1]
					}
					if !errors.As(err, &pe) || pe.Rule != ruleNotJAX || !strings.Contains(pe.Msg, "dtype="+first.String()+" ") {
						t.Errorf("%v: PromoteTypes(%s, %s) = %v, want a not-a-jax-dtype refusal naming %s", cfg.kv, p[0], p[1], err, first)
					}
				}
			}
			if _, err := LatticeResultType(cfg.c, Typed{bad, false}); err == nil {
				t.Errorf("%v: LatticeResultType(%s) accepted it", cfg.kv, bad)
			}
		}
		if _, err := rs.PromoteTypes(dtype.Invalid, dtype.F32); err == nil {
			t.Errorf("%v: PromoteTypes(Invalid, f32) accepted it", cfg.kv)
		}
		if _, err := LatticeResultType(cfg.c, Typed{dtype.DType(200), false}); err == nil {
			t.Errorf("%v: LatticeResultType(dtype 200) accepted it", cfg.kv)
		}
	}
}

// TestTriples checks, for every triple of strong dtypes in every setting,
// that Result is order-independent (JAX takes a set) and agrees with a
// left fold that feeds each (dtype, weak) result back in, errors
// propagating.
func TestTriples(t *testing.T) {
	if testing.Short() {
		t.Skip("29791 triples x 4 settings")
	}
	for _, cfg := range configs {
		rs := Def.MustBuild(cfg.kv...)
		for _, a := range strongNodes {
			for _, b := range strongNodes {
				for _, c := range strongNodes {
					set := show(rs.Result(promote.T(a), promote.T(b), promote.T(c)))
					for _, p := range [][3]dtype.DType{{a, c, b}, {b, a, c}, {c, b, a}} {
						if got := show(rs.Result(promote.T(p[0]), promote.T(p[1]), promote.T(p[2]))); got != set {
							t.Fatalf("%v: %s %s %s = %s but %v = %s", cfg.kv, a, b, c, set, p, got)
						}
					}
					fold := "error"
					if ab, err := LatticeResultType(cfg.c, Typed{a, false}, Typed{b, false}); err == nil {
						if abc, err := LatticeResultType(cfg.c, ab, Typed{c, false}); err == nil {
							fold = abc.String()
						}
					}
					if strings.HasPrefix(set, "error") {
						set = "error"
					}
					if fold != set {
						t.Fatalf("%v: %s %s %s = %s as a set, %s as a left fold", cfg.kv, a, b, c, set, fold)
					}
				}
			}
		}
	}
}
