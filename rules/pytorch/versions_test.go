package pytorch

import (
	"errors"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// TestLivePromoteTypesVectors checks every version's promote_types against
// the live library's answers recorded in testdata (TestLiveTorch -update
// writes them): every pair of the dtypes the version has is there, each
// answer is equal, and each refusal carries PyTorch's message. It needs no
// oracle.
func TestLivePromoteTypesVectors(t *testing.T) {
	for _, v := range Versions {
		t.Run(v, func(t *testing.T) {
			r := Def.MustBuild("version=" + v)
			rel, _ := releaseOf(v)
			seen := map[[2]dtype.DType]bool{}
			for _, row := range tsvtest.Read(t, liveGolden(v)) {
				f := row.Fields
				if len(f) != 3 && len(f) != 4 {
					t.Fatalf("line %d: %d fields", row.Line, len(f))
				}
				a, errA := dtype.Parse(f[0])
				b, errB := dtype.Parse(f[1])
				if errA != nil || errB != nil {
					t.Fatalf("line %d: %v %v", row.Line, errA, errB)
				}
				seen[[2]dtype.DType{a, b}] = true
				res, err := r.PromoteTypes(a, b)
				switch {
				case f[2] == "error" && err == nil:
					t.Errorf("line %d: promote_types(%s, %s) = %s; torch %s refuses: %s", row.Line, a, b, res, v, f[3])
				case f[2] == "error" && !sameRefusal(f[3], err.Error()):
					t.Errorf("line %d: promote_types(%s, %s) refused with %q; torch %s says %q", row.Line, a, b, err, v, f[3])
				case f[2] != "error" && (err != nil || res.String() != f[2]):
					t.Errorf("line %d: promote_types(%s, %s) = %v, %v; torch %s says %s", row.Line, a, b, res, err, v, f[2])
				}
			}
			for _, a := range dtype.All() {
				for _, b := range dtype.All() {
					if rel.Has(a) && rel.Has(b) && !seen[[2]dtype.DType{a, b}] {
						t.Errorf("pair (%s, %s) missing from %s", a, b, liveGolden(v))
					}
				}
			}
		})
	}
}

// TestVersionDTypes: each version has exactly the dtypes of versions.md
// §1, and refuses the others by name, naming the version and the
// versions that have the dtype.
func TestVersionDTypes(t *testing.T) {
	classic := []dtype.DType{dtype.U8, dtype.I8, dtype.I16, dtype.I32, dtype.I64, dtype.F16, dtype.F32, dtype.F64,
		dtype.C32, dtype.C64, dtype.C128, dtype.Bool, dtype.BF16}
	added26 := []dtype.DType{dtype.F8E5M2, dtype.F8E4M3FN, dtype.F8E5M2FNUZ, dtype.F8E4M3FNUZ,
		dtype.U16, dtype.U32, dtype.U64, dtype.U1, dtype.U2, dtype.U4, dtype.I2, dtype.I4}
	added214 := []dtype.DType{dtype.F8E8M0FNU, dtype.BC32}
	want := map[string][]dtype.DType{
		Version113: classic,
		Version26:  append(append([]dtype.DType(nil), classic...), added26...),
		Version214: append(append(append([]dtype.DType(nil), classic...), added26...), added214...),
	}
	for v, has := range want {
		in := map[dtype.DType]bool{}
		for _, d := range has {
			in[d] = true
		}
		r := Def.MustBuild("version=" + v)
		for _, d := range dtype.All() {
			if HasIn(v, d) != in[d] {
				t.Errorf("HasIn(%s, %s) = %v, want %v", v, d, !in[d], in[d])
			}
			_, err := r.Result(promote.T(d))
			if in[d] {
				if err != nil {
					t.Errorf("version %s: %s alone: %v", v, d, err)
				}
				continue
			}
			var e *promote.Error
			if !errors.As(err, &e) || e.Rule != ruleNoDType || !strings.Contains(e.Msg, "has no dtype for "+d.String()) {
				t.Errorf("version %s: %s alone: %v; want a no-dtype refusal naming it", v, d, err)
			}
		}
	}
	_, err := Def.MustBuild("version=1.13").Result(promote.T(dtype.U16))
	if want := "PyTorch 1.13 has no dtype for u16 (torch.uint16 exists in 2.14 and 2.6)"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("1.13 u16: %v; want %q", err, want)
	}
	_, err = Def.MustBuild("version=2.6").Result(promote.T(dtype.F32), promote.T0(dtype.BC32))
	if want := "PyTorch 2.6 has no dtype for bc32 (torch.bcomplex32 exists in 2.14)"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("2.6 bc32: %v; want %q", err, want)
	}
}

