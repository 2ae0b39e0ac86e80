package oracle

import (
	"strings"
	"testing"
)

// TestOracles runs a trivial script in every oracle present, so a broken
// chroot shows up here rather than as a mysterious skip elsewhere.
func TestOracles(t *testing.T) {
	for _, name := range []string{"host", "trixie", "sid"} {
		t.Run(name, func(t *testing.T) {
			p := Require(t, name, "numpy")
			out, err := p.Run("import sys; print(sys.stdin.read().upper())", []byte("promote"))
			if err != nil || strings.TrimSpace(string(out)) != "PROMOTE" {
				t.Fatalf("Run = %q, %v", out, err)
			}
			v, err := p.Version("numpy")
			if err != nil || v == "" {
				t.Fatalf("numpy version = %q, %v", v, err)
			}
			t.Logf("%s: numpy %s", name, v)
			if _, err := p.Run("raise SystemExit('boom')", nil); err == nil || !strings.Contains(err.Error(), "boom") {
				t.Errorf("a failing script: err = %v; want it to carry the script's message", err)
			}
		})
	}
}

func TestTorchInChroot(t *testing.T) {
	if testing.Short() {
		t.Skip("importing torch in a chroot takes about 20 s; skipped under -short")
	}
	for _, name := range []string{"trixie", "sid"} {
		t.Run(name, func(t *testing.T) {
			p := Require(t, name, "torch")
			out, err := p.Run("import torch; print(torch.promote_types(torch.int32, torch.bfloat16))", nil)
			if err != nil || strings.TrimSpace(string(out)) != "torch.bfloat16" {
				t.Fatalf("torch: %q, %v", out, err)
			}
		})
	}
}
