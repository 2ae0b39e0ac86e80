package cann

import (
	"fmt"
	"strings"

	"github.com/promote-dev/promote/dtype"
)

// grid is one of CANN's documented tables as the doc draws it: a header of
// column types, then one line per row type. Keeping the tables as text in
// the doc's own layout and short names lets a reader check them against the
// doc cell by cell.
type grid struct {
	types []dtype.DType // the header, in the doc's order
	in    [dtype.Count]bool
	cells [dtype.Count][dtype.Count]dtype.DType // [row][col]; Invalid is ×
}

// shortNames are the doc's abbreviations (its 说明 note), with x for ×.
var shortNames = map[string]dtype.DType{
	"f32": dtype.F32, "f16": dtype.F16, "f64": dtype.F64, "bf16": dtype.BF16,
	"s8": dtype.I8, "u8": dtype.U8, "s16": dtype.I16, "u16": dtype.U16,
	"s32": dtype.I32, "u32": dtype.U32, "s64": dtype.I64, "u64": dtype.U64,
	"bool": dtype.Bool, "c32": dtype.C32, "c64": dtype.C64, "c128": dtype.C128,
	"x": dtype.Invalid,
}

// mustGrid parses a table written in the doc's layout. The tables are
// constants of this package, so a malformed one is a programming error and
// panics at init (every test would fail).
func mustGrid(text string) *grid {
	g, err := parseGrid(text)
	if err != nil {
		panic("cann: " + err.Error())
	}
	return g
}

func parseGrid(text string) (*grid, error) {
	lines := strings.Split(strings.TrimSpace(text), "\n")
	g := &grid{}
	head := strings.Fields(lines[0])
	for _, name := range head[1:] {
		t, ok := shortNames[name]
		if !ok || t == dtype.Invalid || g.in[t] {
			return nil, fmt.Errorf("grid header: bad or repeated type %q", name)
		}
		g.types = append(g.types, t)
		g.in[t] = true
	}
	if len(lines)-1 != len(g.types) {
		return nil, fmt.Errorf("grid has %d rows for %d columns", len(lines)-1, len(g.types))
	}
	for i, line := range lines[1:] {
		f := strings.Fields(line)
		if len(f) != len(g.types)+1 {
			return nil, fmt.Errorf("grid row %q: %d cells, want %d", line, len(f)-1, len(g.types))
		}
		row, ok := shortNames[f[0]]
		if !ok || row != g.types[i] {
			return nil, fmt.Errorf("grid row %d is %q, want %s", i, f[0], g.types[i])
		}
		for j, name := range f[1:] {
			t, ok := shortNames[name]
			if !ok {
				return nil, fmt.Errorf("grid row %s: unknown cell %q", f[0], name)
			}
			g.cells[row][g.types[j]] = t
		}
	}
	return g, nil
}

// at returns the cell in row r, column c (Invalid for ×).
func (g *grid) at(r, c dtype.DType) dtype.DType { return g.cells[r][c] }
