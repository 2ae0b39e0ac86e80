package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promote-dev/promote/explorer"
)

// TestExplorerErrorsMatchCLI: a bad input in the explorer shows the
// message the command line gives for the same input (its first line on
// standard error).
func TestExplorerErrorsMatchCLI(t *testing.T) {
	prog := filepath.Join(t.TempDir(), "prog.txt")
	os.WriteFile(prog, []byte("x: f32\n"), 0o644)
	for _, tc := range []struct {
		args []string
		req  explorer.Request
	}{
		{[]string{"compare", "i32", "bf16x"}, explorer.Request{Op: "query", Q: "i32 bf16x"}},
		{[]string{"compare", "float"}, explorer.Request{Op: "query", Q: "float"}},
		{[]string{"compare", "f32[", "i8"}, explorer.Request{Op: "query", Q: "f32[ i8"}},
		{[]string{"compare", "1L", "i8??"}, explorer.Request{Op: "query", Q: "1L i8??"}},
		{[]string{"-rules", "numpy", "float", "x?"}, explorer.Request{Op: "query", Q: "float x?", Rules: "numpy"}},
		{[]string{"-rules", "nope", "f32"}, explorer.Request{Op: "query", Q: "f32", Rules: "nope"}},
		{[]string{"-rules", "jax:x64=maybe", "f32"}, explorer.Request{Op: "query", Q: "f32", Rules: "jax:x64=maybe"}},
		{[]string{"table", "-rules", "nope", "-format", "svg"}, explorer.Request{Op: "table", Rules: "nope"}},
		{[]string{"table", "-rules", "jax", "-format", "svg", "-against", "numpy:nope=1"}, explorer.Request{Op: "table", Rules: "jax", Against: "numpy:nope=1"}},
		{[]string{"lattice", "-rules", "nope"}, explorer.Request{Op: "lattice", Rules: "nope"}},
		{[]string{"cast", "-from", "f32", "-to", "f17"}, explorer.Request{Op: "cast", From: "f32", To: "f17"}},
		{[]string{"cast", "-from", "f32", "-to", "f16", "-policy", "nope"}, explorer.Request{Op: "cast", From: "f32", To: "f16", Policy: "nope"}},
		{[]string{"infer", "-compare", "numpy,nope", prog}, explorer.Request{Op: "infer", Program: "x: f32\n", Rules: "numpy,nope"}},
	} {
		_, stderr, code := runPromote(t, "", tc.args...)
		cli, _, _ := strings.Cut(stderr, "\n")
		got := explorer.Call(tc.req).Error
		if code == 0 || got != cli {
			t.Errorf("promote %s (exit %d):\n  CLI      %q\n  explorer %q", strings.Join(tc.args, " "), code, cli, got)
		}
	}
}

// TestExplorerAnswersMatchCLI: the explorer's answers are the command
// line's: compare's rows, table's and lattice's SVG byte for byte, cast's
// lines, infer's lint.
func TestExplorerAnswersMatchCLI(t *testing.T) {
	out, _, _ := runPromote(t, "", "compare", "-json", "i32", "bf16", "2.5")
	var cmp struct{ Rows []row }
	if err := json.Unmarshal([]byte(out), &cmp); err != nil {
		t.Fatal(err)
	}
	q := explorer.Call(explorer.Request{Op: "query", Q: "i32 bf16 2.5"}).Query
	if len(q.Rows) != len(cmp.Rows) {
		t.Fatalf("%d rows, CLI %d", len(q.Rows), len(cmp.Rows))
	}
	for i, r := range q.Rows {
		if r.Row.Label() != cmp.Rows[i].Label() || r.Result != cmp.Rows[i].Result || r.Error != cmp.Rows[i].Error || r.Differs != cmp.Rows[i].Differs || r.RuleID != cmp.Rows[i].RuleID {
			t.Errorf("row %d: explorer %+v, CLI %+v", i, r.Row, cmp.Rows[i])
		}
	}

	for _, tc := range []struct {
		args []string
		req  explorer.Request
	}{
		{[]string{"table", "-rules", "jax", "-format", "svg", "-against", "numpy"}, explorer.Request{Op: "table", Rules: "jax", Against: "numpy"}},
		{[]string{"table", "-rules", "tvm", "-format", "svg"}, explorer.Request{Op: "table", Rules: "tvm"}},
		{[]string{"lattice", "-rules", "tensorflow:mode=safe"}, explorer.Request{Op: "lattice", Rules: "tensorflow:mode=safe"}},
		{[]string{"lattice", "-rules", "mlx"}, explorer.Request{Op: "lattice", Rules: "mlx"}},
	} {
		out, stderr, code := runPromote(t, "", tc.args...)
		resp := explorer.Call(tc.req)
		if code != 0 || resp.Error != "" || resp.Picture.SVG != out {
			t.Errorf("promote %s: exit %d %s; the explorer's SVG differs (%q)", strings.Join(tc.args, " "), code, stderr, resp.Error)
		}
	}

	in := "0.1\n65520\n0x3f800000\nfoo\n-0\n"
	out, _, _ = runPromote(t, in, "cast", "-from", "f32", "-to", "bf16", "-text")
	cast := explorer.Call(explorer.Request{Op: "cast", From: "f32", To: "bf16", Values: in}).Cast
	var lines []string
	for _, r := range cast.Rows {
		lines = append(lines, r.CLI)
	}
	if got := strings.Join(lines, "\n") + "\n"; got != out {
		t.Errorf("cast: explorer\n%s\nCLI\n%s", got, out)
	}

	prog := "x: i8\ny: u8\nz = x + y\nz * 1.5\n"
	out, _, _ = runPromote(t, prog, "infer", "-compare", "numpy,jax,pytorch", "-json", "-")
	resp := explorer.Call(explorer.Request{Op: "infer", Program: prog, Rules: "numpy,jax,pytorch"})
	got, _ := json.MarshalIndent(resp.Infer.Lint, "", "  ")
	if string(got)+"\n" != out {
		t.Errorf("infer: explorer\n%s\nCLI\n%s", got, out)
	}
}
