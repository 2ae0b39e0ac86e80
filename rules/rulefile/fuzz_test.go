package rulefile_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules/rulefile"
)

// FuzzParse: whatever the bytes, Parse returns a rule set or an *Error
// naming the file; never a panic. A rule set it returns answers every
// pair and a few mixed queries without panicking, and accepts at least
// one dtype.
func FuzzParse(f *testing.F) {
	seeds, _ := filepath.Glob("testdata/bad/*.toml")
	more, _ := filepath.Glob("../../examples/rules/*.toml")
	for _, p := range append(seeds, more...) {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("name = \"x\"\ndtypes = [\"i8\", \"f32\"]\n[lattice]\nedges = [\"i8 -> f32? -> f32\"]\n"))
	ops, _ := promote.ParseOperands(dtype.Neutral, "i8? 1 2.5 1j true f32(1.5)")
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := rulefile.Parse("fuzz.toml", data, reserved)
		if err != nil {
			var fe *rulefile.Error
			if !errors.As(err, &fe) || fe.File != "fuzz.toml" || !strings.HasPrefix(err.Error(), "fuzz.toml") || fe.Msg == "" {
				t.Fatalf("error %q is not an *Error naming the file", err)
			}
			if fe.Line <= 0 && !strings.Contains(fe.Msg, "NUL byte") {
				t.Fatalf("error %q names no line", err)
			}
			return
		}
		r, err := d.Build()
		if err != nil {
			t.Fatal(err)
		}
		accepted := 0
		for _, a := range dtype.All() {
			if _, err := r.PromoteTypes(a, a); err == nil {
				accepted++
			}
			for _, b := range dtype.All() {
				_, _ = r.PromoteTypes(a, b)
			}
			for _, o := range ops {
				_, _ = r.Result(promote.T(a), o)
				_, _ = r.Result(o, promote.T(a), o)
			}
		}
		if accepted == 0 {
			t.Fatal("a rule set that accepts no dtype")
		}
	})
}
