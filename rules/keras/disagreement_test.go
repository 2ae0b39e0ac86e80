package keras

import (
	"testing"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// Each named disagreement and quirk of spec.md §8, as a test.

// TestDocstringComplexIntExample: the result_type docstring
// (dtypes.py:306-308) shows result_type(complex64, int) as "float64"; the
// lattice gives complex64, since the weak int joins complex64 directly and
// complex64 is among the inputs.
func TestDocstringComplexIntExample(t *testing.T) {
	const documented = "f64"
	for _, r := range tsvtest.Every(t, Def) {
		got := tsvtest.Check(t, Def.MustBuild(r.Settings().Changed()...), "c64 1")
		if got != "c64" {
			t.Errorf("%v: complex64 with int = %s, want c64 (the code)", r.Settings(), got)
		}
		if got == documented {
			t.Errorf("%v: the docstring's float64 came true; update spec.md §8.1", r.Settings())
		}
	}
}

// TestBFloat16FloatxResolvesToFloat16: with floatx bfloat16 the weak float
// resolves by "bfloat16"[-2:] = "16" to float16 (keras-team/keras issue
// #23712), while result_type() is bfloat16 itself.
func TestBFloat16FloatxResolvesToFloat16(t *testing.T) {
	kv := []string{"floatx=bf16"}
	for query, want := range map[string]string{
		"":        "bf16", // result_type()
		"1.5":     "f16",  // result_type(float)
		"i32 1.5": "f16",  // result_type("int32", float), as ops.add(x, 0.5)
		"bool 1":  "i16",  // the weak int takes the same precision
	} {
		if got := tsvtest.Check(t, Def.MustBuild(kv...), query); got != want {
			t.Errorf("floatx=bf16 %q = %s, want %s", query, got, want)
		}
	}
}

// TestNoCutForNoArguments: result_type() returns floatx before the 64-bit
// cut, so with floatx float64 on the JAX backend it is float64 while a
// Python float alone is float32.
func TestNoCutForNoArguments(t *testing.T) {
	kv := []string{"backend=jax", "floatx=f64"}
	if got := tsvtest.Check(t, Def.MustBuild(kv...), ""); got != "f64" {
		t.Errorf("result_type() = %s, want f64", got)
	}
	if got := tsvtest.Check(t, Def.MustBuild(kv...), "1.5"); got != "f32" {
		t.Errorf("result_type(float) = %s, want f32", got)
	}
}

// TestCutLosesPrecision: float64 with complex64 joins at complex128, which
// is cut to complex64 on every backend, TensorFlow included.
func TestCutLosesPrecision(t *testing.T) {
	for _, r := range tsvtest.Every(t, Def) {
		if got := tsvtest.Check(t, Def.MustBuild(r.Settings().Changed()...), "f64 c64"); got != "c64" {
			t.Errorf("%v: f64 c64 = %s, want c64", r.Settings(), got)
		}
	}
}

// TestUnsignedWithSignedOnTensorFlow: TensorFlow keeps int64, yet int64
// with uint64 is the weak float, resolved to float32.
func TestUnsignedWithSignedOnTensorFlow(t *testing.T) {
	if got := tsvtest.Check(t, Def.MustBuild(nil...), "i64 u64"); got != "f32" {
		t.Errorf("i64 u64 = %s, want f32", got)
	}
}

// TestBackendDefault: the rule set defaults to backend=jax, as issue 11
// asks and as Keras's dtypes tests compare result_type with JAX; Keras's
// config.py falls back to _BACKEND = "tensorflow" when KERAS_BACKEND is
// unset, which is the backend=tensorflow preset (a named disagreement).
func TestBackendDefault(t *testing.T) {
	if d := Def.Options[0]; d.Name != "backend" || d.Default != "jax" {
		t.Fatalf("backend option %+v, want default jax", d)
	}
	if got := tsvtest.Check(t, Def.MustBuild(nil...), "i64 i64"); got != "i32" {
		t.Errorf("default backend: i64 i64 = %s, want i32 (the 64-bit cut off TensorFlow)", got)
	}
	if got := tsvtest.Check(t, Def.MustBuild([]string{"backend=tensorflow"}...), "i64 i64"); got != "i64" {
		t.Errorf("backend=tensorflow: i64 i64 = %s, want i64 (TensorFlow keeps int64)", got)
	}
}

// TestPythonIntMapIsInvisible: PYTHON_DTYPES_MAP maps int to int64 on
// TensorFlow and int32 elsewhere, and complex to complex128 or complex64,
// yet no answer for a Python literal depends on it (spec.md §5): compare
// every dtype the cut leaves alone with every literal kind under both
// backend groups. (With floatx float64 the cut itself makes them differ.)
func TestPythonIntMapIsInvisible(t *testing.T) {
	n := 0
	for _, fx := range []string{"f32", "f16", "bf16"} {
		tf := []string{"backend=tensorflow", "floatx=" + fx}
		jx := []string{"backend=jax", "floatx=" + fx}
		for _, d := range strongNodes {
			if newConfig(false, dtype.F32).cut(d) != d {
				continue // int64, uint64, float64, complex128
			}
			for _, lit := range []string{"1", "1.5", "true", "1j", "1 2", "1 1.5"} {
				q := d.String() + " " + lit
				if a, b := tsvtest.Check(t, Def.MustBuild(tf...), q), tsvtest.Check(t, Def.MustBuild(jx...), q); a != b {
					t.Errorf("floatx=%s %q: tensorflow %s, jax %s", fx, q, a, b)
				}
				n++
			}
		}
	}
	if n < 100 {
		t.Fatalf("only %d queries compared", n)
	}
}
