package openvino

import (
	"errors"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// The places where the op spec (the seed) and the code disagree, or where
// versions differ (spec.md §5, §6; doc.go lists them). The rule set
// follows the current code; each test pins that choice.

// expect runs ops under the settings and checks the outcome: a dtype name,
// or an error id E0..E4.
func expect(t *testing.T, settings []string, ops []promote.Operand, want string) {
	t.Helper()
	r := Def.MustBuild(settings...)
	res, err := r.Result(ops...)
	if got := outcome(t, res, err); got != want {
		t.Errorf("%v %s: got %s (%v), want %s", settings, promote.Join(ops), got, err, want)
	}
}

var (
	safePT   = []string{"pytorch_scalar_promotion=true"}
	unsafePT = []string{"promote_unsafe=true", "pytorch_scalar_promotion=true"}
	unsafe   = []string{"promote_unsafe=true"}
)

// The spec's S(i64) + D(u8) -> u8 says safe rules apply but does not give
// promote_unsafe: with the default the code throws E2; u8 needs unsafe.
func TestSeedDisagreement_ScalarI64DenseU8NeedsUnsafe(t *testing.T) {
	s, d := promote.T0(dtype.I64), promote.T(dtype.U8)
	expect(t, safePT, []promote.Operand{s, d}, "E2")
	expect(t, unsafePT, []promote.Operand{s, d}, "u8")
}

// R7's safe check for a signed target and an unsigned scalar is reversed
// relative to R8: D(i8)+S(u16) gives i8 in safe mode, though plain
// i8+u16 is E3.
func TestSeedDisagreement_InvertedUnsignedScalarCheck(t *testing.T) {
	for _, c := range []struct{ dense, scalar dtype.DType }{
		{dtype.I8, dtype.U16}, {dtype.I4, dtype.U8}, {dtype.I16, dtype.U32},
	} {
		expect(t, safePT, []promote.Operand{promote.T(c.dense), promote.T0(c.scalar)}, c.dense.String())
		expect(t, nil, []promote.Operand{promote.T(c.dense), promote.T(c.scalar)}, "E3")
	}
	// One step further and even the reversed check fails.
	expect(t, safePT, []promote.Operand{promote.T(dtype.I8), promote.T0(dtype.U32)}, "E2")
}

// R7's safe check for floats compares widths only: D(f16)+S(bf16) gives
// f16 in safe pytorch mode, a pair that is E4 without it.
func TestSeedDisagreement_FloatScalarWidthOnly(t *testing.T) {
	expect(t, safePT, []promote.Operand{promote.T(dtype.F16), promote.T0(dtype.BF16)}, "f16")
	expect(t, safePT, []promote.Operand{promote.T(dtype.F8E5M2), promote.T0(dtype.F8E4M3FN)}, "f8e5m2")
	expect(t, nil, []promote.Operand{promote.T(dtype.F16), promote.T(dtype.BF16)}, "E4")
	expect(t, nil, []promote.Operand{promote.T(dtype.F8E5M2), promote.T(dtype.F8E4M3FN)}, "E4")
}

// The spec's example writes f8m4e3 and f8m5e3, names no system has; it
// means f8e4m3 (f8e4m3fn here) and f8e5m2.
func TestSeedDisagreement_F8Misspelling(t *testing.T) {
	for _, name := range []string{"f8m4e3", "f8m5e3"} {
		if d, err := Def.Dialect.Parse(name); err == nil {
			t.Errorf("%s parses as %s; it is a misspelling", name, d)
		}
	}
	expect(t, unsafe, []promote.Operand{promote.T(dtype.F8E4M3FN), promote.T(dtype.F8E5M2)}, "f16")
	expect(t, nil, []promote.Operand{promote.T(dtype.F8E4M3FN), promote.T(dtype.F8E5M2)}, "E4")
}

// ml_dtypes' IEEE-style f8e4m3 is not OpenVINO's f8e4m3 (which is
// f8e4m3fn): R1 refuses it, and says so.
func TestSeedDisagreement_IEEEF8E4M3Unsupported(t *testing.T) {
	r := Def.MustBuild()
	_, err := r.PromoteTypes(dtype.F8E4M3, dtype.F32)
	var pe *promote.Error
	if !errors.As(err, &pe) || pe.Rule != R1 || !strings.Contains(pe.Msg, "f8e4m3fn") {
		t.Errorf("PromoteTypes(f8e4m3, f32): %v, want R1 naming f8e4m3fn", err)
	}
}

// Safe R6 compares widths, not significands: f8e5m2 + u4 is accepted
// although f8e5m2 cannot hold every u4 value; f8e4m3fn + u4 is exact.
func TestSeedDisagreement_F8E5M2WithU4Accepted(t *testing.T) {
	expect(t, nil, []promote.Operand{promote.T(dtype.F8E5M2), promote.T(dtype.U4)}, "f8e5m2")
	if dtype.Holds(dtype.U4, dtype.F8E5M2) {
		t.Error("the catalogue says f8e5m2 holds every u4; the discrepancy would be moot")
	}
	if !dtype.Holds(dtype.U4, dtype.F8E4M3FN) {
		t.Error("the catalogue says f8e4m3fn does not hold every u4")
	}
}

// Under promote_unsafe the float wins however narrow it is; the port must
// not "fix" it.
func TestSeedDisagreement_UnsafeFloatAlwaysWins(t *testing.T) {
	expect(t, unsafe, []promote.Operand{promote.T(dtype.F8E4M3FN), promote.T(dtype.I64)}, "f8e4m3fn")
	expect(t, unsafe, []promote.Operand{promote.T(dtype.I64), promote.T(dtype.F16)}, "f16")
}

// The spec says u64_integer_promotion_target is a type Convert supports;
// the code never checks it, so whatever is given comes back, even dynamic
// or a type R1 would refuse as an input.
func TestSeedDisagreement_U64TargetUnvalidated(t *testing.T) {
	for _, tgt := range []string{"dynamic", "u2", "c64", "f8e8m0fnu", "bool", "u64"} {
		s := []string{"promote_unsafe=true", "u64_integer_promotion_target=" + tgt}
		expect(t, s, []promote.Operand{promote.T(dtype.U64), promote.T(dtype.I8)}, tgt)
		r := Def.MustBuild(s...)
		if got, err := r.PromoteTypes(dtype.I32, dtype.U64); err != nil || got.DType.String() != tgt || got.Rule != R8 {
			t.Errorf("%v: PromoteTypes(i32, u64) = %v, %v", s, got, err)
		}
	}
}

// Versions: the older implementation (@0ec423b) treated a dynamic rank as
// ranked in R7, so i32[] with u8[...] gave u8; the current one (followed
// here) gives dynamic, with or without promote_unsafe, but only once R1-R6
// have not decided.
func TestVersionDifference_DynamicRankGivesDynamic(t *testing.T) {
	dyn := promote.Operand{Kind: promote.Tensor, DType: dtype.U8, Rank: promote.RankDynamic}
	expect(t, unsafePT, []promote.Operand{promote.T0(dtype.I32), dyn}, "dynamic")
	expect(t, safePT, []promote.Operand{promote.T0(dtype.I32), dyn}, "dynamic")
	expect(t, safePT, []promote.Operand{promote.T(dtype.U8), dyn}, "u8")                                                                   // R3
	expect(t, safePT, []promote.Operand{promote.T0(dtype.F32), {Kind: promote.Tensor, DType: dtype.I8, Rank: promote.RankDynamic}}, "f32") // R6
	expect(t, safePT, []promote.Operand{promote.T0(dtype.F16), {Kind: promote.Tensor, DType: dtype.I16, Rank: promote.RankDynamic}}, "E1") // R6
	expect(t, nil, []promote.Operand{promote.T0(dtype.I32), dyn}, "i32")                                                                   // no pytorch mode
}
