package infer

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// readTSV returns the tab-separated fields of every non-comment line.
func readTSV(t *testing.T, name string) [][]string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	var out [][]string
	for i, line := range strings.Split(string(b), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		f = append(f, "") // line number sentinel
		f[len(f)-1] = "line " + itoa(i+1)
		out = append(out, f)
	}
	return out
}

func itoa(i int) string { return strconv.Itoa(i) }

func build(t testing.TB, name, settings string) promote.Rules {
	t.Helper()
	var kv []string
	if settings != "-" && settings != "" {
		kv = strings.Split(settings, ",")
	}
	r, err := rules.Build(name, kv...)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// resultOf runs a program and returns its last line as promote infer
// prints it.
func resultOf(t *testing.T, r promote.Rules, src string) string {
	t.Helper()
	p, ts, err := Check("prog", []byte(src), r)
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	WriteText(w, p, ts, err)
	w.Flush()
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	return lines[len(lines)-1]
}

// TestPrograms runs testdata/programs.tsv: every propagation rule of
// anvil's spec, the seed's example, JAX weak types, PyTorch's chained
// versus N-operand cases, NumPy's NEP 50 through programs, and the op
// typing table of every system.
func TestPrograms(t *testing.T) {
	for _, f := range readTSV(t, "programs.tsv") {
		if len(f) < 6 {
			t.Fatalf("malformed row %q", f)
		}
		name, settings, prog, want, what := f[0], f[1], f[2], f[3], f[4]
		t.Run(name+"/"+what, func(t *testing.T) {
			r := build(t, name, settings)
			src := strings.ReplaceAll(prog, "; ", "\n")
			got := resultOf(t, r, src)
			if msg, isErr := strings.CutPrefix(want, "error: "); isErr {
				if !strings.HasPrefix(got, "error: ") || !strings.Contains(got, msg) {
					t.Errorf("%s:\n%s\ngot %q, want an error containing %q", name, src, got, msg)
				}
				return
			}
			if got != want {
				t.Errorf("%s:\n%s\ngot %q, want %q", name, src, got, want)
			}
		})
	}
}

// TestSeedDisagreement_VignetteDefaultType: the vignette says the known
// type is promoted to the ambiguous type's default; the code keeps the
// ambiguous dtype itself (rules/anvil/spec.md "Where the docs and the code
// disagree" 2). Through a program: i16? + bool stays i16?, not i32.
func TestSeedDisagreement_VignetteDefaultType(t *testing.T) {
	r := build(t, "anvil", "-")
	if got := resultOf(t, r, "x: i16[]?\nb: bool[]\nx + b\n"); got != "i16?" {
		t.Errorf("i16? + bool = %s, want i16? (the code, not the vignette's default type)", got)
	}
}

// TestErrors: parse and inference errors name the line and column.
func TestErrors(t *testing.T) {
	for _, f := range readTSV(t, "errors.tsv") {
		name, prog, want := f[0], strings.ReplaceAll(f[1], "; ", "\n"), f[2]
		r := build(t, name, "-")
		_, _, err := Check("prog", []byte(prog), r)
		if err == nil {
			t.Errorf("%s: %q: no error, want %q", name, prog, want)
			continue
		}
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%s: %q: error %T is not an *Error", name, prog, err)
		}
		if !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: %q:\n got %q\nwant prefix %q", name, prog, err.Error(), want)
		}
	}
}

