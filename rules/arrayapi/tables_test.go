package arrayapi

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// TestTable checks all 169 ordered pairs of table.tsv in every version:
// defined pairs give the spec's result from the version that defines them
// (before it, the complex dtype itself is refused); undefined pairs are
// errors that say "undefined by the standard".
func TestTable(t *testing.T) {
	rows := tsvtest.Read(t, "testdata/table.tsv")
	if len(rows) != 169 {
		t.Fatalf("table.tsv has %d pairs, want 169", len(rows))
	}
	defined := 0
	for _, r := range rows {
		row := r.Fields
		a, b, want, since := row[0], row[1], row[2], row[3]
		if want != "undefined" {
			defined++
		}
		for _, v := range versions {
			got := tsvtest.Check(t, Def.MustBuild("version="+v), a+" "+b)
			hasComplex := strings.HasPrefix(a, "c") || strings.HasPrefix(b, "c")
			switch {
			case v == V2021 && hasComplex:
				if !strings.Contains(got, "not an Array API dtype in 2021.12") {
					t.Errorf("version=%s %s %s = %q, want the 2021.12 complex refusal", v, a, b, got)
				}
			case want == "undefined":
				if !strings.Contains(got, "undefined by the standard") {
					t.Errorf("version=%s %s %s = %q, want undefined", v, a, b, got)
				}
			case since > v:
				t.Errorf("version=%s %s %s: defined only since %s", v, a, b, since)
			case got != want:
				t.Errorf("version=%s %s %s = %q, want %s", v, a, b, got, want)
			}
		}
	}
	if defined != 73 {
		t.Errorf("%d defined pairs, want 73", defined)
	}
}

// TestArrayAPITestsOmission: array-api-tests' _promotion_table omits the
// eight float x complex pairs (f32 with c64 is c64, ...) that the standard
// has defined since 2022.12; this rule set follows the standard, and every
// pair the test suite does list agrees with it.
func TestArrayAPITestsOmission(t *testing.T) {
	omitted := 0
	for _, r := range tsvtest.Read(t, "testdata/table.tsv") {
		row := r.Fields
		a, b, want, tests := row[0], row[1], row[2], row[4]
		switch {
		case tests == "absent" && want != "undefined":
			omitted++
			if !(strings.HasPrefix(a, "f") && strings.HasPrefix(b, "c") || strings.HasPrefix(a, "c") && strings.HasPrefix(b, "f")) {
				t.Errorf("unexpected omission %s %s", a, b)
			}
			if got := tsvtest.Check(t, Def.MustBuild("version="+V2024), a+" "+b); got != want {
				t.Errorf("%s %s = %s, want %s", a, b, got, want)
			}
		case tests != "absent" && tests != want:
			t.Errorf("array-api-tests %s %s = %s, spec %s", a, b, tests, want)
		}
	}
	if omitted != 8 {
		t.Errorf("%d pairs omitted by array-api-tests, want 8", omitted)
	}
}

// TestUndefinedReasons: each undefined mix says why.
func TestUndefinedReasons(t *testing.T) {
	tsvtest.CheckVectors(t, Def, "version", [][3]string{
		{V2024, "bool i8", "error: bool with a numeric dtype"},
		{V2024, "f32 i8", "error: mixed kinds, integer with floating-point"},
		{V2024, "u64 i8", "error: uint64 with a signed integer"},
		{V2024, "i64 u64", "error: uint64 with a signed integer"},
		{V2024, "u8 u16 u64 i8", "error: promotion of u64 with i8 is undefined by the standard"},
		{V2024, "f16", "error: f16 is not an Array API dtype"},
		{V2024, "bf16 f32", "error: bf16 is not an Array API dtype"},
		{V2021, "c64", "error: c64 is not an Array API dtype in 2021.12"},
		{V2024, "f32?", "error: no weak types"},
	})
}

// TestSingleOperand: one array gives its own dtype.
func TestSingleOperand(t *testing.T) {
	tsvtest.CheckVectors(t, Def, "version", [][3]string{
		{V2024, "i8", "i8"},
		{V2024, "f64[]", "f64"},
		{V2024, "c128[2,3]", "c128"},
		{V2024, "f64(1.5)", "f64"},
		{V2024, "bool", "bool"},
	})
}

// TestAssociative: every ordered triple of the 13 dtypes gives the same
// answer (result or undefined) in all six orders, and equals the left fold
// of the pair table, as the standard promises for more than two arrays.
func TestAssociative(t *testing.T) {
	r := Def.MustBuild()
	var api []dtype.DType
	for _, d := range dtype.All() {
		if nodeOf[d] != noNode {
			api = append(api, d)
		}
	}
	answer := func(ds ...dtype.DType) string {
		ops := make([]promote.Operand, len(ds))
		for i, d := range ds {
			ops[i] = promote.T(d)
		}
		res, err := r.Result(ops...)
		if err != nil {
			return "undefined"
		}
		return res.String()
	}
	fold := func(a, b, c dtype.DType) string {
		ab, err := r.PromoteTypes(a, b)
		if err != nil {
			return "undefined"
		}
		abc, err := r.PromoteTypes(ab.DType, c)
		if err != nil {
			return "undefined"
		}
		return abc.String()
	}
	for _, a := range api {
		for _, b := range api {
			for _, c := range api {
				want := answer(a, b, c)
				for _, p := range [][3]dtype.DType{{a, c, b}, {b, a, c}, {b, c, a}, {c, a, b}, {c, b, a}} {
					if got := answer(p[0], p[1], p[2]); got != want {
						t.Errorf("%v = %s but %v %v %v = %s", []dtype.DType{a, b, c}, want, p[0], p[1], p[2], got)
					}
				}
				if f := fold(a, b, c); f != want {
					t.Errorf("%s %s %s: set %s, left fold %s", a, b, c, want, f)
				}
			}
		}
	}
}

// TestPromoteTypesMatchesResult: the pair tables agree with Result on two
// arrays for every catalogue pair and version.
func TestPromoteTypesMatchesResult(t *testing.T) {
	for _, v := range versions {
		r := Def.MustBuild("version=" + v)
		for _, a := range dtype.All() {
			for _, b := range dtype.All() {
				p, perr := r.PromoteTypes(a, b)
				q, qerr := r.Result(promote.T(a), promote.T(b))
				if (perr == nil) != (qerr == nil) || perr == nil && p != q {
					t.Errorf("version=%s (%s, %s): PromoteTypes %v %v, Result %v %v", v, a, b, p, perr, q, qerr)
				}
				if perr != nil && qerr != nil && perr.(*promote.Error).Msg != qerr.(*promote.Error).Msg {
					t.Errorf("version=%s (%s, %s): messages differ: %q vs %q", v, a, b, perr.(*promote.Error).Msg, qerr.(*promote.Error).Msg)
				}
			}
		}
	}
}

// TestLatticeEdges: the 13 covering edges of spec.md §4; bool isolated.
func TestLatticeEdges(t *testing.T) {
	if n := len(apiLattice.Edges()); n != 13 {
		t.Errorf("%d edges, want 13", n)
	}
	b, _ := apiLattice.Node("bool")
	for _, name := range nodeNames[1:] {
		o, _ := apiLattice.Node(name)
		if apiLattice.Leq(b, o) || apiLattice.Leq(o, b) {
			t.Errorf("bool is ordered with %s", name)
		}
	}
}
