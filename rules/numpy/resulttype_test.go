package numpy

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// TestVectors runs testdata/vectors.tsv: the NEP 50 table, the 2.x column
// of the 1.x-versus-2.x table, the check_values cases, single operands and
// refusals, as batch queries under one or both settings.
func TestVectors(t *testing.T) {
	for _, v := range tsvtest.Read(t, "testdata/vectors.tsv") {
		row := v.Fields
		if len(row) < 4 {
			t.Fatalf("line %d: %d fields, want mode, query, answer, rule", v.Line, len(row))
		}
		mode, query, want, wantRule := row[0], row[1], row[2], row[3]
		var sets []promote.Rules
		switch mode {
		case "result_type":
			sets = []promote.Rules{resultType}
		case "ufunc":
			sets = []promote.Rules{ufunc}
		case "both":
			sets = []promote.Rules{resultType, ufunc}
		default:
			t.Fatalf("line %d: unknown mode %q", v.Line, mode)
		}
		for _, r := range sets {
			got, rule := batch(t, r, query)
			ok := got == want
			if msg, isErr := strings.CutPrefix(want, "error: "); isErr {
				ok = strings.HasPrefix(got, "error: ") && strings.Contains(got, msg)
			}
			if !ok {
				t.Errorf("line %d: [%s] %q = %q, want %q", v.Line, r.Settings(), query, got, want)
			}
			if wantRule != "-" && rule != wantRule {
				t.Errorf("line %d: [%s] %q decided by %q, want %q", v.Line, r.Settings(), query, rule, wantRule)
			}
		}
	}
}

// fold is promote_types folded left to right, which np.result_type is not.
func fold(ds ...dtype.DType) dtype.DType {
	acc := ds[0]
	for _, d := range ds[1:] {
		acc = pairTable().Cell(acc, d).Out
	}
	return acc
}

func result(t testing.TB, r promote.Rules, ops ...promote.Operand) dtype.DType {
	t.Helper()
	res, err := r.Result(ops...)
	if err != nil {
		t.Fatalf("Result(%s): %v", promote.Join(ops), err)
	}
	return res.DType
}

// TestResultTypeIsNotALeftFold: np.result_type promotes a set, through the
// main DType; a left fold of promote_types differs on exactly 14 ordered
// triples of the builtin dtypes (spec.md §2), found here by exhaustive
// search. result_type(uint16, int16, float16) is float32 in every order,
// where a fold gives float64.
func TestResultTypeIsNotALeftFold(t *testing.T) {
	var differ []string
	for _, a := range builtins {
		for _, b := range builtins {
			for _, c := range builtins {
				seq := result(t, resultType, ts(a, b, c)...)
				if f := fold(a, b, c); f != seq {
					differ = append(differ, fmt.Sprintf("(%s, %s, %s): set %s, fold %s", a, b, c, seq, f))
				}
			}
		}
	}
	if len(differ) != 14 {
		t.Errorf("%d ordered triples differ from a left fold, want 14:\n%s", len(differ), strings.Join(differ, "\n"))
	}
	perm := []dtype.DType{dtype.U16, dtype.I16, dtype.F16}
	for _, p := range permutations(perm) {
		if got := result(t, resultType, ts(p...)...); got != dtype.F32 {
			t.Errorf("result_type(%v) = %s, want f32", p, got)
		}
	}
	if got := fold(dtype.U16, dtype.I16, dtype.F16); got != dtype.F64 {
		t.Errorf("left fold of (u16, i16, f16) = %s, want f64", got)
	}
	res, _ := resultType.Result(ts(dtype.U16, dtype.I16, dtype.F16)...)
	if res.Rule != ruleMainDType {
		t.Errorf("result_type(u16, i16, f16) decided by %v, want %s", res.Rule, ruleMainDType.ID)
	}
}

