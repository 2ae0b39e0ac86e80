package check_test

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/check"
	"github.com/promote-dev/promote/rules"
)

func edges(o *check.Order) string {
	var s []string
	for _, e := range o.Hasse {
		s = append(s, e.Lower.String()+"<"+e.Upper.String())
	}
	return strings.Join(s, " ")
}

func TestInduce(t *testing.T) {
	tests := []struct {
		name    string
		cells   []string
		lattice bool
		total   bool
		kind    check.WitnessKind
		hasse   string
		// operands of the witness, space-separated
		operands string
		bounds   string
	}{
		{name: "diamond", cells: []string{"bool i8 i8", "bool u8 u8", "bool i16 i16", "i8 u8 i16", "i8 i16 i16", "u8 i16 i16"},
			lattice: true, total: true, hasse: "bool<i8 bool<u8 i8<i16 u8<i16"},
		{name: "partial", cells: []string{"i8 i16 i16", "f16 f32 f32", "i8 f16 x", "i8 f32 x", "i16 f16 x", "i16 f32 x"},
			lattice: true, hasse: "i8<i16 f16<f32"},
		{name: "weak join", cells: []string{"u64 i8 f64?", "u64 f64? f64?", "i8 f64? f64?", "f64? f64? f64?"},
			lattice: true, total: true, hasse: "i8<f64? u64<f64?"},
		{name: "not commutative", cells: []string{"i8 u8 > i16", "u8 i8 > u8", "i8 i16 i16", "u8 i16 i16"},
			kind: check.NotCommutative, operands: "i8 u8"},
		{name: "two bounds", cells: []string{"i8 u8 i16", "i8 f16 f16", "u8 f16 f16", "i16 f16 f32", "i8 i16 i16", "u8 i16 i16", "i8 f32 f32", "u8 f32 f32", "i16 f32 f32", "f16 f32 f32"},
			kind: check.NoLeastUpperBound, operands: "i8 u8", bounds: "i16 f16"},
		{name: "refused join", cells: []string{"i8 i16 i16", "u8 i16 i16", "i8 u8 x"},
			kind: check.RefusedJoin, operands: "i8 u8", bounds: "i16"},
		{name: "not transitive", cells: []string{"i8 i16 i16", "i16 i32 i32", "i8 i32 f32", "i8 f32 f32", "i16 f32 f32", "i32 f32 f32"},
			kind: check.OrderMatters, operands: "i8 i16 i32"},
		{name: "not idempotent", cells: []string{"i8 i8 i16", "i8 i16 i16", "i16 u8 i16", "i8 u8 u8"},
			kind: check.NotIdempotent, operands: "i8"},
		{name: "alias", cells: []string{"i64 i64 i32", "i64 i32 i32", "i8 i32 i32", "i8 i64 i32"},
			lattice: true, total: true, hasse: "i8<i32"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := check.Induce(check.NewAlgebra(newTiny(t, tt.cells...)))
			if o.Lattice != tt.lattice || o.Total != tt.total {
				t.Fatalf("Lattice, Total = %v, %v; want %v, %v (witness %+v)", o.Lattice, o.Total, tt.lattice, tt.total, o.Witness)
			}
			if tt.lattice {
				if got := edges(o); got != tt.hasse {
					t.Errorf("Hasse = %q, want %q", got, tt.hasse)
				}
				return
			}
			w := o.Witness
			if w == nil || w.Kind != tt.kind {
				t.Fatalf("witness %+v, want kind %s", w, tt.kind)
			}
			if got := joinElems(w.Operands); got != tt.operands {
				t.Errorf("witness operands %q, want %q (%s)", got, tt.operands, w.Text)
			}
			if got := joinElems(w.Bounds); got != tt.bounds {
				t.Errorf("witness bounds %q, want %q (%s)", got, tt.bounds, w.Text)
			}
			if w.Text == "" {
				t.Error("witness has no text")
			}
		})
	}
}

func joinElems(es []check.Elem) string {
	var s []string
	for _, e := range es {
		s = append(s, e.String())
	}
	return strings.Join(s, " ")
}

// TestOwnLatticesAgree: the lattice rule sets whose pair table is their
// lattice's join (JAX in every mode, TensorFlow's ALL mode, the Array API
// in every version) agree with the order their table induces; TensorFlow's
// SAFE mode refuses joins its lattice has, and its table is not a lattice.
func TestOwnLatticesAgree(t *testing.T) {
	for _, spec := range []string{"jax", "jax:x64=true", "jax:mode=strict", "jax:mode=strict:x64=true",
		"tensorflow:mode=all", "array-api", "array-api:version=2021.12"} {
		r, err := rules.Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		l := promote.LatticeOf(r)
		if l == nil {
			t.Fatalf("%s: no lattice", spec)
		}
		o := check.Induce(check.NewAlgebra(r))
		if !o.Lattice {
			t.Errorf("%s: not a lattice: %s", spec, o.Witness.Text)
		}
		if ag := check.Compare(o, l); !ag.Agree {
			t.Errorf("%s: own lattice and induced order disagree: %+v", spec, ag)
		}
	}
	r, _ := rules.Parse("tensorflow:mode=safe")
	o := check.Induce(check.NewAlgebra(r))
	if o.Lattice || o.Witness.Kind != check.RefusedJoin {
		t.Errorf("tensorflow safe: lattice %v, witness %+v; want a refused join", o.Lattice, o.Witness)
	}
	if ag := check.Compare(o, promote.LatticeOf(r)); ag.Agree || len(ag.Joins) == 0 {
		t.Errorf("tensorflow safe: agreement %+v; want join differences", ag)
	}
	if r, _ := rules.Parse("tensorflow"); promote.LatticeOf(r) != nil {
		t.Error("tensorflow legacy has a lattice")
	}
}

// TestJAXx64 checks the induced order of JAX with x64 against JAX's own
// lattice by hand: u64 and i8 meet at the weak float f64?, the one weak
// element the table reaches, and the four 64-bit dtypes are aliases with
// x64 off.
func TestJAXx64(t *testing.T) {
	r, _ := rules.Parse("jax:x64=true")
	a := check.NewAlgebra(r)
	if got := a.Elem(a.Len() - 1).String(); a.Len() != a.Strong()+1 || got != "f64?" {
		t.Errorf("elements beyond the dtypes: %d, last %s; want one, f64?", a.Len()-a.Strong(), got)
	}
	o := check.Induce(a)
	for _, e := range [][2]string{{"u64", "f64?"}, {"i64", "f64?"}, {"f64?", "bf16"}, {"f64?", "f16"}} {
		found := false
		for _, h := range o.Hasse {
			found = found || h.Lower.String() == e[0] && h.Upper.String() == e[1]
		}
		if !found {
			t.Errorf("no Hasse edge %s < %s", e[0], e[1])
		}
	}
	r, _ = rules.Parse("jax")
	o = check.Induce(check.NewAlgebra(r))
	var al []string
	for _, x := range o.Aliases {
		al = append(al, x.From.String()+">"+x.To.String())
	}
	if got := strings.Join(al, " "); got != "i64>i32 u64>u32 f64>f32 c128>c64" {
		t.Errorf("aliases %q", got)
	}
}
