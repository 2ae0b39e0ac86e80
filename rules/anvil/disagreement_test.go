package anvil

import (
	"testing"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// The seed vignette (lines 71-74) says common_dtype("f32", "f64", FALSE,
// TRUE), a known f32 with an ambiguous f64, gives f64 (and calls the
// ambiguous side "i32?"). The code gives a known f32: an ambiguous float
// yields to a known float, even a narrower one. The vignette's own printed
// output agrees with the code.
func TestSeedDisagreement_VignetteKnownF32AmbiguousF64(t *testing.T) {
	dt, amb, rule := CommonDType(dtype.F32, dtype.F64, false, true)
	if dt != dtype.F32 || amb || rule != ruleAmbiguousToKnown {
		t.Errorf("common_dtype(f32, f64, FALSE, TRUE) = %s, ambiguous %v, %v; want known f32 by %s (the vignette's prose says f64)", dt, amb, rule, ruleAmbiguousToKnown.ID)
	}
	// The sentence "we would promote to an f64 if both were known" is right.
	if dt, amb, _ := CommonDType(dtype.F32, dtype.F64, false, false); dt != dtype.F64 || amb {
		t.Errorf("common_dtype(f32, f64, FALSE, FALSE) = %s, %v; want known f64", dt, amb)
	}
}

// The seed vignette (line 88) says that when the ambiguous side wins, the
// known side is promoted to the ambiguous side's default type (i32 for an
// integer, f32 for a float). The code keeps the ambiguous dtype itself.
func TestSeedDisagreement_VignetteDefaultTypeOfAmbiguous(t *testing.T) {
	for _, c := range []struct {
		amb, known, want, seed dtype.DType
	}{
		{dtype.I16, dtype.Bool, dtype.I16, dtype.I32},
		{dtype.F64, dtype.I32, dtype.F64, dtype.F32},
		{dtype.U8, dtype.Bool, dtype.U8, dtype.I32},
		{dtype.F64, dtype.Bool, dtype.F64, dtype.F32},
	} {
		for _, swap := range []bool{false, true} {
			a, b, aAmb, bAmb := c.amb, c.known, true, false
			if swap {
				a, b, aAmb, bAmb = b, a, bAmb, aAmb
			}
			dt, amb, _ := CommonDType(a, b, aAmb, bAmb)
			if dt != c.want || !amb {
				t.Errorf("common_dtype(%s, %s, %v, %v) = %s, ambiguous %v; want %s? (the vignette's prose says %s)", a, b, aAmb, bAmb, dt, amb, c.want, c.seed)
			}
		}
	}
}

// Comments in R/promotion.R and test-promotion-rules.R:140 say ambiguous
// types are only i32 or f32 and never unsigned. The public API reaches
// ui8?, f64? and bool? (nv_scalar(..., ambiguous = TRUE), comparisons of
// two ambiguous values), and the rules handle them like any other dtype.
func TestCodeDisagreement_AmbiguousUnsignedReachable(t *testing.T) {
	for query, want := range map[string]string{
		"u8? i8":   "i8",
		"u8? bool": "u8?",
		"u8? i8?":  "i16?",
		"f64? i32": "f64?",
		"bool? i8": "i8",
		"i64? f32": "f32",
	} {
		if got := tsvtest.Check(t, Def.MustBuild(), query); got != want {
			t.Errorf("%s = %s, want %s", query, got, want)
		}
	}
}

// A logical literal in a traced body is a known bool (test-promotion.R:58),
// but a logical passed as a jit() argument is ambiguous
// (test-autoconvert.R:21-25). The literal true is the first; the tensor
// bool? stands for the second.
func TestCodeDisagreement_LogicalLiteralVsJitArgument(t *testing.T) {
	if got := tsvtest.Check(t, Def.MustBuild(), "true"); got != "bool" {
		t.Errorf("true = %s, want bool (known)", got)
	}
	if got := tsvtest.Check(t, Def.MustBuild(), "bool?"); got != "bool?" {
		t.Errorf("bool? = %s, want bool?", got)
	}
	// The difference shows against a known integer: the known bool
	// literal yields to it either way, but against an ambiguous i8 the
	// known bool loses and the i8 stays ambiguous, while bool? and i8? make
	// an ambiguous i8 too, by the both-ambiguous rule.
	if got := tsvtest.Check(t, Def.MustBuild(), "true i8?"); got != "i8?" {
		t.Errorf("true i8? = %s, want i8?", got)
	}
	if got := tsvtest.Check(t, Def.MustBuild(), "bool? u8"); got != "u8" {
		t.Errorf("bool? u8 = %s, want u8", got)
	}
}

// LiteralArray's documentation says an R double literal takes the
// backend's default float dtype; since cf6246fa the code always makes it
// f32 (only eager arrays on the quickr backend are f64).
func TestDocDisagreement_DoubleLiteralIsF32(t *testing.T) {
	for _, q := range []string{"1.0", "2", "2.5e3", "nan"} {
		if got := tsvtest.Check(t, Def.MustBuild(), q); got != "f32?" {
			t.Errorf("%s = %s, want f32?", q, got)
		}
	}
}