func permutations[T any](xs []T) [][]T {
	if len(xs) <= 1 {
		return [][]T{slices.Clone(xs)}
	}
	var out [][]T
	for i := range xs {
		rest := append(slices.Clone(xs[:i]), xs[i+1:]...)
		for _, p := range permutations(rest) {
			out = append(out, append([]T{xs[i]}, p...))
		}
	}
	return out
}

// kinds is every kind of operand the promotion distinguishes: the 14
// builtins as arrays, and Python bool, int, float and complex.
var kinds = func() (out []promote.Operand) {
	for _, d := range builtins {
		out = append(out, promote.T(d))
	}
	return append(out, promote.Bool(true), promote.Int(1), promote.Float(1.5), promote.Complex(0, 1))
}()

// TestPermutationInvariance: every ordered triple (and 4-tuple) of operand
// kinds gives the same answer as its sorted form, under both settings.
// NumPy's test_permutations_do_not_influence_result asserts the same.
func TestPermutationInvariance(t *testing.T) {
	n := len(kinds)
	for _, size := range []int{3, 4} {
		if size == 4 && testing.Short() {
			continue
		}
		idx := make([]int, size)
		answers := map[string]string{}
		for {
			ops := make([]promote.Operand, size)
			for i, k := range idx {
				ops[i] = kinds[k]
			}
			key := slices.Sorted(slices.Values(idx))
			res, err := resultType.Result(ops...)
			got := res.String()
			if err != nil {
				t.Fatalf("Result(%s): %v", promote.Join(ops), err)
			}
			k := fmt.Sprint(key)
			if prev, ok := answers[k]; ok && prev != got {
				t.Errorf("Result(%s) = %s, but another order of the same operands gives %s", promote.Join(ops), got, prev)
			}
			answers[k] = got
			if u := result(t, ufunc, ops...); u.String() != got {
				t.Errorf("check_values changes Result(%s): %s vs %s", promote.Join(ops), u, got)
			}
			i := 0
			for ; i < size; i++ {
				idx[i]++
				if idx[i] < n {
					break
				}
				idx[i] = 0
			}
			if i == size {
				break
			}
		}
	}
}

// TestSequenceModelInvariance runs the internal model over all 19 DType
// classes (the 16 builtins, longdouble included, and the 3 Python scalar
// DTypes): no multiset of 3 or 4 ever fails to promote or depends on
// order, as spec.md §2 says of the model.
func TestSequenceModelInvariance(t *testing.T) {
	var classes []dclass
	for c := dclass(0); c < dclass(numNTypes); c++ {
		classes = append(classes, c)
	}
	classes = append(classes, pyInt, pyFloat, pyComplex)
	n := len(classes)
	for _, size := range []int{3, 4} {
		idx := make([]int, size)
		answers := map[string]dclass{}
		for {
			ds := make([]dclass, size)
			for i, k := range idx {
				ds[i] = classes[k]
			}
			orig := slices.Clone(ds)
			got, ok, _, bad := model{}.promoteSequence(ds)
			if !ok {
				t.Fatalf("%v: DTypePromotionError at %s", orig, bad)
			}
			key := fmt.Sprint(slices.Sorted(slices.Values(idx)))
			if prev, seen := answers[key]; seen && prev != got {
				t.Errorf("%v gives %s, another order %s", orig, got, prev)
			}
			answers[key] = got
			i := 0
			for ; i < size; i++ {
				idx[i]++
				if idx[i] < n {
					break
				}
				idx[i] = 0
			}
			if i == size {
				break
			}
		}
	}
}

// TestPairsAgreeWithPromoteTypes: two arrays, a 0-d array or a NumPy
// scalar: every pair of strong operands gives np.promote_types.
func TestPairsAgreeWithPromoteTypes(t *testing.T) {
	for _, a := range builtins {
		for _, b := range builtins {
			want := pairTable().Cell(a, b).Out
			v := promote.Value{Kind: promote.IntValue, Int: big.NewInt(0), Text: "0"}
			for _, ops := range [][]promote.Operand{
				{promote.T(a), promote.T(b)},
				{promote.T0(a), promote.T(b)},
				{promote.T(a), promote.ScalarOf(b, v)},
				{{Kind: promote.Tensor, DType: a, Rank: promote.RankDynamic}, promote.T0(b)},
			} {
				for _, r := range []promote.Rules{resultType, ufunc} {
					if got := result(t, r, ops...); got != want {
						t.Errorf("Result(%s) = %s, want %s", promote.Join(ops), got, want)
					}
				}
			}
		}
	}
}

