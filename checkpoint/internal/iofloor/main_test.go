package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestRun: each shard's output is each piece of it written x times over,
// for shards shorter than a piece and longer than a step; an existing
// output directory and an input without shards are refused.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	if err := os.Mkdir(in, 0o755); err != nil {
		t.Fatal(err)
	}
	sizes := map[string]int{"a.safetensors": 1000, "b.safetensors": stepBytes + pieceBytes + 7, "c.safetensors": 0}
	for name, n := range sizes {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(i*7 + n)
		}
		if err := os.WriteFile(filepath.Join(in, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(dir, "out")
	if err := run(in, out, 3, 2); err != nil {
		t.Fatal(err)
	}
	for name := range sizes {
		src, _ := os.ReadFile(filepath.Join(in, name))
		got, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		var want []byte
		for off := 0; off < len(src); off += stepBytes {
			step := src[off:min(len(src), off+stepBytes)]
			for i := 0; i < len(step); i += pieceBytes {
				p := step[i:min(len(step), i+pieceBytes)]
				want = append(want, bytes.Repeat(p, 3)...)
			}
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: %d bytes, want %d, or different", name, len(got), len(want))
		}
	}
	if err := run(in, out, 2, 1); err == nil {
		t.Error("an existing output directory: no error")
	}
	if err := run(dir, filepath.Join(dir, "out2"), 2, 1); err == nil {
		t.Error("a directory without shards: no error")
	}
}
