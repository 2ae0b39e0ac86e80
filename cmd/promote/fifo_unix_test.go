//go:build unix

package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/promote-dev/promote/internal/safein/fifotest"
)

// TestInputFIFOsRefused: every command that reads a file refuses a named
// pipe at once, with a message naming it, instead of waiting in open(2)
// for a writer (where a signal could not stop it). recast's checkpoint
// reader refuses it by its own check before opening.
func TestInputFIFOsRefused(t *testing.T) {
	for _, tc := range []struct {
		name string // the FIFO's name
		args func(fifo, dir string) []string
	}{
		{"rules.toml", func(fifo, _ string) []string { return []string{"-rules", fifo, "f32"} }},
		{"names.txt", func(fifo, _ string) []string {
			return []string{"gen", "-rules", "numpy", "-lang", "go", "-names", fifo}
		}},
		{"a.npy", func(fifo, dir string) []string {
			return []string{"convert", fifo, fifotest.Make(t, "b.npy"), "-o", dir}
		}},
		{"in.npz", func(fifo, dir string) []string { return []string{"convert", fifo, "-o", dir} }},
		{"in.safetensors", func(fifo, dir string) []string {
			return []string{"recast", "-to", "f16", fifo, "-o", filepath.Join(dir, "out.safetensors")}
		}},
		{"prog.txt", func(fifo, _ string) []string { return []string{"infer", "-rules", "numpy", fifo} }},
	} {
		fifo := fifotest.Make(t, tc.name)
		args := tc.args(fifo, t.TempDir())
		fifotest.Returns(t, fifo, func() {
			_, errs, code := runPromote(t, "", args...)
			if code == 0 || !strings.Contains(errs, fifo+" is a named pipe") {
				t.Errorf("%s: exit %d, stderr %q", strings.Join(args, " "), code, errs)
			}
		})
	}
}
