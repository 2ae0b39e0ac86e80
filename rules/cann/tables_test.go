package cann

import (
	"errors"
	"fmt"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
)

var (
	docRules    = Def.MustBuild()
	opbaseRules = Def.MustBuild("table=opbase")
)

// checkPair checks PromoteTypes and Result on two tensors against a cell;
// a refusal must carry CANN's own wording and name both operands.
func checkPair(t *testing.T, r promote.Rules, file string, c pairCell) {
	t.Helper()
	for _, via := range []string{"PromoteTypes", "Result"} {
		var got promote.Result
		var err error
		if via == "PromoteTypes" {
			got, err = r.PromoteTypes(c.a, c.b)
		} else {
			got, err = r.Result(promote.T(c.a), promote.T(c.b))
		}
		if c.want == dtype.Invalid {
			var e *promote.Error
			if !errors.As(err, &e) {
				t.Errorf("%s:%d: %s(%s, %s) = %v, %v; want a refusal", file, c.line, via, c.a, c.b, got, err)
				continue
			}
			wantMsg := fmt.Sprintf("Self dtype %s and other dtype %s can not promote dtype.", c.a, c.b)
			if e.Msg != wantMsg || e.Rule == nil || e.Rules != "cann" || promote.Join(e.Operands) != c.a.String()+" "+c.b.String() {
				t.Errorf("%s:%d: %s(%s, %s) refusal = %q", file, c.line, via, c.a, c.b, err)
			}
			continue
		}
		if err != nil || got.DType != c.want || got.Weak || got.Rule == nil {
			t.Errorf("%s:%d: %s(%s, %s) = %v (%v), %v; want %s", file, c.line, via, c.a, c.b, got, got.Rule, err, c.want)
		}
	}
}

// TestDocTable checks all 256 cells of the documented table (table=doc).
func TestDocTable(t *testing.T) {
	for _, c := range readPairs(t, "table.tsv") {
		checkPair(t, docRules, "table.tsv", c)
	}
}

// TestOpbaseTable checks all 256 ordered cells of what op::PromoteType
// computes (table=opbase).
func TestOpbaseTable(t *testing.T) {
	for _, c := range readPairs(t, "table_opbase.tsv") {
		checkPair(t, opbaseRules, "table_opbase.tsv", c)
	}
}

// TestOpbaseDocDifferences_EightCells: the code's lookup table differs from
// the doc in exactly 8 ordered cells (spec.md §3), each decided by an
// opbase rule, and in no other cell of the 16 documented types.
func TestOpbaseDocDifferences_EightCells(t *testing.T) {
	want := map[[2]dtype.DType]dtype.DType{
		{dtype.BF16, dtype.C32}: dtype.C64, {dtype.C32, dtype.BF16}: dtype.C64,
		{dtype.U16, dtype.C64}: dtype.C64, {dtype.U16, dtype.C128}: dtype.C128,
		{dtype.U32, dtype.C64}: dtype.C64, {dtype.U32, dtype.C128}: dtype.C128,
		{dtype.U64, dtype.C64}: dtype.C128, {dtype.U64, dtype.C128}: dtype.C128,
	}
	diffs := 0
	for _, c := range readPairs(t, "table_opbase.tsv") {
		doc := cellType(t, c.fields[3])
		flagged := c.fields[4] == "yes"
		d, o := docPairs().Cell(c.a, c.b), opbasePairs().Cell(c.a, c.b)
		if d.Out != doc {
			t.Errorf("doc(%s, %s) = %v, testdata doc column says %v", c.a, c.b, d.Out, doc)
		}
		w, listed := want[[2]dtype.DType{c.a, c.b}]
		if listed != flagged || (d.Out != o.Out) != listed {
			t.Errorf("(%s, %s): listed %v, flagged %v, doc %v, opbase %v", c.a, c.b, listed, flagged, d.Out, o.Out)
		}
		if !listed {
			continue
		}
		diffs++
		if o.Out != w {
			t.Errorf("opbase(%s, %s) = %v, want %v", c.a, c.b, o.Out, w)
		}
		if o.Rule != ruleOpBF16C32 && o.Rule != ruleOpUnsignedComplex {
			t.Errorf("opbase(%s, %s) decided by %v, want an opbase rule", c.a, c.b, o.Rule.ID)
		}
		// The mirrored unsigned cells stay refusals: the asymmetry.
		if c.a.IsUnsigned() {
			if m := opbasePairs().Cell(c.b, c.a); m.Out != dtype.Invalid {
				t.Errorf("opbase(%s, %s) = %v, want × (the table is asymmetric)", c.b, c.a, m.Out)
			}
		}
	}
	if diffs != len(want) {
		t.Errorf("%d differing cells, want %d", diffs, len(want))
	}
}