// TestGolden types every testdata/*.prog under the rule set its first
// line names (# rules: NAME [K=V]...) and compares promote infer's output
// with the .golden file next to it (go test -update rewrites them).
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.prog")
	if len(files) == 0 {
		t.Fatal("no testdata/*.prog")
	}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		first, _, _ := strings.Cut(string(src), "\n")
		spec, ok := strings.CutPrefix(first, "# rules: ")
		if !ok {
			t.Fatalf("%s: first line is not # rules: NAME", file)
		}
		fields := strings.Fields(spec)
		r, err := rules.Build(fields[0], fields[1:]...)
		if err != nil {
			t.Fatal(err)
		}
		p, ts, err := Check(filepath.Base(file), src, r)
		var buf bytes.Buffer
		w := bufio.NewWriter(&buf)
		WriteText(w, p, ts, err)
		w.Flush()
		golden := strings.TrimSuffix(file, ".prog") + ".golden"
		if *update {
			os.WriteFile(golden, buf.Bytes(), 0o644)
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

// TestEveryRuleSet: a plain program types under every registered rule
// set, so each has a host and op typing.
func TestEveryRuleSet(t *testing.T) {
	for _, def := range rules.All() {
		r := def.MustBuild()
		src := "a: f32[2,3]\nb: f32[2,3]\nc = a * b\nd = max(c)\ne = convert(d, f32)\ne\n"
		if got := resultOf(t, r, src); got != "f32" {
			t.Errorf("%s: %q, want f32", def.Name, got)
		}
	}
}

// TestShapes checks broadcasting, reductions and matmul shapes.
func TestShapes(t *testing.T) {
	r := build(t, "numpy", "-")
	cases := []struct{ src, want string }{
		{"a: f32[2,1,3]\nb: f32[4,1]\na + b\n", "f32[2,4,3]"},
		{"a: f32[2,3]\nb: f32[]\na + b\n", "f32[2,3]"},
		{"a: f32[?,3]\nb: f32[5,1]\na + b\n", "f32[5,3]"},
		{"a: f32[2,3]\nsum(a)\n", "f64[]"[:0] + "f32[]"},
		{"a: f32[2,3]\nb: f32[3,4]\nmatmul(a, b)\n", "f32[2,4]"},
		{"a: f32[3]\nb: f32[3]\nmatmul(a, b)\n", "f32[]"},
		{"a: f32[7,2,3]\nb: f32[3]\nmatmul(a, b)\n", "f32[7,2]"},
		{"a: f32[2,3]\nb: f32[4,3]\nconcat(a, b)\n", "f32[6,3]"},
		{"a: f32[...]\nb: f32[2]\na + b\n", "f32[...]"},
		{"a: f32\nb: f32[2]\na + b\n", "f32"},
		{"a: f32\nb: f32\nmatmul(a, b)\n", "f32[...]"},
	}
	for _, c := range cases {
		p, ts, err := Check("prog", []byte(c.src), r)
		if err != nil {
			t.Errorf("%q: %v", c.src, err)
			continue
		}
		if got := ts.Type(p.ResultNode()).String(); got != c.want {
			t.Errorf("%q: %s, want %s", c.src, got, c.want)
		}
	}
	for _, bad := range []string{
		"a: f32[2,3]\nb: f32[4]\na + b\n",
		"a: f32[2,3]\nb: f32[4,5]\nmatmul(a, b)\n",
		"a: f32[]\nb: f32[2]\nmatmul(a, b)\n",
		"a: f32[2,3]\nb: f32[2,4]\nconcat(a, b)\n",
	} {
		if _, _, err := Check("prog", []byte(bad), r); err == nil {
			t.Errorf("%q: no shape error", bad)
		}
	}
}

// TestGraphAPI builds a graph in Go and checks the fast path allocates
// nothing per node.
func TestGraphAPI(t *testing.T) {
	r := build(t, "jax", "-")
	g := NewGraph(8)
	x := g.Input(promote.Shaped(dtype.I8, 4))
	one := g.Literal(promote.Int(1).Value)
	y := g.Binary(OpMul, x, g.Literal(promote.Float(2.5).Value))
	z := g.Binary(OpAdd, y, g.Input(promote.T(dtype.F16)))
	s := g.Call(OpSum, g.Binary(OpAdd, x, one))
	in := New(r)
	ts, err := in.Infer(g)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		id   NodeID
		want string
	}{{y, "f32[4]?"}, {z, "f16"}, {s, "i32[]"}} {
		if got := ts.Type(c.id).String(); got != c.want {
			t.Errorf("node %d: %s, want %s", c.id, got, c.want)
		}
	}
	// A bad reference is an error, not a panic.
	bad := NewGraph(2)
	bad.Binary(OpAdd, 5, 7)
	if _, err := in.Infer(bad); err == nil {
		t.Error("malformed graph accepted")
	}
}

