package picture

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
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

// TestWitnessesHold: for every rule set and preset, what Induce says is
// true of the pair table: a lattice's answers are the joins of its order,
// and a witness's claim holds when recomputed from PromoteTypes.
func TestWitnessesHold(t *testing.T) {
	for _, d := range rules.All() {
		for _, preset := range append([][]string{nil}, d.Presets...) {
			r := d.MustBuild(preset...)
			name := rules.Label(r)
			in := Induce(r)
			if in.Lattice {
				checkJoins(t, name, r, in)
				continue
			}
			w := in.Witness
			if w == nil {
				t.Errorf("%s: neither a lattice nor a witness", name)
				continue
			}
			if !strings.Contains(w.Text, w.Operands[0].String()) {
				t.Errorf("%s: witness text %q does not name its operands", name, w.Text)
			}
			get := func(a, b dtype.DType) string { res, err := r.PromoteTypes(a, b); return shortLabel(res, err) }
			ops := w.Operands
			switch w.Kind {
			case NotIdempotent:
				if get(ops[0], ops[0]) == ops[0].String() {
					t.Errorf("%s: %s·%s is %s", name, ops[0], ops[0], ops[0])
				}
			case OrderMatters:
				if get(ops[0], ops[1]) == get(ops[1], ops[0]) {
					t.Errorf("%s: %v: order does not matter", name, ops)
				}
			case NoJoin:
				res, err := r.PromoteTypes(ops[0], ops[1])
				if err == nil && !res.Weak {
					if _, err := r.PromoteTypes(res.DType, res.DType); err == nil {
						t.Errorf("%s: %v have a join, %v", name, ops, res)
					}
				}
			case NotAssociative:
				left := w.Results[1]
				right := w.Results[3]
				if left == right {
					t.Errorf("%s: %v: both groupings give %s", name, ops, left)
				}
				if ab, err := r.PromoteTypes(ops[0], ops[1]); err == nil && !ab.Weak && get(ab.DType, ops[2]) != left {
					t.Errorf("%s: (%s·%s)·%s is %s, witness says %s", name, ops[0], ops[1], ops[2], get(ab.DType, ops[2]), left)
				}
				if bc, err := r.PromoteTypes(ops[1], ops[2]); err == nil && !bc.Weak && get(ops[0], bc.DType) != right {
					t.Errorf("%s: %s·(%s·%s) is %s, witness says %s", name, ops[0], ops[1], ops[2], get(ops[0], bc.DType), right)
				}
			default:
				t.Errorf("%s: unknown witness kind %q", name, w.Kind)
			}
			// The diagram draws the witness: its operands marked.
			dg, err := LatticeDiagram(r)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := dg.Layout(); err != nil {
				t.Errorf("%s: %v", name, err)
			}
			marked := 0
			for _, n := range dg.Nodes {
				if n.Mark {
					marked++
				}
			}
			if _, own := ownLattice(r); !own && marked < len(w.Operands) {
				t.Errorf("%s: %d nodes marked for a witness of %d operands", name, marked, len(w.Operands))
			}
		}
	}
}

// selfLoop reports whether d·d = d, strong.
func selfLoop(r promote.Rules, d dtype.DType) bool {
	res, err := r.PromoteTypes(d, d)
	return err == nil && !res.Weak && res.DType == d
}

// checkJoins asserts that every pair's answer is its least upper bound.
func checkJoins(t *testing.T, name string, r promote.Rules, in *Induced) {
	t.Helper()
	for i, a := range in.DTypes {
		for j, b := range in.DTypes {
			res, err := r.PromoteTypes(a, b)
			if err != nil {
				t.Errorf("%s: a lattice refuses %s·%s", name, a, b)
				continue
			}
			k := -1
			for c, d := range in.DTypes {
				if d == res.DType {
					k = c
				}
			}
			if k < 0 || !in.Leq[i][k] || !in.Leq[j][k] {
				t.Errorf("%s: %s·%s = %v is not an upper bound", name, a, b, res)
				continue
			}
			for c := range in.DTypes {
				if in.Leq[i][c] && in.Leq[j][c] && !in.Leq[k][c] {
					t.Errorf("%s: %s·%s = %v is not below %s", name, a, b, res, in.DTypes[c])
				}
			}
		}
	}
}

// TestInduceKinds: each kind of witness, on small tables made for it, and
// a lattice found as one.
func TestInduceKinds(t *testing.T) {
	rule := &promote.Rule{ID: "r"}
	chain := []dtype.DType{dtype.I8, dtype.I16, dtype.I32}
	wider := func(a, b dtype.DType) promote.Decision {
		if a.Bits() >= b.Bits() {
			return promote.Decision{Out: a, Rule: rule}
		}
		return promote.Decision{Out: b, Rule: rule}
	}
	for _, tc := range []struct {
		name   string
		decide func(a, b dtype.DType) promote.Decision
		want   WitnessKind // "" for a lattice
		ops    string
	}{
		{"chain", only(chain, wider), "", ""},
		{"left wins", only(chain, func(a, b dtype.DType) promote.Decision { return promote.Decision{Out: a, Rule: rule} }), OrderMatters, "i8 i16"},
		{"widens itself", only(chain, func(a, b dtype.DType) promote.Decision {
			if a == b && a == dtype.I16 {
				return promote.Decision{Out: dtype.I32, Rule: rule}
			}
			return wider(a, b)
		}), NotIdempotent, "i16"},
		{"refuses", only(chain, func(a, b dtype.DType) promote.Decision {
			if a != b && (a == dtype.I8 || b == dtype.I8) {
				return promote.Decision{Rule: rule, Msg: "no"}
			}
			return wider(a, b)
		}), NoJoin, "i8 i16"},
		{"skips", only(append(chain, dtype.I64), func(a, b dtype.DType) promote.Decision {
			// i8·i16 = i64 although i32 is above both and below i64.
			if a != b && (a == dtype.I8 && b == dtype.I16 || a == dtype.I16 && b == dtype.I8) {
				return promote.Decision{Out: dtype.I64, Rule: rule}
			}
			return wider(a, b)
		}), NotAssociative, "i8 i16 i32"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := Induce(fakeRules(tc.name, tc.decide))
			if tc.want == "" {
				if !in.Lattice || in.Witness != nil || !in.Partial {
					t.Fatalf("not a lattice: %+v", in.Witness)
				}
				return
			}
			if in.Witness == nil || in.Witness.Kind != tc.want {
				t.Fatalf("witness %+v, want %s", in.Witness, tc.want)
			}
			var ops []string
			for _, o := range in.Witness.Operands {
				ops = append(ops, o.String())
			}
			if got := strings.Join(ops, " "); !strings.HasPrefix(got, tc.ops) {
				t.Errorf("operands %s, want %s...", got, tc.ops)
			}
		})
	}
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

var _ = fmt.Sprint
