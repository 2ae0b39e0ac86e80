package check_test

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote/check"
	"github.com/promote-dev/promote/rules"
)

func report(t *testing.T, spec string) *check.Report {
	t.Helper()
	r, err := rules.Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	return check.Check(r)
}

func hasWitness(p check.Property, text string) bool {
	for _, w := range p.Witnesses {
		if strings.Contains(w.Text, text) {
			return true
		}
	}
	return false
}

// TestKnownFacts checks the report against facts known outside the
// project: which systems are lattices, which folds depend on order.
func TestKnownFacts(t *testing.T) {
	tests := []struct {
		spec string
		// the Summary columns after the name, "" for don't care
		want map[string]string
		// witnesses that must be among the first of a property
		assoc, nary string
	}{
		// JAX: a lattice (JEP 9407), associative; with x64 off the 64-bit
		// types are aliases of the 32-bit ones.
		{spec: "jax:x64=true", want: map[string]string{"commutative": "yes", "idempotent": "yes", "associative (fold)": "yes", "lattice": "yes, partial", "own lattice": "agrees"}},
		{spec: "jax", want: map[string]string{"idempotent": "aliases (4)", "lattice": "yes, partial", "own lattice": "agrees"}},
		// TensorFlow ALL: a total lattice; SAFE refuses some joins, so a
		// fold's order decides whether it is refused.
		{spec: "tensorflow:mode=all", want: map[string]string{"lattice": "yes, total", "own lattice": "agrees", "associative (fold)": "yes"}},
		{spec: "tensorflow:mode=safe", want: map[string]string{"lattice": "no: refused-join"},
			assoc: "(i8·u8)·i16 = error (safe-level) but i8·(u8·i16) = i16"},
		// NumPy: promote_types is not associative; result_type is a set
		// (order-free) that differs from the fold in 14 triples.
		{spec: "numpy", want: map[string]string{"lattice": "no: no-least-upper-bound", "n-ary order-free": "yes", "n-ary = fold": "no (14)"},
			assoc: "(i8·u8)·f16 = f32 but i8·(u8·f16) = f16"},
		// PyTorch: the unsigned types beyond u8 combine only with floats,
		// so a fold's order matters, and so does result_type's.
		{spec: "pytorch", want: map[string]string{"commutative": "yes"},
			assoc: "(bool·u1)·f16 = error", nary: "Result(bool, u1, f16) = error"},
		// The Array API: a lattice, every defined cell value-safe.
		{spec: "array-api", want: map[string]string{"lattice": "yes, partial", "own lattice": "agrees", "lossy cells": "0/43"}},
		// OpenVINO takes exactly two inputs.
		{spec: "openvino", want: map[string]string{"n-ary order-free": "n/a", "n-ary = fold": "n/a"}},
		// C's usual arithmetic conversions: integer promotion makes the
		// narrow types aliases of int; a total lattice.
		{spec: "c", want: map[string]string{"idempotent": "aliases (5)", "lattice": "yes, total"}},
	}
	cols := check.Columns()
	for _, tt := range tests {
		rep := report(t, tt.spec)
		sum := rep.Summary()
		for k, v := range tt.want {
			for i, c := range cols {
				if c == k && sum[i] != v {
					t.Errorf("%s: %s = %q, want %q", tt.spec, k, sum[i], v)
				}
			}
		}
		if tt.assoc != "" && !hasWitness(rep.Associative, tt.assoc) {
			t.Errorf("%s: no associativity witness %q among %v", tt.spec, tt.assoc, rep.Associative.Witnesses)
		}
		if tt.nary != "" && !hasWitness(rep.NAryOrderFree, tt.nary) {
			t.Errorf("%s: no n-ary witness %q among %v", tt.spec, tt.nary, rep.NAryOrderFree.Witnesses)
		}
	}
}

// TestLossyCells: i64 with f32 is f32 under PyTorch, losing the integers
// above 2^24; i8 with u8 is i16, which holds both.
func TestLossyCells(t *testing.T) {
	rep := report(t, "pytorch")
	var found bool
	for _, c := range rep.Lossy {
		if c.A.String() == "i64" && c.B.String() == "f32" {
			found = true
			if c.Result.String() != "f32" || len(c.Losses) != 1 || !strings.Contains(c.Losses[0].Text, "16777217") {
				t.Errorf("i64·f32: %+v", c)
			}
		}
		if c.A.String() == "i8" && c.B.String() == "u8" {
			t.Errorf("i8·u8 listed as lossy: %+v", c)
		}
	}
	if !found {
		t.Error("i64·f32 not among the lossy cells")
	}
	if rep.Safe+len(rep.Lossy) == 0 || rep.Refused == 0 || len(rep.Refusals) == 0 {
		t.Errorf("counts: safe %d, lossy %d, refused %d", rep.Safe, len(rep.Lossy), rep.Refused)
	}
	total := 0
	for _, r := range rep.Refusals {
		total += r.Count
		if r.Message == "" || r.Text == "" {
			t.Errorf("refusal group %+v has no message or text", r)
		}
	}
	if total != rep.Refused {
		t.Errorf("refusal groups count %d, refused %d", total, rep.Refused)
	}
}

// TestCheckAll: every rule set and preset checks, each report consistent:
// counts add up and a lattice has no associativity failure that is not a
// refusal.
func TestCheckAll(t *testing.T) {
	rs, err := check.WithPresets(rules.All())
	if err != nil {
		t.Fatal(err)
	}
	reps := check.CheckAll(rs)
	for i, rep := range reps {
		if rep == nil || rep.Rules != check.Label(rs[i]) {
			t.Fatalf("report %d is for %v, want %s", i, rep, check.Label(rs[i]))
		}
		n := len(rep.DTypes)
		if rep.Pairs != n*n || rep.Associative.Checked != n*n*n || rep.Commutative.Checked != n*(n-1)/2 {
			t.Errorf("%s: counts %d pairs, %d triples, %d unordered for %d dtypes", rep.Rules, rep.Pairs, rep.Associative.Checked, rep.Commutative.Checked, n)
		}
		if rep.Lattice.Lattice {
			for _, w := range rep.Associative.Witnesses {
				if !w.Results[0].Refused && !w.Results[1].Refused {
					t.Errorf("%s: a lattice, yet %s", rep.Rules, w.Text)
				}
			}
		}
		if rep.Lattice.Total && rep.Associative.Failed > 0 {
			t.Errorf("%s: a total lattice with %d failing triples", rep.Rules, rep.Associative.Failed)
		}
	}
}
