package pytorch

import (
	"errors"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// TestPromoteTypesTable checks every pair of the spec's promote_types.tsv
// whose dtypes are in the catalogue, through PromoteTypes and through a
// two-tensor Result (which must agree: both are dim tensors).
func TestPromoteTypesTable(t *testing.T) {
	rows := tsvtest.Read(t, "testdata/promote_types.tsv")
	if len(rows) != 27*27 {
		t.Fatalf("promote_types.tsv has %d rows, want %d", len(rows), 27*27)
	}
	r := built["f32"]
	seen := map[[2]dtype.DType]bool{}
	for _, v := range rows {
		row := v.Fields
		a, errA := dtype.Parse(row[0])
		b, errB := dtype.Parse(row[1])
		if errA != nil || errB != nil {
			t.Fatalf("line %d: %v %v", v.Line, errA, errB)
		}
		seen[[2]dtype.DType{a, b}] = true
		res, err := r.PromoteTypes(a, b)
		if row[2] == "error" {
			var e *promote.Error
			if !errors.As(err, &e) {
				t.Errorf("line %d: promote_types(%s, %s) = %v, %v; want a refusal by %s", v.Line, a, b, res, err, row[3])
				continue
			}
			if e.Rule.ID != row[3] {
				t.Errorf("line %d: promote_types(%s, %s) refused by %s, want %s", v.Line, a, b, e.Rule.ID, row[3])
			}
		} else if err != nil || res.String() != row[2] {
			t.Errorf("line %d: promote_types(%s, %s) = %v, %v; want %s", v.Line, a, b, res, err, row[2])
		}
		got, _ := tsvtest.Query(t, r, row[0]+" "+row[1])
		if want := res.String(); err != nil && !strings.HasPrefix(got, "error: ") || err == nil && got != want {
			t.Errorf("line %d: result_type(%s, %s) = %s, disagrees with promote_types", v.Line, a, b, got)
		}
	}
	// Every dtype PyTorch has is in the file, with every partner, but
	// those that joined the catalogue later (the 2.11 live vectors and
	// TestLaterReleasesChangeOnlyWhatTheyAdd cover them).
	for _, a := range dtype.All() {
		for _, b := range dtype.All() {
			if Has(a) && Has(b) && !joinedLater[a] && !joinedLater[b] && !seen[[2]dtype.DType{a, b}] {
				t.Errorf("pair (%s, %s) missing from promote_types.tsv", a, b)
			}
		}
	}
}

// TestPromoteTypesMissingDTypes: a dtype PyTorch lacks is refused by name,
// whatever its partner, and never given an answer.
func TestPromoteTypesMissingDTypes(t *testing.T) {
	missing := []dtype.DType{dtype.F8E4M3, dtype.F8E3M4, dtype.F8E4M3B11FNUZ, dtype.F6E2M3FN, dtype.F6E3M2FN, dtype.F4E2M1FN, dtype.Dynamic}
	r := built["f32"]
	for _, m := range missing {
		if Has(m) {
			t.Errorf("Has(%s) = true", m)
		}
		for _, o := range dtype.All() {
			for _, pair := range [][2]dtype.DType{{m, o}, {o, m}} {
				_, err := r.PromoteTypes(pair[0], pair[1])
				var e *promote.Error
				if !errors.As(err, &e) || e.Rule != ruleNoDType {
					t.Errorf("promote_types(%s, %s) = %v, want a no-dtype refusal", pair[0], pair[1], err)
					continue
				}
				bad := pair[0]
				if Has(bad) {
					bad = pair[1]
				}
				if !strings.Contains(e.Msg, "PyTorch has no dtype for "+bad.String()) {
					t.Errorf("promote_types(%s, %s): message %q does not name %s", pair[0], pair[1], e.Msg, bad)
				}
			}
		}
	}
	if _, err := r.PromoteTypes(dtype.Invalid, dtype.F32); err == nil {
		t.Error("promote_types(Invalid, f32) succeeded")
	}
}

// TestFloat8Refusals: float8 types never mix with anything else (current
// source; 2.1-2.2 promoted them, see the package comment), but do with
// themselves, and the message is PyTorch's with its enum names.
func TestFloat8Refusals(t *testing.T) {
	r := built["f32"]
	_, err := r.PromoteTypes(dtype.F8E5M2, dtype.F32)
	want := "pytorch: Promotion for Float8 Types is not supported, attempted to promote Float8_e5m2 and Float [rule float8; operands f8e5m2 f32]"
	if err == nil || err.Error() != want {
		t.Errorf("promote_types(f8e5m2, f32) error = %v\nwant %s", err, want)
	}
	_, err = r.PromoteTypes(dtype.F8E4M3FN, dtype.F8E5M2)
	if err == nil || !strings.Contains(err.Error(), "attempted to promote Float8_e4m3fn and Float8_e5m2") {
		t.Errorf("promote_types(f8e4m3fn, f8e5m2) error = %v", err)
	}
	// The Float8 check precedes the uint16/32/64 one.
	_, err = r.PromoteTypes(dtype.U16, dtype.F8E4M3FNUZ)
	if err == nil || !strings.Contains(err.Error(), "Promotion for Float8 Types is not supported, attempted to promote UInt16 and Float8_e4m3fnuz") {
		t.Errorf("promote_types(u16, f8e4m3fnuz) error = %v", err)
	}
	for _, f := range []dtype.DType{dtype.F8E5M2, dtype.F8E4M3FN, dtype.F8E5M2FNUZ, dtype.F8E4M3FNUZ, dtype.F8E8M0FNU} {
		if res, err := r.PromoteTypes(f, f); err != nil || res.DType != f || res.Rule != ruleSame {
			t.Errorf("promote_types(%s, %s) = %v, %v; want itself by rule same", f, f, res, err)
		}
		for _, o := range dtype.All() {
			if o == f || !Has(o) {
				continue
			}
			if _, err := r.PromoteTypes(f, o); err == nil {
				t.Errorf("promote_types(%s, %s) succeeded", f, o)
			}
		}
	}
}

// TestUnsignedRefusals: uint16/32/64 (and uint1/2/4) combine only with
// floating types, which win outright whatever their width.
func TestUnsignedRefusals(t *testing.T) {
	r := built["f32"]
	_, err := r.PromoteTypes(dtype.U16, dtype.U32)
	want := "pytorch: Promotion for uint16, uint32, uint64 types is not supported, attempted to promote UInt16 and UInt32 [rule barebones-unsigned; operands u16 u32]"
	if err == nil || err.Error() != want {
		t.Errorf("promote_types(u16, u32) error = %v\nwant %s", err, want)
	}
	for _, u := range []dtype.DType{dtype.U16, dtype.U32, dtype.U64, dtype.U1, dtype.U2, dtype.U4} {
		for _, o := range []dtype.DType{dtype.U8, dtype.Bool, dtype.I64, dtype.C64, dtype.C128} {
			if _, err := r.PromoteTypes(u, o); err == nil {
				t.Errorf("promote_types(%s, %s) succeeded", u, o)
			}
		}
		for _, f := range []dtype.DType{dtype.F16, dtype.BF16, dtype.F32, dtype.F64} {
			res, err := r.PromoteTypes(u, f)
			res2, err2 := r.PromoteTypes(f, u)
			if err != nil || err2 != nil || res.DType != f || res2.DType != f {
				t.Errorf("promote_types(%s, %s) = %v %v / %v %v, want %s", u, f, res, err, res2, err2, f)
			}
		}
	}
}

// TestNonAssociativity: promoteTypes is associative on the 13 classic
// dtypes but not with uint16 and kin, and the answer depends on grouping.
func TestNonAssociativity(t *testing.T) {
	p := func(a, b dtype.DType) dtype.DType {
		res, err := built["f32"].PromoteTypes(a, b)
		if err != nil {
			return dtype.Invalid
		}
		return res.DType
	}
	if got := p(p(dtype.U8, dtype.U16), dtype.F32); got != dtype.Invalid {
		t.Errorf("p(p(u8, u16), f32) = %v, want an error", got)
	}
	if got := p(dtype.U8, p(dtype.U16, dtype.F32)); got != dtype.F32 {
		t.Errorf("p(u8, p(u16, f32)) = %v, want f32", got)
	}
	for _, a := range classicAxes {
		for _, b := range classicAxes {
			for _, c := range classicAxes {
				if l, r := p(p(a, b), c), p(a, p(b, c)); l != r {
					t.Errorf("classic table not associative: (%s %s) %s = %s, %s (%s %s) = %s", a, b, c, l, a, b, c, r)
				}
			}
		}
	}
}

// TestPromoteTypesSymmetric: in every version the lookup table and the
// whole compiled table are symmetric in their answers (errors too), as
// c10's is.
func TestPromoteTypesSymmetric(t *testing.T) {
	for _, r := range releases {
		for i := range r.axes {
			for j := range r.axes {
				if r.lookup[i][j] != r.lookup[j][i] {
					t.Errorf("version %s: lookup table not symmetric at (%s, %s)", r.name, r.axes[i], r.axes[j])
				}
			}
		}
		for _, a := range dtype.All() {
			for _, b := range dtype.All() {
				x, y := r.table.Cell(a, b), r.table.Cell(b, a)
				if x.Out != y.Out {
					t.Errorf("version %s: promote_types(%s, %s) = %v but (%s, %s) = %v", r.name, a, b, x.Out, b, a, y.Out)
				}
			}
		}
	}
}

func TestPromoteTypesAllocs(t *testing.T) {
	r := built["f32"]
	allocs := testing.AllocsPerRun(1000, func() {
		if _, err := r.PromoteTypes(dtype.BF16, dtype.F16); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("PromoteTypes allocates %v times per call, want 0", allocs)
	}
	ops := []promote.Operand{promote.T(dtype.I32), promote.T0(dtype.F64), promote.T(dtype.F16), promote.Float(2.5)}
	allocs = testing.AllocsPerRun(1000, func() {
		if _, err := r.Result(ops...); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("Result with 4 operands allocates %v times per call, want 0", allocs)
	}
}

func BenchmarkPromoteTypes(b *testing.B) {
	r := built["f32"]
	for b.Loop() {
		if _, err := r.PromoteTypes(dtype.BF16, dtype.F16); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkResult4(b *testing.B) {
	r := built["f32"]
	ops := []promote.Operand{promote.T(dtype.I32), promote.T0(dtype.F64), promote.T(dtype.F16), promote.Float(2.5)}
	for b.Loop() {
		if _, err := r.Result(ops...); err != nil {
			b.Fatal(err)
		}
	}
}
