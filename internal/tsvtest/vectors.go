package tsvtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
)

// Settings splits a vector file's settings field: "-" (or empty) is the
// rule set's defaults, else KEY=VALUE pairs separated by commas.
func Settings(field string) []string {
	if field == "-" || field == "" {
		return nil
	}
	return strings.Split(field, ",")
}

// RunVectors runs a vector file of five fields a row, each row a subtest
// named by its first field:
//
//	name	settings	query	want	source
//
// settings is as Settings reads it; query is a batch line; want is the
// batch answer, "error: SUBSTRING" for a refusal by def's rule set whose
// message holds SUBSTRING, or "build-error: SUBSTRING" when the settings
// themselves are refused; source names the upstream test or code the row
// comes from and may not be empty. Names must be unique, and the file
// must hold at least minRows rows, so a truncated file does not pass.
func RunVectors(t *testing.T, def *promote.Def, path string, minRows int) {
	t.Helper()
	rows := Read(t, path)
	if len(rows) < minRows {
		t.Fatalf("%s: only %d vectors, want at least %d", path, len(rows), minRows)
	}
	seen := map[string]bool{}
	for _, row := range rows {
		if len(row.Fields) != 5 || row.Fields[4] == "" {
			t.Fatalf("%s:%d: want 5 fields with a source, got %d", path, row.Line, len(row.Fields))
		}
		name := row.Fields[0]
		if seen[name] {
			t.Fatalf("%s:%d: name %s used twice", path, row.Line, name)
		}
		seen[name] = true
		t.Run(name, func(t *testing.T) { checkRow(t, def, row) })
	}
}

// checkRow checks one row of a RunVectors file.
func checkRow(t *testing.T, def *promote.Def, row Row) {
	t.Helper()
	f := row.Fields
	kv, query, want := Settings(f[1]), f[2], f[3]
	r, err := def.Build(kv...)
	if sub, ok := strings.CutPrefix(want, "build-error: "); ok {
		if err == nil || !strings.Contains(err.Error(), sub) {
			t.Errorf("line %d: %v builds (%v), want an error holding %q", row.Line, kv, err, sub)
		}
		return
	}
	if err != nil {
		t.Fatalf("line %d: %v: %v", row.Line, kv, err)
	}
	got := Check(t, r, query)
	if sub, ok := strings.CutPrefix(want, "error: "); ok {
		if !strings.HasPrefix(got, "error: "+def.Name+": ") || !strings.Contains(got, sub) {
			t.Errorf("line %d: %v %q = %q, want a %s refusal holding %q", row.Line, kv, query, got, def.Name, sub)
		}
		return
	}
	if got != want {
		t.Errorf("line %d: %v %q = %q, want %q (%s)", row.Line, kv, query, got, want, f[4])
	}
}

// RequireRulesReached fails the test unless every rule the package in dir
// declares is reached (decides or refuses) by at least one query of the
// RunVectors files at paths, so that no rule is dead and every rule has a
// vector. The declared rules are read from the package's source, not from
// a list kept by hand, so a new rule cannot escape the check.
func RequireRulesReached(t *testing.T, def *promote.Def, dir string, paths ...string) {
	t.Helper()
	reached := map[string]bool{}
	for _, path := range paths {
		for _, row := range Read(t, path) {
			r, err := def.Build(Settings(row.Fields[1])...)
			if err != nil {
				continue
			}
			if _, rule := Answer(r, row.Fields[2]); rule != nil {
				reached[rule.ID] = true
			}
		}
	}
	declared := DeclaredRules(t, dir)
	if len(declared) == 0 {
		t.Fatalf("%s declares no promote.Rule literals", dir)
	}
	var missing []string
	for _, id := range declared {
		if !reached[id] {
			missing = append(missing, id)
		}
	}
	if len(missing) > 0 {
		t.Errorf("rules no vector reaches: %s", strings.Join(missing, ", "))
	}
}

// DeclaredRules returns, sorted, the IDs of the promote.Rule composite
// literals (with a constant string ID) in the non-test Go files of the
// package in dir.
func DeclaredRules(t testing.TB, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var ids []string
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok || !isRuleType(lit.Type) {
				return true
			}
			for _, el := range lit.Elts {
				kv, ok := el.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				if key, ok := kv.Key.(*ast.Ident); !ok || key.Name != "ID" {
					continue
				}
				if s, ok := kv.Value.(*ast.BasicLit); ok && s.Kind == token.STRING {
					if id, err := strconv.Unquote(s.Value); err == nil {
						ids = append(ids, id)
					}
				}
			}
			return true
		})
	}
	slices.Sort(ids)
	return slices.Compact(ids)
}

// isRuleType reports whether a composite literal's type is promote.Rule.
func isRuleType(e ast.Expr) bool {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Rule" {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && pkg.Name == "promote"
}
