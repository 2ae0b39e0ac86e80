package keras

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/tsvtest"
	"github.com/promote-dev/promote/lattice"
)

// TestResolveWeakType mirrors dtypes_test.py's _resolve_weak_type tests
// (test_resolve_weak_type_bool, _int, _uint, _float, _for_bfloat16,
// _for_bfloat16_with_precision) on resolveWeak.
func TestResolveWeakType(t *testing.T) {
	cases := []struct {
		in        dtype.DType
		precision int
		want      dtype.DType
	}{
		{dtype.Bool, 32, dtype.Bool},
		{dtype.I32, 32, dtype.I32},
		{dtype.I64, 64, dtype.I64},
		{dtype.U32, 32, dtype.U32},
		{dtype.U64, 64, dtype.U64},
		{dtype.F32, 32, dtype.F32},
		{dtype.F64, 64, dtype.F64},
		{dtype.BF16, 32, dtype.F32},
		{dtype.BF16, 64, dtype.F64},
		{dtype.I8, 16, dtype.I16},
		{dtype.C64, 32, dtype.F32}, // "c" falls to float{P}, as dtype[:1] does
	}
	for _, c := range cases {
		cfg := config{precision: c.precision}
		if got := cfg.resolveWeak(nodeOf[c.in]); got != c.want {
			t.Errorf("_resolve_weak_type(%s, %d) = %s, want %s", c.in, c.precision, got, c.want)
		}
	}
	cfg := config{precision: 16}
	if got := cfg.resolveWeak(nodeInt); got != dtype.I16 {
		t.Errorf("weak int at 16 = %s", got)
	}
	if got := cfg.resolveWeak(nodeFloat); got != dtype.F16 {
		t.Errorf("weak float at 16 = %s", got)
	}
}

// TestRespectWeakType mirrors test_respect_weak_type_for_bool, _for_int and
// _for_float: a weak argument's node is its Python type, bool stays bool.
func TestRespectWeakType(t *testing.T) {
	for _, c := range []struct {
		a    arg
		want lattice.Node
	}{
		{arg{d: dtype.Bool, weak: true}, nodeOf[dtype.Bool]},
		{arg{d: dtype.I32, weak: true}, nodeInt},
		{arg{d: dtype.F32, weak: true}, nodeFloat},
		{arg{d: dtype.F32}, nodeOf[dtype.F32]},
	} {
		if got := respectWeak(c.a); got != c.want {
			t.Errorf("respectWeak(%+v) = %v, want %v", c.a, got, c.want)
		}
	}
}

// TestSymmetric: result_type is a set operation, so every ordered pair
// gives the same answer both ways, under every setting.
func TestSymmetric(t *testing.T) {
	for _, r := range tsvtest.Every(t, Def) {
		for _, a := range dtype.All() {
			for _, b := range dtype.All() {
				x, errX := r.PromoteTypes(a, b)
				y, errY := r.PromoteTypes(b, a)
				if (errX == nil) != (errY == nil) || x.DType != y.DType {
					t.Errorf("%v (%s, %s) = %v %v, reversed %v %v", r.Settings(), a, b, x, errX, y, errY)
				}
			}
		}
	}
}

// TestOrderNeverMatters: three operands, literals included, in every order.
func TestOrderNeverMatters(t *testing.T) {
	ops := []string{"u8", "i8", "f16", "u64", "1", "1.5", "true", "1j", "bf16", "i64"}
	for _, r := range tsvtest.Every(t, Def) {
		for _, a := range ops {
			for _, b := range ops {
				for _, c := range ops {
					x := tsvtest.Check(t, Def.MustBuild(r.Settings().Changed()...), a+" "+b+" "+c)
					for _, perm := range []string{a + " " + c + " " + b, b + " " + a + " " + c, c + " " + b + " " + a} {
						if y := tsvtest.Check(t, Def.MustBuild(r.Settings().Changed()...), perm); y != x {
							t.Fatalf("%v: %q = %s but %q = %s", r.Settings(), a+" "+b+" "+c, x, perm, y)
						}
					}
				}
			}
		}
	}
}

// TestNeverWeak: no answer of result_type is weak.
func TestNeverWeak(t *testing.T) {
	for _, r := range tsvtest.Every(t, Def) {
		for _, line := range []string{"1", "1.5", "1 2", "u64 i8", "bool 1", ""} {
			ops, err := promote.ParseOperands(Dialect, line)
			if err != nil {
				t.Fatal(err)
			}
			if res, err := r.Result(ops...); err != nil || res.Weak {
				t.Errorf("%v %q = %v, %v", r.Settings(), line, res, err)
			}
		}
	}
}

// TestOptionErrors: an unknown option value lists the valid ones.
func TestOptionErrors(t *testing.T) {
	for kv, want := range map[string]string{
		"backend=cntk": "jax|tensorflow|torch|numpy|openvino",
		"floatx=f8":    "f32|f16|bf16|f64",
		"x64=true":     "valid: backend=",
	} {
		if _, err := Def.Build(kv); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Build(%s) = %v, want an error holding %q", kv, err, want)
		}
	}
}
