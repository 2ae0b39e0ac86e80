package main

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInferRefusesNonRegular: a directory, a FIFO, a socket and a device
// are refused with an error saying what they are, without reading (a FIFO
// without a writer would block, /dev/zero would never end).
func TestInferRefusesNonRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	mkfifo(t, fifo)
	sock := filepath.Join(dir, "sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	cases := map[string]string{dir: "a directory", fifo: "a named pipe", sock: "a socket"}
	if _, err := os.Stat("/dev/zero"); err == nil {
		cases["/dev/zero"] = "a character device"
	}
	for path, want := range cases {
		_, errs, code := runPromote(t, "", "infer", "-rules", "numpy", path)
		if code != 2 || !strings.Contains(errs, path+" is "+want) || !strings.Contains(errs, "not a regular file") {
			t.Errorf("%s: exit %d, stderr %q", path, code, errs)
		}
	}
}

// TestInferSizeBound: a program over the bound, in a file or on standard
// input, is refused with an error that says the bound; one at the bound
// is read.
func TestInferSizeBound(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small.prog")
	big := filepath.Join(dir, "big.prog")
	writeFile(t, small, "x: f32\nx\n")
	writeFile(t, big, "x: f32\nx\n"+strings.Repeat("#\n", 100))
	const max = 64
	if b, label, err := readProgram(&env{}, small, max); err != nil || string(b) != "x: f32\nx\n" || label != small {
		t.Errorf("small file: %q, %q, %v", b, label, err)
	}
	if _, _, err := readProgram(&env{}, big, max); err == nil || !strings.Contains(err.Error(), "at most 64 bytes") {
		t.Errorf("big file: %v", err)
	}
	in := strings.NewReader(strings.Repeat("#", max+1))
	if _, _, err := readProgram(&env{stdin: in}, "-", max); err == nil || !strings.Contains(err.Error(), "stdin holds more than 64 bytes") {
		t.Errorf("big stdin: %v", err)
	}
	in = strings.NewReader(strings.Repeat("#", max))
	if b, label, err := readProgram(&env{stdin: in}, "-", max); err != nil || len(b) != max || label != "stdin" {
		t.Errorf("stdin at the bound: %d bytes, %q, %v", len(b), label, err)
	}
	// The real bound is in the message, in MiB.
	_, errs, code := runPromote(t, "", "infer", "-rules", "numpy", "/nonexistent/prog")
	if code != 2 || !strings.Contains(errs, "/nonexistent/prog") {
		t.Errorf("missing file: exit %d, %q", code, errs)
	}
}

// TestInferByteOrderMark: a UTF-8 byte-order mark at the start of a
// program, as some editors write it, is not part of the program.
func TestInferByteOrderMark(t *testing.T) {
	out, errs, code := runPromote(t, "\xef\xbb\xbfx: i8\nx + 1\n", "infer", "-rules", "numpy", "-")
	if code != 0 || lastLine(out) != "i8" {
		t.Errorf("exit %d, stderr %q:\n%s", code, errs, out)
	}
}

// TestInferCompareSpecs: -compare takes rule-set specs, refuses a rule set
// named twice with the same settings, and labels each column by its
// settings.
func TestInferCompareSpecs(t *testing.T) {
	prog := "x: i8\ny: u64\nx * y\n"
	for _, list := range []string{"jax,jax", "numpy,NumPy", "jax:x64=true,jax:x64=true"} {
		if _, errs, code := runPromote(t, prog, "infer", "-compare", list, "-"); code != 2 || !strings.Contains(errs, "same rule set and settings") {
			t.Errorf("-compare %s: exit %d, stderr %q", list, code, errs)
		}
	}
	out, errs, code := runPromote(t, prog, "infer", "-compare", "jax,jax:x64=true", "-")
	if code != 1 || !strings.Contains(out, "jax:x64=true") || lastLine(out) != "first disagreement: line 2" {
		t.Errorf("exit %d, stderr %q:\n%s", code, errs, out)
	}
	if _, errs, code := runPromote(t, prog, "infer", "-compare", "jax:x64=maybe", "-"); code != 2 || !strings.Contains(errs, "x64") {
		t.Errorf("bad spec: exit %d, %q", code, errs)
	}
	// -rules takes a spec too.
	if out, _, code := runPromote(t, prog, "infer", "-rules", "jax:x64=true", "-"); code != 0 || lastLine(out) != "f64?" {
		t.Errorf("-rules jax:x64=true: exit %d:\n%s", code, out)
	}
}

// TestInferDeepInput: a deeply nested program is typed or refused with an
// error naming a line and column; either way the process survives.
func TestInferDeepInput(t *testing.T) {
	const depth = 5000
	for _, prog := range []string{
		"x: f32\n" + strings.Repeat("(", depth) + "x" + strings.Repeat(")", depth) + "\n",
		"x: f32\n" + strings.Repeat("-", depth) + "x\n",
		"x: f32\n" + strings.Repeat("abs(", depth) + "x" + strings.Repeat(")", depth) + "\n",
	} {
		out, errs, code := runPromote(t, prog, "infer", "-rules", "numpy", "-")
		last := lastLine(out)
		if code == 0 && last != "f32" || code == 1 && !strings.HasPrefix(last, "error: stdin:") || code > 1 {
			t.Errorf("%.20q…: exit %d, last line %.200q, stderr %q", prog, code, last, errs)
		}
	}
}
