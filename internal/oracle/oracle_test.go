package oracle

import (
	"slices"
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

// TestWithProc: a chroot run that asks for /proc sees it (whether a run
// that does not ask sees it depends on runs in other test binaries); the
// oracle it was made from is unchanged.
func TestWithProc(t *testing.T) {
	for _, name := range []string{"trixie", "sid"} {
		t.Run(name, func(t *testing.T) {
			p := Require(t, name)
			q := p.WithProc()
			if p.proc || !q.proc {
				t.Fatalf("WithProc: %v then %v", p.proc, q.proc)
			}
			out, err := q.Run("import os; print(os.path.exists('/proc/self/status'))", nil)
			if err != nil || strings.TrimSpace(string(out)) != "True" {
				t.Errorf("/proc in the run: %q, %v", out, err)
			}
		})
	}
}

// TestSample: the sample is fixed by its seed, ascending, without
// repetition, and whole when it would not be smaller.
func TestSample(t *testing.T) {
	if Exhaustive() {
		t.Skip(ExhaustiveEnv + "=1: every sample is whole")
	}
	a, b := Sample(1000, 50, 7), Sample(1000, 50, 7)
	if len(a) != 50 || !slices.Equal(a, b) {
		t.Fatalf("Sample(1000, 50, 7) = %v, then %v", a, b)
	}
	for i := 1; i < len(a); i++ {
		if a[i] <= a[i-1] || a[i] >= 1000 {
			t.Fatalf("not ascending, distinct and in range: %v", a)
		}
	}
	if c := Sample(1000, 50, 8); slices.Equal(a, c) {
		t.Error("another seed gave the same sample")
	}
	if all := Sample(10, 50, 7); len(all) != 10 || all[9] != 9 {
		t.Errorf("Sample(10, 50, 7) = %v, want all ten", all)
	}
}
