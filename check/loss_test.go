package check

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
)

func TestLoss(t *testing.T) {
	tests := []struct {
		from, to dtype.DType
		want     []string // substrings, in order; none: Holds
	}{
		{dtype.I8, dtype.I16, nil},
		{dtype.U8, dtype.F16, nil},
		{dtype.F16, dtype.C64, nil},
		{dtype.I64, dtype.F32, []string{"16777217 = 2^24+1 is the first integer lost (f32 has 24 bits of precision)"}},
		{dtype.U64, dtype.F64, []string{"9007199254740993 = 2^53+1"}},
		{dtype.I32, dtype.F16, []string{"2049 = 2^11+1"}},
		{dtype.I8, dtype.U8, []string{"-1 is lost (u8 holds 0 to 255)"}},
		{dtype.U8, dtype.I8, []string{"128 is lost (i8 holds -128 to 127)"}},
		{dtype.I16, dtype.I8, []string{"-129 is lost", "128 is lost"}},
		{dtype.U8, dtype.F8E8M0FNU, []string{"0 is lost (f8e8m0fnu has no zero)", "3 = 2^1+1"}},
		{dtype.I8, dtype.F8E8M0FNU, []string{"-1 is lost (f8e8m0fnu has no negative values)"}},
		{dtype.F32, dtype.F16, []string{"1+2^-23 is the first value above 1 lost (precision 24 bits, f16 has 11)", "values above 65504 overflow f16", "2^-149 is lost (the smallest positive f16 is 2^-24)"}},
		{dtype.F32, dtype.BF16, []string{"1+2^-23", "2^-149 is lost (the smallest positive bf16 is 2^-133)"}},
		{dtype.F16, dtype.BF16, []string{"1+2^-10"}},
		{dtype.BF16, dtype.F16, []string{"values above 65504 overflow f16", "2^-133 is lost"}},
		{dtype.F64, dtype.F32, []string{"values above 3.4028235e+38 overflow f32"}},
		{dtype.F16, dtype.F8E4M3FN, []string{"inf is lost (f8e4m3fn has no infinity)"}},
		{dtype.F16, dtype.F8E4M3FNUZ, []string{"-0 is lost (f8e4m3fnuz has no negative zero)"}},
		{dtype.F32, dtype.I32, []string{"0.5 is lost"}},
		{dtype.C64, dtype.F64, []string{"the imaginary part is lost"}},
		{dtype.I64, dtype.C64, []string{"in c64's f32 parts: 16777217"}},
		{dtype.F32, dtype.Dynamic, []string{"decided at run time"}},
	}
	for _, tt := range tests {
		got := Loss(tt.from, tt.to)
		if len(tt.want) == 0 {
			if got != "" {
				t.Errorf("Loss(%s, %s) = %q, want none", tt.from, tt.to, got)
			}
			continue
		}
		rest := got
		for _, w := range tt.want {
			i := strings.Index(rest, w)
			if i < 0 {
				t.Errorf("Loss(%s, %s) = %q, want %q (in order)", tt.from, tt.to, got, w)
				break
			}
			rest = rest[i+len(w):]
		}
	}
}

// TestLossEveryPair: Loss is empty exactly when dtype.Holds, for every
// pair of the catalogue, and never the fallback for a pair of real types.
func TestLossEveryPair(t *testing.T) {
	for _, a := range dtype.All() {
		for _, b := range dtype.All() {
			got := Loss(a, b)
			if (got == "") != dtype.Holds(a, b) {
				t.Errorf("Loss(%s, %s) = %q but Holds = %v", a, b, got, dtype.Holds(a, b))
			}
			if strings.Contains(got, "some values are lost") {
				t.Errorf("Loss(%s, %s) names no value: %q", a, b, got)
			}
		}
	}
}
