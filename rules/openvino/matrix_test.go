package openvino

import (
	"errors"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/tsvtest"
	"github.com/promote-dev/promote/kit"
)

// The four settings of testdata/matrix.tsv, in column order.
var matrixSettings = [][]string{
	nil,
	{"promote_unsafe=true"},
	{"pytorch_scalar_promotion=true"},
	{"promote_unsafe=true", "pytorch_scalar_promotion=true"},
}

// outcome is a result or an error id, for comparing with the matrix.
func outcome(t *testing.T, r promote.Result, err error) string {
	t.Helper()
	if err == nil {
		return r.String()
	}
	var pe *promote.Error
	if !errors.As(err, &pe) {
		t.Fatalf("error is not a *promote.Error: %v", err)
	}
	for id, text := range errTexts {
		if strings.Contains(pe.Msg, text) {
			return id
		}
	}
	return "refused(" + pe.Msg + ")"
}

// TestMatrix checks all 324 ordered pairs of the 18 non-dynamic supported
// types against the hand-derived table: PromoteTypes in the two modes
// without pytorch, and lhs[] (rank 0) with rhs[1] (rank 1) in pytorch mode.
// It also checks the error counts spec.md §4 states.
func TestMatrix(t *testing.T) {
	rows := tsvtest.Read(t, "testdata/matrix.tsv")
	rs := make([]promote.Rules, len(matrixSettings))
	for i, s := range matrixSettings {
		rs[i] = Def.MustBuild(s...)
	}
	counts := make([]map[string]int, len(matrixSettings))
	for i := range counts {
		counts[i] = map[string]int{}
	}
	pairs := map[[2]dtype.DType]bool{}
	for _, row := range rows {
		n, fld := row.Line, row.Fields
		if len(fld) != 2+len(matrixSettings) {
			t.Fatalf("matrix.tsv:%d: %d fields", n, len(fld))
		}
		a, errA := dtype.Parse(fld[0])
		b, errB := dtype.Parse(fld[1])
		if errA != nil || errB != nil {
			t.Fatalf("matrix.tsv:%d: %v %v", n, errA, errB)
		}
		pairs[[2]dtype.DType{a, b}] = true
		for i, r := range rs {
			want := fld[2+i]
			var res promote.Result
			var err error
			if i < 2 {
				res, err = r.PromoteTypes(a, b)
			} else {
				res, err = r.Result(promote.T0(a), promote.Shaped(b, 1))
			}
			got := outcome(t, res, err)
			if got != want {
				t.Errorf("matrix.tsv:%d: %v (%s, %s): got %s, want %s", n, matrixSettings[i], a, b, got, want)
			}
			if strings.HasPrefix(want, "E") {
				counts[i][want]++
			}
		}
	}
	if len(pairs) != 18*18 {
		t.Errorf("matrix.tsv has %d distinct pairs, want 324", len(pairs))
	}
	wantCounts := []map[string]int{
		{"E1": 68, "E3": 30, "E4": 4},
		{},
		{"E1": 68, "E2": 74},
		{},
	}
	for i := range wantCounts {
		if !sameCounts(counts[i], wantCounts[i]) {
			t.Errorf("%v: error counts %v, want %v (spec.md §4)", matrixSettings[i], counts[i], wantCounts[i])
		}
	}
}

