package tsvtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
)

// The vector format RunVectors reads has one query a row, with fields
// separated by tabs: NAME SETTINGS QUERY ANSWER [MESSAGE [RULE [SOURCE]]].
// NAME names the row, unique in its file: the upstream test it comes from
// where there is one. SETTINGS is "-" for the rule set's defaults, else
// KEY=VALUE pairs separated by commas. QUERY is the operands in the batch
// grammar and the rule set's dialect. ANSWER is the result as `promote
// batch` prints it (f32, i64?), "error" for a refusal by the rule set, or
// "build-error" when the settings themselves are refused. MESSAGE, for
// error and build-error, is a substring the message must hold ("-" or
// absent for none). RULE is the ID of the rule that decided or refused
// ("-" or absent when not checked). SOURCE is the upstream test or source
// the row comes from (free text, not checked).
const (
	fieldName = iota
	fieldSettings
	fieldQuery
	fieldAnswer
	fieldMessage
	fieldRule
	fieldSource
	numFields
)

// Settings splits a SETTINGS field: "-" (or empty) is the defaults, else
// KEY=VALUE pairs separated by commas.
func Settings(field string) []string {
	if field == "-" || field == "" {
		return nil
	}
	return strings.Split(field, ",")
}

// field returns row field i, or "-" when the row is shorter.
func field(f []string, i int) string {
	if i < len(f) && f[i] != "" {
		return f[i]
	}
	return "-"
}

// RunVectors runs every row of the vector file at path (the format above)
// under def, each as a subtest named by its NAME, and returns how many
// rows it ran. A refusal must come from the rule set (its message starts
// with "error: NAME: ", NAME being def.Name).
func RunVectors(t *testing.T, def *promote.Def, path string) int {
	t.Helper()
	rows := Read(t, path)
	seen := map[string]bool{}
	for _, row := range rows {
		f := row.Fields
		if len(f) < fieldMessage || len(f) > numFields {
			t.Fatalf("%s:%d: %d fields; want NAME SETTINGS QUERY ANSWER [MESSAGE [RULE [SOURCE]]]", path, row.Line, len(f))
		}
		name := f[fieldName]
		if seen[name] {
			t.Fatalf("%s:%d: name %s used twice", path, row.Line, name)
		}
		seen[name] = true
		t.Run(name, func(t *testing.T) { runRow(t, def, path, row) })
	}
	return len(rows)
}

func runRow(t *testing.T, def *promote.Def, path string, row Row) {
	t.Helper()
	f := row.Fields
	kv, query, want := Settings(f[fieldSettings]), f[fieldQuery], f[fieldAnswer]
	msg, ruleID := field(f, fieldMessage), field(f, fieldRule)
	at := path + ":" + strconv.Itoa(row.Line)
	r, err := def.Build(kv...)
	if want == "build-error" {
		if err == nil || msg != "-" && !strings.Contains(err.Error(), msg) {
			t.Errorf("%s: %v builds (error %v), want an error holding %q", at, kv, err, msg)
		}
		return
	}
	if err != nil {
		t.Fatalf("%s: %v: %v", at, kv, err)
	}
	got := Check(t, r, query)
	_, rule := Answer(r, query)
	switch {
	case want == "error":
		if !strings.HasPrefix(got, "error: "+def.Name+": ") || msg != "-" && !strings.Contains(got, msg) {
			t.Errorf("%s: %v %q = %q, want a %s refusal holding %q", at, kv, query, got, def.Name, msg)
		}
	case msg != "-":
		t.Fatalf("%s: a MESSAGE (%q) on a row whose answer is not an error", at, msg)
	case got != want:
		t.Errorf("%s: %v %q = %q, want %q (%s)", at, kv, query, got, want, field(f, fieldSource))
	}
	if ruleID != "-" && (rule == nil || rule.ID != ruleID) {
		t.Errorf("%s: %v %q decided by %v, want rule %s", at, kv, query, rule, ruleID)
	}
}

// RequireRulesListed fails the test unless every rule the Go package in
// dir declares with a literal ID (a promote.Rule{ID: "..."} composite
// literal, taken by address or handed to a kit.Shared's Adopt, in a file
// other than a _test.go) has its ID in rules: a new rule cannot escape the
// list whose every rule the registry's coverage test requires a vector to
// reach.
func RequireRulesListed(t *testing.T, dir string, rules []*promote.Rule) {
	t.Helper()
	listed := map[string]bool{}
	for _, r := range rules {
		listed[r.ID] = true
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var missing []string
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		file, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			if id, ok := literalRuleID(n); ok && !listed[id] {
				missing = append(missing, id+" ("+fset.Position(n.Pos()).String()+")")
			}
			return true
		})
	}
	if len(missing) > 0 {
		t.Errorf("rules declared but not in the package's rule list: %s", strings.Join(missing, ", "))
	}
}

// literalRuleID returns the ID of a promote.Rule composite literal whose
// ID is a string literal.
func literalRuleID(n ast.Node) (string, bool) {
	lit, ok := n.(*ast.CompositeLit)
	if !ok {
		return "", false
	}
	sel, ok := lit.Type.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Rule" {
		return "", false
	}
	if pkg, ok := sel.X.(*ast.Ident); !ok || pkg.Name != "promote" {
		return "", false
	}
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if key, ok := kv.Key.(*ast.Ident); !ok || key.Name != "ID" {
			continue
		}
		if s, ok := kv.Value.(*ast.BasicLit); ok && s.Kind == token.STRING {
			id, err := strconv.Unquote(s.Value)
			return id, err == nil
		}
	}
	return "", false
}
