package tvm_test

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/tsvtest"
	"github.com/promote-dev/promote/rules/tvm"
)

func matches(got, want, msg string) bool {
	if want == "error" {
		return strings.HasPrefix(got, "error: ") && strings.Contains(got, msg)
	}
	return got == want
}

// TestVectors runs vectors.tsv: every rule, by version, with the deciding
// rule and the refusals' words (rules/coverage_test.go proves that every
// rule decides at least one row).
func TestVectors(t *testing.T) {
	if n := tsvtest.RunVectors(t, tvm.Def, "testdata/vectors.tsv"); n < 70 {
		t.Fatalf("only %d vectors", n)
	}
}

// TestUpstream checks the dtypes TVM's own TIR tests assert.
func TestUpstream(t *testing.T) {
	r := tvm.Def.MustBuild()
	rows := tsvtest.Read(t, "testdata/upstream.tsv")
	if len(rows) < 40 {
		t.Fatalf("only %d rows", len(rows))
	}
	for _, row := range rows {
		f := row.Fields
		msg := ""
		if len(f) == 4 {
			msg = f[3]
		}
		if got, _ := tsvtest.Answer(r, f[1]); !matches(got, f[2], msg) {
			t.Errorf("upstream.tsv:%d %s: %q = %q, want %s %q", row.Line, f[0], f[1], got, f[2], msg)
		}
	}
}

// TestPairs compares every ordered pair of TVM's dtypes in every version
// with pairs.tsv, an independent transcription of spec.md (gen_pairs.py).
func TestPairs(t *testing.T) {
	rows := tsvtest.Read(t, "testdata/pairs.tsv")
	if len(rows) != 29*29 {
		t.Fatalf("%d pairs, want 29x29", len(rows))
	}
	versions := []string{"0.26", "0.22", "0.20", "0.19"}
	rs := make([]promote.Rules, len(versions))
	for i, v := range versions {
		rs[i] = tvm.Def.MustBuild("version=" + v)
	}
	for _, row := range rows {
		f := row.Fields
		a, _ := dtype.Parse(f[0])
		b, _ := dtype.Parse(f[1])
		for i, r := range rs {
			want := f[2+i]
			res, err := r.PromoteTypes(a, b)
			if id, isErr := strings.CutPrefix(want, "error:"); isErr {
				pe, ok := err.(*promote.Error)
				if !ok || pe.Rule.ID != id {
					t.Errorf("pairs.tsv:%d %s %s (%s) = %v %v, want %s", row.Line, f[0], f[1], versions[i], res, err, want)
				}
				continue
			}
			if err != nil || res.String() != want {
				t.Errorf("pairs.tsv:%d %s %s (%s) = %v %v, want %s", row.Line, f[0], f[1], versions[i], res, err, want)
			}
		}
	}
}

// TestVersionsAgreeOnSharedDTypes pins section 8: the versions give the
// same answer on every pair both have, except bool with uint1.
func TestVersionsAgreeOnSharedDTypes(t *testing.T) {
	newest := tvm.Def.MustBuild()
	for _, v := range []string{"0.22", "0.20", "0.19"} {
		old := tvm.Def.MustBuild("version=" + v)
		for _, a := range dtype.All() {
			for _, b := range dtype.All() {
				o, oerr := old.PromoteTypes(a, b)
				if oerr != nil && o.DType == dtype.Invalid {
					if pe := oerr.(*promote.Error); pe.Rule.ID == "dtype" {
						continue
					}
				}
				n, nerr := newest.PromoteTypes(a, b)
				if (a == dtype.Bool || a == dtype.U1) && (b == dtype.Bool || b == dtype.U1) {
					if o.DType != dtype.Bool {
						t.Errorf("%s (%s, %s) = %v, want bool (uint1 is bool)", v, a, b, o)
					}
					continue
				}
				if (oerr == nil) != (nerr == nil) || o.DType != n.DType {
					t.Errorf("(%s, %s): %s gives %v %v, 0.26 gives %v %v", a, b, v, o, oerr, n, nerr)
				}
			}
		}
	}
}

// TestTwoOperandsCommute: each branch of the cascade is symmetric, so two
// operands give the same dtype in either order (section 2).
func TestTwoOperandsCommute(t *testing.T) {
	r := tvm.Def.MustBuild()
	for _, a := range dtype.All() {
		for _, b := range dtype.All() {
			x, xerr := r.PromoteTypes(a, b)
			y, yerr := r.PromoteTypes(b, a)
			if (xerr == nil) != (yerr == nil) || x.DType != y.DType {
				t.Errorf("(%s, %s) = %v %v but (%s, %s) = %v %v", a, b, x, xerr, b, a, y, yerr)
			}
		}
	}
}

// TestUnknownVersion lists the valid versions.
func TestUnknownVersion(t *testing.T) {
	_, err := tvm.Def.Build("version=0.1")
	if err == nil || !strings.Contains(err.Error(), "0.26|0.22|0.20|0.19") {
		t.Errorf("Build(version=0.1) error = %v", err)
	}
}