func sameCounts(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// allSettings covers every attribute combination that can change an answer,
// with a few u64 targets.
func allSettings() [][]string {
	var out [][]string
	for _, u := range []string{"false", "true"} {
		for _, p := range []string{"false", "true"} {
			for _, tg := range []string{"f32", "i64", "dynamic", "u2"} {
				out = append(out, []string{"promote_unsafe=" + u, "pytorch_scalar_promotion=" + p, "u64_integer_promotion_target=" + tg})
			}
		}
	}
	return out
}

// decision is an answer reduced to what must not depend on input order:
// the dtype, or the deciding rule of a refusal (E0's text names the input
// position, so messages may differ). R4 and R5 are one rule for either
// side, so they count as the same.
func decision(r promote.Result, err error) string {
	if err == nil {
		id := r.Rule.ID
		if r.Rule == R5 {
			id = R4.ID
		}
		return r.String() + " by " + id
	}
	var pe *promote.Error
	if errors.As(err, &pe) && pe.Rule != nil {
		return "refused by " + pe.Rule.ID
	}
	return "error " + err.Error()
}

// TestOrderIndependence checks, over every pair of catalogue dtypes and
// every setting, that swapping the inputs changes nothing: as two ranked
// tensors, and with a rank-0 or dynamic-rank input on either side.
func TestOrderIndependence(t *testing.T) {
	all := dtype.All()
	for _, s := range allSettings() {
		r := Def.MustBuild(s...)
		for _, a := range all {
			for _, b := range all {
				shapes := [][2]promote.Operand{
					{promote.T(a), promote.T(b)},
					{promote.T0(a), promote.Shaped(b, 1)},
					{promote.T0(a), promote.T0(b)},
					{promote.Operand{Kind: promote.Tensor, DType: a, Rank: promote.RankDynamic}, promote.T0(b)},
				}
				for _, ops := range shapes {
					x := decision(r.Result(ops[0], ops[1]))
					y := decision(r.Result(ops[1], ops[0]))
					if x != y {
						t.Errorf("%v: %s %s gives %s, swapped %s", s, ops[0], ops[1], x, y)
					}
				}
				if x, y := decision(r.PromoteTypes(a, b)), decision(r.PromoteTypes(b, a)); x != y {
					t.Errorf("%v: PromoteTypes(%s, %s) = %s, swapped %s", s, a, b, x, y)
				}
			}
		}
	}
}

// TestTableMatchesAlgorithm checks that the compiled tables agree with the
// algorithm for two ranked tensors, through both PromoteTypes and Result,
// for every catalogue pair and setting; and that a refusal names its
// operands.
func TestTableMatchesAlgorithm(t *testing.T) {
	for _, s := range allSettings() {
		r := Def.MustBuild(s...)
		rr := r.(*rules)
		for _, a := range dtype.All() {
			for _, b := range dtype.All() {
				want := infer(rr.a, a, promote.RankPositive, b, promote.RankPositive)
				for _, ops := range [][2]promote.Operand{
					{promote.T(a), promote.T(b)},
					{promote.Shaped(a, 2, 3), promote.Shaped(b, 1)},
				} {
					res, err := r.Result(ops[0], ops[1])
					checkDecision(t, s, ops[0].String()+" "+ops[1].String(), res, err, want)
				}
				res, err := r.PromoteTypes(a, b)
				checkDecision(t, s, "PromoteTypes "+a.String()+" "+b.String(), res, err, want)
			}
		}
	}
}

func checkDecision(t *testing.T, s []string, what string, res promote.Result, err error, want kit.Decision) {
	t.Helper()
	if want.Out == dtype.Invalid {
		var pe *promote.Error
		if !errors.As(err, &pe) || pe.Rule != want.Rule || pe.Msg != want.Msg || len(pe.Operands) != 2 {
			t.Errorf("%v: %s: got %v, %v; want refusal %s %q", s, what, res, err, want.Rule.ID, want.Msg)
		}
		return
	}
	if err != nil || res.DType != want.Out || res.Rule != want.Rule || res.Weak {
		t.Errorf("%v: %s: got %v by %v (%v); want %s by %s", s, what, res, res.Rule, err, want.Out, want.Rule.ID)
	}
}

// TestPyTorchFlagIgnoredForRankedPairs: two ranked tensors never reach R7,
// so pytorch_scalar_promotion shares the table of its promote_unsafe.
func TestPyTorchFlagIgnoredForRankedPairs(t *testing.T) {
	for _, u := range []string{"false", "true"} {
		off := Def.MustBuild("promote_unsafe=" + u)
		on := Def.MustBuild("promote_unsafe="+u, "pytorch_scalar_promotion=true")
		if off.(*rules).Table != on.(*rules).Table {
			t.Errorf("promote_unsafe=%s: the pytorch flag built a second table", u)
		}
	}
	// In safe mode the u64 target is never read, so it shares the table.
	if Def.MustBuild().(*rules).Table != Def.MustBuild("u64_integer_promotion_target=i64").(*rules).Table {
		t.Error("safe mode built a table per u64 target")
	}
}

// TestNoPanicOnInvalid: an out-of-catalogue dtype is refused, never a panic.
func TestNoPanicOnInvalid(t *testing.T) {
	r := Def.MustBuild("pytorch_scalar_promotion=true")
	bad := promote.Operand{Kind: promote.Tensor, DType: dtype.DType(250), Rank: 0}
	for _, ops := range [][]promote.Operand{
		{bad, promote.T(dtype.F32)},
		{promote.T(dtype.F32), bad},
		{bad},
		{{}, promote.T(dtype.F32)},
	} {
		if _, err := r.Result(ops...); err == nil {
			t.Errorf("%v: no error", ops)
		}
	}
	if _, err := r.PromoteTypes(dtype.Invalid, dtype.F32); err == nil {
		t.Error("PromoteTypes(Invalid, f32): no error")
	}
}
