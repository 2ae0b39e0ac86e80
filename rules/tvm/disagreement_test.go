package tvm_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/tsvtest"
	"github.com/promote-dev/promote/rules/tvm"
)

// The named disagreements and quirks of spec.md section 9.

// TestDisagreement_ConstVersusOperator: tvm.tirx.const types a large
// float, NaN or inf as float64, while the FFI path of an operator makes
// every Python float a float32 (and refuses one beyond its range).
func TestDisagreement_ConstVersusOperator(t *testing.T) {
	r := tvm.Def.MustBuild()
	for _, c := range []struct{ alone, inOp, opWant string }{
		{"1e39", "f64 1e39", "Literal value 1e+39 exceeds maximum of float32"},
		{"nan", "f16 nan", "f32"},
		{"inf", "f16 inf", "f32"},
	} {
		if got, _ := tsvtest.Answer(r, c.alone); got != "f64" {
			t.Errorf("const(%s) = %s, want f64", c.alone, got)
		}
		if got, _ := tsvtest.Answer(r, c.inOp); !strings.Contains(got, c.opWant) {
			t.Errorf("%s in an operator = %s, want %s", c.inOp, got, c.opWant)
		}
	}
}

// TestQuirk_ConstFloatBound: _scalar_type_inference's bound 3.40282347e38
// is above float32's largest value, so const(3.40282347e38) is typed
// float32 and then refused by FloatImm.
func TestQuirk_ConstFloatBound(t *testing.T) {
	r := tvm.Def.MustBuild()
	if got, _ := tsvtest.Answer(r, "3.40282347e38"); !strings.Contains(got, "exceeds maximum of float32") {
		t.Errorf("const(3.40282347e38) = %s, want FloatImm's refusal", got)
	}
	if got, _ := tsvtest.Answer(r, "3.4028235e38"); got != "f64" {
		t.Errorf("const(3.4028235e38) = %s, want f64", got)
	}
}

// TestQuirk_FNUZIsNotUnsigned: FloatImm refuses negative values of the
// fnuz float8 types as "unsigned", though their formats have a sign bit
// (only e8m0fnu is unsigned, as the catalogue records).
func TestQuirk_FNUZIsNotUnsigned(t *testing.T) {
	r := tvm.Def.MustBuild()
	for _, d := range []dtype.DType{dtype.F8E4M3FNUZ, dtype.F8E5M2FNUZ, dtype.F8E4M3B11FNUZ} {
		if !d.Format().Signed {
			t.Fatalf("%s is unsigned in the catalogue", d)
		}
		if got, _ := tsvtest.Answer(r, d.String()+"(-1)"); !strings.Contains(got, "below zero for unsigned") {
			t.Errorf("const(-1, %s) = %s, want TVM's refusal", d, got)
		}
	}
	if dtype.F8E8M0FNU.Format().Signed {
		t.Error("f8e8m0fnu is signed in the catalogue")
	}
}

// TestQuirk_LiteralBounds: TVM's literal bounds (src/support/limits.h)
// against the formats' largest finite values. Each listed difference is
// TVM's, and promote applies TVM's bound.
func TestQuirk_LiteralBounds(t *testing.T) {
	tvmBound := map[dtype.DType]float64{
		dtype.F16: 65504, dtype.BF16: 3.895313892515354759047080037148786688e38, dtype.F8E5M2: 57344, dtype.F8E5M2FNUZ: 57344,
		dtype.F8E4M3FN: 448, dtype.F8E4M3: 448, dtype.F8E4M3FNUZ: 448, dtype.F8E4M3B11FNUZ: 30, dtype.F8E3M4: 31,
		dtype.F8E8M0FNU: 3.4028236692093846e38, dtype.F6E2M3FN: 7.5, dtype.F6E3M2FN: 28, dtype.F4E2M1FN: 6,
	}
	differ := map[dtype.DType]bool{dtype.BF16: true, dtype.F8E4M3: true, dtype.F8E4M3FNUZ: true, dtype.F8E3M4: true, dtype.F8E8M0FNU: true}
	r := tvm.Def.MustBuild()
	for d, bound := range tvmBound {
		if got := d.Format().MaxFinite() != bound; got != differ[d] {
			t.Errorf("%s: TVM's bound %g vs the format's max %g: differ = %v, want %v", d, bound, d.Format().MaxFinite(), got, differ[d])
		}
		// Just above the format's max but within TVM's bound is accepted
		// where they differ.
		if differ[d] && d.Format().MaxFinite() < bound {
			q := d.String() + "(" + strconv.FormatFloat(d.Format().MaxFinite()*1.0001, 'g', -1, 64) + ")"
			if got, _ := tsvtest.Answer(r, q); got != d.String() {
				t.Errorf("%s = %s: TVM's bound %g admits it", q, got, bound)
			}
		}
	}
}

// TestDisagreement_TiersPredatePromoteBinaryOpType: promote's landscape
// notes say the fp6/fp4 tiers are new with PromoteBinaryOpType; v0.20's
// BinaryOpMatchTypes already has the fp4 tier and v0.22's the fp6 tier.
func TestDisagreement_TiersPredatePromoteBinaryOpType(t *testing.T) {
	for v, q := range map[string]string{"0.20": "f4e2m1fn i8", "0.22": "f6e2m3fn i8"} {
		got, rule := tsvtest.Answer(tvm.Def.MustBuild("version="+v), q)
		if strings.HasPrefix(got, "error") || !strings.Contains(rule.Source, "BinaryOpMatchTypes") {
			t.Errorf("%s %q = %s by %v; want the small float, by BinaryOpMatchTypes", v, q, got, rule)
		}
	}
}
