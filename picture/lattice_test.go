package picture

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/check"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
	"github.com/promote-dev/promote/rules"
)

// TestLatticeCrossings: the lattices the rule sets are defined by are
// drawn without a crossing (each is planar as layered), and the layout
// of NumPy's induced order keeps to the crossings it has today.
func TestLatticeCrossings(t *testing.T) {
	for _, tc := range []struct {
		spec string
		max  int
	}{
		{"jax", 0}, {"jax:x64=true", 0}, {"jax:mode=strict", 0},
		{"tensorflow:mode=all", 0}, {"tensorflow:mode=safe", 0},
		{"array-api", 0}, {"array-api:version=2021.12", 0},
		{"anvil", 0}, {"numpy", 5},
	} {
		r, err := rules.Parse(tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		d, err := LatticeDiagram(r)
		if err != nil {
			t.Fatal(err)
		}
		l, err := d.Layout()
		if err != nil {
			t.Fatal(err)
		}
		if l.Crossings > tc.max {
			t.Errorf("%s: %d crossings, at most %d expected", tc.spec, l.Crossings, tc.max)
		}
	}
}

// TestOwnLatticeMatchesTable: where a rule set is drawn from its own
// lattice, the edges among strong dtypes agree with its pair table: for
// two dtypes that both promote with themselves to themselves, a is below
// b in the drawing exactly when the table gives a·b = b.
func TestOwnLatticeMatchesTable(t *testing.T) {
	for _, spec := range []string{"jax:x64=true", "jax:mode=strict", "tensorflow:mode=all", "array-api"} {
		r, _ := rules.Parse(spec)
		d, err := LatticeDiagram(r)
		if err != nil {
			t.Fatal(err)
		}
		n := len(d.Nodes)
		above := make([][]bool, n) // reflexive-transitive closure of the edges
		for i := range above {
			above[i] = make([]bool, n)
			above[i][i] = true
		}
		for changed := true; changed; {
			changed = false
			for _, e := range d.Edges {
				for i := 0; i < n; i++ {
					if above[i][e.Lower] && !above[i][e.Upper] {
						above[i][e.Upper], changed = true, true
					}
				}
			}
		}
		for i, a := range d.Nodes {
			for j, b := range d.Nodes {
				if a.Weak || b.Weak {
					continue
				}
				ta, _ := dtype.Parse(a.Label)
				tb, _ := dtype.Parse(b.Label)
				if !selfLoop(r, ta) || !selfLoop(r, tb) {
					continue // canonicalised first (JAX's x64=false): not the lattice's own join
				}
				res, err := r.PromoteTypes(ta, tb)
				table := err == nil && !res.Weak && res.DType == tb
				if table != above[i][j] {
					t.Errorf("%s: %s below %s in the drawing: %v; table %s·%s = %v, %v", spec, ta, tb, above[i][j], ta, tb, res, err)
				}
			}
		}
	}
}

// selfLoop reports whether d·d = d, strong.
func selfLoop(r promote.Rules, d dtype.DType) bool {
	res, err := r.PromoteTypes(d, d)
	return err == nil && !res.Weak && res.DType == d
}

// TestWitnessDrawn: for every rule set and preset drawn from its pair
// table, check's witness is marked in the picture and explained in its
// notes, and every picture has a layout.
func TestWitnessDrawn(t *testing.T) {
	for _, d := range rules.All() {
		for _, preset := range append([][]string{nil}, d.Presets...) {
			r := d.MustBuild(preset...)
			name := rules.Label(r)
			dg, err := LatticeDiagram(r)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := dg.Layout(); err != nil {
				t.Errorf("%s: %v", name, err)
			}
			if promote.LatticeOf(r) != nil {
				continue
			}
			o := check.Induce(check.NewAlgebra(r))
			if o.Lattice {
				continue
			}
			marked := map[string]bool{}
			for _, n := range dg.Nodes {
				if n.Mark {
					marked[n.Label] = true
				}
			}
			for _, e := range o.Witness.Operands {
				if !marked[e.String()] {
					t.Errorf("%s: witness operand %s not marked", name, e)
				}
			}
			if !strings.Contains(strings.Join(dg.Notes, " "), o.Witness.Text) {
				t.Errorf("%s: notes %q do not give the witness %q", name, dg.Notes, o.Witness.Text)
			}
		}
	}
}

// TestWitnessAlone: a table whose relation a·b = b has a cycle (the right
// operand always wins, so every two dtypes lie below each other) cannot be
// drawn as an order; the witness is drawn alone, as its steps.
func TestWitnessAlone(t *testing.T) {
	rule := &promote.Rule{ID: "right"}
	r := fakeRules("right-wins", only([]dtype.DType{dtype.I8, dtype.I16}, func(a, b dtype.DType) kit.Decision {
		return kit.Decision{Out: b, Rule: rule}
	}))
	d, err := LatticeDiagram(r)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(d.Title, "the witness") || len(d.Notes) == 0 {
		t.Fatalf("%s: %q", d.Title, d.Notes)
	}
	var svg bytes.Buffer
	if err := d.SVG(&svg); err != nil {
		t.Fatal(err)
	}
	checkSVG(t, svg.Bytes())
	golden(t, "lattice_witness_alone.svg", svg.Bytes())
}

// TestLatticeGolden keeps the pictures: lattices drawn from the rule sets'
// own (JAX, TensorFlow, the Array API), an induced order with a witness
// marked (NumPy), a witness drawn alone (PyTorch), and the other formats.
func TestLatticeGolden(t *testing.T) {
	for _, tc := range []struct{ spec, format string }{
		{"jax", "svg"}, {"tensorflow:mode=all", "svg"}, {"array-api", "svg"},
		{"numpy", "svg"}, {"pytorch", "svg"}, {"anvil", "svg"},
		{"jax", "dot"}, {"numpy", "text"},
	} {
		r, err := rules.Parse(tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		d, err := LatticeDiagram(r)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		switch tc.format {
		case "svg":
			err = d.SVG(&b)
			checkSVG(t, b.Bytes())
		case "dot":
			err = d.DOT(&b)
		case "text":
			err = d.Text(&b)
		}
		if err != nil {
			t.Fatal(err)
		}
		golden(t, "lattice_"+strings.NewReplacer(":", "_", "=", "_").Replace(tc.spec)+"."+tc.format, b.Bytes())
	}
}

// TestLatticeAll: every rule set and preset draws, in every format.
func TestLatticeAll(t *testing.T) {
	for _, d := range rules.All() {
		for _, preset := range append([][]string{nil}, d.Presets...) {
			r := d.MustBuild(preset...)
			dg, err := LatticeDiagram(r)
			if err != nil {
				t.Fatalf("%s: %v", rules.Label(r), err)
			}
			var b bytes.Buffer
			if err := dg.SVG(&b); err != nil {
				t.Fatal(err)
			}
			checkSVG(t, b.Bytes())
			if err := dg.DOT(&b); err != nil {
				t.Fatal(err)
			}
			if err := dg.Text(&b); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func ExampleLatticeDiagram() {
	r, _ := rules.Parse("array-api")
	d, _ := LatticeDiagram(r)
	d.Text(os.Stdout)
	// Output:
	// array-api: its promotion lattice (Hasse diagram; a join is the lowest node above both)
	// 13 nodes, 13 covering edges, 4 layers, 0 crossings
	//
	// layer  3: i64  u64
	// layer  2: i32  u32  c128
	// layer  1: i16  u16  f64  c64
	// layer  0: bool  i8  u8  f32
	//
	// edges (lower -> upper; a dashed edge touches a weak node):
	//   i8 -> i16
	//   i16 -> i32
	//   i32 -> i64
	//   u8 -> i16
	//   u8 -> u16
	//   u16 -> i32
	//   u16 -> u32
	//   u32 -> i64
	//   u32 -> u64
	//   f32 -> f64
	//   f32 -> c64
	//   f64 -> c128
	//   c64 -> c128
}
