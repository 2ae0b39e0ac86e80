package tensorflow

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// TestSafeFoldOrderDependence is spec.md's example: uint8 ∨ int8 is int16
// at level ALL, so the first order raises in SAFE mode; the second takes
// only SAFE steps (uint8 ∨ int16 = int16, int16 ∨ int8 = int16).
func TestSafeFoldOrderDependence(t *testing.T) {
	tsvtest.CheckVectors(t, Def, "mode", [][3]string{
		{ModeSafe, "u8 i8 i16", "error: In promotion mode PromoMode.SAFE, implicit dtype promotion between (<dtype: 'uint8'>, weak=False) and (<dtype: 'int8'>, weak=False) is disallowed."},
		{ModeSafe, "u8 i16 i8", "i16"},
		{ModeAll, "u8 i8 i16", "i16"},
		{ModeAll, "u8 i16 i8", "i16"},
		// The message names each side's weakness: a Python float is
		// (float32, weak=True).
		{ModeSafe, "u64 1.0", "error: between (<dtype: 'uint64'>, weak=False) and (<dtype: 'float32'>, weak=True)"},
	})
}

// TestNotableFacts are the "Notable facts" of spec.md.
func TestNotableFacts(t *testing.T) {
	tsvtest.CheckVectors(t, Def, "mode", [][3]string{
		// An integer array with a Python float gives f64? (level ALL).
		{ModeAll, "i8 1.5", "f64?"},
		{ModeSafe, "i8 1.5", "error: PromoMode.SAFE"},
		{ModeAll, "u64 i8", "f64?"},
		// bool with a Python float stays f32?; int32* with float32* is f32?.
		{ModeAll, "bool 1.5", "f32?"},
		{ModeSafe, "bool 1.5", "f32?"},
		{ModeAll, "1 1.5", "f32?"},
		{ModeAll, "i32? f32?", "f32?"},
		// A Python int with bool is i32?; with a strong int or float it is
		// that type, even uint8.
		{ModeAll, "bool 1", "i32?"},
		{ModeAll, "u8 1", "u8"},
		{ModeAll, "1 u8", "u8"},
		{ModeAll, "bf16 7", "bf16"},
		// uint64 with int* is uint64, allowed in SAFE mode.
		{ModeSafe, "u64 1", "u64"},
		{ModeSafe, "u64 i64?", "u64"},
		// tf.DType-like arguments: float32 with float16 is float32; the
		// Variable float32 + float64 case is float64.
		{ModeAll, "f32 f16", "f32"},
		{ModeAll, "f32 f64", "f64"},
	})
}

// TestOperands: _get_dtype_and_weakness on each operand kind.
func TestOperands(t *testing.T) {
	tsvtest.CheckVectors(t, Def, "mode", [][3]string{
		{ModeAll, "1", "i32?"},
		{ModeAll, "-2147483648", "i32?"},
		{ModeAll, "2147483648", "error: Python int 2147483648 too large to convert to np.int32"},
		{ModeSafe, "f32 -2147483649", "error: Python int -2147483649 too large to convert to np.int32"},
		{ModeAll, "2.5", "f32?"},
		{ModeAll, "nan", "f32?"},
		{ModeAll, "1j", "c128?"},
		{ModeAll, "true", "bool"},
		{ModeAll, "", "f32?"},
		{ModeSafe, "", "f32?"},
		{ModeAll, "f64(1.5)", "f64"},
		{ModeAll, "f64(1.5) f32?", "f64"},
		{ModeAll, "i64(3) 1.0", "f64?"},
		{ModeAll, "i32?", "i32?"},
		{ModeAll, "f64?", "f64?"},
		{ModeAll, "c128?", "c128?"},
		{ModeAll, "f16?", "error: TensorFlow has no WeakTensor of dtype float16"},
		{ModeAll, "bool?", "error: no WeakTensor of dtype bool"},
		{ModeAll, "f64(1.5)?", "error: a NumPy scalar is never weak"},
		{ModeAll, "i64[]", "i64"},
		{ModeAll, "i64[] 1.0", "f64?"},
		{ModeAll, "f8e4m3fn", "error: TensorFlow's type promotion has no entry for f8e4m3fn"},
		{ModeAll, "f32 i4", "error: no entry for i4"},
		{ModeSafe, "c32", "error: no entry for c32"},
		{ModeAll, "1L", "error: 1L is not a Python literal"},
		{ModeAll, "tf.float32 tf.half", "f32"},
		{ModeAll, "tf.double", "f64"},
	})
}

