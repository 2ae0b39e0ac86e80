package pytorch

import (
	"errors"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// liveGoldens are the versions whose live promote_types answers are in
// testdata: those TestLiveTorch runs (-update writes them) and 2.11, run
// on a GPU machine.
var liveGoldens = []string{Version214, Version211, Version26, Version113}

// joinedLater are the catalogue dtypes added after the 1.13, 2.6 and 2.14
// live runs; only the 2.11 run asked about them.
var joinedLater = map[dtype.DType]bool{
	dtype.I1: true, dtype.I3: true, dtype.I5: true, dtype.I6: true, dtype.I7: true,
	dtype.U3: true, dtype.U5: true, dtype.U6: true, dtype.U7: true, dtype.F4E2M1FNX2: true,
}

// TestLivePromoteTypesVectors checks promote_types against the live
// library's answers recorded in testdata for each version in liveGoldens:
// every pair of the dtypes the version has is there (but those that
// joined the catalogue after the run), each answer is equal, and each
// refusal carries PyTorch's message. It needs no oracle.
func TestLivePromoteTypesVectors(t *testing.T) {
	for _, v := range liveGoldens {
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
					late := v != Version211 && (joinedLater[a] || joinedLater[b])
					if rel.Has(a) && rel.Has(b) && !late && !seen[[2]dtype.DType{a, b}] {
						t.Errorf("pair (%s, %s) missing from %s", a, b, liveGolden(v))
					}
				}
			}
		})
	}
}

