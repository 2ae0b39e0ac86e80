package pytorch

import (
	"errors"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// TestResultVectors runs testdata/result_type.tsv: the spec's worked
// examples and model-only cases, under the default dtypes each names.
func TestResultVectors(t *testing.T) {
	for _, v := range tsvtest.Read(t, "testdata/result_type.tsv") {
		row := v.Fields
		if len(row) != 4 {
			t.Fatalf("line %d: %d fields, want 4", v.Line, len(row))
		}
		defs := []string{row[0]}
		if row[0] == "both" {
			defs = []string{"f32", "f64"}
		}
		for _, def := range defs {
			check(t, def, row[1], row[2], row[3])
		}
	}
}

// TestChainedVersusNAry: a = i32 tensor, b = f64 zero-dim, c = f16 tensor.
// (a+b)+c is f64 because a+b is already an f64 *dim* tensor; a+(b+c) is
// f16; the n-ary result_type(a, b, c) (addcmul) is f16.
func TestChainedVersusNAry(t *testing.T) {
	r := built["f32"]
	a, b, c := promote.T(dtype.I32), promote.T0(dtype.F64), promote.T(dtype.F16)
	// binary returns the result of an elementwise op as the tensor it
	// produces: dimensioned when either input is.
	binary := func(x, y promote.Operand) promote.Operand {
		res, err := r.Result(x, y)
		if err != nil {
			t.Fatal(err)
		}
		out := promote.T0(res.DType)
		if x.Rank != 0 || y.Rank != 0 {
			out = promote.T(res.DType)
		}
		return out
	}
	if ab := binary(a, b); ab.DType != dtype.F64 || ab.Rank == 0 {
		t.Errorf("a+b = %v, want an f64 dim tensor", ab)
	}
	if got := binary(binary(a, b), c); got.DType != dtype.F64 {
		t.Errorf("(a+b)+c = %v, want f64", got.DType)
	}
	if got := binary(a, binary(b, c)); got.DType != dtype.F16 {
		t.Errorf("a+(b+c) = %v, want f16", got.DType)
	}
	res, err := r.Result(a, b, c)
	if err != nil || res.DType != dtype.F16 {
		t.Errorf("result_type(a, b, c) = %v, %v; want f16", res, err)
	}
	// A set: every order of the three gives f16.
	for _, ops := range [][]promote.Operand{{a, c, b}, {b, a, c}, {b, c, a}, {c, a, b}, {c, b, a}} {
		if res, err := r.Result(ops...); err != nil || res.DType != dtype.F16 {
			t.Errorf("result_type(%s) = %v, %v; want f16", promote.Join(ops), res, err)
		}
	}
}

// TestResultOrderWithinSlot: N operands are a set across slots, but inside
// one slot they go through promoteTypes in order, so uint16 and its kin
// make the answer order-dependent, as they do in PyTorch.
func TestResultOrderWithinSlot(t *testing.T) {
	check(t, "f32", "u8 u16 f32", "error", "barebones-unsigned")
	check(t, "f32", "u16 f32 u8", "f32", "table")
	check(t, "f32", "f32 u8 u16", "f32", "barebones-unsigned-floating")
}

// TestFloat8ResultType: the category shortcut skips promoteTypes, so a
// float8 tensor takes Python scalars and lower-priority floats, but not a
// float tensor, an integral tensor over it, or a complex scalar.
func TestFloat8ResultType(t *testing.T) {
	for _, f := range []string{"f8e5m2", "f8e4m3fn", "f8e5m2fnuz", "f8e4m3fnuz", "f8e8m0fnu"} {
		for _, def := range []string{"f32", "f64"} {
			check(t, def, f+" 1.0", f, "floating-higher")
			check(t, def, f+" 1", f, "floating-higher")
			check(t, def, f+" true", f, "floating-higher")
			check(t, def, f+" f64[]", f, "floating-higher")
			check(t, def, f+" f32", "error", "float8")
			check(t, def, "i32 "+f+"[]", "error", "float8")
			check(t, def, f+" 1j", "error", "to-complex")
			check(t, def, f+"[] 2.5", f, "floating-higher")
		}
	}
	got, _ := tsvtest.Query(t, built["f32"], "f8e4m3fn 1j")
	if !strings.Contains(got, "Unknown Complex ScalarType for Float8_e4m3fn") {
		t.Errorf("f8e4m3fn 1j: %s", got)
	}
}

// TestUnsignedResultType: uint16/32/64 tensors take Python ints, floats
// and complex numbers, but not other integer tensors.
func TestUnsignedResultType(t *testing.T) {
	for _, u := range []string{"u16", "u32", "u64", "u1", "u2", "u4"} {
		check(t, "f32", u+" 1", u, "integral-higher")
		check(t, "f32", u+" 1.0", "f32", "integral-higher-floating-lower")
		check(t, "f64", u+" 1.0", "f64", "integral-higher-floating-lower")
		check(t, "f32", u+" 1j", "c64", "complex-lower-integral-higher")
		check(t, "f64", u+" 1j", "c128", "complex-lower-integral-higher")
		check(t, "f32", u+" i32", "error", "barebones-unsigned")
		check(t, "f32", u+" u8[]", u, "integral-higher")
		check(t, "f32", "bool "+u+"[]", "error", "barebones-unsigned")
		check(t, "f32", u+" c64", "error", "barebones-unsigned")
	}
	got, _ := tsvtest.Query(t, built["f32"], "u32 i32")
	if !strings.Contains(got, "Promotion for uint16, uint32, uint64 types is not supported, attempted to promote UInt32 and Int") {
		t.Errorf("u32 i32: %s", got)
	}
}

// TestCombineCategories exercises the exported function directly,
// including empty slots and dtypes PyTorch lacks.
func TestCombineCategories(t *testing.T) {
	tests := []struct {
		hi, lo dtype.DType
		want   dtype.DType
		rule   *promote.Rule
	}{
		{dtype.Invalid, dtype.Invalid, dtype.Invalid, ruleOneSlot},
		{dtype.Invalid, dtype.F16, dtype.F16, ruleOneSlot},
		{dtype.Bool, dtype.Invalid, dtype.Bool, ruleOneSlot},
		{dtype.C32, dtype.F64, dtype.C32, ruleComplexHigher},
		{dtype.F16, dtype.C128, dtype.C32, latest.ruleComplexOf},
		{dtype.BF16, dtype.C32, dtype.BC32, latest.ruleComplexOf}, // 2.14: PR #173783
		{dtype.BC32, dtype.F64, dtype.BC32, ruleComplexHigher},
		{dtype.I8, dtype.BC32, dtype.BC32, ruleComplexLower},
		{dtype.F64, dtype.C64, dtype.C128, latest.ruleComplexOf},
		{dtype.U32, dtype.C64, dtype.C64, ruleComplexLower},
		{dtype.Bool, dtype.C32, dtype.C32, ruleComplexLower},
		{dtype.F16, dtype.F64, dtype.F16, ruleFloatingHigher},
		{dtype.BF16, dtype.I64, dtype.BF16, ruleFloatingHigher},
		{dtype.Bool, dtype.U8, dtype.U8, ruleBoolHigher},
		{dtype.Bool, dtype.F64, dtype.F64, ruleBoolHigher},
		{dtype.I64, dtype.F16, dtype.F16, ruleIntegralFloating},
		{dtype.U8, dtype.I64, dtype.U8, ruleIntegralHigher},
		{dtype.I8, dtype.Bool, dtype.I8, ruleIntegralHigher},
	}
	for _, tt := range tests {
		got, rule, err := CombineCategories(tt.hi, tt.lo)
		if err != nil || got != tt.want || rule != tt.rule {
			t.Errorf("CombineCategories(%v, %v) = %v, %v, %v; want %v by %s", tt.hi, tt.lo, got, rule.ID, err, tt.want, tt.rule.ID)
		}
	}
	for _, bad := range [][2]dtype.DType{{dtype.F8E4M3, dtype.F32}, {dtype.I32, dtype.Dynamic}, {dtype.Bool, dtype.U16}, {dtype.F8E5M2, dtype.C64}} {
		if got, rule, err := CombineCategories(bad[0], bad[1]); err == nil {
			t.Errorf("CombineCategories(%v, %v) = %v by %s, want an error", bad[0], bad[1], got, rule.ID)
		}
	}
	// Before 2.14, toComplexType(BFloat16) is complex64 and bcomplex32 does
	// not exist.
	for _, v := range []string{Version26, Version113} {
		s, err := NewStateFor(v, dtype.F32)
		if err != nil {
			t.Fatal(err)
		}
		if got, rule, err := s.CombineCategories(dtype.BF16, dtype.C32); err != nil || got != dtype.C64 || rule.ID != "complex-lower-floating-higher" {
			t.Errorf("version %s: CombineCategories(bf16, c32) = %v by %v, %v; want c64", v, got, rule, err)
		}
		if _, _, err := s.CombineCategories(dtype.BC32, dtype.F32); err == nil || !strings.Contains(err.Error(), "PyTorch "+v+" has no dtype for bc32 (torch.bcomplex32 was added in 2.14)") {
			t.Errorf("version %s: CombineCategories(bc32, f32) error = %v", v, err)
		}
	}
}

// TestStateIncremental types two chained ops the way program-level
// inference will: one State per op, fed operand by operand.
func TestStateIncremental(t *testing.T) {
	s, err := NewState(dtype.F32)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Result(); err == nil {
		t.Error("empty State gave a result")
	}
	for _, op := range []promote.Operand{promote.T(dtype.I32), promote.T0(dtype.F64)} {
		if err := s.Update(op); err != nil {
			t.Fatal(err)
		}
	}
	if s.Slot(DimSlot) != dtype.I32 || s.Slot(ZeroDimSlot) != dtype.F64 || s.Slot(WrappedSlot) != dtype.Invalid {
		t.Errorf("slots = %v %v %v", s.Slot(DimSlot), s.Slot(ZeroDimSlot), s.Slot(WrappedSlot))
	}
	res, err := s.Result()
	if err != nil || res.DType != dtype.F64 {
		t.Fatalf("i32 + f64[] = %v, %v", res, err)
	}
	// A failed update leaves the State as it was.
	if err := s.Update(promote.T(dtype.U16)); err == nil {
		t.Error("i32 then u16 in the dim slot succeeded")
	}
	if s.Slot(DimSlot) != dtype.I32 {
		t.Errorf("dim slot after a failed update = %v, want i32", s.Slot(DimSlot))
	}
	for _, bad := range []dtype.DType{dtype.BF16, dtype.I32, dtype.Invalid} {
		if _, err := NewState(bad); err == nil {
			t.Errorf("NewState(%v) succeeded", bad)
		}
	}
	if s16, err := NewState(dtype.F16); err != nil {
		t.Error(err)
	} else {
		s16.Update(promote.Complex(0, 1))
		if res, _ := s16.Result(); res.DType != dtype.C32 {
			t.Errorf("1j under a float16 default = %v, want c32", res)
		}
	}
}

// TestRefusalNamesOperands: a refusal names every operand of the query.
func TestRefusalNamesOperands(t *testing.T) {
	got, _ := tsvtest.Query(t, built["f32"], "u8 u16 f32[]")
	if !strings.HasSuffix(got, "[rule barebones-unsigned; operands u8 u16 f32[]]") {
		t.Errorf("got %s", got)
	}
	got, _ = tsvtest.Query(t, built["f32"], "f8e4m3 1")
	if !strings.Contains(got, "PyTorch has no dtype for f8e4m3") {
		t.Errorf("got %s", got)
	}
}

// TestDefOptions: the options parse, reject bad values naming the valid
// ones, and the presets are valid settings.
func TestDefOptions(t *testing.T) {
	if _, err := Def.Build("default_float=f16"); err == nil {
		t.Error("default_float=f16 accepted")
	}
	for _, bad := range []string{"version=1.9", "version=2.15", "version=", "version=latest"} {
		_, err := Def.Build(bad)
		if err == nil || !strings.Contains(err.Error(), "2.14|2.13|2.12|2.11|2.10|2.9|2.8|2.7|2.6|2.5|2.4|2.3|2.2|2.1|2.0|1.13") {
			t.Errorf("%s: err = %v, want one listing every release", bad, err)
		}
	}
	for _, p := range Def.Presets {
		if _, err := Def.Build(p...); err != nil {
			t.Errorf("preset %v: %v", p, err)
		}
	}
	if got := built["f64"].Settings().String(); got != "version=2.14 default_float=f64" {
		t.Errorf("settings = %q", got)
	}
	if _, err := NewStateFor("1.9", dtype.F32); err == nil || !strings.Contains(err.Error(), "2.14, 2.13, 2.12, 2.11, 2.10, 2.9, 2.8, 2.7, 2.6, 2.5, 2.4, 2.3, 2.2, 2.1, 2.0, 1.13") {
		t.Errorf("NewStateFor(1.9) error = %v, want one listing the versions", err)
	}
	if HasIn("1.9", dtype.F32) || !HasIn("1.13", dtype.F32) || HasIn("1.13", dtype.U16) || !HasIn("2.6", dtype.U16) {
		t.Error("HasIn disagrees with versions.md §1")
	}
}

// TestSweepNoPanic runs every pair and triple of a broad operand set under
// every version and both defaults: no panics, every answer carries a rule,
// and n-ary results never depend on the order of operands in different
// slots. Under -short only the default version runs triples.
func TestSweepNoPanic(t *testing.T) {
	var ops []promote.Operand
	for _, d := range dtype.All() {
		ops = append(ops, promote.T(d), promote.T0(d))
	}
	ops = append(ops, promote.Bool(true), promote.Int(3), promote.Float(1.5), promote.Complex(0, 1))
	wide, err := promote.ParseOperand("9223372036854775808") // 2^63: uint64 in 2.x, refused in 1.13
	if err != nil {
		t.Fatal(err)
	}
	ops = append(ops, wide)
	for _, v := range Versions {
		for _, def := range []string{"f32", "f64"} {
			r := Def.MustBuild("version="+v, "default_float="+def)
			sweep(t, r, ops, v == Version214 || !testing.Short())
		}
	}
}

func sweep(t *testing.T, r promote.Rules, ops []promote.Operand, triples bool) {
	t.Helper()
	{
		for _, a := range ops {
			for _, b := range ops {
				ab, errAB := r.Result(a, b)
				ba, errBA := r.Result(b, a)
				if errAB == nil && ab.Rule == nil {
					t.Errorf("%s %s: no rule", a, b)
				}
				// Different slots: order cannot matter.
				if slotOf(a) != slotOf(b) && (ab != ba || (errAB == nil) != (errBA == nil)) {
					t.Errorf("%s %s = %v %v but %s %s = %v %v", a, b, ab, errAB, b, a, ba, errBA)
				}
				for _, c := range ops {
					if !triples {
						break
					}
					if res, err := r.Result(a, b, c); err == nil && (res.Rule == nil || !res.DType.Valid()) {
						t.Errorf("%s %s %s = %v with no rule", a, b, c, res)
					}
				}
			}
		}
	}
}

func slotOf(o promote.Operand) Slot {
	switch {
	case o.Kind == promote.Literal:
		return WrappedSlot
	case o.Rank == 0:
		return ZeroDimSlot
	}
	return DimSlot
}

// TestStateAdmits: State.Update, the public incremental API, refuses an
// operand the version cannot have through the declaration's admission
// (kit.AdmitOperand), with the rule and words Result gives, and
// names only the operand it was given; the zero State admits as the
// newest version does.
func TestStateAdmits(t *testing.T) {
	cases := []struct {
		version string
		op      promote.Operand
	}{
		{Version113, promote.T(dtype.U16)},
		{Version26, promote.T(dtype.BC32)},
		{Version214, promote.T(dtype.F6E2M3FN)},
		{Version214, promote.Weak(promote.T(dtype.I32))},
		{Version113, promote.Weak(promote.T(dtype.U16))},
	}
	for _, c := range cases {
		s, err := NewStateFor(c.version, dtype.F32)
		if err != nil {
			t.Fatal(err)
		}
		_, want := Def.MustBuild("version=" + c.version).Result(c.op)
		got := s.Update(c.op)
		var ge, we *promote.Error
		if !errors.As(got, &ge) || !errors.As(want, &we) {
			t.Fatalf("%s %v: Update = %v, Result = %v; want two *promote.Error", c.version, c.op, got, want)
		}
		if ge.Rule != we.Rule || ge.Msg != we.Msg || len(ge.Operands) != 1 || ge.Operands[0].String() != c.op.String() {
			t.Errorf("%s %v: Update = %v, want %v naming the operand", c.version, c.op, got, want)
		}
		if c.version == Version214 {
			var zero State
			if err := zero.Update(c.op); err == nil || err.Error() != got.Error() {
				t.Errorf("zero State: Update(%v) = %v, want %v", c.op, err, got)
			}
		}
	}
}
