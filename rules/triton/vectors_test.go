package triton_test

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/tsvtest"
	"github.com/promote-dev/promote/rules/triton"
)

// TestVectors runs vectors.tsv: one or more vectors for every rule on the
// path of + - * comparisons and where, in both versions, with the deciding
// rule and the refusals' words.
func TestVectors(t *testing.T) {
	if n := tsvtest.RunVectors(t, triton.Def, "testdata/vectors.tsv"); n < 70 {
		t.Fatalf("only %d vectors", n)
	}
}

// TestDivModVectors runs divmod.tsv, in vectors.tsv's columns, through
// ComputationType with div_or_mod true: the path of / // %, which the
// batch contract does not reach.
func TestDivModVectors(t *testing.T) {
	for _, row := range tsvtest.Read(t, "testdata/divmod.tsv") {
		f := row.Fields
		if len(f) != 6 {
			t.Fatalf("divmod.tsv:%d: want 6 fields, got %d", row.Line, len(f))
		}
		msg := f[4]
		if msg == "-" {
			msg = ""
		}
		got, rule := answer(t, tsvtest.Settings(f[1]), "/", f[2])
		if !matches(got, f[3], msg) {
			t.Errorf("divmod.tsv:%d %s: / %q = %q, want %s %q", row.Line, f[0], f[2], got, f[3], f[4])
		}
		if rule != f[5] {
			t.Errorf("divmod.tsv:%d %s: decided by %q, want %q", row.Line, f[0], rule, f[5])
		}
	}
}

// TestUpstreamTestCore checks the dtypes Triton's test_core.py states
// (test_bin_op's overrides and division rules, test_scalar_overflow), in
// both versions: none of its dtypes is an fp8 type, where they differ.
func TestUpstreamTestCore(t *testing.T) {
	rows := tsvtest.Read(t, "testdata/test_core.tsv")
	if len(rows) < 100 {
		t.Fatalf("only %d rows", len(rows))
	}
	for _, version := range triton.Versions {
		for _, row := range rows {
			f := row.Fields
			msg := ""
			if len(f) == 5 {
				msg = f[4]
			}
			got, _ := answer(t, []string{"version=" + version}, f[1], f[2])
			if !matches(got, f[3], msg) {
				t.Errorf("test_core.tsv:%d %s (version %s): %s %q = %q, want %s %q", row.Line, f[0], version, f[1], f[2], got, f[3], msg)
			}
		}
	}
}

// TestDocs checks the examples of the Triton Semantics page under the
// version whose code it describes.
func TestDocs(t *testing.T) {
	for _, row := range tsvtest.Read(t, "testdata/docs.tsv") {
		f := row.Fields
		if got, _ := answer(t, []string{"version=main"}, f[1], f[2]); got != f[3] {
			t.Errorf("docs.tsv:%d %q: %s %q = %q, want %s", row.Line, f[0], f[1], f[2], got, f[3])
		}
	}
}

// TestPairs compares every ordered pair of Triton's dtypes, with and
// without div_or_mod, in both behaviours (main, and every release 3.2 to
// 3.6), against pairs.tsv, an independent transcription of spec.md
// (gen_pairs.py; fp8e4b15 is not in it).
func TestPairs(t *testing.T) {
	rows := tsvtest.Read(t, "testdata/pairs.tsv")
	if len(rows) != 17*17 {
		t.Fatalf("%d pairs, want 17x17", len(rows))
	}
	cols := []struct {
		version, op string
	}{{triton.VersionMain, "+"}, {triton.VersionMain, "/"}, {triton.Version32, "+"}, {triton.Version32, "/"}}
	for _, v := range triton.Versions[1:] {
		cols = append(cols, struct{ version, op string }{v, "+"}, struct{ version, op string }{v, "/"})
	}
	for _, row := range rows {
		f := row.Fields
		for i, c := range cols {
			if i >= 4 {
				i = 2 + i%2 // every release answers as 3.2 does
			}
			want := f[2+i]
			got, rule := answer(t, []string{"version=" + c.version}, c.op, f[0]+" "+f[1])
			if id, isErr := strings.CutPrefix(want, "error:"); isErr {
				if !strings.HasPrefix(got, "error:") || rule != id {
					t.Errorf("pairs.tsv:%d %s %s (%s, %s) = %q by %s, want %s", row.Line, f[0], f[1], c.version, c.op, got, rule, want)
				}
				continue
			}
			if got != want {
				t.Errorf("pairs.tsv:%d %s %s (%s, %s) = %q, want %s", row.Line, f[0], f[1], c.version, c.op, got, want)
			}
		}
	}
}

// TestVersionsDifferOnBF16WithFP8 pins section 2.2: for + main and the
// default (the newest release) disagree on exactly the ten pairs of bf16
// with an fp8 type.
func TestVersionsDifferOnBF16WithFP8(t *testing.T) {
	mainR, oldR := triton.Def.MustBuild("version=main"), triton.Def.MustBuild()
	n := 0
	for _, a := range dtype.All() {
		for _, b := range dtype.All() {
			m, em := mainR.PromoteTypes(a, b)
			o, eo := oldR.PromoteTypes(a, b)
			if (em == nil) == (eo == nil) && m.DType == o.DType {
				continue
			}
			n++
			if (a != dtype.BF16 && b != dtype.BF16) || em != nil || eo != nil || m.DType != dtype.BF16 || o.DType != dtype.F32 {
				t.Errorf("(%s, %s): main %v %v, 3.2 %v %v; only bf16 with fp8 should differ", a, b, m, em, o, eo)
			}
		}
	}
	if n != 10 {
		t.Errorf("%d pairs differ, want 10", n)
	}
}

// TestDialect reads Triton's spellings, float8e4b15 as f8e4m3b15.
func TestDialect(t *testing.T) {
	for name, want := range map[string]dtype.DType{
		"tl.float8e4nv": dtype.F8E4M3FN, "triton.language.float8e5": dtype.F8E5M2, "fp8e4b8": dtype.F8E4M3FNUZ,
		"tl.float8e5b16": dtype.F8E5M2FNUZ, "tl.int1": dtype.Bool, "tl.bfloat16": dtype.BF16, "fp16": dtype.F16,
		"tl.uint32": dtype.U32, "float8_e4m3fn": dtype.F8E4M3FN,
		"tl.float8e4b15": dtype.F8E4M3B15, "fp8e4b15": dtype.F8E4M3B15,
	} {
		if got, err := triton.Dialect.Parse(name); err != nil || got != want {
			t.Errorf("Parse(%q) = %v, %v; want %v", name, got, err, want)
		}
	}
}

// TestVersions: every release and main build; a release promote does not
// know is refused with the known ones listed.
func TestVersions(t *testing.T) {
	for _, v := range triton.Versions {
		if _, err := triton.Def.Build("version=" + v); err != nil {
			t.Errorf("version=%s: %v", v, err)
		}
	}
	_, err := triton.Def.Build("version=3.7")
	if err == nil || !strings.Contains(err.Error(), "main|3.6|3.5|3.4|3.3|3.2") {
		t.Errorf("version=3.7: %v, want the known versions listed", err)
	}
}

// TestComputationTypeNeedsTriton refuses a rule set of another system.
func TestComputationTypeNeedsTriton(t *testing.T) {
	if _, err := triton.ComputationType(nil, promote.T(dtype.F16), promote.T(dtype.F16), true); err == nil {
		t.Error("ComputationType(nil, ...) succeeded")
	}
}