// TestVersionDTypes: each version has exactly the dtypes of versions.md
// §1, and refuses the others by name, naming the version and the release
// that added the dtype.
func TestVersionDTypes(t *testing.T) {
	classic := []dtype.DType{dtype.U8, dtype.I8, dtype.I16, dtype.I32, dtype.I64, dtype.F16, dtype.F32, dtype.F64,
		dtype.C32, dtype.C64, dtype.C128, dtype.Bool, dtype.BF16}
	added := map[string][]dtype.DType{
		"2.1":  {dtype.F8E5M2, dtype.F8E4M3FN},
		"2.2":  {dtype.F8E5M2FNUZ, dtype.F8E4M3FNUZ},
		"2.3":  {dtype.U16, dtype.U32, dtype.U64, dtype.U1, dtype.U2, dtype.U3, dtype.U4, dtype.U5, dtype.U6, dtype.U7},
		"2.6":  {dtype.I1, dtype.I2, dtype.I3, dtype.I4, dtype.I5, dtype.I6, dtype.I7},
		"2.7":  {dtype.F8E8M0FNU},
		"2.8":  {dtype.F4E2M1FNX2},
		"2.14": {dtype.BC32},
	}
	for _, v := range Versions {
		in := map[dtype.DType]bool{}
		for _, d := range classic {
			in[d] = true
		}
		for since, ds := range added {
			if !versionLess(v, since) {
				for _, d := range ds {
					in[d] = true
				}
			}
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
	for _, c := range []struct{ version, ops, want string }{
		{"1.13", "u16", "PyTorch 1.13 has no dtype for u16 (torch.uint16 was added in 2.3)"},
		{"2.6", "f32 bc32[]", "PyTorch 2.6 has no dtype for bc32 (torch.bcomplex32 was added in 2.14)"},
		{"2.13", "bf16 bc32", "PyTorch 2.13 has no dtype for bc32 (torch.bcomplex32 was added in 2.14)"},
		{"2.6", "f8e8m0fnu", "PyTorch 2.6 has no dtype for f8e8m0fnu (torch.float8_e8m0fnu was added in 2.7)"},
		{"2.7", "f4e2m1fnx2", "PyTorch 2.7 has no dtype for f4e2m1fnx2 (torch.float4_e2m1fn_x2 was added in 2.8)"},
		{"2.5", "int1", "PyTorch 2.5 has no dtype for int1 (torch.int1 was added in 2.6)"},
		{"2.1", "f8e4m3fnuz", "PyTorch 2.1 has no dtype for f8e4m3fnuz (torch.float8_e4m3fnuz was added in 2.2)"},
		{"2.14", "f4e2m1fn", "PyTorch has no dtype for f4e2m1fn (its only FP4 dtype is float4_e2m1fn_x2"},
	} {
		got, _ := tsvtest.Query(t, Def.MustBuild("version="+c.version), c.ops)
		if !strings.Contains(got, c.want) {
			t.Errorf("version %s %q: %s; want %q", c.version, c.ops, got, c.want)
		}
	}
}

// TestVersionOption: version= takes every release from 1.13 to 2.14; a
// value outside them is refused with the list, and a release newer than
// the newest (or a patch release) is named as such, never mapped.
func TestVersionOption(t *testing.T) {
	for _, v := range Versions {
		if _, err := Def.Build("version=" + v); err != nil {
			t.Errorf("version=%s: %v", v, err)
		}
	}
	for _, c := range []struct{ value, want string }{
		{"2.15", "PyTorch 2.15 is newer than the newest release this rule set knows (2.14)"},
		{"3.0", "PyTorch 3.0 is newer than the newest release this rule set knows (2.14)"},
		{"1.12", "PyTorch 1.12 is older than the oldest release this rule set knows (1.13)"},
		{"2.11.0", "patch releases promote as their minor release: write version=2.11"},
		{"latest", "valid values are 2.14|2.13|2.12|2.11|2.10|2.9|2.8|2.7|2.6|2.5|2.4|2.3|2.2|2.1|2.0|1.13"},
		{"2.15", "valid values are 2.14|"},
	} {
		_, err := Def.Build("version=" + c.value)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("version=%s: %v; want %q", c.value, err, c.want)
		}
	}
}

// TestLaterReleasesChangeOnlyWhatTheyAdd: from 2.8 (the last dtype before
// bcomplex32) to 2.14, promote_types differs only where bcomplex32 is an
// operand; 2.2 to 2.7 differ from 2.11 only by the dtypes they lack. So
// the 2.11 live vectors vouch for the releases between the ones read.
func TestLaterReleasesChangeOnlyWhatTheyAdd(t *testing.T) {
	ref, _ := releaseOf(Version211)
	for _, v := range Versions {
		r, _ := releaseOf(v)
		if versionLess(v, "2.2") {
			continue
		}
		for _, a := range dtype.All() {
			for _, b := range dtype.All() {
				if !r.Has(a) || !r.Has(b) || !ref.Has(a) || !ref.Has(b) {
					continue
				}
				x, y := r.table.Cell(a, b), ref.table.Cell(a, b)
				if x.Out != y.Out || x.Rule.ID != y.Rule.ID {
					t.Errorf("version %s: promote_types(%s, %s) = %v by %s; 2.11 gives %v by %s", v, a, b, x.Out, x.Rule.ID, y.Out, y.Rule.ID)
				}
			}
		}
	}
}

// TestFloat8Table21: torch 2.1 promoted its two Float8 types through the
// table (PR #104242) until PR #113975 made every mix an error in 2.2.
func TestFloat8Table21(t *testing.T) {
	for _, c := range []struct{ version, ops, want, rule string }{
		{"2.1", "f8e5m2 f32", "f32", "table"},
		{"2.1", "f8e4m3fn f16", "f32", "table"},
		{"2.1", "f8e5m2 bf16", "bf16", "table"},
		{"2.1", "f8e5m2 i64", "f8e5m2", "table"},
		{"2.1", "bool f8e4m3fn", "f8e4m3fn", "table"},
		{"2.1", "f8e4m3fn c32", "c64", "table"},
		{"2.1", "f8e5m2 f64", "f64", "table"},
		{"2.1", "f8e5m2 f8e4m3fn", "error", "table-undefined"},
		{"2.2", "f8e5m2 f32", "error", "float8"},
	} {
		got, rule := tsvtest.Query(t, Def.MustBuild("version="+c.version), c.ops)
		ok := got == c.want || c.want == "error" && strings.HasPrefix(got, "error: ")
		if !ok || rule != c.rule {
			t.Errorf("version %s %q = %q by %s; want %q by %s", c.version, c.ops, got, rule, c.want, c.rule)
		}
	}
	_, err := Def.MustBuild("version=2.1").PromoteTypes(dtype.F8E5M2, dtype.F8E4M3FN)
	if want := "Promotion from Float8_e5m2 and Float8_e4m3fn is unsupported."; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("2.1 promote_types(f8e5m2, f8e4m3fn): %v; want %q", err, want)
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
	for _, lt := range liveTorch {
		v := lt.version
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
