package python

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestErrors checks that every input CPython rejects (testdata/errors.tsv,
// each row naming its source) is rejected on the same line; columns and
// wording are compared and their differences logged, since CPython's
// messages come from many special-purpose grammar rules.
func TestErrors(t *testing.T) {
	f, err := os.Open("testdata/errors.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	same, nopos, rows := 0, 0, 0
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) != 5 {
			t.Fatalf("bad row %q", line)
		}
		src, err := strconv.Unquote(cols[0])
		if err != nil {
			t.Fatalf("row %q: %v", cols[0], err)
		}
		wantLine, _ := strconv.Atoi(cols[1])
		wantCol, _ := strconv.Atoi(cols[2])
		rows++
		_, perr := Parse("bad.py", []byte(src))
		if perr == nil {
			t.Errorf("%s: accepted; CPython: %d:%d: %s", cols[0], wantLine, wantCol, cols[3])
			continue
		}
		se := perr.(*SyntaxError)
		if wantLine == 0 {
			// CPython gives decoding errors no position; ours name the byte.
			nopos++
			continue
		}
		if se.Line != wantLine {
			t.Errorf("%s: %v; CPython: line %d: %s", cols[0], perr, wantLine, cols[3])
			continue
		}
		if se.Col == wantCol && se.Msg == cols[3] {
			same++
		} else {
			t.Logf("%s: %d:%d: %s; CPython: %d:%d: %s", cols[0], se.Line, se.Col, se.Msg, wantLine, wantCol, cols[3])
		}
	}
	t.Logf("%d of %d errors identical to CPython's in column and message; %d decoding errors, which CPython gives no position", same, rows, nopos)
}
