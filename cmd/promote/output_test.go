package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// failingWriter accepts limit bytes, then fails every write, as a full
// disk or /dev/full does.
type failingWriter struct {
	limit, n int
}

func (w *failingWriter) Write(p []byte) (int, error) {
	if w.n+len(p) > w.limit {
		k := max(0, w.limit-w.n)
		w.n += k
		return k, syscall.ENOSPC
	}
	w.n += len(p)
	return len(p), nil
}

// TestLostOutputEverySubcommand: when standard output fails, at its first
// byte or part-way, every subcommand says so on standard error and exits
// non-zero, instead of exiting 0 with the output cut.
func TestLostOutputEverySubcommand(t *testing.T) {
	dir := t.TempDir()
	prog := filepath.Join(dir, "p.prog")
	writeFile(t, prog, "x: f32\ny: i8\nx * y\n")
	cases := []struct {
		stdin string
		args  []string
	}{
		{"", []string{"f16", "i64"}},
		{"", []string{"-json", "f16", "i64"}},
		{"", []string{"-rules", "numpy", "f16", "i64"}},
		{"", []string{"compare", "f16", "i64"}},
		{"f32 i8\nu8 i8\n", []string{"batch", "-rules", "numpy"}},
		{"", []string{"table", "-rules", "numpy"}},
		{"", []string{"table", "-rules", "numpy", "-format", "csv"}},
		{"", []string{"table", "-rules", "numpy", "-format", "json"}},
		{"", []string{"table", "-rules", "numpy", "-format", "markdown"}},
		{"", []string{"diff", "-rules", "numpy", "-against", "numpy"}},
		{"", []string{"diff", "-rules", "numpy", "-against", "numpy", "-json"}},
		{"", []string{"dtypes"}},
		{"", []string{"dtypes", "-json"}},
		{"", []string{"rules"}},
		{"", []string{"rules", "-json"}},
		{"1.5\n2\n", []string{"cast", "-from", "f32", "-to", "f16"}},
		{"", []string{"bench", "-n", "100", "-reps", "1", "-pairs", "f32:f16"}},
		{"", []string{"infer", "-rules", "numpy", prog}},
		{"", []string{"infer", "-rules", "numpy", "-json", prog}},
		{"", []string{"infer", prog}},
		{"", []string{"infer", "-json", prog}},
		{"", []string{"help"}},
		{"", []string{"help", "cast"}},
		{"", []string{"cast", "-h"}},
		{"", []string{"-h"}},
		{"", []string{"version"}},
	}
	for _, c := range cases {
		for _, limit := range []int{0, 3} {
			var errb bytes.Buffer
			code := run(&env{stdin: strings.NewReader(c.stdin), stdout: &failingWriter{limit: limit}, stderr: &errb}, c.args)
			if code != 1 || !strings.Contains(errb.String(), "writing standard output: no space left on device") {
				t.Errorf("%q, output failing after %d bytes: exit %d, stderr %q", c.args, limit, code, errb.String())
			}
		}
	}
}

// TestLostOutputStopsTheLoop: batch stops reading once its output fails,
// instead of reading all of a long input for nothing.
func TestLostOutputStopsTheLoop(t *testing.T) {
	in := &countingReader{r: strings.NewReader(strings.Repeat("f32 i8\n", 1<<20))}
	var errb bytes.Buffer
	code := run(&env{stdin: in, stdout: &failingWriter{limit: 0}, stderr: &errb}, []string{"batch", "-rules", "numpy"})
	if code != 1 || in.n > 2<<20 { // the line reader holds at most 1 MiB
		t.Errorf("exit %d after reading %d of %d bytes", code, in.n, 7<<20)
	}
}

type countingReader struct {
	r interface{ Read([]byte) (int, error) }
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// TestReadErrorIsReported: a failing standard input is an error (exit 1),
// after the answers to the lines read before it.
func TestReadErrorIsReported(t *testing.T) {
	for _, args := range [][]string{{"batch", "-rules", "numpy"}, {"cast", "-from", "f32", "-to", "f16"}, {"infer", "-rules", "numpy", "-"}} {
		var out, errb bytes.Buffer
		in := &errAfter{data: "1\n"}
		code := run(&env{stdin: in, stdout: &out, stderr: &errb}, args)
		if code == 0 || !strings.Contains(errb.String(), "injected read error") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errb.String())
		}
	}
}

type errAfter struct {
	data string
	done bool
}

func (r *errAfter) Read(p []byte) (int, error) {
	if !r.done {
		r.done = true
		return copy(p, r.data), nil
	}
	return 0, errors.New("injected read error")
}

func writeFile(t *testing.T, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}
