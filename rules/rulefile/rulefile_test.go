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

func reserved(name string) bool { return name == "numpy" || name == "jax" }

// TestBadFiles: each file of testdata/bad is refused with the error its
// first line wants: "# want: LINE: TEXT", the error being FILE:LINE: and
// a message containing TEXT.
func TestBadFiles(t *testing.T) {
	paths, err := filepath.Glob("testdata/bad/*.toml")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no bad files: %v", err)
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		first, _, _ := strings.Cut(string(data), "\n")
		want, ok := strings.CutPrefix(first, "# want: ")
		if !ok {
			t.Fatalf("%s: no # want: line", p)
		}
		line, text, _ := strings.Cut(want, ": ")
		_, err = rulefile.Parse(p, data, reserved)
		var fe *rulefile.Error
		if !errors.As(err, &fe) {
			t.Errorf("%s: error %v, want a *rulefile.Error", p, err)
			continue
		}
		if prefix := p + ":" + line + ": "; !strings.HasPrefix(err.Error(), prefix) || !strings.Contains(err.Error(), text) {
			t.Errorf("%s:\n got %v\nwant %s...%s", p, err, prefix, text)
		}
	}
}

func parse(t *testing.T, src string) promote.Rules {
	t.Helper()
	d, err := rulefile.Parse("test.toml", []byte(src), reserved)
	if err != nil {
		t.Fatal(err)
	}
	r, err := d.Build()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func query(r promote.Rules, q string) string {
	ops, err := promote.ParseOperands(r.Def().Dialect, q)
	if err != nil {
		return "bad query: " + err.Error()
	}
	res, err := r.Result(ops...)
	if err != nil {
		var pe *promote.Error
		if errors.As(err, &pe) {
			return "error " + pe.Rule.ID
		}
		return "error"
	}
	return res.String()
}

// TestTable: cells before defaults, defaults in order, ordered cells,
// literal types, refusals with their rule.
func TestTable(t *testing.T) {
	r := parse(t, `
name = "t"
dtypes = ["bool", "i8", "u8", "i16", "f16", "bf16", "f32", "c64"]
[literals]
int = "i16"
float = "f32"
[[rules]]
id = "mixed-sign"
text = "a signed and an unsigned integer do not mix"
source = "s"
cells = ["i8 u8 = error", "u8 i16 = error"]
[[rules]]
id = "left-wins"
text = "bf16 on the left wins"
source = "s"
ordered = true
cells = ["bf16 f16 = bf16", "f16 bf16 = f32"]
[[rules]]
id = "same"
text = "t"
source = "s"
default = "same"
[[rules]]
id = "wider"
text = "t"
source = "s"
default = "wider"
[[rules]]
id = "complex"
text = "t"
source = "s"
default = "complex-wins"
[[rules]]
id = "float"
text = "t"
source = "s"
default = "float-wins"
[[rules]]
id = "int"
text = "t"
source = "s"
default = "int-wins"
`)
	for _, tt := range []struct{ q, want string }{
		{"i8 u8", "error mixed-sign"}, {"u8 i8", "error mixed-sign"}, {"i16 u8", "error mixed-sign"},
		{"bf16 f16", "bf16"}, {"f16 bf16", "f32"}, {"i8 i16", "i16"}, {"f16 f32", "f32"},
		{"f32 c64", "c64"}, {"i8 c64", "c64"}, {"bool f16", "f16"}, {"bool u8", "u8"}, {"i8 f16", "f16"},
		{"i8 1", "i16"}, {"f16 1.0", "f32"}, {"i8 true", "error literal"}, {"i8 1j", "error literal"},
		{"i8 1L", "error literal-suffix"}, {"i8 70000", "error literal-range"}, {"i8?", "error no-weak-types"},
		{"f64", "error dtype"}, {"i8 i16 f16", "f16"}, {"f16", "f16"}, {"", "error no-operands"},
	} {
		if got := query(r, tt.q); got != tt.want {
			t.Errorf("%q: %s, want %s", tt.q, got, tt.want)
		}
	}
	if promote.LatticeOf(r) != nil {
		t.Error("a table file has a lattice")
	}
}

// TestDefaults: narrowest-holding and holds.
func TestDefaults(t *testing.T) {
	r := parse(t, `
name = "t"
dtypes = ["bool", "i8", "u8", "i16", "i32", "f32", "f64"]
[[rules]]
id = "narrowest"
text = "t"
source = "s"
default = "narrowest-holding"
[[rules]]
id = "rest"
text = "t"
source = "s"
default = "refuse"
`)
	for _, tt := range []struct{ q, want string }{
		{"i8 u8", "i16"}, {"i16 f32", "f32"}, {"i32 f32", "f64"}, {"bool bool", "bool"}, {"u8 f32", "f32"},
		{"bool i8", "i8"}, {"u8 i32", "i32"},
	} {
		if got := query(r, tt.q); got != tt.want {
			t.Errorf("%q: %s, want %s", tt.q, got, tt.want)
		}
	}
}

// TestLattice: a TensorFlow-like lattice with weak dtype nodes written X?,
// nodes semantics, fold.
func TestLattice(t *testing.T) {
	r := parse(t, `
name = "l"
nary = "fold"
dtypes = ["bool", "i8", "i16", "i32", "f16", "f32"]
[literals]
bool = "bool"
int = "i32?"
float = "f32?"
[lattice]
edges = [
  "bool -> i32? -> i8 -> i16 -> i32",
  "i32? -> f32? -> f16 -> f32",
  "i32 -> f32",
]
[lattice.join]
id = "lub"
text = "the join"
source = "somewhere"
`)
	for _, tt := range []struct{ q, want string }{
		{"i8 i16", "i16"}, {"i8 f16", "f32"}, {"i32 f16", "f32"}, {"i8 1", "i8"}, {"i8 1.0", "f32"}, {"f16 1.0", "f16"}, {"1 1.0", "f32?"},
		{"i32? i8", "i8"}, {"i32? 2.0", "f32?"}, {"i8?", "error weak-operand"}, {"1", "i32?"}, {"true 1", "i32?"},
		{"i8 3000000000", "error literal-range"}, {"u8", "error dtype"},
	} {
		if got := query(r, tt.q); got != tt.want {
			t.Errorf("%q: %s, want %s", tt.q, got, tt.want)
		}
	}
	l := promote.LatticeOf(r)
	if l == nil {
		t.Fatal("no lattice")
	}
	n, ok := l.NodeOf(dtype.I32, true)
	if !ok || l.Nodes[n].Name != "i32?" || len(l.Nodes[n].Literals) != 1 || l.Nodes[n].Literals[0] != promote.IntValue {
		t.Errorf("node of a weak i32: %+v", l.Nodes[n])
	}
	res, _ := r.PromoteTypes(dtype.I8, dtype.F16)
	if res.Rule.ID != "lub" || res.Rule.Source != "somewhere" {
		t.Errorf("join rule %+v", res.Rule)
	}
}

// TestErrorsNameFileAndLine: every error of a file that fails names the
// file and a line.
func TestLoad(t *testing.T) {
	if _, err := rulefile.Load("testdata/none.toml", nil); err == nil || !strings.Contains(err.Error(), "testdata/none.toml") {
		t.Errorf("missing file: %v", err)
	}
	big := make([]byte, rulefile.MaxSize+1)
	for i := range big {
		big[i] = '#'
	}
	if _, err := rulefile.Parse("big.toml", big, nil); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("large file: %v", err)
	}
}
