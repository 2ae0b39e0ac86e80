package anvil

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// TestTables checks all 484 cells of the spec's tables (known x known,
// ambiguous x known in both orientations, ambiguous x ambiguous) through
// Result, CommonDType and, for known pairs, PromoteTypes.
func TestTables(t *testing.T) {
	rows := tsvtest.Read(t, "testdata/tables.tsv")
	if len(rows) != 4*11*11 {
		t.Fatalf("tables.tsv has %d cells, want 484", len(rows))
	}
	r := Def.MustBuild()
	for _, row := range rows {
		f := row.Fields
		a, b, want := f[0], f[1], f[2]
		if got := tsvtest.Check(t, Def.MustBuild(), a+" "+b); got != want {
			t.Errorf("line %d: %s %s = %s, want %s", row.Line, a, b, got, want)
		}
		da, aAmb := parseName(t, a)
		db, bAmb := parseName(t, b)
		dw, wAmb := parseName(t, want)
		if dt, amb, rule := CommonDType(da, db, aAmb, bAmb); dt != dw || amb != wAmb || rule == nil {
			t.Errorf("line %d: CommonDType(%s, %s, %v, %v) = %s, %v, %v; want %s, %v", row.Line, da, db, aAmb, bAmb, dt, amb, rule, dw, wAmb)
		}
		if !aAmb && !bAmb {
			res, err := r.PromoteTypes(da, db)
			if err != nil || res.DType != dw || res.Weak || res.Rule != ruleKnown {
				t.Errorf("line %d: PromoteTypes(%s, %s) = %v, %v; want %s by %s", row.Line, da, db, res, err, dw, ruleKnown.ID)
			}
		}
	}
}

// TestSeedTables checks the seed vignette's two tables cell by cell. The
// vignette prints only dtypes, so the ambiguity flag is not compared.
func TestSeedTables(t *testing.T) {
	rows := tsvtest.Read(t, "testdata/seed_tables.tsv")
	if len(rows) != 2*11*11 {
		t.Fatalf("seed_tables.tsv has %d cells, want 242", len(rows))
	}
	for _, c := range rows {
		f := c.Fields
		row, _ := parseName(t, f[1])
		col, _ := parseName(t, f[2])
		want, _ := parseName(t, f[3])
		var rowAmb bool
		switch f[0] {
		case "known":
		case "ambiguous-known":
			rowAmb = true
		default:
			t.Fatalf("line %d: unknown table %q", c.Line, f[0])
		}
		if got, _, _ := CommonDType(row, col, rowAmb, false); got != want {
			t.Errorf("line %d: %s table: common_dtype(%s, %s, %v, FALSE) = %s, want %s", c.Line, f[0], row, col, rowAmb, got, want)
		}
	}
}

// parseName reads a canonical dtype name with an optional ? suffix.
func parseName(t *testing.T, s string) (dtype.DType, bool) {
	t.Helper()
	name, amb := strings.CutSuffix(s, "?")
	d, err := dtype.Parse(name)
	if err != nil {
		t.Fatal(err)
	}
	return d, amb
}
