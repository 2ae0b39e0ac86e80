package probe

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules"
	"github.com/promote-dev/promote/rules/numpy"
	"github.com/promote-dev/promote/rules/pytorch"
)

var update = flag.Bool("update", false, "rewrite testdata/fake_report.md")

// fakeOptions runs the test binary as a fake Python in mode.
func fakeOptions(t *testing.T, mode string) Options {
	t.Helper()
	t.Setenv(fakeEnv, mode)
	return Options{Python: os.Args[0], Rules: []string{"pytorch", "numpy"}, Timeout: time.Minute}
}

// TestFakeFramework: a framework that answers as pytorch:version=2.6 does
// except for three planted answers is matched with version=2.6, and the
// three are listed, two as answered by no setting (the third by every
// release without uint16).
func TestFakeFramework(t *testing.T) {
	rep, err := Run(context.Background(), fakeOptions(t, "ok"))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Frameworks) != 3 {
		t.Fatalf("frameworks %+v, want torch, numpy and numpy+ml_dtypes", rep.Frameworks)
	}
	var torch FrameworkReport
	for _, f := range rep.Frameworks {
		switch {
		case f.Name == "torch":
			torch = f
		case f.Found:
			t.Errorf("%s found; the fake has only torch", f.Name)
		case f.Note != "not installed":
			t.Errorf("%s: note %q", f.Name, f.Note)
		}
	}
	if !torch.Found || torch.Version != "9.9.fake" || torch.Rules != "pytorch" {
		t.Fatalf("torch: %+v", torch)
	}
	if torch.Best.Setting != "pytorch:version=2.6" || torch.Exact || torch.Best.Agree != torch.Queries-3 {
		t.Errorf("best %+v of %d queries, exact %v; want pytorch:version=2.6 on all but 3", torch.Best, torch.Queries, torch.Exact)
	}
	if torch.Unmatched != 2 || len(torch.Disagreements) != 3 {
		t.Fatalf("unmatched %d, disagreements %+v; want 2 of 3", torch.Unmatched, torch.Disagreements)
	}
	got := map[string]Disagreement{}
	for _, d := range torch.Disagreements {
		got[d.Query] = d
	}
	for q, want := range fakeTable {
		d, ok := got[q]
		if !ok {
			t.Errorf("%s: not listed", q)
			continue
		}
		if d.Framework != want {
			t.Errorf("%s: framework %q, want %q", q, d.Framework, want)
		}
		if d.Rule == "" || d.Promote == "" {
			t.Errorf("%s: no promote answer or rule: %+v", q, d)
		}
	}
	var noU16 []string // the releases before uint16 (2.3)
	for _, v := range pytorch.Versions {
		if !pytorch.HasIn(v, dtype.U16) {
			noU16 = append(noU16, "pytorch:version="+v, "pytorch:version="+v+":default_float=f64")
		}
	}
	if d := got["u16 f16[](1)"]; !slices.Equal(d.AgreedBy, noU16) {
		t.Errorf("u16 f16[](1): agreed by %v, want the settings of the releases without uint16", d.AgreedBy)
	}
	if !slices.Equal(torch.Unmodelled, []string{"qint8"}) {
		t.Errorf("unmodelled %v, want qint8", torch.Unmodelled)
	}
	if len(torch.Settings) != 2*len(pytorch.Versions) || torch.Settings[0].Setting != torch.Best.Setting {
		t.Errorf("settings %+v", torch.Settings)
	}

	var b bytes.Buffer
	rep.Python = "python3" // the test binary's path differs from run to run
	rep.Promote = "test"
	if err := rep.WriteMarkdown(&b); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "fake_report.md")
	if *update {
		if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (go test ./probe -run TestFakeFramework -update writes it)", err)
	}
	if !bytes.Equal(b.Bytes(), want) {
		t.Errorf("Markdown report differs from %s (-update rewrites it):\n%s", golden, b.String())
	}
}

