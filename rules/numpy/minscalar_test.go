package numpy

import (
	"fmt"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

func intValue(s string) promote.Value {
	v, ok := new(big.Int).SetString(s, 10)
	if !ok {
		panic(s)
	}
	return promote.Value{Kind: promote.IntValue, Int: v, Text: s}
}

// TestMinScalar checks min_scalar_type_num (legacy.md §4.1) at every
// boundary: integers on each side of each type's limits, for each input
// type; floats at the float16 cut-off, float32's and float64's; complex
// parts; NaN and inf.
func TestMinScalar(t *testing.T) {
	for _, c := range []struct {
		t     ntype
		v     string
		want  ntype
		small bool
	}{
		{nI64, "0", nU8, true}, {nI64, "127", nU8, true}, {nI64, "128", nU8, false}, {nI64, "255", nU8, false},
		{nI64, "256", nU16, true}, {nI64, "32767", nU16, true}, {nI64, "32768", nU16, false}, {nI64, "65535", nU16, false},
		{nI64, "65536", nU32, true}, {nI64, "2147483647", nU32, true}, {nI64, "2147483648", nU32, false},
		{nI64, "4294967295", nU32, false}, {nI64, "4294967296", nULongLong, true}, {nI64, "9223372036854775807", nULongLong, true},
		{nI64, "-1", nI8, false}, {nI64, "-128", nI8, false}, {nI64, "-129", nI16, false}, {nI64, "-32768", nI16, false},
		{nI64, "-32769", nI32, false}, {nI64, "-2147483648", nI32, false}, {nI64, "-2147483649", nI64, false},
		{nULongLong, "9223372036854775808", nULongLong, false}, {nULongLong, "18446744073709551615", nULongLong, false},
		{nU64, "4294967296", nU64, true}, {nU64, "18446744073709551615", nU64, false}, {nU64, "3", nU8, true},
		{nI8, "5", nU8, true}, {nI8, "-5", nI8, false}, {nU8, "200", nU8, false},
		{nI16, "300", nU16, true}, {nI16, "-300", nI16, false}, {nU16, "300", nU16, true}, {nU16, "40000", nU16, false},
		{nI32, "70000", nU32, true}, {nI32, "-70000", nI32, false}, {nU32, "3000000000", nU32, false},
		{nBool, "1", nBool, false},
	} {
		got, small := minScalar(c.t, intValue(c.v))
		if got != c.want || small != c.small {
			t.Errorf("min_scalar_type(%s(%s)) = %s small=%v, want %s small=%v", c.t, c.v, got, small, c.want, c.small)
		}
	}
	f := func(x float64) promote.Value { return promote.Value{Kind: promote.FloatValue, Real: x} }
	for _, c := range []struct {
		t    ntype
		x    float64
		want ntype
	}{
		{nF64, 0, nF16}, {nF64, 64999, nF16}, {nF64, -64999, nF16}, {nF64, 65000, nF32}, {nF64, -65000, nF32},
		{nF64, 65504, nF32}, {nF64, 3.3e38, nF32}, {nF64, 3.4e38, nF64}, {nF64, -3.4e38, nF64}, {nF64, 1e300, nF64},
		{nF64, math.NaN(), nF16}, {nF64, math.Inf(1), nF16}, {nF64, math.Inf(-1), nF16},
		{nF32, 70000, nF32}, {nF32, 3.3e38, nF32}, {nF32, 1e300, nF16}, {nF32, 64999, nF16}, {nF16, 1e300, nF16},
		{nLongDouble, 1e300, nF64}, {nLongDouble, 1.7e308, nLongDouble}, {nLongDouble, math.Nextafter(1.7e308, 0), nF64},
		{nLongDouble, 3.3e38, nF32}, {nLongDouble, 1, nF16},
	} {
		if got, small := minScalar(c.t, f(c.x)); got != c.want || small {
			t.Errorf("min_scalar_type(%s(%g)) = %s small=%v, want %s", c.t, c.x, got, small, c.want)
		}
	}
	z := func(re, im float64) promote.Value {
		return promote.Value{Kind: promote.ComplexValue, Real: re, Imag: im}
	}
	for _, c := range []struct {
		t      ntype
		re, im float64
		want   ntype
	}{
		{nC128, 0, 0, nC64}, {nC128, 3.3e38, -3.3e38, nC64}, {nC128, 3.4e38, 0, nC128}, {nC128, 0, 3.5e38, nC128},
		{nC128, math.NaN(), 0, nC128}, {nC128, math.Inf(1), 0, nC128}, {nC64, 1e300, 0, nC64}, {nC64, math.NaN(), 0, nC64},
		{nCLongDouble, 1e300, 0, nC128}, {nCLongDouble, 1.7e308, 0, nCLongDouble}, {nCLongDouble, 1, 1, nC64},
	} {
		if got, _ := minScalar(c.t, z(c.re, c.im)); got != c.want {
			t.Errorf("min_scalar_type(%s(%g%+gj)) = %s, want %s", c.t, c.re, c.im, got, c.want)
		}
	}
	for ut := nBF16; ut < numAllTypes; ut++ {
		if got, small := minScalar(ut, intValue("1")); got != ut || small {
			t.Errorf("min_scalar_type(%s) = %s, want itself (not a NumPy number)", ut, got)
		}
	}
}

// TestOutcomes: a 0-d array without a value may become exactly the types
// min_scalar_type gives its dtype's values (legacy.md §8).
func TestOutcomes(t *testing.T) {
	for _, c := range []struct {
		t    ntype
		want int
	}{
		{nBool, 1}, {nU8, 2}, {nI8, 2}, {nU16, 4}, {nI16, 5}, {nU32, 6}, {nI32, 8}, {nU64, 8}, {nI64, 11},
		{nF16, 1}, {nF32, 2}, {nF64, 3}, {nLongDouble, 4}, {nC64, 1}, {nC128, 2}, {nCLongDouble, 3}, {nBF16, 1},
	} {
		if got := outcomes(c.t); len(got) != c.want {
			var list []string
			for _, o := range got {
				list = append(list, fmt.Sprintf("%s/%v", o.it.ms, o.it.small))
			}
			t.Errorf("outcomes(%s) = %v, want %d", c.t, list, c.want)
		}
	}
}

// TestLegacyOrderMatters: under promotion=legacy the value-based fold is
// left to right, so the order of arrays changes the answer once a scalar
// is present (legacy.md §4.3); under weak it never does.
func TestLegacyOrderMatters(t *testing.T) {
	legacy := Def.MustBuild("promotion=legacy")
	a := []promote.Operand{promote.T(dtype.I8), promote.T(dtype.U8), promote.T(dtype.F16), promote.Int(1)}
	b := []promote.Operand{promote.T(dtype.F16), promote.T(dtype.I8), promote.T(dtype.U8), promote.Int(1)}
	if ra, rb := result(t, legacy, a...), result(t, legacy, b...); ra != dtype.F32 || rb != dtype.F16 {
		t.Errorf("legacy: %s = %s, %s = %s; want f32, f16", promote.Join(a), ra, promote.Join(b), rb)
	}
	if ra, rb := result(t, resultType, a...), result(t, resultType, b...); ra != rb {
		t.Errorf("weak: %s = %s but %s = %s", promote.Join(a), ra, promote.Join(b), rb)
	}
}

// TestLegacyEqualsWeakWithoutScalars: with arrays only, NumPy 1.24 and
// NumPy 2 agree on every pair and triple of the 16 builtins (legacy.md §2).
func TestLegacyEqualsWeakWithoutScalars(t *testing.T) {
	legacy := Def.MustBuild("promotion=legacy")
	var types []dtype.DType
	for _, d := range dtype.All() {
		if _, ok := builtin(d); ok {
			types = append(types, d)
		}
	}
	for _, a := range types {
		for _, b := range types {
			for _, c := range types {
				ops := ts(a, b, c)
				if l, w := result(t, legacy, ops...), result(t, resultType, ops...); l != w {
					t.Errorf("%s: legacy %s, weak %s", promote.Join(ops), l, w)
				}
			}
		}
	}
}

// TestLegacyCheckValuesIsResultType: for the builtins, np.add gives
// np.result_type's dtype in NumPy 1.x (legacy.md §7), so check_values
// changes nothing but the object loop's errors.
func TestLegacyCheckValuesIsResultType(t *testing.T) {
	legacy := Def.MustBuild("promotion=legacy")
	add := Def.MustBuild("promotion=legacy", "check_values=true")
	lits := []promote.Operand{promote.Int(1), promote.Int(-1), promote.Int(300), promote.Int(70000), promote.Float(1.5),
		promote.Float(1e300), promote.Float(math.Inf(1)), promote.Complex(0, 1), promote.Bool(true)}
	for _, d := range dtype.All() {
		if _, ok := builtin(d); !ok {
			continue
		}
		for _, l := range lits {
			sc, err := promote.ParseOperand(d.String() + "(1)")
			if err != nil {
				t.Fatal(err)
			}
			for _, ops := range [][]promote.Operand{{promote.T(d), l}, {l, promote.T(d)}, {sc, l}} {
				r1, e1 := legacy.Result(ops...)
				r2, e2 := add.Result(ops...)
				if (e1 == nil) != (e2 == nil) || r1.DType != r2.DType {
					t.Errorf("%s: result_type %v %v, np.add %v %v", promote.Join(ops), r1, e1, r2, e2)
				}
			}
		}
	}
}

// TestLegacyManyOperands: many 0-d arrays without values are answered
// when values cannot matter (all operands 0-d) and refused, quickly, when
// they could; nothing grows without bound.
func TestLegacyManyOperands(t *testing.T) {
	legacy := Def.MustBuild("promotion=legacy")
	var ops []promote.Operand
	for range 5000 {
		ops = append(ops, promote.T0(dtype.I64))
	}
	if got := result(t, legacy, ops...); got != dtype.I64 {
		t.Errorf("5000 × i64[] = %s, want i64", got)
	}
	ops = append(ops, promote.T(dtype.I8))
	if _, err := legacy.Result(ops...); err == nil || !strings.Contains(err.Error(), "too many 0-d arrays") {
		t.Errorf("5000 × i64[] with i8: %v, want a refusal", err)
	}
}

func BenchmarkLegacyResult(b *testing.B) {
	legacy := Def.MustBuild("promotion=legacy")
	ops := []promote.Operand{promote.T(dtype.U16), promote.T(dtype.I16), promote.T(dtype.F16), promote.Int(300)}
	for b.Loop() {
		if _, err := legacy.Result(ops...); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMLResult(b *testing.B) {
	ml := Def.MustBuild("ml_dtypes=true", "check_values=true")
	ops := []promote.Operand{promote.T(dtype.BF16), promote.Float(1.5)}
	for b.Loop() {
		if _, err := ml.Result(ops...); err != nil {
			b.Fatal(err)
		}
	}
}
