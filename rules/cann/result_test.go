package cann

import (
	"errors"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/tsvtest"
	"github.com/promote-dev/promote/kit"
)

// TestResultVectors runs testdata/result.tsv: literals, typed scalars,
// weak operands, zero-dim tensors, N-ary folds and refusals.
func TestResultVectors(t *testing.T) {
	for _, row := range tsvtest.Read(t, "testdata/result.tsv") {
		f := row.Fields
		if len(f) != 3 {
			t.Fatalf("result.tsv:%d: %d fields, want 3", row.Line, len(f))
		}
		r := Def.MustBuild("table=" + f[0])
		ops, err := promote.ParseOperands(dtype.CANN, f[1])
		if err != nil {
			t.Fatalf("result.tsv:%d: %v", row.Line, err)
		}
		got, err := r.Result(ops...)
		if ruleID, ok := strings.CutPrefix(f[2], "error:"); ok {
			var e *promote.Error
			if !errors.As(err, &e) || e.Rule == nil || e.Rule.ID != ruleID || len(e.Operands) == 0 || strings.Contains(e.Error(), "\n") {
				t.Errorf("result.tsv:%d: table=%s %q = %v, %v; want a refusal by %s", row.Line, f[0], f[1], got, err, ruleID)
			}
			continue
		}
		if err != nil || got.String() != f[2] || got.Rule == nil || got.Rule.Source == "" {
			t.Errorf("result.tsv:%d: table=%s %q = %v, %v; want %s", row.Line, f[0], f[1], got, err, f[2])
		}
	}
}

// TestNoOperands: an empty query is refused with the shared rule.
func TestNoOperands(t *testing.T) {
	_, err := docRules.Result()
	var e *promote.Error
	if !errors.As(err, &e) || e.Rule != kit.NoOperands {
		t.Errorf("Result() = %v, want a no-operands refusal", err)
	}
}

// TestLiteralMapping: a Python literal is the aclScalar torch_npu makes of
// it: float f64, int i64, bool bool, complex c128 (promote's choice).
func TestLiteralMapping(t *testing.T) {
	for _, tt := range []struct {
		lit  promote.Operand
		want dtype.DType
	}{
		{promote.Float(2.5), dtype.F64},
		{promote.Int(2), dtype.I64},
		{promote.Int(-1 << 62), dtype.I64},
		{promote.Bool(true), dtype.Bool},
		{promote.Complex(0, 1), dtype.C128},
	} {
		got, err := docRules.Result(tt.lit)
		if err != nil || got.DType != tt.want || got.Rule != ruleLiteral {
			t.Errorf("%s = %v (%v), %v; want %s by literal", tt.lit, got, got.Rule, err, tt.want)
		}
		// With a tensor, the literal is that aclScalar: same answer.
		s := promote.ScalarOf(tt.want, tt.lit.Value)
		for _, tensor := range []dtype.DType{dtype.Bool, dtype.I8, dtype.F16, dtype.C32} {
			a, errA := docRules.Result(promote.T(tensor), tt.lit)
			b, errB := docRules.Result(promote.T(tensor), s)
			if a.DType != b.DType || (errA == nil) != (errB == nil) {
				t.Errorf("%s with %s = %v, %v but with %s = %v, %v", tensor, tt.lit, a, errA, s, b, errB)
			}
		}
	}
}

// TestFoldOrderOpbase: under table=opbase the answer depends on operand
// order, because kPromoteTypesLookup is not symmetric.
func TestFoldOrderOpbase(t *testing.T) {
	u16, c64 := promote.T(dtype.U16), promote.T(dtype.C64)
	got, err := opbaseRules.Result(u16, c64)
	if err != nil || got.DType != dtype.C64 || got.Rule != ruleOpUnsignedComplex {
		t.Errorf("opbase u16, c64 = %v, %v; want c64 by opbase-unsigned-complex", got, err)
	}
	_, err = opbaseRules.Result(c64, u16)
	if err == nil || err.Error() != "cann: Self dtype c64 and other dtype u16 can not promote dtype. [rule unsigned-self-only; operands c64 u16]" {
		t.Errorf("opbase c64, u16 error = %v", err)
	}
	// Under table=doc both orders are refused.
	for _, ops := range [][]promote.Operand{{u16, c64}, {c64, u16}} {
		if _, err := docRules.Result(ops...); err == nil {
			t.Errorf("doc %s succeeded", promote.Join(ops))
		}
	}
	// Three tensors fold as cat does: PromoteType(tensors[i], promote),
	// so the newer tensor is self.
	got, err = opbaseRules.Result(c64, c64, u16)
	if err != nil || got.DType != dtype.C64 {
		t.Errorf("opbase c64, c64, u16 = %v, %v; want c64", got, err)
	}
	_, err = opbaseRules.Result(u16, c64, c64)
	if err == nil || err.Error() != "cann: Self dtype c64 and other dtype u16 can not promote dtype. [rule unsigned-self-only; operands c64 u16]" {
		t.Errorf("opbase u16, c64, c64 error = %v", err)
	}
}

