package cann

import (
	"testing"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// cellType reads a canonical dtype name, or x (cannot be promoted) as
// dtype.Invalid.
func cellType(t *testing.T, s string) dtype.DType {
	t.Helper()
	if s == "x" {
		return dtype.Invalid
	}
	d, err := dtype.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// pairCell is one row of a pair table file.
type pairCell struct {
	a, b, want dtype.DType
	fields     []string
	line       int
}

// readPairs reads a file whose first three fields are a, b and the result.
func readPairs(t *testing.T, name string) []pairCell {
	t.Helper()
	rows := tsvtest.Read(t, "testdata/"+name)
	out := make([]pairCell, len(rows))
	for i, row := range rows {
		f := row.Fields
		if len(f) < 3 {
			t.Fatalf("%s:%d: want at least 3 fields, got %d", name, row.Line, len(f))
		}
		out[i] = pairCell{a: cellType(t, f[0]), b: cellType(t, f[1]), want: cellType(t, f[2]), fields: f, line: row.Line}
	}
	if len(out) != 256 {
		t.Fatalf("%s: %d cells, want 256", name, len(out))
	}
	return out
}
