package infer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"text/tabwriter"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/rules"
)

// lintPrograms exercise the lint: agreement, disagreement, a literal only
// one host reads, a program no host reads, a name that is a literal in
// one host, dialect-specific dtype names, literals the Array API types
// only next to an array.
var lintPrograms = []string{
	"x: bool[]\ny: i16[]\nz = x + 1\nz * y\n",
	"x: bool[]\ny: i16[]\nz = x + 1L\nz * y\n",
	"x: f32[2]\ny: f32[2]\nx * y\n",
	"x: f32\ny = x +\n",
	"x: f32\ny = x + z\n",
	"x: f32\nTRUE = x + 1\nTRUE * 2\n",
	"x: f32\ny = x < True\nz = x < TRUE\n",
	"x: f32\nconvert(x, torch.float16)\n",
	"x: f32[3]\ny = 1 + 2\nz = y * x\n",
	"# only a comment\n",
	"",
	"a: i32[]\nb = a + 1.0f\nc = b + 1u\n",
	"x: i8[2]\ny = x + 0x01\nz = x ÷ 2\n",
	"x: f32\ny = x + 1f0\nw = x + INFINITY\n",
	"x: i32\ny = x // 2\nz = x + 017\n",
	"v: i64[](300)\nx: i8\nx + v\n",
	"x: i32\ntrue = x + 1\nNaN32 = true * 2\n",
}

func allRules(t testing.TB) []promote.Rules {
	t.Helper()
	var rs []promote.Rules
	for _, d := range rules.All() {
		rs = append(rs, d.MustBuild())
	}
	return rs
}

// TestCompareMatchesCheck: the lint parses once and binds the parse to
// each rule set; each column must be what that rule set alone gives
// (Check) for the program without the statements the lint skipped: the
// same cells, the same error, "-" before a syntax error, and "error" on
// every skipped statement.
func TestCompareMatchesCheck(t *testing.T) {
	rs := allRules(t)
	for _, src := range lintPrograms {
		checkCompare(t, src, rs)
	}
}

// blankSkipped is src with the lines of the statements the lint's
// recovering parse skips made blank, and those lines.
func blankSkipped(src string) (string, map[int]bool) {
	skipped := map[int]bool{}
	for _, st := range parseRecovering("prog", []byte(src)).prog.Stmts {
		if st.Kind == StmtSkipped {
			skipped[int(st.Line)] = true
		}
	}
	if len(skipped) == 0 {
		return src, skipped
	}
	lines := strings.Split(src, "\n")
	for i := range lines {
		if skipped[i+1] {
			lines[i] = ""
		}
	}
	return strings.Join(lines, "\n"), skipped
}

