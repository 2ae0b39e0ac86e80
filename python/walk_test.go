package python

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestInspectVisitsEveryNode checks Inspect against a reflective walk:
// both must meet the same number of positioned nodes in every test file.
func TestInspectVisitsEveryNode(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "syntax", "*.py"))
	nodeType := reflect.TypeOf((*Node)(nil)).Elem()
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		mod, err := Parse(name, src)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got := 0
		Inspect(mod, func(Node) bool { got++; return true })
		want := 0
		var count func(v reflect.Value)
		count = func(v reflect.Value) {
			switch v.Kind() {
			case reflect.Interface, reflect.Pointer:
				if v.IsNil() {
					return
				}
				if v.Kind() == reflect.Pointer && v.Type().Implements(nodeType) {
					want++
				}
				count(v.Elem())
			case reflect.Slice:
				for i := 0; i < v.Len(); i++ {
					count(v.Index(i))
				}
			case reflect.Struct:
				for i := 0; i < v.NumField(); i++ {
					count(v.Field(i))
				}
			}
		}
		count(reflect.ValueOf(mod))
		if got != want {
			t.Errorf("%s: Inspect met %d nodes, the tree holds %d", name, got, want)
		}
	}
}

// TestConcurrentParse parses the test files from several goroutines at
// once; run with -race it checks that the lazily loaded tables and the
// parser share no mutable state.
func TestConcurrentParse(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "syntax", "*.py"))
	done := make(chan error, 8)
	for g := 0; g < 8; g++ {
		go func() {
			for _, name := range files {
				src, err := os.ReadFile(name)
				if err == nil {
					_, err = Parse(name, src)
				}
				if err != nil {
					done <- err
					return
				}
			}
			done <- nil
		}()
	}
	for g := 0; g < 8; g++ {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}