// TestScalarTable checks all 256 cells of the documented tensor-scalar
// table, as a tensor with a typed aclScalar, under both settings.
func TestScalarTable(t *testing.T) {
	values := map[dtype.Kind]string{dtype.KindBool: "true", dtype.KindSigned: "3", dtype.KindUnsigned: "3",
		dtype.KindFloat: "1.5", dtype.KindComplex: "1j"}
	for _, c := range readPairs(t, "table_tensor_scalar.tsv") {
		s, err := promote.ParseOperandIn(dtype.CANN, fmt.Sprintf("%s(%s)", c.b, values[c.b.Kind()]))
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range []promote.Rules{docRules, opbaseRules} {
			got, err := r.Result(promote.T(c.a), s)
			if c.want == dtype.Invalid {
				var e *promote.Error
				if !errors.As(err, &e) || e.Msg != fmt.Sprintf("Self dtype %s and other dtype %s can not promote dtype.", c.a, c.b) ||
					promote.Join(e.Operands) != promote.Join([]promote.Operand{promote.T(c.a), s}) {
					t.Errorf("line %d: %s tensor with %s = %v, %v; want a refusal naming both", c.line, c.a, s, got, err)
				}
				continue
			}
			if err != nil || got.DType != c.want || got.Rule == nil {
				t.Errorf("line %d: %s tensor with %s = %v, %v; want %s", c.line, c.a, s, got, err, c.want)
			}
		}
	}
}

// TestDocRulesInWords: the rules in words reproduce the documented grid in
// every cell, so the rule a result carries is the one that explains it.
func TestDocRulesInWords(t *testing.T) {
	for _, c := range readPairs(t, "table.tsv") {
		if got, rule := docWhy(c.a, c.b); got != c.want {
			t.Errorf("docWhy(%s, %s) = %v by %s, grid says %v", c.a, c.b, got, rule.ID, c.want)
		}
	}
}

// TestScalarRulesInWords: the same for the tensor-scalar table.
func TestScalarRulesInWords(t *testing.T) {
	for _, c := range readPairs(t, "table_tensor_scalar.tsv") {
		if got, rule := scalarWhy(c.a, c.b); got != c.want {
			t.Errorf("scalarWhy(%s, %s) = %v by %s, grid says %v", c.a, c.b, got, rule.ID, c.want)
		}
	}
}

// TestDocTableSymmetric: 表1 is symmetric, and so is everything table=doc
// decides over the whole catalogue.
func TestDocTableSymmetric(t *testing.T) {
	for _, a := range dtype.All() {
		for _, b := range dtype.All() {
			x, y := docPairs().Cell(a, b), docPairs().Cell(b, a)
			if x.Out != y.Out || x.Rule != y.Rule {
				t.Errorf("doc(%s, %s) = %v by %s but doc(%s, %s) = %v by %s", a, b, x.Out, x.Rule.ID, b, a, y.Out, y.Rule.ID)
			}
		}
	}
}

// TestCatalogueSweep promotes every ordered pair of catalogue dtypes under
// both settings and checks each answer against what the rules say for
// types outside the 16 of the table.
func TestCatalogueSweep(t *testing.T) {
	for _, a := range dtype.All() {
		for _, b := range dtype.All() {
			d := docPairs().Cell(a, b)
			o := opbasePairs().Cell(a, b)
			inA, inB := docTable.in[a], docTable.in[b]
			switch {
			case !isACL(a) || !isACL(b):
				if d.Rule != ruleNotACL {
					t.Errorf("doc(%s, %s) by %s, want not-acl", a, b, d.Rule.ID)
				}
			case !inA || !inB:
				if d.Rule != ruleNotInTable {
					t.Errorf("doc(%s, %s) by %s, want not-in-table", a, b, d.Rule.ID)
				}
			}
			var want dtype.DType
			var rule *promote.Rule
			zero := enums[a].value >= 34 || enums[b].value >= 34
			switch {
			case !isGE(a) || !isGE(b):
				rule = ruleNotACL
			case a == b:
				want, rule = a, ruleOpSame
			case zero:
				want, rule = dtype.F32, ruleOpZeroFill
			case !inA || !inB:
				rule = ruleOpGEOnly
			default:
				continue // the 256 cells, checked against testdata
			}
			if o.Out != want || o.Rule != rule {
				t.Errorf("opbase(%s, %s) = %v by %s, want %v by %s", a, b, o.Out, o.Rule.ID, want, rule.ID)
			}
			// A refusal's message names the dtypes it is about.
			for _, c := range []kit.Decision{d, o} {
				if c.Out == dtype.Invalid && c.Msg == "" {
					t.Errorf("(%s, %s): refusal by %s without a message", a, b, c.Rule.ID)
				}
			}
		}
	}
}

