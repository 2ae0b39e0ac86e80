// Package tsvtest reads promote's test vectors, line-oriented TSV files in
// testdata/ (# comments and blank lines skipped, fields separated by tabs),
// and answers batch queries the way `promote batch` prints them. It is for
// tests only.
package tsvtest

import (
	"bufio"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
)

// Row is one data line of a vector file.
type Row struct {
	Line   int // 1-based line number in the file, for messages
	Fields []string
}

// Read returns the data rows of a vector file; it fails the test when the
// file cannot be read.
func Read(t testing.TB, path string) []Row {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []Row
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		rows = append(rows, Row{Line: n, Fields: strings.Split(line, "\t")})
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return rows
}

// Answer answers one query line under r exactly as `promote batch` prints
// it: the result, or "error: " and the message. It also returns the rule
// that decided (for a refusal, the refusing rule when the error names one).
func Answer(r promote.Rules, line string) (string, *promote.Rule) {
	ops, err := promote.ParseOperands(r.Def().Dialect, line)
	if err != nil {
		return "error: " + err.Error(), nil
	}
	res, err := r.Result(ops...)
	if err != nil {
		var rule *promote.Rule
		if pe := (*promote.Error)(nil); errors.As(err, &pe) {
			rule = pe.Rule
		}
		return "error: " + err.Error(), rule
	}
	return res.String(), res.Rule
}

// Check answers line under r as Answer does, and fails the test when the
// query does not parse (a broken test, not an answer), when a refusal spans
// more than one line, or when a result carries no rule with a source.
func Check(t testing.TB, r promote.Rules, line string) string {
	t.Helper()
	if _, err := promote.ParseOperands(r.Def().Dialect, line); err != nil {
		t.Fatalf("query %q: %v", line, err)
	}
	got, rule := Answer(r, line)
	if msg, isErr := strings.CutPrefix(got, "error: "); isErr {
		if strings.ContainsAny(msg, "\r\n") {
			t.Errorf("query %q: multi-line error %q", line, msg)
		}
		return got
	}
	if rule == nil || rule.Source == "" {
		t.Errorf("query %q: result %s carries no rule with a source", line, got)
	}
	return got
}

// CheckVectors runs rows of (VALUE, query, want) under def built with the
// option key=VALUE, through Check; a want starting with "error:" matches
// an error containing the rest.
func CheckVectors(t testing.TB, def *promote.Def, key string, rows [][3]string) {
	t.Helper()
	for _, v := range rows {
		got := Check(t, def.MustBuild(key+"="+v[0]), v[1])
		if want, isErr := strings.CutPrefix(v[2], "error:"); isErr {
			if !strings.HasPrefix(got, "error: ") || !strings.Contains(got, strings.TrimSpace(want)) {
				t.Errorf("%s=%s %q = %q, want an error containing %q", key, v[0], v[1], got, strings.TrimSpace(want))
			}
			continue
		}
		if got != v[2] {
			t.Errorf("%s=%s %q = %q, want %q", key, v[0], v[1], got, v[2])
		}
	}
}

// Query answers line under r as Answer does, strictly: a query that does
// not parse is a broken test (fatal); a refusal must be a one-line
// *promote.Error whose rule has a source, and a result must carry a rule
// with a source. It returns the printed answer and the deciding rule's ID
// ("" when there is none to name).
func Query(t testing.TB, r promote.Rules, line string) (answer, ruleID string) {
	t.Helper()
	if _, err := promote.ParseOperands(r.Def().Dialect, line); err != nil {
		t.Fatalf("query %q: %v", line, err)
	}
	got, rule := Answer(r, line)
	if msg, refused := strings.CutPrefix(got, "error: "); refused {
		if rule == nil || rule.Source == "" || strings.ContainsAny(msg, "\r\n") {
			t.Errorf("query %q: error %q is not a one-line *promote.Error with a sourced rule", line, msg)
			return got, ""
		}
		return got, rule.ID
	}
	if rule == nil || rule.Source == "" {
		t.Errorf("query %q: result %s carries no rule with a source", line, got)
		return got, ""
	}
	return got, rule.ID
}

// Every builds def under every combination of its enum and bool options'
// values (the first option outermost); other options keep their defaults.
func Every(t testing.TB, def *promote.Def) []promote.Rules {
	t.Helper()
	combos := [][]string{nil}
	for _, o := range def.Options {
		var vals []string
		switch o.Kind {
		case promote.EnumOption:
			vals = o.Values
		case promote.BoolOption:
			vals = []string{"false", "true"}
		default:
			continue
		}
		var next [][]string
		for _, c := range combos {
			for _, v := range vals {
				next = append(next, append(append([]string(nil), c...), o.Name+"="+v))
			}
		}
		combos = next
	}
	out := make([]promote.Rules, 0, len(combos))
	for _, kv := range combos {
		r, err := def.Build(kv...)
		if err != nil {
			t.Fatalf("%s %v: %v", def.Name, kv, err)
		}
		out = append(out, r)
	}
	return out
}