// TestNEP50Table checks §3's table cell by cell for every builtin.
func TestNEP50Table(t *testing.T) {
	for _, d := range builtins {
		var wantInt, wantFloat, wantComplex dtype.DType
		switch {
		case d == dtype.Bool:
			wantInt, wantFloat, wantComplex = dtype.I64, dtype.F64, dtype.C128
		case d.IsInteger():
			wantInt, wantFloat, wantComplex = d, dtype.F64, dtype.C128
		case d.IsFloat():
			wantInt, wantFloat = d, d
			wantComplex, _ = dtype.ComplexOf(d)
			if d == dtype.F16 {
				wantComplex = dtype.C64
			}
		default:
			wantInt, wantFloat, wantComplex = d, d, d
		}
		for _, c := range []struct {
			lit  promote.Operand
			want dtype.DType
		}{{promote.Int(3), wantInt}, {promote.Float(2.5), wantFloat}, {promote.Complex(0, 2), wantComplex}} {
			for _, ops := range [][]promote.Operand{{promote.T(d), c.lit}, {c.lit, promote.T0(d)}} {
				if got := result(t, resultType, ops...); got != c.want {
					t.Errorf("Result(%s) = %s, want %s", promote.Join(ops), got, c.want)
				}
			}
		}
	}
}

// TestCheckValuesEveryInteger: under check_values, a Python int just past
// either end of each integer dtype is an OverflowError and the ends
// themselves are fine; np.result_type never checks.
func TestCheckValuesEveryInteger(t *testing.T) {
	for _, d := range builtins {
		if !d.IsInteger() {
			continue
		}
		lo, hi := d.Format().IntRange()
		bl, bh := big.NewInt(lo), new(big.Int).SetUint64(hi)
		one := big.NewInt(1)
		for _, c := range []struct {
			v  *big.Int
			ok bool
		}{{bl, true}, {bh, true}, {new(big.Int).Sub(bl, one), false}, {new(big.Int).Add(bh, one), false}} {
			lit := promote.Operand{Kind: promote.Literal, Value: promote.Value{Kind: promote.IntValue, Int: c.v, Text: c.v.String()}}
			if got := result(t, resultType, promote.T(d), lit); got != d {
				t.Errorf("result_type(%s, %s) = %s, want %s", d, c.v, got, d)
			}
			_, err := ufunc.Result(promote.T(d), lit)
			if c.ok != (err == nil) {
				t.Errorf("ufunc(%s, %s): error %v, want ok=%v", d, c.v, err, c.ok)
			}
			if err != nil {
				want := fmt.Sprintf("OverflowError: Python integer %s out of bounds for %s", c.v, npName(d))
				if !strings.Contains(err.Error(), want) {
					t.Errorf("ufunc(%s, %s): %v, want %q", d, c.v, err, want)
				}
			}
		}
	}
}