// TestBadInterpreters: each way an interpreter can fail is a clear error,
// never a hang or a report.
func TestBadInterpreters(t *testing.T) {
	for _, c := range []struct {
		mode    string
		timeout time.Duration
		want    string
	}{
		{"notpy", time.Minute, "is not a Python 3 interpreter: --version answered \"GNU bash"},
		{"crash", time.Minute, "exited with exit status 3: ImportError: planted crash"},
		{"hang", 2 * time.Second, "did not finish within 2s after 0 of"},
		{"garbage", time.Minute, "its first line is not the probe's greeting: \"Hello from a startup banner\""},
		{"longline", time.Minute, "a line longer than 1048576 bytes"},
		{"badid", time.Minute, "an answer to no query it was asked"},
		{"short", time.Minute, "it answered 10 of"},
	} {
		t.Run(c.mode, func(t *testing.T) {
			opt := fakeOptions(t, c.mode)
			opt.Timeout = c.timeout
			rep, err := Run(context.Background(), opt)
			if err == nil {
				t.Fatalf("no error; report %+v", rep)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q, want it to say %q", err, c.want)
			}
		})
	}
	t.Run("missing", func(t *testing.T) {
		_, err := Run(context.Background(), Options{Python: filepath.Join(t.TempDir(), "python3")})
		if err == nil || !strings.Contains(err.Error(), "-python PATH") {
			t.Errorf("error %v, want one naming -python PATH", err)
		}
	})
}

// TestOutputCap: more output than MaxOutput stops the run.
func TestOutputCap(t *testing.T) {
	opt := fakeOptions(t, "ok")
	opt.MaxOutput = 4 << 10
	_, err := Run(context.Background(), opt)
	if err == nil || !strings.Contains(err.Error(), "wrote more than 4096 bytes") {
		t.Errorf("error %v, want the output cap", err)
	}
}

// TestSelect: no names picks every live oracle the rule sets declare, in
// registry order; a rule set's name picks its oracles, a module its own.
func TestSelect(t *testing.T) {
	var every []string
	for _, d := range rules.All() {
		for _, o := range d.Oracles {
			every = append(every, o.Module)
		}
	}
	for _, c := range []struct {
		in   []string
		want []string
		err  string
	}{
		{nil, every, ""},
		{[]string{"pytorch"}, []string{"torch"}, ""},
		{[]string{"torch", "pytorch"}, []string{"torch"}, ""},
		{[]string{"numpy"}, []string{"numpy", "numpy+ml_dtypes"}, ""},
		{[]string{"NumPy+ml_dtypes", " jax "}, []string{"numpy+ml_dtypes", "jax"}, ""},
		{[]string{"cupy"}, []string{"cupy"}, ""},
		{[]string{"kernel-float"}, nil, `"kernel-float" is not a rule set or framework the probe can ask (valid: torch, pytorch, numpy`},
	} {
		fws, err := Select(c.in)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("Select(%q): error %v, want %q", c.in, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("Select(%q): %v", c.in, err)
			continue
		}
		var names []string
		for _, f := range fws {
			names = append(names, f.Module)
		}
		if !slices.Equal(names, c.want) {
			t.Errorf("Select(%q) = %v, want %v", c.in, names, c.want)
		}
	}
}

// TestCandidates: the defaults come first; every combination of small
// option sets is tried; pinned options are not searched.
func TestCandidates(t *testing.T) {
	for _, c := range []struct {
		name   string
		cands  func() ([]candidate, error)
		labels []string
	}{
		{"pytorch", func() ([]candidate, error) { return candidates(pytorch.Def, nil) }, func() []string {
			labels := []string{"pytorch", "pytorch:default_float=f64"}
			for _, v := range pytorch.Versions[1:] {
				labels = append(labels, "pytorch:version="+v, "pytorch:version="+v+":default_float=f64")
			}
			return labels
		}()},
		{"numpy", func() ([]candidate, error) {
			return candidates(numpy.Def, []string{"check_values=false", "ml_dtypes=true"})
		}, []string{"numpy:ml_dtypes=true", "numpy:promotion=legacy:ml_dtypes=true"}},
	} {
		cands, err := c.cands()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var labels []string
		for _, cd := range cands {
			labels = append(labels, cd.label)
		}
		if !slices.Equal(labels, c.labels) {
			t.Errorf("%s: %v, want %v", c.name, labels, c.labels)
		}
	}
}