// TestVersionVectors runs testdata/versions.tsv: for each query, the
// answer and deciding rule under each version it names. Every query of two
// or three operands (but those refused for a dtype the version lacks) must
// also be one TestLiveTorch asks that version's live library, as the file
// says.
func TestVersionVectors(t *testing.T) {
	for _, row := range tsvtest.Read(t, "testdata/versions.tsv") {
		f := row.Fields
		if len(f) != 5 {
			t.Fatalf("line %d: %d fields, want 5", row.Line, len(f))
		}
		versions := strings.Split(f[0], ",")
		if f[0] == "all" {
			versions = Versions
		}
		defs := []string{f[1]}
		if f[1] == "both" {
			defs = []string{"f32", "f64"}
		}
		for _, v := range versions {
			if n := len(strings.Fields(f[2])); n >= 2 && f[4] != "no-dtype" && !isLiveQuery(v, f[2]) {
				t.Errorf("line %d: %q is not among the live queries of version %s", row.Line, f[2], v)
			}
			for _, def := range defs {
				r := Def.MustBuild("version="+v, "default_float="+def)
				got, rule := tsvtest.Query(t, r, f[2])
				ok := got == f[3] || f[3] == "error" && strings.HasPrefix(got, "error: ")
				if !ok {
					t.Errorf("line %d: version=%s default_float=%s %q = %q, want %q", row.Line, v, def, f[2], got, f[3])
				}
				if rule != f[4] {
					t.Errorf("line %d: version=%s default_float=%s %q: decided by %q, want %q (%s)", row.Line, v, def, f[2], rule, f[4], got)
				}
			}
		}
	}
}

// isLiveQuery reports whether liveQueries(version) holds the pair or
// triple ops (as an R or N query).
func isLiveQuery(version, ops string) bool {
	toks := strings.Fields(ops)
	scalars := pairScalars
	switch len(toks) {
	case 2:
	case 3:
		scalars = tripleScalars
		if !pythonRefTriple(toks...) {
			return false
		}
	default:
		return false
	}
	for _, tok := range toks {
		if d, err := dtype.Parse(strings.TrimSuffix(tok, "[]")); err == nil {
			if !HasIn(version, d) {
				return false
			}
			continue
		}
		found := false
		for _, s := range scalars {
			found = found || s == tok
		}
		if !found {
			return false
		}
	}
	return true
}

// TestIsLiveQuery keeps isLiveQuery honest against the real query set.
func TestIsLiveQuery(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the full live query set; skipped under -short")
	}
	for _, v := range Versions {
		n := 0
		for _, q := range liveQueries(v) {
			if q.kind != "P" && !isLiveQuery(v, q.ops) {
				n++
				if n < 5 {
					t.Errorf("version %s: %q is a live query but isLiveQuery says no", v, q.ops)
				}
			}
		}
	}
	for _, q := range []string{"f32 2", "u16 f32 1.5", "f32 f32 f32 f32", "f32 9223372036854775808 i8"} {
		if isLiveQuery(Version214, q) {
			t.Errorf("isLiveQuery(2.14, %q) = true", q)
		}
	}
}