// TestOverflowThresholds: the inf threshold for float16 and float32
// matches a correctly rounded conversion (Go's float32 conversion rounds
// to nearest even).
func TestOverflowThresholds(t *testing.T) {
	for _, x := range []float64{
		math.MaxFloat32, math.Nextafter(math.MaxFloat32, math.Inf(1)),
		math.Ldexp(1, 128) - math.Ldexp(1, 103), math.Nextafter(math.Ldexp(1, 128)-math.Ldexp(1, 103), 0),
		1e38, 4e38, 1e300, -4e38, 3.4028235677973366e+38,
	} {
		want := math.IsInf(float64(float32(x)), 0)
		if got := overflows(x, dtype.F32); got != want {
			t.Errorf("overflows(%g, f32) = %v, want %v", x, got, want)
		}
		if got := overflows(x, dtype.C64); got != want {
			t.Errorf("overflows(%g, c64) = %v, want %v", x, got, want)
		}
	}
	for x, want := range map[float64]bool{65504: false, 65519.99: false, 65520: true, -65520: true, 1e5: true, math.Inf(1): false, math.NaN(): false} {
		if got := overflows(x, dtype.F16); got != want {
			t.Errorf("overflows(%g, f16) = %v, want %v", x, got, want)
		}
	}
	if overflows(math.MaxFloat64, dtype.F64) {
		t.Error("a finite float64 overflows float64")
	}
	mid := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 1024), new(big.Int).Lsh(big.NewInt(1), 970))
	if f := bigFloat64(mid); !math.IsInf(f, 1) {
		t.Errorf("2**1024 - 2**970 converts to %g, want +Inf as in CPython", f)
	}
	if f := bigFloat64(new(big.Int).Sub(mid, big.NewInt(1))); f != math.MaxFloat64 {
		t.Errorf("2**1024 - 2**970 - 1 converts to %g, want MaxFloat64", f)
	}
}

// TestSingleOperand: one operand gives its own dtype, whatever its rank.
func TestSingleOperand(t *testing.T) {
	for _, d := range builtins {
		for _, o := range []promote.Operand{promote.T(d), promote.T0(d), promote.Shaped(d, 2, 3)} {
			res, err := resultType.Result(o)
			if err != nil || res.DType != d || res.Rule != ruleSingle {
				t.Errorf("Result(%s) = %v (%v), %v", o, res, res.Rule, err)
			}
		}
	}
}

// TestManyOperands: more operands than the stack scratch space.
func TestManyOperands(t *testing.T) {
	ops := ts(dtype.I8, dtype.U8, dtype.I16, dtype.U16, dtype.I8, dtype.U8, dtype.Bool, dtype.I8, dtype.U16, dtype.F16)
	ops = append(ops, promote.Int(7), promote.Float(2))
	if len(ops) <= maxStack {
		t.Fatal("test needs more than maxStack operands")
	}
	if got := result(t, resultType, ops...); got != dtype.F32 {
		t.Errorf("Result(%s) = %s, want f32", promote.Join(ops), got)
	}
	slices.Reverse(ops)
	if got := result(t, resultType, ops...); got != dtype.F32 {
		t.Errorf("Result(%s) = %s, want f32", promote.Join(ops), got)
	}
}

// TestOption: check_values is a bool option, default false.
func TestOption(t *testing.T) {
	if resultType.Settings().String() != "check_values=false promotion=weak ml_dtypes=false" {
		t.Errorf("default settings %q", resultType.Settings())
	}
	if _, err := Def.Build("check_values=maybe"); err == nil {
		t.Error("check_values=maybe accepted")
	}
	if _, err := Def.Build("strict=true"); err == nil {
		t.Error("unknown option accepted")
	}
	for _, p := range Def.Presets {
		if _, err := Def.Build(p...); err != nil {
			t.Errorf("preset %v: %v", p, err)
		}
	}
}

// TestRuleTexts: every rule has an ID, a one-line text and a source.
func TestRuleTexts(t *testing.T) {
	for _, r := range Def.Rules {
		if r.ID == "" || r.Text == "" || r.Source == "" || strings.ContainsAny(r.Text+r.Source, "\n\r") {
			t.Errorf("rule %+v is incomplete", r)
		}
	}
}

func BenchmarkResult(b *testing.B) {
	ops := []promote.Operand{promote.T(dtype.U16), promote.T0(dtype.I16), promote.T(dtype.F16), promote.Int(3)}
	for b.Loop() {
		if _, err := resultType.Result(ops...); err != nil {
			b.Fatal(err)
		}
	}
}
