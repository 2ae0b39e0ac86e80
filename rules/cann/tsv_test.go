package cann

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
)

// readTSV returns the tab-separated fields of each line of a testdata file,
// skipping blank lines and # comments, with the line number of each.
func readTSV(t *testing.T, name string) (rows [][]string, lines []int) {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		rows = append(rows, strings.Split(line, "\t"))
		lines = append(lines, n)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows, lines
}

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
	rows, lines := readTSV(t, name)
	out := make([]pairCell, len(rows))
	for i, f := range rows {
		if len(f) < 3 {
			t.Fatalf("%s:%d: want at least 3 fields, got %d", name, lines[i], len(f))
		}
		out[i] = pairCell{a: cellType(t, f[0]), b: cellType(t, f[1]), want: cellType(t, f[2]), fields: f, line: lines[i]}
	}
	if len(out) != 256 {
		t.Fatalf("%s: %d cells, want 256", name, len(out))
	}
	return out
}