func TestInferAllocs(t *testing.T) {
	g := NewGraph(1000)
	a := g.Input(promote.T(dtype.F32))
	b := g.Input(promote.T(dtype.I32))
	for i := 0; i < 1000; i++ {
		a = g.Binary(OpAdd, a, b)
	}
	in := New(build(t, "pytorch", "-"))
	var ts Types
	in.InferInto(g, &ts) // warm the caches and ts
	if n := testing.AllocsPerRun(10, func() { in.InferInto(g, &ts) }); n > 0 {
		t.Errorf("InferInto allocates %v times on a strong tensor graph, want 0", n)
	}
}

// FuzzParse: the parser never panics (nor overflows the stack: the seeds
// include nesting past maxNesting and a literal past maxIntDigits), what
// it accepts types without panicking under every host, and what it
// refuses is an *Error at a line and column of the program.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"x: bool[]\ny: i16[]\nz = x + 1L\nz * y\n",
		"a: f32[2,3]\nb = -a ** 2 + sum(a) / 3.5e2\nwhere(a > b, a, convert(b, f16))\n",
		"x: i8\n(x & 3) | 1 ^ x <= True\nconcat(x, x, max(x, 1j))\n",
		"# c\n\n", "x = ((", "x: f32[...]?\nmatmul(x, x)\n",
		strings.Repeat("(", maxNesting+5) + "1",
		strings.Repeat("-", maxNesting+5) + "x",
		"x: f32\nx" + strings.Repeat(" ** x", maxNesting+5) + "\n",
		strings.Repeat("abs(", maxNesting+5) + "1",
		"y = " + strings.Repeat("9", maxIntDigits+1) + "\n",
		"y = 2 ** 70000\nz = 2 ** 60000 * 2 ** 60000\n",
		"x: i8\ny = x + 0x7F + 0b1 + 0o17 + 017 + 1f0 + 2.5f-3 + 1ull + 1.0L\nz = x ÷ 2 // 3\n",
		"x: f32\ny = -0x80000000 + -true + NaN32 + INFINITY\nwhere(true, x, 1f0)\n",
		"v: i64[](300)\nw: f64[](1e300)\nx: u8\nx + v + w\n",
		"x: i32\ny = x ÷\n", "x = 0x\n", "x = 1e\n", "x = 2.5f-\n", "\xc3", "x ÷ ÷ 2",
	} {
		f.Add(s)
	}
	rs := []promote.Rules{build(f, "numpy", "-"), build(f, "anvil", "-"), build(f, "kernel-float", "-"),
		build(f, "julia", "-"), build(f, "c", "-"), build(f, "cpp", "-"), build(f, "triton", "-"),
		build(f, "tinygrad", "-"), build(f, "tvm", "-"), build(f, "numpy", "promotion=legacy")}
	f.Fuzz(func(t *testing.T, src string) {
		lines := strings.Split(src, "\n")
		for _, r := range rs {
			p, ts, err := Check("fuzz", []byte(src), r)
			if p != nil {
				var buf bytes.Buffer
				w := bufio.NewWriter(&buf)
				WriteText(w, p, ts, nil)
				continue
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("%s: %q: error %T %v is not an *Error", r.Def().Name, src, err, err)
			}
			if l := int(e.Pos.Line); l < 1 || l > len(lines) || e.Pos.Col < 1 || int(e.Pos.Col) > len(lines[l-1])+1 {
				t.Fatalf("%s: %q: error at %v, outside the program: %v", r.Def().Name, src, e.Pos, err)
			}
		}
	})
}