// TestSafeWeakRefusals: the weak pairs at level ALL.
func TestSafeWeakRefusals(t *testing.T) {
	tsvtest.CheckVectors(t, Def, "mode", [][3]string{
		{ModeSafe, "i64 f64?", "error: between (<dtype: 'int64'>, weak=False) and (<dtype: 'float64'>, weak=True)"},
		{ModeSafe, "i32 f64?", "f64?"},
		{ModeSafe, "u64 1j", "error: PromoMode.SAFE"},
		{ModeSafe, "f32 1j", "error: PromoMode.SAFE"},
		{ModeAll, "f32 1j", "c64"},
		{ModeSafe, "f64 1j", "c128"},
		{ModeSafe, "bf16 f16", "error: PromoMode.SAFE"},
		{ModeAll, "bf16 f16", "f32"},
		{ModeSafe, "f64 c64", "error: PromoMode.SAFE"},
		{ModeAll, "f64 c64", "c128"},
	})
}

// TestLegacy: TensorFlow's default mode, no promotion.
func TestLegacy(t *testing.T) {
	tsvtest.CheckVectors(t, Def, "mode", [][3]string{
		{ModeLegacy, "f32", "f32"},
		{ModeLegacy, "f32 f32[]", "f32"},
		{ModeLegacy, "f32 f64", "error: cannot compute AddV2 as input #1(zero-based) was expected to be a float tensor but is a double tensor [Op:AddV2]"},
		{ModeLegacy, "f32 i32", "error: expected to be a float tensor but is a int32 tensor"},
		{ModeLegacy, "i8 i8 i16", "error: expected to be a int8 tensor but is a int16 tensor"},
		// Python scalars take the tensor's dtype, on either side.
		{ModeLegacy, "i8 1", "i8"},
		{ModeLegacy, "1 i8", "i8"},
		{ModeLegacy, "u8 300", "u8"}, // wrapped by the cast, not refused
		{ModeLegacy, "f16 1.5", "f16"},
		{ModeLegacy, "bf16 1.5", "bf16"},
		{ModeLegacy, "f32 7", "f32"},
		{ModeLegacy, "c64 1.5", "c64"},
		{ModeLegacy, "c64 1j", "c64"},
		{ModeLegacy, "i32 1.5", "error: Cannot convert 1.5 to EagerTensor of dtype int32"},
		{ModeLegacy, "1.5 i32", "error: Cannot convert 1.5 to EagerTensor of dtype int32"},
		{ModeLegacy, "i32 1.0", "error: Cannot convert 1.0 to EagerTensor of dtype int32"},
		{ModeLegacy, "i64 2.5e3", "error: Cannot convert 2500.0 to EagerTensor of dtype int64"},
		{ModeLegacy, "bool 1", "error: Cannot convert 1 to EagerTensor of dtype bool"},
		{ModeLegacy, "f32 1j", "error: Cannot convert 1j to EagerTensor of dtype float"},
		{ModeLegacy, "f64 (1+2j)", "error: Cannot convert (1+2j) to EagerTensor of dtype double"},
		// bool converts where TensorFlow has a converter that takes Python
		// ints (bool is one), and fails where it casts from a bool tensor.
		{ModeLegacy, "i32 true", "i32"},
		{ModeLegacy, "f32 true", "f32"},
		{ModeLegacy, "i8 true", "error: Cannot convert True to EagerTensor of dtype int8"},
		{ModeLegacy, "bf16 false", "error: Cannot convert False to EagerTensor of dtype bfloat16"},
		{ModeLegacy, "i32 9223372036854775808", "error: Can't convert Python sequence with out-of-range integer to Tensor."},
		{ModeLegacy, "u64 18446744073709551615", "u64"},
		{ModeLegacy, "u64 -1", "error: can't convert negative int to unsigned"},
		// Weak tensors are plain tensors of their dtype.
		{ModeLegacy, "i32? 1", "i32"},
		{ModeLegacy, "i32? i64", "error: expected to be a int32 tensor but is a int64 tensor"},
		// Python scalars alone: tf.constant's default dtypes.
		{ModeLegacy, "1", "i32"},
		{ModeLegacy, "3000000000", "i64"},
		{ModeLegacy, "1.5", "f32"},
		{ModeLegacy, "1e300", "error: Can't convert Python sequence with a value out of range for a double-precision float."},
		{ModeLegacy, "1j", "c128"},
		{ModeLegacy, "true", "bool"},
		{ModeLegacy, "1 2", "i32"},
		{ModeLegacy, "1 2.5", "error: Cannot convert 2.5 to EagerTensor of dtype int32"},
		{ModeLegacy, "2.5 1", "f32"},
		{ModeLegacy, "", "error: no operands"},
		{ModeLegacy, "f8e5m2", "error: no entry for f8e5m2"},
	})
}

