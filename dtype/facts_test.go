package dtype

import (
	"math"
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
	}
	for _, tt := range tests {
		if got := Holds(tt.a, tt.b); got != tt.want {
			t.Errorf("Holds(%s, %s) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestComplexOf(t *testing.T) {
	for d, want := range map[DType]DType{F16: C32, F32: C64, F64: C128, BF16: Invalid, I32: Invalid} {
		got, ok := ComplexOf(d)
		if got != want || ok != (want != Invalid) {
			t.Errorf("ComplexOf(%s) = %s, %v", d, got, ok)
		}
	}
}
