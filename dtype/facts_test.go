package dtype

import (
	"math"
	"math/big"
	"testing"
)

// valueSet enumerates every value of a format of at most 16 bits.
type valueSet struct {
	finite          map[float64]bool
	negZero         bool
	inf, nan, exact bool // exact: enumerated (not analytic)
}

func enumerate(d DType) valueSet {
	f := d.Format()
	s := valueSet{finite: map[float64]bool{}, exact: true}
	for p := uint64(0); p < 1<<f.Bits; p++ {
		v := f.Float64(p)
		switch {
		case math.IsNaN(v):
			s.nan = true
		case math.IsInf(v, 0):
			s.inf = true
		case v == 0 && math.Signbit(v):
			s.negZero = true
		default:
			s.finite[v] = true
		}
	}
	return s
}

// holdsByEnumeration decides Holds(a, b) by listing a's values and looking
// each up among b's (for b up to 16 bits) or by float32/float64 round trips.
func holdsByEnumeration(a, b DType) bool {
	va := enumerate(a)
	fb := b.Format()
	var in func(v float64) bool
	var vb valueSet
	switch {
	case fb.Bits <= 16 && b.Kind() != KindComplex:
		vb = enumerate(b)
		in = func(v float64) bool { return vb.finite[v] }
	case b == F32:
		vb = valueSet{negZero: true, inf: true, nan: true}
		in = func(v float64) bool { return float64(float32(v)) == v }
	case b == F64:
		vb = valueSet{negZero: true, inf: true, nan: true}
		in = func(v float64) bool { return true }
	case b == F80:
		// Every float64 value is an f80 value: 53 significant bits fit in
		// 64, and 2^-1074 and 2^1024 are inside f80's exponent range.
		vb = valueSet{negZero: true, inf: true, nan: true}
		in = func(v float64) bool {
			frac, exp := math.Frexp(v)
			return frac == 0 || exp-1 >= -16445 && exp-1 <= 16383
		}
	case b.IsInteger():
		lo, hi := fb.IntRange()
		in = func(v float64) bool { return v == math.Trunc(v) && v >= float64(lo) && v <= float64(hi) }
	default:
		panic("unsupported destination " + b.String())
	}
	if va.negZero && !vb.negZero || va.inf && !vb.inf || va.nan && !vb.nan {
		return false
	}
	for v := range va.finite {
		if !in(v) {
			return false
		}
	}
	return true
}

func TestHoldsMatchesEnumeration(t *testing.T) {
	var small, dst []DType
	for _, d := range All() {
		switch d.Kind() {
		case KindBool, KindSigned, KindUnsigned, KindFloat:
			if d.Bits() <= 16 {
				small = append(small, d)
			}
			dst = append(dst, d)
		}
	}
	for _, a := range small {
		for _, b := range dst {
			if b.Kind() != KindFloat && b.Bits() > 16 && !b.IsInteger() {
				continue
			}
			if got, want := Holds(a, b), holdsByEnumeration(a, b); got != want {
				t.Errorf("Holds(%s, %s) = %v, enumeration says %v", a, b, got, want)
			}
		}
	}
}

