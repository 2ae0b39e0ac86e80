package picture

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/tsvtest"
	"github.com/promote-dev/promote/rules"
)

func TestSourceSpans(t *testing.T) {
	for _, row := range tsvtest.Read(t, "testdata/sources.tsv") {
		src := row.Fields[0]
		spans := SourceSpans(src)
		var got []string
		for _, s := range spans {
			if s.URL != "" {
				got = append(got, s.Text, s.URL)
			}
		}
		want := row.Fields[1:]
		if len(want) == 1 && want[0] == "-" {
			want = nil
		}
		if strings.Join(got, "\t") != strings.Join(want, "\t") {
			t.Errorf("line %d: %q links\n got %q\nwant %q", row.Line, src, got, want)
		}
	}
}

// TestSourceSpansAllRules: over the source of every rule the rule sets
// name (their pair tables and their answers with each literal kind), the
// spans give the source back, and every link is a GitHub file or
// repository address or a web address written in the source.
func TestSourceSpansAllRules(t *testing.T) {
	lits := []promote.Operand{promote.Bool(true), promote.Int(1), promote.Float(1), promote.Complex(0, 1)}
	seen := map[string]bool{}
	for _, d := range rules.All() {
		seen[d.Source] = true
		r := d.MustBuild()
		for _, a := range dtype.All() {
			for _, b := range dtype.All() {
				seen[ruleSource(r.PromoteTypes(a, b))] = true
			}
			for _, l := range lits {
				seen[ruleSource(r.Result(promote.T(a), l))] = true
			}
		}
	}
	links := 0
	for src := range seen {
		var b strings.Builder
		for _, s := range SourceSpans(src) {
			b.WriteString(s.Text)
			if s.URL == "" {
				continue
			}
			links++
			if strings.ContainsAny(s.URL, " <>{}\"") ||
				!(strings.HasPrefix(s.URL, "https://github.com/") || strings.Contains(src, s.URL)) {
				t.Errorf("%q: bad link %q", src, s.URL)
			}
		}
		if b.String() != src {
			t.Errorf("spans of %q give back %q", src, b.String())
		}
	}
	if links < len(seen)/2 {
		t.Errorf("only %d links in %d sources", links, len(seen))
	}
}

func ruleSource(res promote.Result, err error) string {
	if err != nil {
		if pe, ok := err.(*promote.Error); ok && pe.Rule != nil {
			return pe.Rule.Source
		}
		return ""
	}
	return res.Rule.Source
}

// FuzzSourceSpans: any source text splits into spans that give it back,
// with links only to web addresses, never a panic.
func FuzzSourceSpans(f *testing.F) {
	for _, s := range []string{"jax-ml/jax@cec06d11 jax/_src/dtypes.py, jax/_src/config.py", "pytorch/pytorch v2.6.0 c10/x.cpp:1-2",
		"a/b c/d.e@0123456 f", "https://x.example/a b", "  a/b  ", "x/y@zzzzzzz", "a/b v1.2 (c/d.py)", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		var b strings.Builder
		for _, s := range SourceSpans(src) {
			b.WriteString(s.Text)
			if s.URL != "" && !strings.HasPrefix(s.URL, "https://") && !strings.HasPrefix(s.URL, "http://") {
				t.Errorf("%q: link %q", src, s.URL)
			}
		}
		if b.String() != src {
			t.Errorf("%q gives back %q", src, b.String())
		}
	})
}

func BenchmarkSourceSpans(b *testing.B) {
	src := "rules/jax/spec.md; jax-ml/jax@cec06d11 jax/_src/dtypes.py, jax/_src/config.py, docs/type_promotion.rst; pytorch/pytorch v2.6.0 c10/core/ScalarType.cpp:43-129 (promoteTypes)"
	for b.Loop() {
		SourceSpans(src)
	}
}
