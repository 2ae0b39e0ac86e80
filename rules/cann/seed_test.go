package cann

import (
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// TestSeedGridMatchesDocTable: the seed document's table is 表1, cell for
// cell: its grid (testdata/seed_grid.tsv) and the doc table
// (testdata/table.tsv) agree on all 256 cells. There is no seed-vs-spec
// disagreement for CANN's tensor-tensor table.
func TestSeedGridMatchesDocTable(t *testing.T) {
	rows := tsvtest.Read(t, "testdata/seed_grid.tsv")
	if len(rows) != 17 {
		t.Fatalf("seed grid has %d lines, want a header and 16 rows", len(rows))
	}
	seed := map[[2]dtype.DType]dtype.DType{}
	head := rows[0].Fields[1:]
	for _, r := range rows[1:] {
		row := r.Fields
		if len(row) != len(head)+1 {
			t.Fatalf("seed row %q: %d cells, want %d", row[0], len(row)-1, len(head))
		}
		a := cellType(t, row[0])
		for j, cell := range row[1:] {
			seed[[2]dtype.DType{a, cellType(t, head[j])}] = cellType(t, cell)
		}
	}
	for _, c := range readPairs(t, "table.tsv") {
		got, ok := seed[[2]dtype.DType{c.a, c.b}]
		if !ok || got != c.want {
			t.Errorf("seed(%s, %s) = %v (present %v), table.tsv says %v", c.a, c.b, got, ok, c.want)
		}
	}
	if len(seed) != 256 {
		t.Errorf("seed grid has %d cells, want 256", len(seed))
	}
}

// TestSeedExamples are the seed's two 推导示例: aclnnAdd of float16 with
// float32 casts the float16 input to float32, and of float32 with bool
// casts the bool input to float32.
func TestSeedExamples(t *testing.T) {
	for _, r := range []promote.Rules{docRules, opbaseRules} {
		for _, ops := range [][2]dtype.DType{
			{dtype.F16, dtype.F32}, {dtype.F32, dtype.F16},
			{dtype.F32, dtype.Bool}, {dtype.Bool, dtype.F32},
		} {
			got, err := r.Result(promote.T(ops[0]), promote.T(ops[1]))
			if err != nil || got.DType != dtype.F32 {
				t.Errorf("%s: %s + %s = %v, %v; want f32", r.Settings(), ops[0], ops[1], got, err)
			}
		}
	}
}

// TestScalarDocExamples are 表2's prose examples: an f16 tensor with an f32
// scalar gives f16; a bool tensor with an f32 scalar gives f32.
func TestScalarDocExamples(t *testing.T) {
	s := promote.ScalarOf(dtype.F32, promote.Value{Kind: promote.FloatValue, Real: 1.5, Text: "1.5"})
	for _, tt := range []struct{ tensor, want dtype.DType }{{dtype.F16, dtype.F16}, {dtype.Bool, dtype.F32}} {
		got, err := docRules.Result(promote.T(tt.tensor), s)
		if err != nil || got.DType != tt.want {
			t.Errorf("%s tensor with %s = %v, %v; want %s", tt.tensor, s, got, err, tt.want)
		}
	}
}