// TestRefusalMessages checks the refusal wording in full: CANN's own words
// for ×, and promote's for types CANN does not have.
func TestRefusalMessages(t *testing.T) {
	tests := []struct {
		r    promote.Rules
		a, b dtype.DType
		want string
	}{
		{docRules, dtype.U16, dtype.F32, "cann: Self dtype u16 and other dtype f32 can not promote dtype. [rule unsigned-self-only; operands u16 f32]"},
		{opbaseRules, dtype.C64, dtype.U16, "cann: Self dtype c64 and other dtype u16 can not promote dtype. [rule unsigned-self-only; operands c64 u16]"},
		{opbaseRules, dtype.I4, dtype.I8, "cann: Self dtype i4 and other dtype i8 can not promote dtype. [rule opbase-ge-only; operands i4 i8]"},
		{docRules, dtype.F8E5M2, dtype.F32, "cann: f8e5m2 (ACL_FLOAT8_E5M2 = 35) is an aclDataType but not in the documented promotion table [rule not-in-table; operands f8e5m2 f32]"},
		{docRules, dtype.F32, dtype.F8E4M3, "cann: f8e4m3 is not an aclDataType (CANN's E4M3 is ACL_FLOAT8_E4M3FN, the OCP format promote calls f8e4m3fn) [rule not-acl; operands f32 f8e4m3]"},
		{docRules, dtype.F8E3M4, dtype.F32, "cann: f8e3m4 is not an aclDataType [rule not-acl; operands f8e3m4 f32]"},
		{docRules, dtype.I2, dtype.I2, "cann: i2 is not an aclDataType: CANN has it only as ge::DataType DT_INT2 = 31 [rule not-acl; operands i2 i2]"},
		{opbaseRules, dtype.Dynamic, dtype.F32, "cann: dynamic is not an aclDataType [rule not-acl; operands dynamic f32]"},
	}
	for _, tt := range tests {
		_, err := tt.r.PromoteTypes(tt.a, tt.b)
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s PromoteTypes(%s, %s) error\n got %v\nwant %s", tt.r.Settings(), tt.a, tt.b, err, tt.want)
		}
	}
}

// TestInvalidDType: a dtype outside the catalogue is an error, never a panic.
func TestInvalidDType(t *testing.T) {
	for _, r := range []promote.Rules{docRules, opbaseRules} {
		if _, err := r.PromoteTypes(dtype.Invalid, dtype.F32); err == nil {
			t.Error("PromoteTypes(Invalid, f32) succeeded")
		}
		if _, err := r.Result(promote.T(dtype.DType(200)), promote.T(dtype.F32)); err == nil {
			t.Error("Result(dtype(200), f32) succeeded")
		}
		if _, err := r.Result(promote.T(dtype.F32), promote.Operand{}); err == nil {
			t.Error("Result with a zero Operand succeeded")
		}
	}
}

// TestCompiledTables: each compiled table holds exactly what its pair
// function decides, message included, for every ordered catalogue pair
// (this would catch more distinct messages than a table can index).
func TestCompiledTables(t *testing.T) {
	for _, tt := range []struct {
		name   string
		table  *kit.PairTable
		decide func(a, b dtype.DType) kit.Decision
	}{{"doc", docPairs(), decideDoc}, {"opbase", opbasePairs(), decideOpbase}, {"scalar", scalarPairs(), decideScalar}} {
		for _, a := range dtype.All() {
			for _, b := range dtype.All() {
				if got, want := tt.table.Cell(a, b), tt.decide(a, b); got != want {
					t.Errorf("%s(%s, %s): table has %+v, decide says %+v", tt.name, a, b, got, want)
				}
			}
		}
	}
}