// checkCompare checks Compare(src, rs) column by column against Check of
// src without its skipped statements.
func checkCompare(t *testing.T, src string, rs []promote.Rules) {
	t.Helper()
	l := Compare("prog", []byte(src), rs)
	if len(l.Rules) != len(rs) || len(l.Errors) != len(rs) {
		t.Fatalf("%q: %d labels, %d errors for %d rule sets", src, len(l.Rules), len(l.Errors), len(rs))
	}
	blank, skipped := blankSkipped(src)
	if len(l.Skipped) != len(skipped) {
		t.Errorf("%q: %d statements skipped, the parse skips %d", src, len(l.Skipped), len(skipped))
	}
	var kept []LintRow // the rows of the statements not skipped
	for _, row := range l.Rows {
		if !skipped[row.Line] {
			kept = append(kept, row)
			continue
		}
		for i, c := range row.Cells {
			if c != "error" {
				t.Errorf("%q: skipped line %d under %s: %q, want error", src, row.Line, l.Rules[i], c)
			}
		}
	}
	anyParsed := false
	for i, r := range rs {
		if l.Rules[i] != rules.Label(r) {
			t.Errorf("%q: column %d labelled %q, want %q", src, i, l.Rules[i], rules.Label(r))
		}
		p, ts, err := Check("prog", []byte(blank), r)
		want := ""
		if err != nil {
			want = oneLine(err.Error())
		}
		if l.Errors[i] != want {
			t.Errorf("%q under %s: lint error %q, Check error %q", src, l.Rules[i], l.Errors[i], want)
		}
		if p == nil {
			var bad int32
			var pe *Error
			if errors.As(err, &pe) {
				bad = pe.Pos.Line
			}
			for _, row := range kept {
				want := "error"
				if int32(row.Line) < bad {
					want = "-"
				}
				if row.Cells[i] != want {
					t.Errorf("%q under %s, line %d: %q, want %q (syntax error on line %d)", src, l.Rules[i], row.Line, row.Cells[i], want, bad)
				}
			}
			continue
		}
		anyParsed = true
		if len(kept) != len(p.Stmts) {
			t.Fatalf("%q: %d rows not skipped, %d statements", src, len(kept), len(p.Stmts))
		}
		for j, s := range p.Stmts {
			want := cellText(cellOf(ts, s.Node))
			if got := kept[j].Cells[i]; got != want {
				t.Errorf("%q under %s, line %d: %q, Check gives %q", src, l.Rules[i], s.Line, got, want)
			}
		}
	}
	if l.Unreadable == anyParsed {
		t.Errorf("%q: Unreadable %v, but some rule set parsed: %v", src, l.Unreadable, anyParsed)
	}
	first := -1
	for j, row := range l.Rows {
		var ref string
		agree := true
		for _, c := range row.Cells {
			if c == "-" {
				continue
			}
			c = strings.TrimSuffix(c, "?")
			if ref == "" {
				ref = c
			} else if c != ref {
				agree = false
			}
		}
		if row.Agree != agree {
			t.Errorf("%q line %d: Agree %v with cells %v", src, row.Line, row.Agree, row.Cells)
		}
		if !agree && first < 0 {
			first = j
		}
	}
	if l.First != first || first >= 0 && l.FirstLine != l.Rows[first].Line || first < 0 && l.FirstLine != 0 {
		t.Errorf("%q: First %d FirstLine %d, want row %d", src, l.First, l.FirstLine, first)
	}
}

// TestCompareLabels: two columns of one rule set with different settings
// are labelled by their specs, never alike.
func TestCompareLabels(t *testing.T) {
	rs, err := rules.ParseList("tensorflow:mode=all,tensorflow,jax:x64=true")
	if err != nil {
		t.Fatal(err)
	}
	l := Compare("prog", []byte("x: i8\nx + 300\n"), rs)
	want := []string{"tensorflow:mode=all", "tensorflow", "jax:x64=true"}
	if fmt.Sprint(l.Rules) != fmt.Sprint(want) {
		t.Errorf("labels %q, want %q", l.Rules, want)
	}
}