// TestRefusalNamesOperands: a refusal names the operands that met, with
// their shapes as written, and the rule.
func TestRefusalNamesOperands(t *testing.T) {
	ops, err := promote.ParseOperands(dtype.CANN, "u16[2,3] ACL_FLOAT[]")
	if err != nil {
		t.Fatal(err)
	}
	_, err = docRules.Result(ops...)
	want := "cann: Self dtype u16 and other dtype f32 can not promote dtype. [rule unsigned-self-only; operands u16[2,3] f32[]]"
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	ops, _ = promote.ParseOperands(dtype.CANN, "f32 i8? 2")
	_, err = docRules.Result(ops...)
	want = "cann: CANN has no weak tensors or scalars: a weak i8 tensor has no CANN counterpart [rule no-weak; operands i8?]"
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	_, err = docRules.Result(promote.Int(2), promote.Float(1.5))
	want = "cann: no aclTensor among the operands: aclnn ops take at least one [rule need-tensor; operands 2 1.5]"
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

// TestZeroDimLikeAnyTensor: a zero-dim tensor promotes exactly as a ranked
// one (Ascend 950's op-specific BinaryOpTypePromote is not modelled).
func TestZeroDimLikeAnyTensor(t *testing.T) {
	for _, r := range []promote.Rules{docRules, opbaseRules} {
		for _, a := range docTable.types {
			for _, b := range docTable.types {
				want, wantErr := r.PromoteTypes(a, b)
				for _, ops := range [][2]promote.Operand{
					{promote.T0(a), promote.T(b)}, {promote.T(a), promote.T0(b)},
					{promote.T0(a), promote.T0(b)}, {promote.Shaped(a, 2, -1), promote.Operand{Kind: promote.Tensor, DType: b, Rank: promote.RankDynamic}},
				} {
					got, err := r.Result(ops[0], ops[1])
					if got.DType != want.DType || (err == nil) != (wantErr == nil) {
						t.Errorf("%s %s = %v, %v; want %v, %v", r.Settings(), promote.Join(ops[:]), got, err, want, wantErr)
					}
				}
			}
		}
	}
}

// TestOptions: the table option, its default and a bad value.
func TestOptions(t *testing.T) {
	if s := docRules.Settings().String(); s != "table=doc" {
		t.Errorf("default settings %q", s)
	}
	if _, err := Def.Build("table=pytorch"); err == nil || !strings.Contains(err.Error(), "doc|opbase") {
		t.Errorf("table=pytorch: %v", err)
	}
	if r, err := Def.Build("table=OPBASE"); err != nil || optTable.Of(r.Settings()) != "opbase" {
		t.Errorf("table=OPBASE: %v", err)
	}
}

// TestAllocs: PromoteTypes allocates nothing on success.
func TestAllocs(t *testing.T) {
	for _, r := range []promote.Rules{docRules, opbaseRules} {
		n := testing.AllocsPerRun(100, func() {
			if _, err := r.PromoteTypes(dtype.I8, dtype.U8); err != nil {
				t.Fatal(err)
			}
		})
		if n != 0 {
			t.Errorf("%s: PromoteTypes allocates %v times", r.Settings(), n)
		}
	}
}

func BenchmarkPromoteTypes(b *testing.B) {
	types := docTable.types
	for _, r := range []promote.Rules{docRules, opbaseRules} {
		b.Run(optTable.Of(r.Settings()), func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				x, y := types[i%len(types)], types[(i/len(types))%len(types)]
				if x == dtype.U16 || y == dtype.U16 || x == dtype.U32 || y == dtype.U32 || x == dtype.U64 || y == dtype.U64 {
					x, y = dtype.F16, dtype.BF16
				}
				if _, err := r.PromoteTypes(x, y); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