// TestLegacyGuideOldPromotion is the TF-NumPy type promotion guide's "Old
// Type Promotion" example: a = np.array(1, int8), b = tf.constant(1)
// (int32), c = np.array(1, float16). (a + b) + c fails in the kernel with
// int8 expected; (b + a) + c is int32. The NumPy arrays are written here
// as NumPy scalars, which TensorFlow converts the same way.
func TestLegacyGuideOldPromotion(t *testing.T) {
	tsvtest.CheckVectors(t, Def, "mode", [][3]string{
		{ModeLegacy, "i8(1) i32[] f16(1)", "error: cannot compute AddV2 as input #1(zero-based) was expected to be a int8 tensor but is a int32 tensor"},
		{ModeLegacy, "i32[] i8(1) f16(1)", "i32"},
		// The same with the new type promotion: f16 both ways.
		{ModeAll, "i8(1) i32[]? f16(1)", "f16"},
		{ModeAll, "i32[]? i8(1) f16(1)", "f16"},
	})
}

// TestPromoteTypes: the pair tables treat both dtypes as strong tensors.
func TestPromoteTypes(t *testing.T) {
	all, safe, legacy := Def.MustBuild("mode=all"), Def.MustBuild("mode=safe"), Def.MustBuild()
	if r, err := all.PromoteTypes(dtype.U64, dtype.I8); err != nil || r.String() != "f64?" {
		t.Errorf("all: PromoteTypes(u64, i8) = %v, %v; want f64?", r, err)
	}
	if r, err := all.PromoteTypes(dtype.U8, dtype.I8); err != nil || r.String() != "i16" {
		t.Errorf("all: PromoteTypes(u8, i8) = %v, %v; want i16", r, err)
	}
	if _, err := safe.PromoteTypes(dtype.U8, dtype.I8); err == nil || !strings.Contains(err.Error(), "PromoMode.SAFE") {
		t.Errorf("safe: PromoteTypes(u8, i8) err = %v, want the SAFE TypeError", err)
	}
	if r, err := legacy.PromoteTypes(dtype.F32, dtype.F32); err != nil || r.String() != "f32" {
		t.Errorf("legacy: PromoteTypes(f32, f32) = %v, %v", r, err)
	}
	// Every refusal names the pair it refuses (the table's message index
	// holds all the distinct messages).
	for _, a := range dtype.All() {
		for _, b := range dtype.All() {
			_, err := legacy.PromoteTypes(a, b)
			switch {
			case !known(a) || !known(b):
				bad := a
				if known(a) {
					bad = b
				}
				if err == nil || !strings.Contains(err.Error(), "no entry for "+bad.String()) {
					t.Errorf("legacy (%s, %s): %v", a, b, err)
				}
			case a != b:
				if err == nil || !strings.Contains(err.Error(), mismatchMsg(1, a, b)) {
					t.Errorf("legacy (%s, %s): %v", a, b, err)
				}
			case err != nil:
				t.Errorf("legacy (%s, %s): %v", a, b, err)
			}
			// The table path agrees with Result on two strong tensors.
			for _, r := range []promote.Rules{all, safe, legacy} {
				p, perr := r.PromoteTypes(a, b)
				q, qerr := r.Result(promote.T(a), promote.T(b))
				if (perr == nil) != (qerr == nil) || perr == nil && p.String() != q.String() {
					t.Errorf("%s (%s, %s): PromoteTypes %v %v, Result %v %v", r.Settings(), a, b, p, perr, q, qerr)
				}
			}
		}
	}
}