// referenceText is how promote infer wrote the lint before WriteText: a
// text/tabwriter table, then the errors and the verdict.
func referenceText(l *Lint) string {
	var b bytes.Buffer
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprint(tw, "  line\tname")
	for _, r := range l.Rules {
		fmt.Fprintf(tw, "\t%s", r)
	}
	fmt.Fprintln(tw)
	for i, row := range l.Rows {
		mark := " "
		switch {
		case i == l.First:
			mark = ">"
		case !row.Agree:
			mark = "*"
		}
		name := row.Name
		if name == "" {
			name = "_"
		}
		fmt.Fprintf(tw, "%s %d\t%s", mark, row.Line, name)
		for _, c := range row.Cells {
			fmt.Fprintf(tw, "\t%s", c)
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	for _, msg := range l.Skipped {
		fmt.Fprintf(&b, "skipped: %s\n", msg)
	}
	for i, msg := range l.Errors {
		if msg != "" {
			fmt.Fprintf(&b, "%s: error: %s\n", l.Rules[i], msg)
		}
	}
	switch {
	case l.Unreadable:
		fmt.Fprintln(&b, "no rule set could read the program")
	case l.First >= 0:
		fmt.Fprintf(&b, "first disagreement: line %d\n", l.FirstLine)
	case len(l.Skipped) == 1:
		fmt.Fprintln(&b, "all rule sets agree on the statements they read; 1 statement skipped")
	case len(l.Skipped) > 1:
		fmt.Fprintf(&b, "all rule sets agree on the statements they read; %d statements skipped\n", len(l.Skipped))
	default:
		fmt.Fprintln(&b, "all rule sets agree")
	}
	return b.String()
}

// referenceJSON is encoding/json's encoding of l, as promote infer -json
// wrote it before WriteJSON.
func referenceJSON(t *testing.T, l *Lint) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	if err := enc.Encode(l); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestLintWriters: WriteText and WriteJSON write byte for byte what
// text/tabwriter and encoding/json wrote, for real lints and for edge
// cases (no rule sets, no rows, names and messages that need escaping).
func TestLintWriters(t *testing.T) {
	rs := allRules(t)
	var lints []*Lint
	for _, src := range lintPrograms {
		lints = append(lints, Compare("prog", []byte(src), rs))
		lints = append(lints, Compare("prog", []byte(src), rs[:2]))
	}
	lints = append(lints,
		&Lint{First: -1},
		&Lint{First: -1, Rules: []string{}, Rows: []LintRow{}, Errors: []string{}},
		&Lint{First: 0, FirstLine: 12, Rules: []string{"a<b>&", "é"}, Errors: []string{"bad \"x\"\t\u2028", ""},
			Rows: []LintRow{{Line: 12, Name: "ü", Cells: []string{"f32?", "-"}}, {Line: 1234567, Cells: []string{"x", "yy"}, Agree: true}}},
		&Lint{First: -1, Unreadable: true, Rules: []string{"numpy"}, Errors: []string{"prog:1:1: \xff"}},
		&Lint{First: 1, FirstLine: 2, Rules: []string{"a", "bb"}, Errors: []string{"", "e"},
			Rows: []LintRow{{Line: 1, Name: "x", Cells: []string{"f32"}}, {Line: 2, Cells: []string{"i8", "i16", "extra"}}}},
	)
	for i, l := range lints {
		var text, js bytes.Buffer
		if err := l.WriteText(&text); err != nil {
			t.Fatal(err)
		}
		if want := referenceText(l); text.String() != want {
			t.Errorf("lint %d: WriteText:\n%s\nwant (text/tabwriter):\n%s", i, text.String(), want)
		}
		if err := l.WriteJSON(&js); err != nil {
			t.Fatal(err)
		}
		if want := referenceJSON(t, l); js.String() != want {
			t.Errorf("lint %d: WriteJSON:\n%s\nwant (encoding/json):\n%s", i, js.String(), want)
		}
	}
}

// failWriter fails every write after the first n bytes.
type failWriter struct{ n int }

func (w *failWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		k := w.n
		w.n = 0
		return k, errors.New("disk full")
	}
	w.n -= len(p)
	return len(p), nil
}

// TestLintWritersReportErrors: a failed write is returned, not lost.
func TestLintWritersReportErrors(t *testing.T) {
	l := Compare("prog", []byte(strings.Repeat("x: f32\n", 20000)), allRules(t))
	if err := l.WriteText(&failWriter{n: 1000}); err == nil {
		t.Error("WriteText: no error from a failing writer")
	}
	if err := l.WriteJSON(&failWriter{n: 1000}); err == nil {
		t.Error("WriteJSON: no error from a failing writer")
	}
}

// FuzzCompare: the porting lint never panics, and each of its columns is
// what the rule set alone gives (see checkCompare), over the three host
// languages and several dialects.
func FuzzCompare(f *testing.F) {
	for _, s := range lintPrograms {
		f.Add(s)
	}
	for _, s := range []string{
		"x: i8\n(x & 3) | 1 ^ x <= True\nconcat(x, x, max(x, 1j))\n",
		"a: f32[2,3]\nb = -a ** 2 + sum(a) / 3.5e2\nwhere(a > b, a, convert(b, f16))\n",
		"NaN = 1\nInf + NaN\n", "x = 1L\ny = x + 1.0f\nTRUE\n", "x: float64\nconvert(x, float32)\n",
	} {
		f.Add(s)
	}
	var rs []promote.Rules
	for _, spec := range []string{"numpy", "anvil", "kernel-float", "pytorch", "jax:x64=true", "openvino",
		"julia", "c", "cpp:std=c++23", "triton", "tvm", "tinygrad", "keras", "mlx", "paddle", "mindspore", "numpy:promotion=legacy"} {
		r, err := rules.Parse(spec)
		if err != nil {
			f.Fatal(err)
		}
		rs = append(rs, r)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 4096 {
			return // resource bounds are tested with sizes of their own
		}
		checkCompare(t, src, rs)
		l := Compare("fuzz", []byte(src), rs)
		var buf bytes.Buffer
		if err := l.WriteText(&buf); err != nil {
			t.Fatal(err)
		}
		if err := l.WriteJSON(&buf); err != nil {
			t.Fatal(err)
		}
	})
}