// TestQueries: the count follows from the dtypes and kinds, every query
// parses, and each tensor reaches the script under the framework's name.
func TestQueries(t *testing.T) {
	types := []dtype.DType{dtype.Bool, dtype.U8, dtype.F32}
	lits := len(plainLiterals) + len(boundaryLiterals)
	for _, c := range []struct {
		kinds []string
		want  int
	}{
		{[]string{kindRanked}, 9},
		{[]string{kindRanked, kindZeroDim}, 9 * 4},
		{[]string{kindRanked, kindLiterals}, 9 + 3*len(plainLiterals)*2},
		{[]string{kindRanked, kindLiterals, kindBoundary}, 9 + 3*lits*2},
		{[]string{kindRanked, kindZeroDim, kindLiterals, kindBoundary}, 9*4 + 3*2*lits*2},
	} {
		qs := queries(types, c.kinds, dialectNames(dtype.PyTorch))
		if len(qs) != c.want {
			t.Errorf("kinds %v: %d queries, want %d", c.kinds, len(qs), c.want)
		}
	}
	qs := queries(types, []string{kindRanked, kindZeroDim, kindLiterals, kindBoundary}, dialectNames(dtype.PyTorch))
	if q := qs[0]; q.text != "bool bool" || q.wire[0] != (wireOperand{Kind: "t", DType: "bool", Rank: 1}) {
		t.Errorf("first query %+v", q)
	}
	found := false
	for _, q := range qs {
		if q.text == "u8[](1) 18446744073709551616" {
			found = true
			want := []wireOperand{{Kind: "t", DType: "uint8", Rank: 0}, {Kind: "l", Type: "int", Value: "18446744073709551616"}}
			if !slices.Equal(q.wire, want) {
				t.Errorf("%s: wire %+v, want %+v", q.text, q.wire, want)
			}
		}
	}
	if !found {
		t.Error("no query of a zero-dim u8 with 2**64")
	}
	// Typed scalars: bool holds true, u8 holds 1 but not 300, f32 holds
	// 1.0 and 70000.0; each meets every dtype's tensor both ways.
	sq := queries(types, []string{kindRanked, kindScalar}, dialectNames(dtype.NumPy))
	if want := 9 + (1+1+2)*3*2; len(sq) != want {
		t.Errorf("with scalars: %d queries, want %d", len(sq), want)
	}
	if q := sq[9]; q.text != "bool(true) bool" || q.wire[0] != (wireOperand{Kind: "s", DType: "bool", Type: "bool", Value: "true"}) {
		t.Errorf("first scalar query %+v", q)
	}
}

// TestFrameworkName: the spelling each framework's module has.
func TestFrameworkName(t *testing.T) {
	for _, c := range []struct {
		d    dtype.DType
		dial *dtype.Dialect
		want string
	}{
		{dtype.Bool, dtype.PyTorch, "bool"},
		{dtype.F32, dtype.PyTorch, "float32"},
		{dtype.F64, dtype.NumPy, "float64"},
		{dtype.U8, dtype.PyTorch, "uint8"},
		{dtype.I64, dtype.NumPy, "int64"},
		{dtype.BF16, dtype.NumPy, "bfloat16"},
		{dtype.C32, dtype.PyTorch, "complex32"},
		{dtype.F8E4M3FN, dtype.PyTorch, "float8_e4m3fn"},
		{dtype.F8E4M3FNUZ, dtype.NumPy, "float8_e4m3fnuz"},
		{dtype.F80, dtype.NumPy, "longdouble"},
		{dtype.C160, dtype.NumPy, "clongdouble"},
		{dtype.I4, nil, "int4"},
	} {
		if got := frameworkName(c.d, c.dial); got != c.want {
			t.Errorf("frameworkName(%s, %v) = %q, want %q", c.d, c.dial, got, c.want)
		}
	}
}

