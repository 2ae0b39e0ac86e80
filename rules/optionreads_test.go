package rules

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestOptionsReadThroughHandles: no rule set reads an option by name. Each
// declares its options once as typed handles (promote.NewEnumOpt, ...) and
// reads them through the handles' Of, which the compiler checks; a read by
// a string key (s.Enum("version")) is a contract the compiler cannot check.
// The test parses every non-test Go file under rules/ and fails on a call
// of Bool, Enum or DType with one argument on anything but a package name
// (promote.Bool(true) and dtype.DType(d) are not reads of options).
func TestOptionsReadThroughHandles(t *testing.T) {
	fset := token.NewFileSet()
	files := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "testdata" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		files++
		pkgs := importNames(f)
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) != 1 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			switch sel.Sel.Name {
			case "Bool", "Enum", "DType":
			default:
				return true
			}
			if id, ok := sel.X.(*ast.Ident); ok && pkgs[id.Name] {
				return true
			}
			what := "an option by name"
			if lit, ok := call.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
				what = "option " + lit.Value + " by name"
			}
			t.Errorf("%s: reads %s (Settings.%s); declare the option as a handle (promote.New%sOpt) and read it with Of",
				fset.Position(call.Pos()), what, sel.Sel.Name, sel.Sel.Name)
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 50 {
		t.Fatalf("parsed %d Go files under rules/; the walk did not reach the rule sets", files)
	}
}

// importNames is the set of names f's imports bind: the package name an
// import path ends in, or the name it is imported as.
func importNames(f *ast.File) map[string]bool {
	out := map[string]bool{}
	for _, im := range f.Imports {
		p, err := strconv.Unquote(im.Path.Value)
		if err != nil {
			continue
		}
		name := p[strings.LastIndex(p, "/")+1:]
		if im.Name != nil {
			name = im.Name.Name
		}
		out[name] = true
	}
	return out
}
