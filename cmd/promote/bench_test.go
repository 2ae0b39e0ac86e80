package main

import (
	"bytes"
	"strconv"
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
	var lines, comments []string
	for _, l := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
		if strings.HasPrefix(l, "#") {
			comments = append(comments, l)
		} else {
			lines = append(lines, l)
		}
	}
	if len(lines) != 4 || len(comments) != 3 || !strings.HasPrefix(comments[0], "# last-level cache: ") ||
		!strings.HasPrefix(comments[2], "# memory, 2 threads: read ") {
		t.Fatalf("got %d lines and %d comments, want the cache, buffer and memory comments, a header and 3 rows:\n%s", len(lines), len(comments), out.String())
	}
	if want := "pair\tn\tthreads\tseconds\tGB/s\tcopy GB/s\tratio\tceiling\tMiB moved\tfits in cache\tone thread GB/s"; lines[0] != want {
		t.Errorf("header %q, want %q", lines[0], want)
	}
	for i, pair := range []string{"f32:f16", "u8:f32", "f32:f8e4m3fn"} {
		f := strings.Split(lines[i+1], "\t")
		if len(f) != 11 || f[0] != pair || f[1] != "1000" || f[2] != "2" || f[9] != "yes" && f[9] != "no" {
			t.Errorf("row %q: want 11 fields starting %s, 1000, 2, with yes or no (fits in cache) in the tenth", lines[i+1], pair)
			continue
		}
		// Two threads: the last column is the one-thread GB/s, a number.
		if one, err := strconv.ParseFloat(f[10], 64); err != nil || one <= 0 {
			t.Errorf("row %q: one-thread GB/s %q, want a positive number", lines[i+1], f[10])
		}
	}
}

func TestBenchUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"-pairs", "f32"},
		{"-pairs", "f32:f99"},
		{"-pairs", "f32:dynamic"},
		{"-n", "-1"},
		{"-n", "100000000000000"}, // once a makeslice panic
		{"-n", "60000000000"},     // within MaxN, past any memory here
		{"-policy", "nope"},
		{"-bogus"},
		{"extra"},
		{"-n", "100000000000000"},
		{"-n", "9223372036854775807"},
		{"-n", "600000000", "-pairs", "c128:c128"},
		{"-threads", "100000000"},
		{"-reps", "1000000000"},
		{"-reps", "0"},
	} {
		var out, errb bytes.Buffer
		e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb}
		if code := run(e, append([]string{"bench"}, args...)); code != 2 || out.Len() != 0 {
			t.Errorf("bench %v: exit %d, stdout %q; want 2", args, code, out.String())
		}
		// The message names the flag and the value it refuses.
		if msg := errb.String(); len(args) > 1 && (args[0] == "-reps" || args[0] == "-threads" || args[1] == "-1") && !strings.Contains(msg, args[0]+" "+args[1]+":") {
			t.Errorf("bench %v: the error does not name the bad flag and value: %q", args, msg)
		}
		if msg := errb.String(); len(args) > 1 && args[0] != "-pairs" && len(args[1]) > 5 && !strings.Contains(msg, "want 1 to") && !strings.Contains(msg, "allowed") && !strings.Contains(msg, "from 1 to") && !strings.Contains(msg, "from 0 to") {
			t.Errorf("bench %v: the error does not name the bound: %q", args, errb.String())
		}
	}
}