// TestAgrees: the comparison the scores count.
func TestAgrees(t *testing.T) {
	str := func(s string) *string { return &s }
	for _, c := range []struct {
		a    answer
		p    verdict
		want bool
	}{
		{answer{A: str("float32")}, verdict{dtype: dtype.F32}, true},
		{answer{A: str("torch.float32")}, verdict{dtype: dtype.F32}, true},
		{answer{A: str("float32")}, verdict{dtype: dtype.F64}, false},
		{answer{A: str("float32")}, verdict{refuse: true}, false},
		{answer{E: str("TypeError: no")}, verdict{refuse: true}, true},
		{answer{E: str("TypeError: no")}, verdict{dtype: dtype.F32}, false},
		// NumPy 1.x's object dtype is outside the catalogue: promote refuses.
		{answer{A: str("object")}, verdict{refuse: true}, true},
		{answer{A: str("object")}, verdict{dtype: dtype.F64}, false},
	} {
		f := frameworkVerdict(&c.a, dtype.PyTorch)
		if got := agrees(f, c.p); got != c.want {
			t.Errorf("agrees(%+v, %+v) = %v", f, c.p, got)
		}
	}
}

// FuzzAnswerLine: whatever the interpreter writes, reading it as an answer
// never panics.
func FuzzAnswerLine(f *testing.F) {
	for _, s := range []string{`{"i": 0, "a": "float32"}`, `{"i": 1, "e": "TypeError: x"}`, `{"type": "done"}`,
		`{"i": -1}`, `not json`, `{"i": 0, "a": "float32"} trailing`, `{"a": "\u0000"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		var a answer
		if err := strictJSON(line, &a); err != nil {
			return
		}
		if a.A != nil || a.E != nil {
			frameworkVerdict(&a, dtype.NumPy)
		}
		var h hello
		strictJSON(line, &h)
	})
}

// TestPythonOf: each disagreement can be rerun as the Python the script
// ran.
func TestPythonOf(t *testing.T) {
	for _, c := range []struct {
		fw, text string
		dial     *dtype.Dialect
		want     string
	}{
		{"numpy", "u8[](1) 300", dtype.NumPy, `np.result_type(np.ones((), np.dtype("uint8")), 300)`},
		{"numpy+ml_dtypes", "bf16 inf", dtype.NumPy, `np.result_type(np.ones(1, ml_dtypes.bfloat16), float("inf"))`},
		{"torch", "true i64", dtype.PyTorch, `torch.result_type(True, torch.empty(1, dtype=torch.int64))`},
		{"jax", "f32 -inf", dtype.NumPy, `jax.eval_shape(jnp.add, np.ones(1, jnp.dtype("float32")), -float("inf")).dtype`},
		{"paddle", "i32 1.5", dtype.NumPy, `(paddle.ones([1], "int32") + 1.5).dtype`},
		{"triton", "f32 f16", dtype.NumPy, ""},
		{"numpy", "i8 u64(300)", dtype.NumPy, `np.result_type(np.ones(1, np.dtype("int8")), np.dtype("uint64").type(300))`},
		{"numpy+ml_dtypes", "bf16(1.0) f16", dtype.NumPy, `np.result_type(ml_dtypes.bfloat16(1.0), np.ones(1, np.dtype("float16")))`},
		{"cupy", "i32 1.5", dtype.NumPy, `cupy.add(cupy.ones(1, "int32"), 1.5).dtype`},
		{"tensorflow", "f32 1", dtype.NumPy, `tf.math.add(tf.ones([1], tf.float32), 1).dtype`},
		{"mlx", "i8[] f16", dtype.NumPy, `mx.add(mx.ones((), mx.int8), mx.ones((1,), mx.float16)).dtype`},
		{"tinygrad", "i8 f32", dtype.NumPy, `(Tensor.ones(1, dtype=dtypes.int8) + Tensor.ones(1, dtype=dtypes.float32)).dtype`},
		{"mindspore", "i8 f16", dtype.NumPy, `mindspore.ops.add(mindspore.ops.ones((1,), mindspore.int8), mindspore.ops.ones((1,), mindspore.float16)).dtype`},
		{"keras", "f32 f16", dtype.NumPy, ""},
	} {
		q, ok := makeQuery(strings.Fields(c.text), dialectNames(c.dial))
		if !ok {
			t.Fatalf("%s: no query", c.text)
		}
		fw, ok := frameworkNamed(c.fw)
		if !ok {
			t.Fatalf("no framework %s", c.fw)
		}
		if got := pythonOf(fw, q); got != c.want {
			t.Errorf("%s %s: %s, want %s", c.fw, c.text, got, c.want)
		}
	}
}

// TestCandidatesEveryFramework: every framework's rule set yields settings,
// the defaults (with the pinned options) first.
func TestCandidatesEveryFramework(t *testing.T) {
	for _, f := range Frameworks() {
		cands, err := candidates(f.Rules, f.Pinned)
		if err != nil {
			t.Errorf("%s: %v", f.Module, err)
			continue
		}
		def, err := f.Rules.Build(f.Pinned...)
		if err != nil {
			t.Fatal(err)
		}
		if len(cands) == 0 || len(cands) > maxSettings || cands[0].label != rules.Label(def) {
			t.Errorf("%s: %d settings, the first %q", f.Module, len(cands), cands[0].label)
		}
		if len(knownTypes(cands)) < 10 {
			t.Errorf("%s: only %d dtypes", f.Module, len(knownTypes(cands)))
		}
	}
}

// TestVersionNote: a release outside those the rule set names is said to
// be, never silently mapped to the nearest.
func TestVersionNote(t *testing.T) {
	for _, c := range []struct {
		fw, version string
		want        string
	}{
		{"torch", "1.13.0a0", ""},
		{"torch", "2.11.0+cu130", ""},
		{"torch", "2.6.0+cu124", ""},
		{"torch", "2.14.1", ""},
		{"torch", "3.0.0", "torch 3.0.0 is newer than the newest release the pytorch rule set names (version=2.14)"},
		{"torch", "2.15.0.dev20270101", "is newer than"},
		{"torch", "1.12.1", "torch 1.12.1 is older than the oldest release the pytorch rule set names (version=1.13)"},
		{"torch", "unknown", ""},
	} {
		got := versionNote(c.fw, c.version, pytorch.Def)
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("%s %s: %q, want %q", c.fw, c.version, got, c.want)
		}
	}
	majors := &promote.Def{Name: "cupy", Options: []promote.Option{{Name: "version", Kind: promote.EnumOption, Default: "14", Values: []string{"14", "13"}}}}
	for v, want := range map[string]string{"14.2.0": "", "13.6.0": "", "15.0.0": "newer", "12.3.0": "older"} {
		if got := versionNote("cupy", v, majors); want == "" && got != "" || !strings.Contains(got, want) {
			t.Errorf("cupy %s against major versions: %q, want %q", v, got, want)
		}
	}
	if got := versionNote("numpy", "2.5.2", numpy.Def); got != "" {
		t.Errorf("numpy has no version option, yet: %q", got)
	}
}

// frameworkNamed is the declared framework whose module is module.
func frameworkNamed(module string) (Framework, bool) {
	for _, f := range Frameworks() {
		if f.Module == module {
			return f, true
		}
	}
	return Framework{}, false
}