func TestHoldsWide(t *testing.T) {
	tests := []struct {
		a, b DType
		want bool
	}{
		{I32, F64, true}, {I32, F32, false}, {U32, F64, true}, {I64, F64, false}, {U64, F64, false},
		{I16, F32, true}, {U16, F16, false}, {U8, F16, true}, {I8, BF16, true}, {U8, BF16, true}, {I16, BF16, false},
		{F32, F64, true}, {F64, F32, false}, {F32, C64, true}, {F64, C64, false}, {C64, C128, true}, {C128, C64, false},
		{F16, C32, true}, {BF16, C64, true}, {C64, F64, false}, {I64, I64, true}, {U64, I64, false}, {U32, I64, true},
		{I64, U64, false}, {Bool, F8E8M0FNU, false}, {F8E8M0FNU, F32, true}, {F8E8M0FNU, BF16, true},
		{F8E8M0FNU, F16, false}, {Dynamic, F32, false}, {F32, Dynamic, false},
		// f80: 64-bit significands hold every 64-bit integer; its range and
		// precision hold f64's; nothing narrower holds it.
		{F64, F80, true}, {F32, F80, true}, {BF16, F80, true}, {F8E8M0FNU, F80, true}, {F4E2M1FN, F80, true},
		{U64, F80, true}, {I64, F80, true}, {Bool, F80, true}, {F80, F64, false}, {F80, C128, false},
		{F80, C160, true}, {F64, C160, true}, {C128, C160, true}, {C160, C128, false}, {C160, F80, false},
		{U64, C160, true}, {F80, I64, false},
		// bc32: two bf16 parts.
		{BF16, BC32, true}, {F16, BC32, false}, {BC32, C64, true}, {BC32, C32, false}, {C32, BC32, false},
		{BC32, BC32, true}, {I8, BC32, true}, {U8, BC32, true}, {I16, BC32, false}, {BC32, BF16, false},
	}
	for _, tt := range tests {
		if got := Holds(tt.a, tt.b); got != tt.want {
			t.Errorf("Holds(%s, %s) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestComplexOf(t *testing.T) {
	for d, want := range map[DType]DType{F16: C32, BF16: BC32, F32: C64, F64: C128, F80: C160, F8E4M3: Invalid, I32: Invalid} {
		got, ok := ComplexOf(d)
		if got != want || ok != (want != Invalid) {
			t.Errorf("ComplexOf(%s) = %s, %v", d, got, ok)
		}
	}
}

// TestHoldsF80FromSignificands checks Holds into f80 and out of it against
// the format's definition: an integer range fits when its magnitude needs at
// most 64 significant bits, a float format when its precision is at most 64
// and its exponents are inside f80's.
func TestHoldsF80FromSignificands(t *testing.T) {
	f80 := F80.Format()
	for _, d := range All() {
		f := d.Format()
		var want bool
		switch f.Kind {
		case KindBool, KindSigned, KindUnsigned:
			want = true // at most 64 bits of magnitude
		case KindFloat:
			want = f.Precision() <= f80.Precision() && f.MaxExponent() <= f80.MaxExponent() &&
				f.minQuantumExp() >= f80.minQuantumExp()
		case KindComplex, KindDynamic:
			want = false
		}
		if got := Holds(d, F80); got != want {
			t.Errorf("Holds(%s, f80) = %v, want %v", d, got, want)
		}
		if d != F80 && d != C160 && Holds(F80, d) {
			t.Errorf("Holds(f80, %s) = true; nothing but f80 and c160 has 64-bit significands and 15-bit exponents", d)
		}
	}
}

// TestExactFactsMatchFloat64 checks the exact facts against the float64
// ones for every format whose range float64 covers, and that f80's exact
// maximum is above every float64 and its minima below every positive one.
func TestExactFactsMatchFloat64(t *testing.T) {
	for _, d := range All() {
		f := d.Format()
		if f.Kind != KindFloat && f.Kind != KindComplex || d == F80 || d == C160 {
			continue
		}
		for i, pair := range []struct {
			exact *big.Float
			f64   float64
		}{{f.MaxFiniteExact(), f.MaxFinite()}, {f.MinNormalExact(), f.MinNormal()}, {f.MinSubnormalExact(), f.MinSubnormal()}} {
			if v, acc := pair.exact.Float64(); v != pair.f64 || acc != big.Exact {
				t.Errorf("%s fact %d: exact %s, float64 %g", d, i, pair.exact.Text('g', 20), pair.f64)
			}
		}
	}
	f := F80.Format()
	if f.MaxFiniteExact().Cmp(new(big.Float).SetFloat64(math.MaxFloat64)) <= 0 ||
		f.MinSubnormalExact().Cmp(new(big.Float).SetFloat64(math.SmallestNonzeroFloat64)) >= 0 ||
		f.MinNormalExact().Sign() <= 0 || f.MaxExponent() != 16383 || f.Precision() != 64 || f.StorageBits() != 128 {
		t.Errorf("f80 facts: max %s, min subnormal %s, max exponent %d, precision %d, storage %d",
			f.MaxFiniteExact().Text('g', 10), f.MinSubnormalExact().Text('g', 10), f.MaxExponent(), f.Precision(), f.StorageBits())
	}
	if C160.StorageBits() != 256 || C160.Bits() != 160 || BC32.StorageBits() != 32 || F4E2M1FN.StorageBits() != 4 {
		t.Errorf("storage bits: c160 %d (bits %d), bc32 %d, f4e2m1fn %d", C160.StorageBits(), C160.Bits(), BC32.StorageBits(), F4E2M1FN.StorageBits())
	}
}

// TestFloat64OfWideFormats: Float64 decodes nothing wider than 64 bits
// (f80's patterns do not fit a uint64), and says so with NaN.
func TestFloat64OfWideFormats(t *testing.T) {
	for _, d := range []DType{F80, C160, BC32, Dynamic} {
		if v := d.Format().Float64(0); !math.IsNaN(v) {
			t.Errorf("%s.Float64(0) = %g, want NaN", d, v)
		}
	}
}

func TestTo32Bit(t *testing.T) {
	want := map[DType]DType{I64: I32, U64: U32, F64: F32, C128: C64}
	for _, d := range append(All(), Invalid) {
		w, ok := want[d]
		if !ok {
			w = d
		}
		if got := To32Bit(d); got != w {
			t.Errorf("To32Bit(%s) = %s, want %s", d, got, w)
		}
	}
}
