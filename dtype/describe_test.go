package dtype

import (
	"encoding/json"
	"math/big"
	"testing"
)

// f80 builds the x87 extended value of a biased exponent and a 64-bit
// significand with its explicit integer bit.
func f80(biased int, sig uint64) *big.Float {
	e := biased - 16383 - 63
	if biased == 0 {
		e = 1 - 16383 - 63 // subnormal: the normal range's bottom exponent
	}
	return pow2Float(sig, e)
}

// TestExactTextF80: values that are not float64s are written as the
// shortest decimal that f80 reads back as them, as convert.Text writes
// them (the texts were read from convert.Text of the same patterns).
func TestExactTextF80(t *testing.T) {
	ff := F80.Format()
	for _, tc := range []struct {
		v    *big.Float
		want string
	}{
		{f80(0x3ffb, 0xcccccccccccccccd), "0.1"},
		{f80(0x3ffd, 0xaaaaaaaaaaaaaaab), "0.33333333333333333334"},
		{f80(0, 0x663278e62), "1e-4940"},
		{f80(0, 1), "4e-4951"},
		{f80(0x7f94, 0xd17c04fc04a92c1a), "1.2e+4900"},
		{new(big.Float).Neg(f80(0, 0x1f651d)), "-7.5e-4945"},
		{f80(0x7ffe, 0xffffffffffffffff), "1.189731495357231765e+4932"},
		{pow2Float(3, -2), "0.75"}, // a float64: strconv's shortest
	} {
		if got := exactText(tc.v, ff); got != tc.want {
			t.Errorf("exactText(%s) = %q, want %q", tc.v.Text('g', 25), got, tc.want)
		}
	}
}

// TestRoundTo: rounding to a format's nearest value, below its normal
// range too, ties to even.
func TestRoundTo(t *testing.T) {
	f16 := F16.Format()
	for _, tc := range []struct{ x, want float64 }{
		{1, 1},
		{1 + 1.0/2048, 1},            // a tie: to even
		{1 + 3.0/2048, 1 + 2.0/1024}, // a tie: to even, up
		{0x1p-25, 0},                 // half the quantum: to zero
		{0x1.8p-25, 0x1p-24},         // above half: the quantum
		{0x1.8p-24, 0x1p-23},         // a tie between quanta: to even
		{-0x1.8p-24, -0x1p-23},       // the sign kept
		{65504, 65504},
	} {
		x := new(big.Float).SetFloat64(tc.x)
		if got, _ := roundTo(x, f16).Float64(); got != tc.want {
			t.Errorf("roundTo(%g, f16) = %g, want %g", tc.x, got, tc.want)
		}
	}
}

// TestDescribe: every dtype is described, and the facts that print agree
// with the catalogue.
func TestDescribe(t *testing.T) {
	for _, d := range All() {
		in := Describe(d)
		if in.Name != d.String() || in.Bits != d.Format().Bits || in.Spellings == nil {
			t.Errorf("%v: %+v", d, in)
		}
		if _, err := json.Marshal(in); err != nil {
			t.Errorf("%v: %v", d, err)
		}
	}
	if in := Describe(F80); in.MinSubnormal != "4e-4951" || in.StorageBits != 128 || in.NaN != "ieee" {
		t.Errorf("f80: %+v", in)
	}
	if in := Describe(U8); in.Min != "0" || in.MaxFinite != "255" || in.Kind != "unsigned" {
		t.Errorf("u8: %+v", in)
	}
}
