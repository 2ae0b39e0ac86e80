package sweep

import (
	"math"
	"slices"
	"testing"
)

func TestExhaustive(t *testing.T) {
	for v, want := range map[string]bool{"": false, "0": false, "yes": false, "1": true} {
		t.Setenv(Env, v)
		if got := Exhaustive(); got != want {
			t.Errorf("%s=%q: Exhaustive() = %v, want %v", Env, v, got, want)
		}
	}
}

// TestF32Sample checks the sample's shape and that it holds the inputs
// its documentation promises, each named here by its meaning.
func TestF32Sample(t *testing.T) {
	s := F32Sample()
	if !slices.IsSorted(s) || len(slices.Compact(slices.Clone(s))) != len(s) {
		t.Fatal("sample not sorted or has duplicates")
	}
	if len(s) < RandomCount || len(s) > 4<<20 {
		t.Errorf("sample of %d patterns: want between %d and %d", len(s), RandomCount, 4<<20)
	}
	f := math.Float32bits
	must := map[string]uint32{
		"+0": 0, "-0": 0x80000000, "+inf": 0x7f800000, "-inf": 0xff800000,
		"quiet NaN": 0x7fc00000, "signalling NaN": 0x7f800001, "NaN with all payload bits": 0xffffffff,
		"least subnormal": 1, "largest subnormal": 0x7fffff, "least normal": 0x00800000, "largest finite": 0x7f7fffff,
		"f16 overflow threshold 65520":       f(65520),
		"just below 65520":                   f(65520) - 1,
		"f16 largest 65504":                  f(65504),
		"f16 tie 1+2^-11":                    f(1 + 0x1p-11),
		"just above f16 tie 1+3*2^-11":       f(1+3*0x1p-11) + 1,
		"f16 half the least subnormal":       f(0x1p-25),
		"f16 subnormal tie 3*2^-25":          f(3 * 0x1p-25),
		"bf16 tie 1+2^-8":                    f(1 + 0x1p-8),
		"bf16 subnormal tie":                 0x00008000,
		"f8e4m3fn overflow threshold 464":    f(464),
		"f8e4m3fn largest 448":               f(448),
		"f8e5m2 overflow threshold 61440":    f(61440),
		"f8e4m3fnuz largest 240":             f(240),
		"f8e8m0fnu tie 1.5*2^127":            f(1.5 * 0x1p127),
		"f4e2m1fn tie 5":                     f(5),
		"f6e3m2fn overflow threshold 30":     f(30),
		"i16 truncation edge 32767 + 1 ulp":  f(32767) + 1,
		"u16 wrap edge 65536 - 1 ulp":        f(65536) - 1,
		"i8 edge -129":                       f(-129),
		"u8 edge 255.99...":                  f(256) - 1,
		"integer 12345":                      f(12345),
		"every exponent: 2^100 + 1 ulp tie":  f(0x1p100) | 1<<22,
		"every exponent: 2^-100 all ones":    f(0x1p-100) | 0x7fffff,
		"every exponent: NaN payload 0x2aaa": 0x7f800000 | 0x2aaaaa<<1&0x7fffff | 1,
	}
	for name, x := range must {
		if _, ok := slices.BinarySearch(s, x); !ok {
			t.Errorf("sample lacks %s (%#08x)", name, x)
		}
	}
	for e := range uint32(256) {
		for _, sign := range []uint32{0, 1 << 31} {
			if _, ok := slices.BinarySearch(s, sign|e<<23); !ok {
				t.Errorf("sample lacks exponent field %d, sign %#x", e, sign)
			}
		}
	}
}
