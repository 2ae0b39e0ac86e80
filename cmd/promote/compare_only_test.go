package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestCompareOnly: -only narrows compare to families, rule sets and
// specs, rows come grouped by family under headings, and a bad selection
// is a usage error naming the families.
func TestCompareOnly(t *testing.T) {
	out, errs, code := runPromote(t, "", "compare", "-only", "triton,jax:x64=true,languages", "i32", "bf16")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, heading := range []string{"Array and ML frameworks:", "Compilers, runtimes and kernel libraries:", "Programming languages:"} {
		if !strings.Contains(out, heading) {
			t.Errorf("no heading %q in\n%s", heading, out)
		}
	}
	if strings.Index(out, "jax x64=true") > strings.Index(out, "triton") || strings.Index(out, "triton") > strings.Index(out, "julia") {
		t.Errorf("rows not grouped frameworks, compilers, languages:\n%s", out)
	}
	for _, absent := range []string{"pytorch", "numpy", "jax mode=strict"} {
		if strings.Contains(out, absent) {
			t.Errorf("-only leaked %q:\n%s", absent, out)
		}
	}

	out, _, code = runPromote(t, "", "-only", "frameworks", "-json", "f16", "i64")
	var js struct{ Rows []row }
	if code != 0 || json.Unmarshal([]byte(out), &js) != nil || len(js.Rows) == 0 {
		t.Fatalf("query -only -json: exit %d, %q", code, out)
	}
	for _, r := range js.Rows {
		if r.Family != "frameworks" {
			t.Errorf("row %s family %q, want frameworks", r.Rules, r.Family)
		}
	}

	_, errs, code = runPromote(t, "", "compare", "-only", "nosuch", "f32")
	if code != 2 || !strings.Contains(errs, "frameworks, compilers, languages") {
		t.Errorf("-only nosuch: exit %d, %q; want 2 naming the families", code, errs)
	}
	_, errs, code = runPromote(t, "", "-rules", "jax", "-only", "jax", "f32")
	if code != 2 {
		t.Errorf("-rules with -only: exit %d, %q; want 2", code, errs)
	}
}
