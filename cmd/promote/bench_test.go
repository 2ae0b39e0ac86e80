package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestBenchTSV runs a tiny bench and checks the shape of its TSV, not
// its timings.
func TestBenchTSV(t *testing.T) {
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb}
	if code := run(e, []string{"bench", "-n", "1000", "-reps", "1", "-threads", "2", "-pairs", "f32:f16,u8:f32,f32:f8e4m3fn"}); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("got %d lines, want a header and 3 rows:\n%s", len(lines), out.String())
	}
	if want := "pair\tn\tthreads\tseconds\tGB/s\tcopy GB/s\tratio"; lines[0] != want {
		t.Errorf("header %q, want %q", lines[0], want)
	}
	for i, pair := range []string{"f32:f16", "u8:f32", "f32:f8e4m3fn"} {
		f := strings.Split(lines[i+1], "\t")
		if len(f) != 7 || f[0] != pair || f[1] != "1000" || f[2] != "2" {
			t.Errorf("row %q: want 7 fields starting %s, 1000, 2", lines[i+1], pair)
		}
	}
}

func TestBenchUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"-pairs", "f32"},
		{"-pairs", "f32:f99"},
		{"-pairs", "f32:dynamic"},
		{"-n", "0"},
		{"-policy", "nope"},
		{"-bogus"},
		{"extra"},
		{"-n", "100000000000000"},
		{"-n", "9223372036854775807"},
		{"-n", "600000000", "-pairs", "c128:c128"},
	} {
		var out, errb bytes.Buffer
		e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb}
		if code := run(e, append([]string{"bench"}, args...)); code != 2 || out.Len() != 0 {
			t.Errorf("bench %v: exit %d, stdout %q; want 2", args, code, out.String())
		}
		if args[0] == "-n" && len(args[1]) > 5 && !strings.Contains(errb.String(), "at most") {
			t.Errorf("bench %v: the error does not name the bound: %q", args, errb.String())
		}
	}
}
