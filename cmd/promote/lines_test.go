package main

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/promote-dev/promote/rules"
)

// TestLineReader: lines end at \n or \r\n, the last may lack an ending, a
// leading byte-order mark is dropped (only at the start), and a line over
// the bound, however long, is reported and skipped to its end.
func TestLineReader(t *testing.T) {
	const max = 20
	for _, tc := range []struct {
		in   string
		want []string // "!" marks a line reported as too long
	}{
		{"", nil},
		{"\n", []string{""}},
		{"a\nb", []string{"a", "b"}},
		{"a\r\nb\r\n", []string{"a", "b"}},
		{"\xef\xbb\xbfa\n\xef\xbb\xbfb\n", []string{"a", "\xef\xbb\xbfb"}},
		{"\xef\xbb\xbf", nil},
		{"\xef\xbb", []string{"\xef\xbb"}},
		{strings.Repeat("x", max) + "\n", []string{strings.Repeat("x", max)}},
		{strings.Repeat("x", max) + "\r\n", []string{strings.Repeat("x", max)}},
		{strings.Repeat("x", max+1) + "\nok\n", []string{"!", "ok"}},
		{strings.Repeat("x", 10*max) + "\nok", []string{"!", "ok"}},
		{"ok\n" + strings.Repeat("x", 10*max), []string{"ok", "!"}},
		{strings.Repeat("y", 1000*max) + "\n" + strings.Repeat("z", 3*max) + "\n\n", []string{"!", "!", ""}},
	} {
		lr := newLineReader(strings.NewReader(tc.in), max)
		var got []string
		for {
			line, err := lr.next()
			if errors.Is(err, io.EOF) {
				break
			}
			if errors.Is(err, errLineTooLong) {
				got = append(got, "!")
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, string(line))
		}
		if strings.Join(got, "|") != strings.Join(tc.want, "|") || len(got) != len(tc.want) {
			t.Errorf("%.40q: got %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestBatchBounds: with small bounds, an over-long line and a line of too
// many operands are each answered with one error line naming the line and
// the bound, and the batch goes on.
func TestBatchBounds(t *testing.T) {
	r, err := rules.Build("numpy")
	if err != nil {
		t.Fatal(err)
	}
	in := "f32 i8\n" + strings.Repeat("f32 ", 20) + "\n" + "f32 f32 f32 f32 f32 f32\nu8 i8\n" + strings.Repeat("9", 1000) + "\n"
	var out bytes.Buffer
	if err := batchLoop(&env{stdin: strings.NewReader(in), stdout: &out}, r, lineLimits{bytes: 32, operands: 5}); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"f32",
		"error: line 2: longer than 32 bytes",
		"error: line 3: 6 operands; at most 5 are accepted on one line",
		"i16",
		"error: line 5: longer than 32 bytes",
	}
	if got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestBatchLongLine: a line past the default bound (1 MiB) is answered
// and skipped, and the batch goes on; the literal digit bound applies
// inside the bound.
func TestBatchLongLine(t *testing.T) {
	in := "f32 i8\n" + strings.Repeat("f32 ", maxLineBytes/4+10) + "\n" + strings.Repeat("7", 10_001) + "\nu8 i8\n\xef\xbb\xbf\n"
	out, errs, code := runPromote(t, "\xef\xbb\xbf"+in, "batch", "-rules", "numpy")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 0 || errs != "" || len(lines) != 5 {
		t.Fatalf("exit %d, stderr %q, %d lines", code, errs, len(lines))
	}
	if lines[0] != "f32" || lines[1] != "error: line 2: longer than 1048576 bytes" || lines[3] != "i16" {
		t.Errorf("%q", lines)
	}
	if !strings.Contains(lines[2], "at most 10000 digits") || len(lines[2]) > 400 {
		t.Errorf("huge literal: %.300q", lines[2])
	}
	if !strings.HasPrefix(lines[4], "error: ") { // a BOM not at the start is not dropped
		t.Errorf("a later byte-order mark: %q", lines[4])
	}
}

// TestCastBounds: cast answers an over-long line with one error line and
// goes on; a leading byte-order mark is dropped; a long bad token is
// echoed cut.
func TestCastBounds(t *testing.T) {
	c, err := newCaster("f32", "f16", "default")
	if err != nil {
		t.Fatal(err)
	}
	in := "\xef\xbb\xbf1.5\n" + strings.Repeat("1", 100) + "\n" + strings.Repeat("q", 30) + "\n2\n"
	var out bytes.Buffer
	if err := castLoop(&env{stdin: strings.NewReader(in), stdout: &out}, c, lineLimits{bytes: 64}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 4 || lines[0] != "0x3e00" || lines[1] != "error: line 2: longer than 64 bytes" || !strings.HasPrefix(lines[2], "error: ") || lines[3] != "0x4000" {
		t.Errorf("%q", lines)
	}
	long := strings.Repeat("z", 100_000)
	msg, err := c.line(long)
	if err == nil || len(err.Error()) > 400 || !strings.Contains(err.Error(), "(100000 bytes)") {
		t.Errorf("%q, error of %d bytes: %.300v", msg, len(err.Error()), err)
	}
}

// TestBatchAnswersAsItReads: a program that writes a query and waits for
// its answer gets it before sending the next: output is flushed whenever
// no more input is waiting.
func TestBatchAnswersAsItReads(t *testing.T) {
	for _, args := range [][]string{{"batch", "-rules", "numpy"}, {"cast", "-from", "f32", "-to", "f16"}} {
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		done := make(chan int, 1)
		go func() {
			code := run(&env{stdin: inR, stdout: outW, stderr: io.Discard}, args)
			outW.Close()
			done <- code
		}()
		answers := bufio.NewReader(outR)
		for _, q := range []string{"1\n", "2\n"} {
			if _, err := io.WriteString(inW, q); err != nil {
				t.Fatal(err)
			}
			got := make(chan string, 1)
			go func() { s, _ := answers.ReadString('\n'); got <- s }()
			select {
			case s := <-got:
				if s == "" {
					t.Errorf("%v: no answer", args)
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("%v: no answer to %q while the input stays open", args, q)
			}
		}
		inW.Close()
		io.Copy(io.Discard, outR)
		if code := <-done; code != 0 {
			t.Errorf("%v: exit %d", args, code)
		}
	}
}
