package promote

import (
	"math"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
)

// TestIntDigitsBound: an integer literal of more than MaxIntDigits digits
// is refused with an error that says the bound, wherever a literal stands
// (alone, as a typed scalar's value, as a zero-dim array's value); one of
// exactly MaxIntDigits digits is read.
func TestIntDigitsBound(t *testing.T) {
	ok := strings.Repeat("9", MaxIntDigits)
	if o, err := ParseOperand(ok); err != nil || o.Value.Int == nil || len(o.Value.Int.String()) != MaxIntDigits {
		t.Errorf("%d digits: %v", MaxIntDigits, err)
	}
	if _, err := ParseOperand("-" + ok); err != nil {
		t.Errorf("-%d digits: %v", MaxIntDigits, err)
	}
	long := ok + "9"
	for _, tok := range []string{long, "-" + long, "+" + long, long + "L", "i64(" + long + ")", "i64[](" + long + ")"} {
		_, err := ParseOperand(tok)
		if err == nil || !strings.Contains(err.Error(), "at most 10000 digits") {
			t.Errorf("%.20s… (%d bytes): %v", tok, len(tok), err)
			continue
		}
		if len(err.Error()) > 400 {
			t.Errorf("the error echoes the token whole: %d bytes", len(err.Error()))
		}
	}
}

// TestLongTokensAreCut: a huge bad token is named in the error by its
// first bytes and its length, not echoed whole.
func TestLongTokensAreCut(t *testing.T) {
	for _, tok := range []string{
		strings.Repeat("9", 20_000_000) + "x", // a malformed number
		strings.Repeat("f", 1<<20),            // an unknown dtype
		"f32[" + strings.Repeat("1", 1<<20) + "x]",
		"1." + strings.Repeat("5", 1<<20) + "q",
	} {
		_, err := ParseOperand(tok)
		if err == nil {
			t.Errorf("%d-byte token parsed", len(tok))
			continue
		}
		if msg := err.Error(); len(msg) > 1200 || !strings.Contains(msg, "bytes)") {
			t.Errorf("%d-byte token: %d-byte error %.300q", len(tok), len(msg), msg)
		}
	}
}

// TestSignedNaN: -nan, +nan and -NaN are NaN literals with their sign, as
// promote cast reads them, in every place a literal stands.
func TestSignedNaN(t *testing.T) {
	for tok, neg := range map[string]bool{"nan": false, "-nan": true, "+nan": false, "-NaN": true, "+NAN": false} {
		o, err := ParseOperand(tok)
		if err != nil || o.Kind != Literal || !math.IsNaN(o.Value.Real) || math.Signbit(o.Value.Real) != neg {
			t.Errorf("%s: %+v, %v", tok, o.Value, err)
		}
	}
	if o, err := ParseOperand("f32(-nan)"); err != nil || !math.Signbit(o.Value.Real) {
		t.Errorf("f32(-nan): %+v, %v", o, err)
	}
	if o, err := ParseOperand("-nanj"); err != nil || o.Value.Kind != ComplexValue || !math.Signbit(o.Value.Imag) {
		t.Errorf("-nanj: %+v, %v", o, err)
	}
	if _, err := ParseOperand("f8e4m3fnuz[](-nan)"); err != nil {
		t.Errorf("f8e4m3fnuz has a NaN: %v", err)
	}
	if _, err := ParseOperand("f4e2m1fn[](nan)"); err == nil || !strings.Contains(err.Error(), "has no NaN") {
		t.Errorf("f4e2m1fn has no NaN: %v", err)
	}
}

// TestZeroDimValue: DTYPE[](VALUE) is a rank-0 tensor carrying its value;
// the value is checked as a typed scalar's is, and the error names the
// token and the range.
func TestZeroDimValue(t *testing.T) {
	o, err := ParseOperand("i64[](300)")
	if err != nil || o.Kind != Tensor || o.Rank != 0 || !o.IsZeroDim() || !o.HasValue() || o.Value.Int.Int64() != 300 || o.DType != dtype.I64 {
		t.Fatalf("i64[](300) = %+v, %v", o, err)
	}
	if want := ZeroDimOf(dtype.I64, Int(300).Value); want.String() != o.String() {
		t.Errorf("ZeroDimOf gives %s, the parser %s", want, o)
	}
	if o, _ := ParseOperand("i64[]"); o.HasValue() {
		t.Error("i64[] carries a value")
	}
	if !Int(1).HasValue() || !ScalarOf(dtype.U8, Int(3).Value).HasValue() || T0(dtype.U8).HasValue() {
		t.Error("HasValue is wrong for a literal, a scalar or a plain tensor")
	}
	_, err = ParseOperand("u8[](300)")
	if err == nil || !strings.Contains(err.Error(), `"u8[](300)"`) || !strings.Contains(err.Error(), "0..255") {
		t.Errorf("u8[](300): %v", err)
	}
	ops, err := ParseOperands(dtype.NumPy, "float[](1.5) int[](7)?")
	if err != nil || ops[0].DType != dtype.F64 || ops[1].DType != dtype.I64 || !ops[1].Weak || ops[1].Value.Int.Int64() != 7 {
		t.Errorf("numpy spelling: %v, %v", ops, err)
	}
}

// TestErrorCutsOperands: a refusal of many operands names the first few
// and counts the rest; a long operand is cut.
func TestErrorCutsOperands(t *testing.T) {
	ops := make([]Operand, 250_000)
	for i := range ops {
		ops[i] = T(dtype.F32)
	}
	ops[0] = Operand{Kind: Literal, Value: Value{Kind: IntValue, Text: strings.Repeat("7", 10_000)}}
	msg := (&Error{Rules: "openvino", Rule: &Rule{ID: "inputs"}, Msg: "takes exactly two inputs", Operands: ops}).Error()
	if len(msg) > 600 || !strings.Contains(msg, "… and 249992 more") || !strings.Contains(msg, "(10000 bytes)") {
		t.Errorf("%d bytes: %q", len(msg), msg)
	}
	small := (&Error{Rules: "x", Msg: "no", Operands: []Operand{T(dtype.F32), Int(2)}}).Error()
	if small != "x: no [operands f32 2]" {
		t.Errorf("small list changed: %q", small)
	}
}