// TestLintGolden runs the lint of every testdata/*.lint over the rule-set
// specs its first line names (# compare: SPEC,SPEC,...) and compares
// what promote infer -compare prints with the .lint.golden file next to
// it (go test -update rewrites them).
func TestLintGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.lint")
	if len(files) == 0 {
		t.Fatal("no testdata/*.lint")
	}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		first, _, _ := strings.Cut(string(src), "\n")
		specs, ok := strings.CutPrefix(first, "# compare: ")
		if !ok {
			t.Fatalf("%s: first line is not # compare: SPEC,SPEC,...", file)
		}
		rs, err := rules.ParseList(specs)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		var buf bytes.Buffer
		if err := Compare(filepath.Base(file), src, rs).WriteText(&buf); err != nil {
			t.Fatal(err)
		}
		golden := file + ".golden"
		if *update {
			if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (go test -update creates it)", err)
		}
		if buf.String() != string(want) {
			t.Errorf("%s differs from %s:\n--- got\n%s--- want\n%s", file, golden, buf.String(), want)
		}
	}
}

// TestLintSkipsUnreadableStatement: one statement no rule set can parse
// (a NumPy scalar constructor, an inline zero-dim operand) is reported
// and skipped, with the statements that use its name; the rest is still
// typed and compared. It made the whole lint "no rule set could read the
// program".
func TestLintSkipsUnreadableStatement(t *testing.T) {
	rs, err := rules.ParseList("numpy,jax,pytorch")
	if err != nil {
		t.Fatal(err)
	}
	src := "x: f32\na = x + 1\nb = np.float64(1.5)\nc = x * 2\nd = c + i64[](5)\ne = b + 1\nf = c * 2.5\n"
	l := Compare("prog", []byte(src), rs)
	if l.Unreadable {
		t.Fatal("the whole program is unreadable")
	}
	wantSkipped := []string{
		"prog:3:5: undefined name np: the language has no modules or attributes; declare the value as an input (x: f64(1.5)) and use its name",
		"prog:5:9: undefined name i64: a typed value is declared as an input (x: i64[](5) or x: i64(5)) and used by its name",
		"prog:6:5: undefined name b: its statement on line 3 was skipped",
	}
	if fmt.Sprint(l.Skipped) != fmt.Sprint(wantSkipped) {
		t.Errorf("skipped %q, want %q", l.Skipped, wantSkipped)
	}
	want := map[int]string{1: "f32", 2: "f32", 3: "error", 4: "f32", 5: "error", 6: "error", 7: "f32"}
	if len(l.Rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(l.Rows), len(want))
	}
	for _, row := range l.Rows {
		for i, c := range row.Cells {
			if c != want[row.Line] {
				t.Errorf("line %d under %s: %s, want %s", row.Line, l.Rules[i], c, want[row.Line])
			}
		}
	}
	if l.Rows[2].Name != "b" || l.Rows[4].Name != "d" {
		t.Errorf("skipped rows named %q and %q, want b and d", l.Rows[2].Name, l.Rows[4].Name)
	}
	var buf bytes.Buffer
	l.WriteText(&buf)
	if !strings.Contains(buf.String(), "skipped: prog:3:5: undefined name np: ") || !strings.HasSuffix(buf.String(), "3 statements skipped\n") {
		t.Errorf("the text does not report the skipped statements:\n%s", buf.String())
	}
}