// TestJAXEquivalence: with TF's weak nodes mapped to JAX's (i32?, i64? to
// int*, f32?, f64? to float*, c128? to complex*), the ALL table is JAX's
// standard x64 lattice; this checks it by building that lattice (spec.md
// "The lattice") from JAX's edges and comparing all 400 joins.
func TestJAXEquivalence(t *testing.T) {
	jax := map[string][]string{
		"bool": {"i*"}, "i*": {"u8", "i8", "f*"},
		"u8": {"u16", "i16"}, "u16": {"u32", "i32"}, "u32": {"u64", "i64"}, "u64": {"f*"},
		"i8": {"i16"}, "i16": {"i32"}, "i32": {"i64"}, "i64": {"f*"},
		"f*": {"bf16", "f16", "c*"}, "bf16": {"f32"}, "f16": {"f32"}, "f32": {"f64", "c64"}, "f64": {"c128"},
		"c*": {"c64"}, "c64": {"c128"}, "c128": nil,
	}
	up := map[string]map[string]bool{}
	var closure func(n string) map[string]bool
	closure = func(n string) map[string]bool {
		if s, ok := up[n]; ok {
			return s
		}
		s := map[string]bool{n: true}
		for _, m := range jax[n] {
			for k := range closure(m) {
				s[k] = true
			}
		}
		up[n] = s
		return s
	}
	join := func(a, b string) string {
		var cub []string
		for k := range closure(a) {
			if closure(b)[k] {
				cub = append(cub, k)
			}
		}
		for _, c := range cub {
			least := true
			for _, d := range cub {
				if !closure(c)[d] {
					least = false
				}
			}
			if least {
				return c
			}
		}
		return "none"
	}
	toJAX := map[string]string{"i32?": "i*", "i64?": "i*", "f32?": "f*", "f64?": "f*", "c128?": "c*"}
	m := func(n string) string {
		if j, ok := toJAX[n]; ok {
			return j
		}
		return n
	}
	for a := range node(numNodes) {
		for b := range node(numNodes) {
			want := join(m(tfLattice.Name(a)), m(tfLattice.Name(b)))
			if got := m(tfLattice.Name(steps[a][b].out)); got != want {
				t.Errorf("%s ∨ %s: TF %s, JAX %s", tfLattice.Name(a), tfLattice.Name(b), got, want)
			}
		}
	}
}

func TestPyRepr(t *testing.T) {
	for _, c := range []struct {
		lit, want string
	}{
		{"1.5", "1.5"}, {"1.0", "1.0"}, {"2.5e3", "2500.0"}, {"1e16", "1e+16"}, {"1e15", "1000000000000000.0"},
		{"0.0001", "0.0001"}, {"1e-5", "1e-05"}, {"-0.0", "-0.0"}, {"1.2345678901234568e+17", "1.2345678901234568e+17"},
		{"nan", "nan"}, {"inf", "inf"}, {"-inf", "-inf"}, {"1j", "1j"}, {"2.5j", "2.5j"}, {"(1+2j)", "(1+2j)"},
		{"(1.5-0.5j)", "(1.5-0.5j)"}, {"true", "True"}, {"-7", "-7"},
	} {
		o, err := promote.ParseOperand(c.lit)
		if err != nil {
			t.Fatalf("%s: %v", c.lit, err)
		}
		if got := pyRepr(o.Value); got != c.want {
			t.Errorf("pyRepr(%s) = %q, want %q", c.lit, got, c.want)
		}
	}
}
